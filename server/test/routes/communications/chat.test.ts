import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCATION_CHANNELS_LISTED } from '../../../src/repositories/chat.ts'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'
import { apiOf, personIn } from '../timeoff/helpers.ts'

let t: TestApp
let owner: Owner
let other: Owner
let base: string
let ownerId: string
let otherId: string
let location: string
let service: string
const { api, ok, refused } = apiOf(() => t, () => owner)
let sequence = 0
const person = (role = 'Staff') => personIn(t, owner.business_id, `chat${++sequence}@example.com`, { role })

interface Channel {
  id: string
  kind: string
  name: string
  archived: boolean
  unread_count: number
  read_seq: number
  last_seq: number | null
  members: { id: string; name: string }[]
}
const channels = async (token?: string) => (await ok('GET', '/chat/channel', undefined, token)) as Channel[]
const everyone = async (token?: string) => (await channels(token)).find((channel) => channel.kind === 'everyone')!
let clientIds = 0
const send = (channel: string, body: string, token?: string, extra: object = {}) => ok('POST', `/chat/channel/${channel}/message`, { client_id: `c-${++clientIds}`, body, ...extra }, token)

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  ownerId = (await ok('GET', '/profile')).id
  otherId = (await ok('GET', '/profile', undefined, other.tokens.token)).id
  location = (await ok('POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })).id
  service = (await ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(() => t.close())

describe('channels', () => {
  it('gives every business its everyone channel and one per client location, on first use; a silent one is found by name', async () => {
    const list = await channels()
    // Whoever runs the schedule is in every location's channel: their list carries those with messages, the rest are found.
    expect(list.map((channel) => [channel.kind, channel.name])).toEqual([['everyone', '']])
    const [found] = (await ok('GET', '/chat/channel?q=HARBOUR tow')) as Channel[]
    expect(found).toMatchObject({ kind: 'location', name: 'Harbour Tower', last_seq: null })
    expect(await ok('GET', `/chat/channel?id=${found!.id}`)).toEqual([found])
    // Asked again: the same channels, not new ones.
    expect((await ok('GET', '/chat/channel?q=harbour')).map((channel: Channel) => channel.id)).toEqual([found!.id])
    // The business's own channel by its name in any of Rota's languages.
    expect((await ok('GET', '/chat/channel?q=tout le')).map((channel: Channel) => channel.kind)).toEqual(['everyone'])
  })

  it("puts in a location's channel the staff scheduled there this week and whoever runs the schedule", async () => {
    const manager = await person('Manager')
    const scheduled = await person()
    const elsewhere = await person()
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' })
    const [shift] = await ok('POST', '/schedule', { staff_id: scheduled.id, location_id: location, service_id: service, date: today, start: '00:00', end: '00:30' })
    const kinds = async (token: string, query = '') => (await ok('GET', `/chat/channel${query}`, undefined, token)).map((channel: Channel) => channel.kind).sort()
    // A draft is not yet told to anyone.
    expect(await kinds(scheduled.token)).toEqual(['everyone'])
    expect(await kinds(scheduled.token, '?q=harbour')).toEqual([])
    await ok('POST', `/schedule/${shift.id}/events`, { type: 'shift.publish', version: shift.version })
    expect(await kinds(scheduled.token)).toEqual(['everyone', 'location'])
    expect(await kinds(manager.token, '?q=harbour')).toEqual(['location'])
    expect(await kinds(elsewhere.token, '?q=harbour')).toEqual([])
    const harbour = (await ok('GET', '/chat/channel?q=harbour'))[0] as Channel
    expect(await ok('GET', `/chat/channel?id=${harbour.id}`, undefined, elsewhere.token)).toEqual([])
    expect((await api('GET', `/chat/channel/${harbour.id}/message`, undefined, elsewhere.token)).statusCode).toBe(404)
    expect((await api('POST', `/chat/channel/${harbour.id}/message`, { client_id: 'x', body: 'hi' }, elsewhere.token)).statusCode).toBe(404)
    // Once written in, it is in the manager's list, and unread there.
    await send(harbour.id, 'Gate code changed', scheduled.token)
    expect(await kinds(manager.token)).toEqual(['everyone', 'location'])
    expect(await ok('GET', '/chat/unread', undefined, manager.token)).toMatchObject({ channels: [{ id: harbour.id, unread_count: 1 }] })
  })

  it(`lists a manager the ${LOCATION_CHANNELS_LISTED} location channels with the latest messages, however many clients there are`, async () => {
    const big = await registerBusiness(t)
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => ok(method, url, payload, big.tokens.token)
    const ids: string[] = []
    for (let n = 0; n <= LOCATION_CHANNELS_LISTED; n++) {
      ids.push((await call('POST', '/location', { name: `Site ${n}`, street: `${n + 1} Quay St`, city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })).id)
    }
    expect(await call('GET', '/chat/channel')).toHaveLength(1)
    const found = (await call('GET', '/chat/channel?q=site')) as (Channel & { location: { id: string } })[]
    expect(found).toHaveLength(50)
    const byLocation = new Map<string, string>()
    for (const [n, id] of ids.entries()) {
      const rows = (await call('GET', `/chat/channel?q=${encodeURIComponent(`Site ${n}`)}`)) as (Channel & { location: { id: string } })[]
      byLocation.set(id, rows.find((row) => row.location.id === id)!.id)
      await call('POST', `/chat/channel/${byLocation.get(id)}/message`, { client_id: `big-${id}`, body: 'Hello' })
    }
    const listed = (await call('GET', '/chat/channel')) as Channel[]
    expect(listed).toHaveLength(LOCATION_CHANNELS_LISTED + 1)
    // The first written to is the one left out; written to again, it is back at the top.
    expect(listed.some((channel) => channel.id === byLocation.get(ids[0]!))).toBe(false)
    await call('POST', `/chat/channel/${byLocation.get(ids[0]!)}/message`, { client_id: 'big-again', body: 'Again' })
    expect(((await call('GET', '/chat/channel')) as Channel[])[0]!.id).toBe(byLocation.get(ids[0]!))
  })

  it('lets someone who runs the schedule make a custom channel and archive it; staff may do neither', async () => {
    const ann = await person()
    const bob = await person()
    const custom = (await ok('POST', '/chat/channel', { name: 'Night crew', member_ids: [ann.id] })) as Channel
    expect(custom).toMatchObject({ kind: 'custom', name: 'Night crew', archived: false })
    expect(custom.members.map((member) => member.id).sort()).toEqual([ann.id, ownerId].sort())
    expect((await channels(ann.token)).some((channel) => channel.id === custom.id)).toBe(true)
    expect((await channels(bob.token)).some((channel) => channel.id === custom.id)).toBe(false)
    await refused(403, 'POST', '/chat/channel', { name: 'Mine' }, ann.token)
    await refused(403, 'PUT', `/chat/channel/${custom.id}`, { archived: true }, ann.token)
    await refused(422, 'POST', '/chat/channel', { name: 'Strangers', member_ids: [otherId] })

    const archived = (await ok('PUT', `/chat/channel/${custom.id}`, { archived: true })) as Channel
    expect(archived.archived).toBe(true)
    expect((await refused(422, 'POST', `/chat/channel/${custom.id}/message`, { client_id: 'late', body: 'anyone?' }, ann.token)).code).toBe('chat_archived')
    expect(await auditRows(t, owner.business_id, 'chat_channels.archive')).toHaveLength(1)
  })

  it('finds the same direct conversation again for the same people, whoever starts it', async () => {
    const ann = await person()
    const bob = await person()
    const first = (await ok('POST', '/chat/direct', { member_ids: [bob.id] }, ann.token)) as Channel
    const again = (await ok('POST', '/chat/direct', { member_ids: [ann.id] }, bob.token)) as Channel
    expect(again.id).toBe(first.id)
    expect(first.kind).toBe('direct')
    const group = (await ok('POST', '/chat/direct', { member_ids: [ann.id, bob.id] })) as Channel
    expect(group.id).not.toBe(first.id)
    expect(group.members).toHaveLength(3)
    // Only its members read it.
    expect((await api('GET', `/chat/channel/${first.id}/message`)).statusCode).toBe(404)
    await refused(422, 'POST', '/chat/direct', { member_ids: [ann.id] }, ann.token)
  })
})

describe('messages', () => {
  it('pages history backwards by position, newest first', async () => {
    const ann = await person()
    const bob = await person()
    const dm = (await ok('POST', '/chat/direct', { member_ids: [bob.id] }, ann.token)) as Channel
    for (let n = 1; n <= 7; n++) await send(dm.id, `message ${n}`, n % 2 ? ann.token : bob.token)
    const first = await ok('GET', `/chat/channel/${dm.id}/message?limit=3`, undefined, bob.token)
    expect(first.rows.map((row: { body: string }) => row.body)).toEqual(['message 7', 'message 6', 'message 5'])
    expect(first.has_more).toBe(true)
    const second = await ok('GET', `/chat/channel/${dm.id}/message?limit=3&before=${first.rows[2].seq}`, undefined, bob.token)
    expect(second.rows.map((row: { body: string }) => row.body)).toEqual(['message 4', 'message 3', 'message 2'])
    const last = await ok('GET', `/chat/channel/${dm.id}/message?limit=3&before=${second.rows[2].seq}`, undefined, bob.token)
    expect(last).toMatchObject({ has_more: false, rows: [{ body: 'message 1' }] })
    expect((await api('GET', `/chat/channel/${dm.id}/message?before=abc`, undefined, bob.token)).statusCode).toBe(400)
    expect((await api('GET', `/chat/channel/${dm.id}/message?before=1e300`, undefined, bob.token)).statusCode).toBe(400)
    expect((await api('POST', `/chat/channel/${dm.id}/read`, { seq: 1e300 }, bob.token)).statusCode).toBe(400)
  })

  it('keeps a message sent twice with the same client id once', async () => {
    const ann = await person()
    const channel = await everyone(ann.token)
    const body = { client_id: 'offline-1', body: 'sent while offline' }
    const first = await api('POST', `/chat/channel/${channel.id}/message`, body, ann.token)
    const second = await api('POST', `/chat/channel/${channel.id}/message`, body, ann.token)
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(200)
    expect(second.json().data.id).toBe(first.json().data.id)
    const both = await Promise.all([1, 2].map(() => api('POST', `/chat/channel/${channel.id}/message`, { client_id: 'offline-2', body: 'twice at once' }, ann.token)))
    expect(both[0]!.json().data.id).toBe(both[1]!.json().data.id)
    const page = await ok('GET', `/chat/channel/${channel.id}/message?limit=100`, undefined, ann.token)
    expect(page.rows.filter((row: { client_id: string }) => row.client_id.startsWith('offline-'))).toHaveLength(2)
  })

  it('lets only the author edit or delete a message, shown as edited or deleted', async () => {
    const ann = await person()
    const bob = await person()
    const channel = await everyone(ann.token)
    const message = await send(channel.id, 'tpyo', ann.token)
    expect((await refused(403, 'PUT', `/chat/message/${message.id}`, { body: 'not mine' }, bob.token)).code).toBe('chat_not_yours')
    await refused(403, 'DELETE', `/chat/message/${message.id}`, undefined, bob.token)
    const edited = await ok('PUT', `/chat/message/${message.id}`, { body: 'typo' }, ann.token)
    expect(edited).toMatchObject({ body: 'typo', deleted: false, seq: message.seq })
    expect(edited.edited_at).not.toBeNull()
    const deleted = await ok('DELETE', `/chat/message/${message.id}`, undefined, ann.token)
    expect(deleted).toMatchObject({ body: '', deleted: true, seq: message.seq })
    await refused(422, 'PUT', `/chat/message/${message.id}`, { body: 'back' }, ann.token)
    await refused(400, 'PUT', `/chat/message/${message.id}`, { body: '   ' }, ann.token)
    // Another business's message is not found.
    const theirs = await everyone(other.tokens.token)
    const foreign = await send(theirs.id, 'ours', other.tokens.token)
    await refused(404, 'PUT', `/chat/message/${foreign.id}`, { body: 'x' }, ann.token)
    await refused(404, 'GET', `/chat/channel/${theirs.id}/message`, undefined, ann.token)
  })

  it('notifies the people mentioned who are in the channel, not others', async () => {
    const ann = await person()
    const bob = await person()
    const carl = await person()
    const dm = (await ok('POST', '/chat/direct', { member_ids: [bob.id] }, ann.token)) as Channel
    await send(dm.id, 'Hello @bob and @carl', ann.token, { mentions: [bob.id, carl.id, ann.id] })
    const bell = async (token: string) => (await ok('GET', '/notification', undefined, token)).rows as { model: string; operation: string; title: string; extra: Record<string, string> }[]
    const told = (await bell(bob.token)).filter((n) => n.model === 'chat')
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ operation: 'mention', extra: { channel_id: dm.id } })
    expect(told[0]!.title).toMatch(/^\S+ Staff mentioned you in a direct message: Hello @bob/)
    expect((await bell(carl.token)).filter((n) => n.model === 'chat')).toHaveLength(0)
    expect((await bell(ann.token)).filter((n) => n.model === 'chat')).toHaveLength(0)
    // Read in the conversation, the mention is read in the bell too; a later one stays unread until read.
    const later = await send(dm.id, 'And @bob again', ann.token, { mentions: [bob.id] })
    await ok('POST', `/chat/channel/${dm.id}/read`, { seq: later.seq - 1 }, bob.token)
    const unread = (await ok('GET', '/notification?filter[read_status]=false', undefined, bob.token)).rows as { extra: Record<string, string> }[]
    expect(unread.filter((n) => n.extra.channel_id === dm.id).map((n) => n.extra.message_id)).toEqual([later.id])
  })

  it('takes attachments that are files of the business in the store', async () => {
    const ann = await person()
    const channel = await everyone(ann.token)
    const missing = await refused(422, 'POST', `/chat/channel/${channel.id}/message`, { client_id: 'att-1', body: '', attachments: [{ id: '6c1f0f55-0000-4000-8000-000000000000', provider: 'local' }] }, ann.token)
    expect(missing.code).toBe('chat_attachment_not_found')
    await refused(400, 'POST', `/chat/channel/${channel.id}/message`, { client_id: 'att-2', body: '  ' }, ann.token)
  })
})

describe('read positions', () => {
  it('counts what others wrote since the position, which only moves forward', async () => {
    const ann = await person()
    const bob = await person()
    const dm = (await ok('POST', '/chat/direct', { member_ids: [bob.id] }, ann.token)) as Channel
    const one = await send(dm.id, 'one', ann.token)
    await send(dm.id, 'two', ann.token)
    const three = await send(dm.id, 'three', ann.token)
    const mine = async (token: string) => (await channels(token)).find((channel) => channel.id === dm.id)!
    expect((await mine(ann.token)).unread_count).toBe(0)
    expect((await mine(bob.token)).unread_count).toBe(3)
    expect((await ok('GET', '/chat/unread', undefined, bob.token)).channels).toContainEqual({ id: dm.id, unread_count: 3 })
    expect(await ok('POST', `/chat/channel/${dm.id}/read`, { seq: one.seq }, bob.token)).toMatchObject({ unread_count: 2, read_seq: one.seq })
    await ok('POST', `/chat/channel/${dm.id}/read`, { seq: 0 }, bob.token)
    expect((await mine(bob.token)).unread_count).toBe(2)
    await ok('POST', `/chat/channel/${dm.id}/read`, { seq: three.seq + 1000 }, bob.token)
    expect(await mine(bob.token)).toMatchObject({ unread_count: 0, read_seq: three.seq })
    // A deleted message is not unread.
    const gone = await send(dm.id, 'oops', ann.token)
    await ok('DELETE', `/chat/message/${gone.id}`, undefined, ann.token)
    expect((await mine(bob.token)).unread_count).toBe(0)
  })
})

describe('live delivery', () => {
  async function open(token: string, lastEventId?: number) {
    const controller = new AbortController()
    const response = await fetch(`${base}/api/v1/events`, { headers: { ...bearer(token), ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) }, signal: controller.signal })
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    async function event(): Promise<{ id?: number; type: string; data: any }> {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const text = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (text.startsWith(':')) continue
          const fields = Object.fromEntries(text.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]))
          return { ...(fields['id'] ? { id: Number(fields['id']) } : {}), type: fields['event']!, data: JSON.parse(fields['data']!) }
        }
        const chunk = await reader.read()
        if (chunk.done) throw new Error('the stream ended')
        buffer += chunk.value
      }
    }
    return { event, close: () => controller.abort() }
  }

  it("delivers a message to the members' streams, and a reconnecting stream resumes after its last event without repeats", async () => {
    const ann = await person()
    const bob = await person()
    const dm = (await ok('POST', '/chat/direct', { member_ids: [bob.id] }, ann.token)) as Channel
    const stream = await openReady(bob.token)
    const first = await send(dm.id, 'live one', ann.token)
    const heard = await stream.next('chat.message')
    expect(heard.data).toMatchObject({ id: first.id, body: 'live one', channel_id: dm.id })
    expect(heard.id).toBeGreaterThan(0)
    stream.close()
    // Sent while Bob was away, then one edited.
    const second = await send(dm.id, 'while away', ann.token)
    await ok('PUT', `/chat/message/${first.id}`, { body: 'live one (edited)' }, ann.token)
    const resumed = await openReady(bob.token, heard.id)
    const missed = [await resumed.next('chat.message'), await resumed.next('chat.message')]
    expect(missed.map((event) => event.data.body)).toEqual(['while away', 'live one (edited)'])
    expect(missed[0]!.data.id).toBe(second.id)
    const third = await send(dm.id, 'after', ann.token)
    expect((await resumed.next('chat.message')).data.id).toBe(third.id)
    resumed.close()
  })

  it("never delivers a channel's messages to someone outside it", async () => {
    const ann = await person()
    const bob = await person()
    const carl = await person()
    const dm = (await ok('POST', '/chat/direct', { member_ids: [bob.id] }, ann.token)) as Channel
    const outsider = await openReady(carl.token)
    await send(dm.id, 'private', ann.token)
    const shared = await send((await everyone(ann.token)).id, 'public', ann.token)
    const heard = await outsider.next('chat.message')
    expect(heard.data.id).toBe(shared.id)
    outsider.close()
    // Resuming from before both does not hand over the private one either.
    const resumed = await openReady(carl.token, 0)
    const bodies: string[] = []
    for (;;) {
      const event = await resumed.next('chat.message')
      bodies.push(event.data.body)
      if (event.data.id === shared.id) break
    }
    expect(bodies).not.toContain('private')
    resumed.close()
  })

  it('tells the reader’s streams when reading a conversation read a mention, so that their bell reads its list again', async () => {
    const ann = await person()
    const bob = await person()
    const dm = (await ok('POST', '/chat/direct', { member_ids: [bob.id] }, ann.token)) as Channel
    const stream = await openReady(bob.token)
    const mention = await send(dm.id, 'Look @bob', ann.token, { mentions: [bob.id] })
    expect((await stream.next('notification')).data).toMatchObject({ model: 'chat', operation: 'mention' })
    await ok('POST', `/chat/channel/${dm.id}/read`, { seq: mention.seq }, bob.token)
    expect(await stream.next('notifications.read')).toEqual({ type: 'notifications.read', data: {} })
    stream.close()
  })

  /** A stream that has said it is connected, reading events of one kind. */
  async function openReady(token: string, lastEventId?: number) {
    const stream = await open(token, lastEventId)
    return {
      async next(type: string) {
        for (;;) {
          const event = await stream.event()
          if (event.type === type) return event
        }
      },
      close: stream.close,
    }
  }
})
