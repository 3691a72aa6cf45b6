import type { FastifyInstance } from 'fastify'
import { can, CHAT_MESSAGE_EVENT } from '@rota/core'
import { authenticate } from '../plugins/auth.ts'
import { changesSince, currentWeek } from '../repositories/chat.ts'
import type { LiveEvent } from '../services/events.ts'

const HEARTBEAT_MS = 25_000

/**
 * `GET /api/v1/events`: Server-Sent Events for the signed-in user (`event:
 * notification`). Browsers read it with fetch so the Bearer header can be sent.
 * Outside the contract because its answer is a stream, not `{ data }`.
 */
export function registerEvents(api: FastifyInstance): void {
  const open = new Set<() => void>()
  const headers = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  }
  // HEAD answers the stream's headers and ends: Fastify's automatic HEAD would run the
  // GET handler, whose stream never finishes.
  api.head('/events', { schema: { hide: true } }, async (request, reply) => {
    await authenticate(request, 'user')
    return reply.code(200).headers(headers).send()
  })
  api.get(
    '/events',
    {
      exposeHeadRoute: false,
      schema: { summary: 'Live updates (Server-Sent Events): `event: notification` with a Notification as data', tags: ['notifications'], security: [{ bearer: [] }] },
    },
    async (request, reply) => {
      const auth = await authenticate(request, 'user')
      const hub = api.services.events
      reply.hijack()
      const res = reply.raw
      res.writeHead(200, headers)
      res.write(': connected\n\n')
      const { businessId, userId, sessionId } = auth!
      // Chat messages carry `id:` (their change's position): a stream reopened with the last one
      // it saw (`Last-Event-ID`) first gets what it missed, then the live ones after it.
      const resumeFrom = Number(request.headers['last-event-id'])
      let lastSent = Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 ? resumeFrom : undefined
      const write = (event: LiveEvent) => {
        if (event.id !== undefined) {
          if (lastSent !== undefined && event.id <= lastSent) return
          lastSent = event.id
        }
        res.write(`${event.id !== undefined ? `id: ${event.id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`)
      }
      // A stream outlives the request that opened it: once its session is signed out or its
      // user disabled, it ends instead of carrying more. The chain keeps events in order.
      let sending = Promise.resolve()
      const unsubscribe = hub.subscribe(businessId, userId, (event) => {
        sending = sending
          .then(async () => {
            const live = await api.services.sessions.profile(api.services.database, businessId, sessionId, userId)
            if (res.writableEnded) return
            if (live) write(event)
            else end()
          })
          .catch((err: unknown) => request.log.error({ err }, 'live update failed'))
      })
      if (lastSent !== undefined) {
        const after = lastSent
        // Subscribed first, then read: a message committed meanwhile comes both ways and is written once.
        const missed = api.services.database
          .scoped({ businessId }, async (db) => changesSince(db, { businessId, userId, manager: can(auth!, 'schedules', 'update'), week: await currentWeek(db, businessId) }, after))
          .catch((err: unknown) => (request.log.error({ err }, 'chat resume failed'), []))
        const caughtUp = sending.then(async () => {
          for (const { change_seq, ...data } of await missed) if (!res.writableEnded) write({ type: CHAT_MESSAGE_EVENT, data, id: change_seq })
        })
        sending = caughtUp
      }
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS)
      const end = () => {
        clearInterval(heartbeat)
        unsubscribe()
        open.delete(end)
        res.end()
      }
      open.add(end)
      request.raw.on('close', end)
    },
  )
  // Streams never finish by themselves: end them before the server waits for its connections
  // to close (onClose hooks run only after that wait, so ending them there hangs shutdown).
  api.addHook('preClose', async () => {
    for (const end of [...open]) end()
  })
}
