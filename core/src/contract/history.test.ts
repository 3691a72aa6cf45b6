import { describe, expect, it } from 'vitest'
import { HistoryEntry, HistoryQuery, historyRoute } from './history.ts'
import { routes } from './routes.ts'

describe('a record history route', () => {
  it('hangs under the record and asks for read on its model', () => {
    const route = historyRoute('/timesheet', 'timesheets', 'timesheet')
    expect(route).toMatchObject({ method: 'GET', path: '/timesheet/{id}/history', access: ['timesheets', 'read'], tag: 'timesheets' })
    expect(routes.locationHistory).toMatchObject({ path: '/location/{id}/history', access: ['locations', 'read'] })
    expect(routes.serviceHistory).toMatchObject({ path: '/service/{id}/history', access: ['services', 'read'] })
  })

  it('pages like a list, 20 at a time, and has nothing else to ask', () => {
    expect(HistoryQuery.parse({})).toEqual({ page: 1, page_size: 20 })
    expect(HistoryQuery.parse({ page: '2', page_size: '5', sort: 'name', q: 'x' })).toEqual({ page: 2, page_size: 5 })
    expect(HistoryQuery.safeParse({ page_size: '101' }).success).toBe(false)
  })

  it('names the actor or says Rota acted itself', () => {
    const entry = { id: 7, action: 'locations.update', created_at: '2025-03-05T15:00:00Z', changes: [{ field: 'city', before: 'Toronto', after: 'Ottawa' }] }
    expect(HistoryEntry.safeParse({ ...entry, actor: null }).success).toBe(true)
    expect(HistoryEntry.safeParse({ ...entry, actor: { id: '00000000-0000-4000-8000-000000000001', name: 'Ana Diaz' } }).success).toBe(true)
    expect(HistoryEntry.safeParse({ ...entry, actor: null, changes: [{ field: 'city', before: 'Toronto' }] }).success).toBe(false)
  })
})
