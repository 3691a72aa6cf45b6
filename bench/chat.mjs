// Chat's live delivery (docs/decisions/029) on one API process with the embedded database:
// - latency: one person sends messages one after another in a direct conversation; the time from
//   sending until the other person's open stream (GET /api/v1/events) carries it, p50 and p99;
// - idle streams: how many open live connections the process holds (BENCH_CHAT_STREAMS, 5,000
//   by default) and its resident memory per connection at a quarter, half and all of them, to
//   show it stays flat. Prints JSON.
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { api, register, startProcess, tempDir } from './support.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 300)
const STREAMS = Number(process.env.BENCH_CHAT_STREAMS ?? 5000)

/** An open live stream; `next(match)` resolves with the time the first event whose text matches arrived. */
async function openStream(base, token) {
  // A connection of its own per stream (no agent), as each browser tab has.
  const response = await new Promise((resolve, reject) => {
    const req = request(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${token}` }, agent: false }, resolve)
    req.on('error', reject)
    req.end()
  })
  if (response.statusCode !== 200) throw new Error(`events: ${response.statusCode}`)
  response.setEncoding('utf8')
  let buffer = ''
  const waiting = []
  response.on('data', (chunk) => {
    buffer += chunk
    const at = performance.now()
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      for (const entry of [...waiting]) if (frame.includes(entry.match)) waiting.splice(waiting.indexOf(entry), 1), entry.resolve(at)
    }
  })
  response.on('error', () => {})
  return {
    next: (match) => new Promise((resolve) => waiting.push({ match, resolve })),
    close: () => response.destroy(),
  }
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const round = (value) => Math.round(value * 100) / 100

const data = tempDir('rota-bench-chat-')
const rota = await startProcess(process.execPath, [join(root, 'server/dist/server.js')], {
  ROTA_DATA_DIR: data.path,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ROTA_WEB_DIR: '',
})
try {
  const owner = await register(rota.base, 'bench-chat')
  const invited = await api(rota.base, owner, 'POST', '/user', { email: 'reader@bench.test', firstname: 'Reader', lastname: 'One', role: 'Staff' })
  const reader = (await api(rota.base, '', 'POST', '/user/accept_invite', { token: invited.invite_link.split('/').at(-1), password: 'a bench passphrase for rota' })).token
  const dm = await api(rota.base, owner, 'POST', '/chat/direct', { member_ids: [invited.user.id] })

  // Latency, sender to the other person's stream.
  const stream = await openStream(rota.base, reader)
  const latencies = []
  for (let i = 0; i < MESSAGES + 20; i++) {
    const clientId = `bench-${i}`
    const heard = stream.next(`"client_id":"${clientId}"`)
    const started = performance.now()
    await api(rota.base, owner, 'POST', `/chat/channel/${dm.id}/message`, { client_id: clientId, body: `Message ${i}` })
    const at = await heard
    if (i >= 20) latencies.push(at - started) // the first ones warm up
  }
  stream.close()
  latencies.sort((a, b) => a - b)

  // Idle streams held by the one process, and its memory per stream.
  const before = rssKb(rota.child.pid)
  const open = []
  const memory = []
  const checkpoints = [STREAMS / 4, STREAMS / 2, STREAMS].map(Math.floor)
  const started = performance.now()
  for (const checkpoint of checkpoints) {
    while (open.length < checkpoint) {
      const batch = Math.min(200, checkpoint - open.length)
      open.push(...(await Promise.all(Array.from({ length: batch }, () => openStream(rota.base, reader)))))
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const rss = rssKb(rota.child.pid)
    memory.push({ streams: open.length, rss_mb: round(rss / 1024), kb_per_stream: round((rss - before) / open.length) })
  }
  const openingSeconds = round((performance.now() - started) / 1000)
  // With every stream open, one more message still reaches the reader (all their streams carry it).
  const heard = open[0].next('"client_id":"bench-last"')
  const sent = performance.now()
  await api(rota.base, owner, 'POST', `/chat/channel/${dm.id}/message`, { client_id: 'bench-last', body: 'Last' })
  const loadedLatency = round((await heard) - sent)
  for (const entry of open) entry.close()

  console.log(
    JSON.stringify({
      chat: {
        database: 'pglite',
        delivery: { messages: MESSAGES, p50_ms: round(percentile(latencies, 50)), p99_ms: round(percentile(latencies, 99)), max_ms: round(latencies.at(-1)) },
        idle_streams: { held: open.length, goal: 5000, opened_in_s: openingSeconds, rss_before_mb: round(before / 1024), memory, delivery_with_all_open_ms: loadedLatency },
      },
    }),
  )
} finally {
  await rota.stop()
  data.remove()
}
