import type { ChatChannel, ChatMessage } from '@rota/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer, type FakeServer } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const everyone: ChatChannel = {
  id: '00000000-0000-4000-8000-00000000c001',
  kind: 'everyone',
  name: '',
  location: null,
  members: [],
  archived: false,
  last_seq: 3,
  last_message_at: '2025-03-05T15:00:00Z',
  read_seq: 0,
  unread_count: 3,
  can_manage: true,
}
const jean = { id: '00000000-0000-4000-8000-00000000a002', name: 'Jean Roy' }
const direct: ChatChannel = { ...everyone, id: '00000000-0000-4000-8000-00000000c002', kind: 'direct', name: 'Jean Roy', members: [jean, { id: adminProfile.id, name: 'Jeanne Tremblay' }], unread_count: 0, read_seq: 0, last_seq: null }

let seq = 100
function message(body: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  seq += 1
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    channel_id: everyone.id,
    seq,
    author: jean,
    body,
    mentions: [],
    attachments: [],
    client_id: `c-${seq}`,
    created_at: '2025-03-05T15:00:00Z',
    edited_at: null,
    deleted: false,
    ...overrides,
  }
}

/** A fake API with chat: a conversation's history in pages, sends answered (and recorded), a live stream the test writes to. */
function chatServer(history: ChatMessage[] = [message('Morning all'), message('Truck is late'), message('On my way')]) {
  const server = fakeServer()
  const sent: ChatMessage[] = []
  server.on('GET /chat/channel', () => ({ body: { data: [everyone, direct] } }))
  server.on('GET /chat/unread', () => ({ body: { data: { total: 3, channels: [{ id: everyone.id, unread_count: 3 }] } } }))
  server.on('GET /chat/people', () => ({ body: { data: [jean] } }))
  server.on('GET /chat/channel/{id}/message', ({ query }) => {
    const before = Number(query.get('before') ?? Infinity)
    const limit = Number(query.get('limit') ?? 50)
    const older = history.filter((row) => row.seq < before).sort((a, b) => b.seq - a.seq)
    return { body: { data: { rows: older.slice(0, limit), has_more: older.length > limit } } }
  })
  server.on('POST /chat/channel/{id}/read', ({ path }) => ({ body: { data: { ...everyone, id: path.split('/')[3]!, unread_count: 0, read_seq: seq } } }))
  server.on('POST /chat/channel/{id}/message', ({ body, path }) => {
    const input = body as { client_id: string; body: string; mentions: string[] }
    const again = sent.find((row) => row.client_id === input.client_id)
    if (again) return { body: { data: again } }
    const made = message(input.body, { channel_id: path.split('/')[3]!, client_id: input.client_id, mentions: input.mentions, author: { id: adminProfile.id, name: 'Jeanne Tremblay' } })
    sent.push(made)
    return { status: 201, body: { data: made } }
  })
  let push: ((text: string) => void) | undefined
  let offline = false
  const streams: ReadableStream<Uint8Array>[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET'
    if (url.endsWith('/events')) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text))
          push(': connected\n\n')
        },
      })
      streams.push(stream)
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } })
    }
    if (offline && method === 'POST' && url.includes('/message')) throw new TypeError('Failed to fetch')
    return server.fetch(input, init)
  }
  const chat: FakeServer = { ...server, fetch: fetch as typeof globalThis.fetch }
  return {
    server: chat,
    sent,
    history,
    live: (event: string, data: unknown, id?: number) => push?.(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    setOffline: (value: boolean) => (offline = value),
  }
}

// The test's document has no layout: the conversation is given a screen's size so its messages are drawn as in view.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60)
})
afterAll(() => vi.restoreAllMocks())

const log = () => screen.findByRole('log', { name: 'Messages in Everyone' })

describe('chat', () => {
  it('lists the channels with their unread counts, beside the menu and in the tab title, and shows the conversation oldest to newest', async () => {
    const { server } = chatServer()
    renderApp('/communications/chat', { user: adminProfile, server })
    const messages = await log()
    await within(messages).findByText('On my way')
    expect(within(messages).getAllByRole('article').map((item) => within(item).getByText(/Morning|Truck|On my way/).textContent)).toEqual(['Morning all', 'Truck is late', 'On my way'])
    const channels = screen.getByRole('navigation', { name: 'Channels and conversations' })
    expect(within(channels).getByRole('button', { name: /Everyone.*3 unread/ })).toBeInTheDocument()
    expect(within(channels).getByRole('button', { name: /Jean Roy/ })).toBeInTheDocument()
    const menu = screen.getAllByRole('navigation', { name: 'Main' })[0]!
    expect(within(menu).getByRole('link', { name: /Communications.*3 unread/ })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toMatch(/^\(3\) /))
    // Reading the newest message moves the read position.
    await waitFor(() => expect(server.called('POST /chat/channel/{id}/read')[0]?.body).toEqual({ seq: expect.any(Number) }))
  })

  it('finds a client’s channel the list does not carry by its name, and opens it; a link to one reads it by itself', async () => {
    const harbour: ChatChannel = { ...everyone, id: '00000000-0000-4000-8000-00000000c003', kind: 'location', name: 'Harbour Tower', location: { id: '00000000-0000-4000-8000-00000000d001', name: 'Harbour Tower' }, unread_count: 0, last_seq: null }
    const { server } = chatServer()
    server.on('GET /chat/channel', ({ query }) => ({ body: { data: query.get('q') === 'harb' || query.get('id') === harbour.id ? [harbour] : query.get('q') ? [] : [everyone, direct] } }))
    const { current, unmount } = renderApp('/communications/chat', { user: adminProfile, server })
    const user = userEvent.setup()
    const channels = await screen.findByRole('navigation', { name: 'Channels and conversations' })
    await user.type(within(channels).getByRole('searchbox', { name: 'Find a channel' }), 'harbx')
    expect(await within(channels).findByText('No channel or conversation has this name.')).toBeVisible()
    await user.type(within(channels).getByRole('searchbox', { name: 'Find a channel' }), '{Backspace}')
    await user.click(await within(channels).findByRole('button', { name: /Harbour Tower/ }))
    expect(current()).toBe(`/communications/chat?channel=${harbour.id}`)
    expect(await screen.findByRole('log', { name: 'Messages in Harbour Tower' })).toBeInTheDocument()
    unmount()

    renderApp(`/communications/chat?channel=${harbour.id}`, { user: adminProfile, server })
    expect(await screen.findByRole('log', { name: 'Messages in Harbour Tower' })).toBeInTheDocument()
    expect(server.called('GET /chat/channel').some((call) => call.query.get('id') === harbour.id)).toBe(true)
  })

  it('on a phone, opens no conversation (and reads none) until one is chosen from the list', async () => {
    const { server } = chatServer()
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((media) => ({ matches: media.includes('max-width'), media, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList)
    try {
      renderApp('/communications/chat', { user: adminProfile, server })
      const channels = await screen.findByRole('navigation', { name: 'Channels and conversations' })
      expect(screen.queryByRole('log')).toBeNull()
      expect(server.called('GET /chat/channel/{id}/messages')).toHaveLength(0)
      expect(server.called('POST /chat/channel/{id}/read')).toHaveLength(0)
      await userEvent.setup().click(within(channels).getByRole('button', { name: /Everyone.*3 unread/ }))
      await within(await log()).findByText('On my way')
      await waitFor(() => expect(server.called('POST /chat/channel/{id}/read')).toHaveLength(1))
    } finally {
      phone.mockRestore()
    }
  })

  it('pages backwards through older messages', async () => {
    const many = Array.from({ length: 55 }, (_, index) => message(`Note ${index + 1}`))
    const { server } = chatServer(many)
    const user = userEvent.setup()
    renderApp('/communications/chat', { user: adminProfile, server })
    const messages = await log()
    await within(messages).findByText('Note 6')
    expect(within(messages).queryByText('Note 5')).not.toBeInTheDocument()
    await user.click(within(messages).getByRole('button', { name: 'Show older messages' }))
    await waitFor(() => expect(server.called('GET /chat/channel/{id}/message').some((call) => call.query.get('before') === String(many[5]!.seq))).toBe(true))
    expect(await within(messages).findByText('Note 1')).toBeInTheDocument()
    expect(within(messages).queryByRole('button', { name: 'Show older messages' })).not.toBeInTheDocument()
  })

  it('sends with Enter, mentioning someone picked after @', async () => {
    const { server, sent } = chatServer()
    const user = userEvent.setup()
    renderApp('/communications/chat', { user: adminProfile, server })
    await within(await log()).findByText('On my way')
    const box = screen.getByRole('textbox', { name: 'Write a message' })
    await user.type(box, 'Thanks @Je')
    const option = await screen.findByRole('option', { name: 'Jean Roy' })
    expect(option).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Enter}')
    expect(box).toHaveValue('Thanks @Jean Roy ')
    await user.type(box, 'see you{Enter}')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ body: 'Thanks @Jean Roy see you', mentions: [jean.id], channel_id: everyone.id })
    expect(await within(await log()).findByText('Thanks @Jean Roy see you')).toBeInTheDocument()
    expect(box).toHaveValue('')
  })

  it('keeps a message too long to send in the box, saying how long it is', async () => {
    const { server, sent } = chatServer()
    const user = userEvent.setup()
    renderApp('/communications/chat', { user: adminProfile, server })
    await within(await log()).findByText('On my way')
    const box = screen.getByRole('textbox', { name: 'Write a message' })
    const long = 'word '.repeat(1200).trim()
    fireEvent.change(box, { target: { value: long } })
    expect(screen.getByText('Too long to send: 5,999 characters of 4,000. Shorten it or send it in parts.')).toBeVisible()
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
    box.focus()
    await user.keyboard('{Enter}')
    expect(sent).toHaveLength(0)
    expect(box).toHaveValue(long)
  })

  it('keeps a message written offline as sending, and sends it once when the connection is back', async () => {
    const chat = chatServer()
    const user = userEvent.setup()
    renderApp('/communications/chat', { user: adminProfile, server: chat.server })
    const messages = await log()
    await within(messages).findByText('On my way')
    chat.setOffline(true)
    await user.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Written in the lift{Enter}')
    const waiting = await within(messages).findByText('Written in the lift')
    expect(waiting.closest('article')).toHaveTextContent('sending…')
    expect(chat.sent).toHaveLength(0)
    chat.setOffline(false)
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(chat.sent).toHaveLength(1))
    await waitFor(() => expect(within(messages).getByText('Written in the lift').closest('article')).not.toHaveTextContent('sending…'))
    expect(within(messages).getAllByText('Written in the lift')).toHaveLength(1)
    // Flushed again (another reconnection): the server sees the same client id and nothing doubles.
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    expect(chat.sent).toHaveLength(1)
  })

  it('forgets a message still waiting to be sent when its author signs out', async () => {
    const chat = chatServer()
    const user = userEvent.setup()
    const { current } = renderApp('/communications/chat', { user: adminProfile, server: chat.server })
    const messages = await log()
    await within(messages).findByText('On my way')
    chat.setOffline(true)
    await user.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Not for the next person{Enter}')
    await within(messages).findByText('Not for the next person')
    expect(localStorage.getItem(`rota.chat.outbox.${adminProfile.id}`)).toContain('Not for the next person')
    await user.click(screen.getByRole('button', { name: /Account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    await waitFor(() => expect(current()).toBe('/auth'))
    expect(localStorage.getItem(`rota.chat.outbox.${adminProfile.id}`)).toBeNull()
    expect(chat.sent).toHaveLength(0)
  })

  it('shows a message heard live, an edit and a deletion, each once', async () => {
    const chat = chatServer()
    renderApp('/communications/chat', { user: adminProfile, server: chat.server })
    const messages = await log()
    await within(messages).findByText('On my way')
    const live = message('Heard live')
    act(() => chat.live('chat.message', live, 900))
    expect(await within(messages).findByText('Heard live')).toBeInTheDocument()
    act(() => chat.live('chat.message', { ...live, body: 'Heard live, then fixed', edited_at: '2025-03-05T15:05:00Z' }, 901))
    const edited = await within(messages).findByText('Heard live, then fixed')
    expect(edited.closest('article')).toHaveTextContent('edited')
    act(() => chat.live('chat.message', { ...live, body: '', deleted: true }, 902))
    expect(await within(messages).findByText('This message was deleted.')).toBeInTheDocument()
    expect(within(messages).queryByText(/Heard live/)).not.toBeInTheDocument()
  })

  it('asks before deleting one’s own message, then leaves the keyboard in the conversation', async () => {
    const mine = message('Wrong channel, sorry', { author: { id: adminProfile.id, name: 'Jeanne Tremblay' } })
    const chat = chatServer([message('Morning all'), mine])
    chat.server.on('DELETE /chat/message/{id}', () => ({ body: { data: { ...mine, body: '', deleted: true } } }))
    const user = userEvent.setup()
    renderApp('/communications/chat', { user: adminProfile, server: chat.server })
    const messages = await log()
    await within(messages).findByText('Wrong channel, sorry')
    const remove = within(messages).getByRole('button', { name: 'Delete message' })
    remove.focus()
    await user.keyboard('{Enter}')
    let question = await screen.findByRole('alertdialog', { name: 'Delete this message?' })
    expect(question).toHaveTextContent('It is removed for everyone in the conversation and cannot be brought back.')
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(chat.server.called('DELETE /chat/message/{id}')).toHaveLength(0)
    expect(within(messages).getByText('Wrong channel, sorry')).toBeInTheDocument()

    await user.click(within(messages).getByRole('button', { name: 'Delete message' }))
    question = await screen.findByRole('alertdialog', { name: 'Delete this message?' })
    await user.click(within(question).getByRole('button', { name: 'Delete message' }))
    expect(await within(messages).findByText('This message was deleted.')).toBeInTheDocument()
    expect(chat.server.called('DELETE /chat/message/{id}')[0]?.path).toBe(`/chat/message/${mine.id}`)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(messages).toHaveFocus())
  })

  it('gives the keyboard back to a message’s Edit button once its edit is saved or given up', async () => {
    const mine = message('See you at 9', { author: { id: adminProfile.id, name: 'Jeanne Tremblay' } })
    const chat = chatServer([message('Morning all'), mine])
    chat.server.on('PUT /chat/message/{id}', ({ body }) => ({ body: { data: { ...mine, ...(body as object), edited_at: '2025-03-05T15:05:00Z' } } }))
    const user = userEvent.setup()
    renderApp('/communications/chat', { user: adminProfile, server: chat.server })
    const messages = await log()
    await within(messages).findByText('See you at 9')
    within(messages).getByRole('button', { name: 'Edit message' }).focus()
    await user.keyboard('{Enter}')
    const box = await within(messages).findByRole('textbox', { name: 'Edit your message' })
    await user.clear(box)
    await user.type(box, 'See you at 10{Enter}')
    expect(await within(messages).findByText('See you at 10')).toBeInTheDocument()
    expect(chat.server.called('PUT /chat/message/{id}')[0]?.body).toEqual({ body: 'See you at 10' })
    await waitFor(() => expect(within(messages).getByRole('button', { name: 'Edit message' })).toHaveFocus())
    await user.keyboard('{Enter}')
    await within(messages).findByRole('textbox', { name: 'Edit your message' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(within(messages).getByRole('button', { name: 'Edit message' })).toHaveFocus())
  })

  it('asks before archiving the whole team’s channel, and keeps it open with the focus on its button', async () => {
    const chat = chatServer()
    let now = everyone
    chat.server.on('GET /chat/channel', () => ({ body: { data: [now, direct] } }))
    chat.server.on('POST /chat/channel/{id}/read', () => ({ body: { data: (now = { ...now, unread_count: 0 }) } }))
    chat.server.on('PUT /chat/channel/{id}', ({ body }) => ({ body: { data: (now = { ...everyone, ...(body as object) }) } }))
    const user = userEvent.setup()
    const { current } = renderApp('/communications/chat', { user: adminProfile, server: chat.server })
    await within(await log()).findByText('On my way')
    const archive = screen.getByRole('button', { name: 'Archive channel' })
    await user.click(archive)
    const question = await screen.findByRole('alertdialog', { name: 'Archive Everyone?' })
    expect(question).toHaveTextContent('This is the whole team’s channel: nobody on the team can write in it any more')
    expect(chat.server.called('PUT /chat/channel/{id}')).toHaveLength(0)
    await user.click(within(question).getByRole('button', { name: 'Archive channel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(chat.server.called('PUT /chat/channel/{id}')[0]).toMatchObject({ path: `/chat/channel/${everyone.id}`, body: { archived: true } })
    expect(current()).toBe(`/communications/chat?channel=${everyone.id}`)
    expect(await screen.findByText('Archived: read only.')).toBeVisible()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take out of the archive' })).toHaveFocus())
  })
})
