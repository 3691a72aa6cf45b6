import type { HistoryEntry } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer } from '../../testing/fake-server.ts'
import { renderPiece } from '../../testing/render-piece.tsx'
import { HistoryTab, type HistoryField } from './history-tab.tsx'

const ID = '00000000-0000-4000-8000-000000000501'
const ana = { id: adminProfile.id, name: 'Ana Diaz' }

function entry(id: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return { id, action: 'services.update', actor: ana, created_at: '2025-03-05T15:00:00Z', changes: [], ...overrides }
}

const fields: Record<string, HistoryField> = {
  name: { label: 'Service name' },
  bill_rate_cents: { label: 'Bill rate', format: 'money' },
  active: { label: 'Active', format: 'boolean' },
  description: { label: 'Description' },
}

/** A history behind the fake API, answered a page at a time as the server does. */
function historyServer(entries: HistoryEntry[]) {
  return fakeServer({
    'GET /service/{id}/history': ({ query }) => {
      const page = Number(query.get('page') ?? 1)
      const size = Number(query.get('page_size') ?? 20)
      return { body: { data: { count: entries.length, rows: entries.slice((page - 1) * size, page * size) } } }
    },
  })
}

describe('HistoryTab', () => {
  it('tells who did what and when, in the business\'s time zone, each change before and after as the field reads', async () => {
    const server = historyServer([
      entry(3, { changes: [{ field: 'bill_rate_cents', before: 5000, after: 5250 }, { field: 'active', before: true, after: false }, { field: 'description', before: null, after: 'Two people' }] }),
      entry(2, { action: 'services.publish', actor: null, created_at: '2025-03-04T05:30:00Z', changes: [] }),
      entry(1, { action: 'services.create', created_at: '2025-03-01T14:00:00Z', changes: [{ field: 'name', before: null, after: 'Snow removal' }, { field: 'bill_rate_cents', before: null, after: 5000 }] }),
    ])
    renderPiece(<HistoryTab route="serviceHistory" id={ID} fields={fields} actions={{ publish: 'Published' }} />, { server, user: adminProfile })
    const list = await screen.findByRole('list', { name: 'Changes, newest first' })
    const [changed, published, created] = within(list).getAllByRole('listitem')

    expect(changed).toHaveTextContent('Changed by Ana Diaz')
    // 15:00 UTC is 10:00 in Toronto, the business's zone.
    await waitFor(() => expect(within(changed!).getByText('Mar 5, 2025, 10:00')).toHaveAttribute('datetime', '2025-03-05T15:00:00Z'))
    expect(within(changed!).getByText('Bill rate').nextElementSibling).toHaveTextContent('$50.00 → changed to $52.50')
    expect(within(changed!).getByText('Active').nextElementSibling).toHaveTextContent('Yes → changed to No')
    expect(within(changed!).getByText('Description').nextElementSibling).toHaveTextContent('—empty → changed to Two people')

    expect(published).toHaveTextContent('Published by Rota')
    expect(within(published!).getByText('Mar 4, 2025, 00:30')).toBeVisible()

    expect(created).toHaveTextContent('Created by Ana Diaz')
    expect(within(created!).getByText('Service name').nextElementSibling).toHaveTextContent(/^Snow removal$/)
    expect(server.called('GET /service/{id}/history')[0]?.path).toBe(`/service/${ID}/history`)
  })

  it('names an event the screen gave no words for with the audit log’s, and an unknown one as a change', async () => {
    const server = historyServer([entry(2, { action: 'services.archive', changes: [] }), entry(1, { action: 'services.frobnicate', changes: [] })])
    renderPiece(<HistoryTab route="serviceHistory" id={ID} fields={fields} />, { server, user: adminProfile })
    const list = await screen.findByRole('list', { name: 'Changes, newest first' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    const [archived, unknown] = within(list).getAllByRole('listitem')
    expect(archived).toHaveTextContent('Archived by Ana Diaz')
    expect(unknown).toHaveTextContent('Changed by Ana Diaz')
  })

  it('loads older changes on request, a page at a time, until there are no more', async () => {
    const server = historyServer(Array.from({ length: 5 }, (_, i) => entry(5 - i, { changes: [{ field: 'name', before: `Name ${4 - i}`, after: `Name ${5 - i}` }] })))
    renderPiece(<HistoryTab route="serviceHistory" id={ID} fields={fields} pageSize={2} />, { server, user: adminProfile })
    const list = await screen.findByRole('list', { name: 'Changes, newest first' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Show older changes' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4))
    await user.click(screen.getByRole('button', { name: 'Show older changes' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5))
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull()
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('Name 0 → changed to Name 1')
    expect(server.called('GET /service/{id}/history').map((call) => call.query.toString())).toEqual(['page=1&page_size=2', 'page=2&page_size=2', 'page=3&page_size=2'])
  })

  it('says when nothing is recorded yet, and when the history cannot be read', async () => {
    const { unmount } = renderPiece(<HistoryTab route="serviceHistory" id={ID} fields={fields} />, { server: historyServer([]), user: adminProfile })
    expect(await screen.findByText('No changes recorded yet.')).toBeVisible()
    unmount()

    const refusing = fakeServer({ 'GET /service/{id}/history': () => ({ status: 403, body: { message: 'You do not have permission to do this.', code: 'forbidden' } }) })
    renderPiece(<HistoryTab route="serviceHistory" id={ID} fields={fields} />, { server: refusing, user: adminProfile })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The history could not be loaded')
    expect(alert).toHaveTextContent('You do not have permission to do this.')
  })
})
