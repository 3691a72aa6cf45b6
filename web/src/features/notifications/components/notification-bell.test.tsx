import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, notification } from '../../../testing/fake-server.ts'
import { shift } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

describe('the notification bell', () => {
  it('asks for the ten latest unread and shows 99+ above 99', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => notification(index + 1))
    const server = fakeServer({ 'GET /notification': () => ({ body: { data: { count: 120, rows } } }) })
    renderApp('/profile', { user: adminProfile, server })
    expect(await screen.findByRole('button', { name: 'Notifications, 120 unread' })).toHaveTextContent('99+')
    const [request] = server.called('GET /notification')
    expect(request?.query.get('filter[read_status]')).toBe('false')
    expect(request?.query.get('page_size')).toBe('10')
  })

  it('dates each one DD/MM/YY in the business\'s time zone, and opening one marks it read and shows its schedule', async () => {
    const late = notification(7, { title: 'Night shift changed', created_at: '2025-03-05T03:00:00Z' })
    const server = fakeServer({
      'GET /notification': () => ({ body: { data: { count: 1, rows: [late] } } }),
      'PUT /notification/{id}': () => ({ body: { data: { ...late, read_status: true } } }),
      'GET /schedule/{id}': () => ({ body: { data: shift({ id: late.extra['schedule_id']!, notes: 'Night shift, side door' }) } }),
    })
    const { current } = renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    const item = await screen.findByRole('button', { name: /Night shift changed/ })
    expect(within(item).getByText('04/03/25')).toBeVisible()
    await user.click(item)

    await waitFor(() => expect(current()).toMatch(new RegExp(`^/schedules\\?id=${late.extra['schedule_id']}`)))
    expect(server.called('PUT /notification/{id}')[0]?.body).toEqual({ id: late.id, read_status: true })
    const panel = await screen.findByRole('dialog', { name: 'Monday, March 10 · 09:00–17:00' })
    expect(await within(panel).findByDisplayValue('Night shift, side door')).toBeVisible()
    const bell = screen.getByRole('button', { name: 'Notifications, 0 unread' })
    expect(within(bell).queryByText(/^\d+\+?$/)).toBeNull()
  })

  it('reads the list again in the language the user switches to, as the server now titles it', async () => {
    let language = 'en'
    const server = fakeServer({
      'GET /notification': () => ({ body: { data: { count: 1, rows: [notification(1, { title: language === 'fr' ? 'Votre rôle est maintenant Gestionnaire.' : 'Your role is now Manager.' })] } } }),
      'PUT /profile': ({ body }) => {
        language = (body as { locale: string }).locale
        return { body: { data: { ...adminProfile, locale: language } } }
      },
    })
    renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr')
    await waitFor(() => expect(server.called('GET /notification')).toHaveLength(2))
    await user.click(await screen.findByRole('button', { name: 'Notifications, non lues : 1' }))
    expect(await screen.findByText('Votre rôle est maintenant Gestionnaire.')).toBeVisible()
  })

  it('marks every notification read at once, and says so', async () => {
    const server = fakeServer({
      'GET /notification': () => ({ body: { data: { count: 3, rows: [notification(1), notification(2), notification(3)] } } }),
      'POST /notification/read_all': () => ({ body: { data: { updated: 3 } } }),
    })
    renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }))
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }))
    expect(await screen.findByText("You're all caught up")).toBeVisible()
    expect(server.called('POST /notification/read_all')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull()
  })

  it('opens the setup guide from the welcome', async () => {
    const welcome = notification(1, { title: 'Welcome to Rota!', model: 'settings', operation: 'welcome', extra: {} })
    const server = fakeServer({
      'GET /notification': () => ({ body: { data: { count: 1, rows: [welcome] } } }),
      'PUT /notification/{id}': ({ body }) => ({ body: { data: { ...welcome, ...(body as object) } } }),
    })
    const { current } = renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    await user.click(await screen.findByRole('button', { name: /Welcome to Rota!/ }))
    expect(await screen.findByRole('dialog', { name: 'Set up Rota' })).toBeVisible()
    await waitFor(() => expect(current()).toBe('/dashboard'))
    expect(server.called('PUT /notification/{id}')[0]?.body).toEqual({ id: welcome.id, read_status: true })
  })

  it('opens the new member from an accepted invitation', async () => {
    const joined = notification(2, { title: 'Zoé Roy accepted your invitation and joined the team.', model: 'users', operation: 'invite_accepted', extra: { user_id: '00000000-0000-4000-8000-000000000700' } })
    const server = fakeServer({
      'GET /notification': () => ({ body: { data: { count: 1, rows: [joined] } } }),
      'PUT /notification/{id}': ({ body }) => ({ body: { data: { ...joined, ...(body as object) } } }),
    })
    const { current } = renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    await user.click(await screen.findByRole('button', { name: /accepted your invitation/ }))
    await waitFor(() => expect(current()).toBe('/users/edit/00000000-0000-4000-8000-000000000700'))
    expect(server.called('PUT /notification/{id}')[0]?.body).toEqual({ id: joined.id, read_status: true })
  })

  it('reads its list again when the server says notifications were read elsewhere (a mention read in chat, another tab)', async () => {
    let unread = [notification(1, { title: 'Ana mentioned you in Everyone' })]
    const server = fakeServer({ 'GET /notification': () => ({ body: { data: { count: unread.length, rows: unread } } }) })
    let push: ((text: string) => void) | undefined
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/events')) {
        const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (push = (text) => controller.enqueue(new TextEncoder().encode(text))) })
        return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } })
      }
      return server.fetch(input, init)
    }
    renderApp('/profile', { user: adminProfile, server: { ...server, fetch: fetch as typeof globalThis.fetch } })
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    await waitFor(() => expect(push).toBeDefined())
    unread = []
    push!('event: notifications.read\ndata: {}\n\n')
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible()
    expect(server.called('GET /notification')).toHaveLength(2)
  })

  it('says so when there is nothing new', async () => {
    renderApp('/profile', { user: adminProfile })
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }))
    expect(await screen.findByText("You're all caught up")).toBeVisible()
  })
})
