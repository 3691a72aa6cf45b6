import type { FastifyInstance } from 'fastify'
import { authenticate } from '../plugins/auth.ts'

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
      // A stream outlives the request that opened it: once its session is signed out or its
      // user disabled, it ends instead of carrying more. The chain keeps events in order.
      let sending = Promise.resolve()
      const unsubscribe = hub.subscribe(businessId, userId, (event) => {
        sending = sending
          .then(async () => {
            const live = await api.services.sessions.profile(api.services.database, businessId, sessionId, userId)
            if (res.writableEnded) return
            if (live) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`)
            else end()
          })
          .catch((err: unknown) => request.log.error({ err }, 'live update failed'))
      })
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
