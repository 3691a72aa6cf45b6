import type { Notification } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, notification } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

/** A user's notifications on a fake server that pages, filters and marks them as the API does. */
function inbox(notifications: Notification[]) {
  let rows = notifications
  const server = fakeServer({
    'GET /notification': ({ query }) => {
      const read = query.get('filter[read_status]')
      const shown = read === null ? rows : rows.filter((row) => String(row.read_status) === read)
      const size = Number(query.get('page_size') ?? 20)
      const start = (Number(query.get('page') ?? 1) - 1) * size
      return { body: { data: { count: shown.length, rows: shown.slice(start, start + size) } } }
    },
    'PUT /notification/{id}': ({ path, body }) => {
      const { read_status } = body as { read_status: boolean }
      rows = rows.map((row) => (path.endsWith(row.id) ? { ...row, read_status } : row))
      return { body: { data: rows.find((row) => path.endsWith(row.id)) } }
    },
    'POST /notification/read_all': () => {
      const updated = rows.filter((row) => !row.read_status).length
      rows = rows.map((row) => ({ ...row, read_status: true }))
      return { body: { data: { updated } } }
    },
  })
  return server
}

/** The page's own asks for its list (the bell asks for ten, the unread count for one). */
const listCalls = (server: ReturnType<typeof fakeServer>) => server.called('GET /notification').filter((call) => call.query.get('page_size') === '20')

const many = (total: number, read: (id: number) => boolean = () => false) =>
  Array.from({ length: total }, (_, index) => notification(index + 1, { read_status: read(index + 1), created_at: new Date(Date.UTC(2025, 2, 5, 15) - index * 3_600_000).toISOString() }))

describe('the notifications page', () => {
  it('lists every notification newest first, a page at a time, dated in words with the hour', async () => {
    const server = inbox(many(25, (id) => id > 1))
    const { current } = renderApp('/notifications', { user: adminProfile, server })
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    const list = await screen.findByRole('list', { name: 'All notifications' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(20)
    expect(within(items[0]!).getByRole('heading', { level: 2, name: /^Shift 1 published/ })).toBeVisible()
    expect(within(items[0]!).getByText('Unread')).toBeVisible()
    expect(within(items[0]!).getByText(/^Mar 5, 2025, 10:00\sa\.m\.$/)).toBeVisible()
    expect(within(items[1]!).queryByText('Unread')).toBeNull()
    expect(within(items[1]!).getByRole('button', { name: 'Mark as unread: Shift 2 published' })).toBeVisible()
    expect(screen.getByText('1 unread')).toBeVisible()

    // From the keyboard: Next, pressed onto the last page, keeps the focus, marked unavailable there.
    screen.getByRole('button', { name: 'Next' }).focus()
    await userEvent.setup().keyboard('{Enter}')
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'All notifications' })).getAllByRole('listitem')).toHaveLength(5))
    expect(screen.getByRole('button', { name: 'Shift 25 published' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true')
    expect(current()).toBe('/notifications?page=2')
    const asked = listCalls(server).at(-1)!.query
    expect([asked.get('page'), asked.get('filter[read_status]')]).toEqual(['2', null])
  })

  it('shows the unread alone, as the server picks them', async () => {
    const server = inbox(many(4, (id) => id % 2 === 0))
    const { current } = renderApp('/notifications', { user: adminProfile, server })
    await screen.findByRole('list', { name: 'All notifications' })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unread', pressed: false }))

    const list = await screen.findByRole('list', { name: 'Unread notifications' })
    expect(within(list).getAllByRole('button', { name: /^Shift/ }).map((button) => button.textContent)).toEqual(['Shift 1 published', 'Shift 3 published'])
    expect(screen.getByRole('button', { name: 'Unread', pressed: true })).toBeVisible()
    expect(listCalls(server).at(-1)!.query.get('filter[read_status]')).toBe('false')
    expect(current()).toBe('/notifications?show=unread')
  })

  it('opens one where the bell would, marking it read on the way', async () => {
    const [first, second] = many(2)
    const server = inbox([first!, second!])
    const { current } = renderApp('/notifications', { user: adminProfile, server })
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Shift 2 published' }))
    await waitFor(() => expect(current()).toBe(`/schedules?id=${second!.extra['schedule_id']}`))
    await waitFor(() => expect(server.called('PUT /notification/{id}')[0]?.body).toEqual({ id: second!.id, read_status: true }))
  })

  it('marks one read, and unread again, from its row', async () => {
    const server = inbox(many(2))
    renderApp('/notifications', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Shift 1 published' }))
    expect(await screen.findByRole('button', { name: 'Mark as unread: Shift 1 published' })).toHaveFocus()
    expect(await screen.findByText('1 unread')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Mark as unread: Shift 1 published' }))
    expect(await screen.findByRole('button', { name: 'Mark as read: Shift 1 published' })).toBeVisible()
    expect(server.called('PUT /notification/{id}').map((call) => call.body)).toEqual([
      { id: notification(1).id, read_status: true },
      { id: notification(1).id, read_status: false },
    ])
  })

  it('marks every one read at once, and the list reads again', async () => {
    const server = inbox(many(3, (id) => id === 3))
    renderApp('/notifications', { user: adminProfile, server })
    const user = userEvent.setup()
    await screen.findByRole('button', { name: 'Mark as read: Shift 1 published' })
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))

    expect(await screen.findByRole('button', { name: 'Mark as unread: Shift 1 published' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /^Mark as read:/ })).toBeNull()
    expect(server.called('POST /notification/read_all')).toHaveLength(1)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled())
    expect(screen.getByText('0 unread')).toBeVisible()
  })

  it('says when there is nothing at all, and when nothing is unread', async () => {
    const view = renderApp('/notifications', { user: adminProfile, server: inbox([]) })
    expect(await screen.findByRole('heading', { level: 2, name: 'No notifications yet' })).toBeVisible()
    view.unmount()

    renderApp('/notifications?show=unread', { user: adminProfile, server: inbox(many(2, () => true)) })
    expect(await screen.findByRole('heading', { level: 2, name: "You're all caught up" })).toBeVisible()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all notifications' }))
    expect(await screen.findByRole('list', { name: 'All notifications' })).toBeVisible()
  })

  it('says when the list cannot be read, and tries again', async () => {
    let down = true
    const server = inbox(many(1))
    server.on('GET /notification', ({ query }) =>
      down && query.get('page_size') === '20'
        ? { status: 400, body: { message: 'The notifications are resting.', code: 'bad_request' } }
        : { body: { data: { count: 1, rows: many(1) } } },
    )
    renderApp('/notifications', { user: adminProfile, server })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your notifications could not be loaded.')
    down = false
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Shift 1 published' })).toBeVisible()
  })

  it('is a link away from the bell', async () => {
    const { current } = renderApp('/profile', { user: adminProfile, server: inbox(many(1)) })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    await user.click(await screen.findByRole('link', { name: 'See all notifications' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    expect(current()).toBe('/notifications')
  })

  it('reads its list again when the live updates say notifications were read elsewhere', async () => {
    const server = inbox(many(1))
    let push: ((text: string) => void) | undefined
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/events')) {
        const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (push = (text) => controller.enqueue(new TextEncoder().encode(text))) })
        return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } })
      }
      return server.fetch(input, init)
    }
    renderApp('/notifications', { user: adminProfile, server: { ...server, fetch: fetch as typeof globalThis.fetch } })
    await screen.findByRole('button', { name: 'Mark as read: Shift 1 published' })
    await waitFor(() => expect(push).toBeDefined())
    await server.fetch('/api/v1/notification/read_all', { method: 'POST' })
    push!('event: notifications.read\ndata: {}\n\n')
    expect(await screen.findByRole('button', { name: 'Mark as unread: Shift 1 published' })).toBeVisible()
  })
})
