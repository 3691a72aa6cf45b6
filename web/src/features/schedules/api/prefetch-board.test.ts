import type { ApiFunctions } from '@rota/core'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, settings, staffProfile } from '../../../testing/fake-server.ts'
import { prefetchBoard } from './prefetch-board.ts'

/** An API that answers every list with nothing and records what was asked. */
function recordingApi() {
  const api = {
    listShifts: vi.fn(async (_input: { query: { from: string; to: string } }) => ({ count: 0, rows: [] })),
    listUsers: vi.fn(async () => ({ count: 0, rows: [] })),
    listLocations: vi.fn(async () => ({ count: 0, rows: [] })),
    listServices: vi.fn(async () => ({ count: 0, rows: [] })),
    getTimeoffCalendar: vi.fn(async () => []),
  }
  return { api: api as unknown as ApiFunctions, calls: api }
}

const asked = (calls: ReturnType<typeof recordingApi>['calls']) => calls.listShifts.mock.calls.map(([input]) => input.query)

describe('the board asked for ahead of its page', () => {
  it('asks for the week the address names, on the business’s calendar, with the team, clients, services and who is away', async () => {
    const { api, calls } = recordingApi()
    const queryClient = new QueryClient()
    prefetchBoard(queryClient, api, { user: adminProfile, settings, search: 'date=2025-03-12&view=day' })
    await vi.waitFor(() => expect(calls.getTimeoffCalendar).toHaveBeenCalled())
    // The business's weeks start on Sunday: the whole week of that Wednesday, as the board asks for it.
    expect(asked(calls)).toEqual([expect.objectContaining({ from: '2025-03-09', to: '2025-03-15' })])
    expect(calls.listUsers).toHaveBeenCalledTimes(1)
    expect(calls.listLocations).toHaveBeenCalledTimes(1)
    expect(calls.listServices).toHaveBeenCalledTimes(1)
    // Where the board will look for it.
    await vi.waitFor(() => expect(queryClient.getQueryData(['shifts', 'range', '2025-03-09', '2025-03-15'])).toEqual([]))
  })

  it('asks nothing for staff, whose page is My shifts, nor for a shift’s link, whose week is not known yet', async () => {
    for (const [user, search] of [
      [staffProfile, 'date=2025-03-12'],
      [adminProfile, 'id=00000000-0000-4000-8000-000000000801'],
    ] as const) {
      const { api, calls } = recordingApi()
      prefetchBoard(new QueryClient(), api, { user, settings, search })
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(Object.values(calls).every((call) => call.mock.calls.length === 0)).toBe(true)
    }
  })
})
