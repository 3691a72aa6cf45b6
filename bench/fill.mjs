// The fill optimiser (issue 18) on a big week: 200 staff, 1,000 open shifts. Measures the
// proposal's time (goal ≤ 10 s), how many shifts it staffs and what each staffed shift weighs
// against the greedy fallback's (the soft goals: pay with overtime, hours past preferred,
// fairness, less continuity and preferences), the exact totals a manager sees, and the hard-rule
// violations of both (must be 0), checked afresh with the schedule's rules. Then how long the
// event loop is held while solving here and through the fill's worker thread (the built
// server/dist/fill-worker.js, when there), and a bare Fastify of the same run for scale.
// Prints JSON. BENCH_FILL_STAFF, BENCH_FILL_SHIFTS and BENCH_FILL_LIMIT_MS change the size.
import autocannon from 'autocannon'
import { build } from 'esbuild'
import { existsSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startProcess } from './support.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const staff = Number(process.env.BENCH_FILL_STAFF ?? 200)
const open = Number(process.env.BENCH_FILL_SHIFTS ?? 1000)
const limitMs = Number(process.env.BENCH_FILL_LIMIT_MS ?? 10_000)
const loadBefore = loadavg()

// The optimiser is TypeScript in the server: bundled here with what it imports of core.
const entry = `
import { instantAt, overtimeRuleOn, addLocalDays } from '@rota/core'
import { DEFAULT_FILL_WEIGHTS, objectiveOf, totalsOf, unfilledWeight, violations } from './server/src/optimiser/problem.ts'
import { solveFill } from './server/src/optimiser/solve.ts'
import { greedyFill } from './server/src/optimiser/greedy.ts'
import { candidates } from './server/src/optimiser/candidates.ts'
import { createFillSolver } from './server/src/optimiser/worker-pool.ts'
export { instantAt, overtimeRuleOn, addLocalDays, DEFAULT_FILL_WEIGHTS, objectiveOf, totalsOf, unfilledWeight, violations, greedyFill, solveFill, candidates, createFillSolver }
`
// Inside the repository, so that the bundle finds the packages it leaves out in node_modules.
const dir = join(root, 'node_modules', '.cache', 'rota-bench-fill')
const outfile = join(dir, 'fill.mjs')
await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'bench-fill.ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile,
  logLevel: 'warning',
  plugins: [{ name: 'external', setup: (b) => b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@rota/') ? undefined : { path: args.path, external: true })) }],
})
// The bundle imports highs and zod from the repository's node_modules.
const fill = await import(pathToFileURL(outfile).href)
const TZ = 'America/Toronto'
const MONDAY = '2026-03-09'

/** A seeded pseudo-random generator (mulberry32), so that every run builds the same week. */
function random(seed) {
  return () => {
    seed |= 0
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const rand = random(18)
const pick = (list) => list[Math.floor(rand() * list.length)]
const services = ['guard', 'patrol', 'desk', 'concierge', 'events', 'night']
const clients = Array.from({ length: 12 }, (_, i) => `client-${i}`)
const starts = ['06:00', '07:00', '08:00', '14:00', '15:00', '22:00']

const shifts = Array.from({ length: open }, (_, i) => {
  const day = addDays(i % 7)
  const start = pick(starts)
  const starts_at = fill.instantAt(day, start, TZ)
  const hours = pick([6, 8, 8, 8, 10])
  return { id: `s${i}`, starts_at, ends_at: new Date(starts_at.getTime() + hours * 3_600_000), break_minutes: hours >= 8 ? 30 : 0, service_id: pick(services), location_id: pick(clients) }
})
const people = Array.from({ length: staff }, (_, i) => {
  const theirServices = [...new Set([pick(services), pick(services), pick(services)])]
  // Most work five days of the week, at any time of those days.
  const off = new Set([Math.floor(rand() * 7), Math.floor(rand() * 7)])
  const windows = [0, 1, 2, 3, 4, 5, 6].filter((weekday) => !off.has(weekday)).map((weekday) => ({ weekday, start: '00:00', end: '00:00' }))
  return {
    id: `p${i}`,
    name: `Person ${i}`,
    payRateCents: 1800 + Math.floor(rand() * 13) * 100,
    serviceIds: theirServices,
    availability: rand() < 0.8 ? { windows, exceptions: [] } : null,
    maxWeeklyMinutes: pick([2400, 2400, 2880, 1440]),
    preferredWeeklyMinutes: pick([null, 1920, 2400]),
    targetWeeklyMinutes: pick([null, 1800, 2400]),
    preferredLocationIds: rand() < 0.3 ? [pick(clients)] : [],
    recentLocationIds: [pick(clients), pick(clients)],
    others: [],
    timeOff: rand() < 0.05 ? [{ from: fill.instantAt(addDays(2), '00:00', TZ), to: fill.instantAt(addDays(4), '00:00', TZ) }] : [],
  }
})
const overtime = fill.overtimeRuleOn({ jurisdiction: 'ON' }, MONDAY)
const problem = {
  shifts,
  people,
  rules: { timeZone: TZ, weekStart: 1, minRestMinutes: 480, maxDaysInRow: 5, overtimeOf: () => overtime, servicePay: new Map(services.map((s, i) => [s, 1800 + i * 100])) },
  weights: fill.DEFAULT_FILL_WEIGHTS,
}

function addDays(days) {
  return fill.addLocalDays(MONDAY, days)
}

const greedyStarted = performance.now()
const greedy = fill.greedyFill(problem)
const greedyMs = performance.now() - greedyStarted

// The proposal, solved in this thread: how long it takes, and how long it holds the event loop.
const held = monitorEventLoopDelay({ resolution: 10 })
held.enable()
// The monitor's timer starts on the loop's next turn: only then does it see a solve hold the loop.
await new Promise((resolve) => setTimeout(resolve, 50))
const started = performance.now()
const result = await fill.solveFill(problem, { timeLimitMs: limitMs })
const proposalMs = performance.now() - started
// The delay is recorded when the loop's timer next runs: after the solve.
await new Promise((resolve) => setTimeout(resolve, 50))
held.disable()
const proposal = new Map(result.assignments.map((a) => [a.shift_id, a.staff_id]))

// The same through the fill's worker thread, as the API solves it.
const workerScript = join(root, 'server', 'dist', 'fill-worker.js')
let worker = null
if (existsSync(workerScript)) {
  const pool = fill.createFillSolver({ script: pathToFileURL(workerScript), threads: 1 })
  const aside = monitorEventLoopDelay({ resolution: 10 })
  aside.enable()
  await new Promise((resolve) => setTimeout(resolve, 50))
  const workerStarted = performance.now()
  const answer = await pool.solve(problem, { timeLimitMs: limitMs })
  const workerMs = performance.now() - workerStarted
  await new Promise((resolve) => setTimeout(resolve, 50))
  aside.disable()
  await pool.close()
  worker = { proposal_ms: Math.round(workerMs), method: answer.method, filled: answer.assignments.length, event_loop_max_delay_ms: Math.round(aside.max / 1e6), event_loop_p99_delay_ms: Math.round(aside.percentile(99) / 1e6) }
}

// A bare Fastify answer measured in the same run, for scale on a shared machine.
const bareProcess = await startProcess(process.execPath, [join(root, 'bench/bare-fastify.mjs')], { PORT: '0' })
const bareRun = await autocannon({ url: bareProcess.base, connections: 1, duration: 3 })
await bareProcess.stop()

// The objective less its "left open" part: what the soft goals weigh, per shift staffed.
const soft = (assignment) => fill.objectiveOf(problem, assignment) - fill.unfilledWeight(problem) * (open - assignment.size)
const perShift = (assignment) => soft(assignment) / Math.max(1, assignment.size)
const percent = (before, after) => Math.round((1000 * (before - after)) / Math.abs(before)) / 10
const figures = (assignment) => {
  const totals = fill.totalsOf(problem, assignment)
  return { filled: assignment.size, open_left: open - assignment.size, soft_objective_per_shift: Math.round(perShift(assignment)), cost_cents: totals.cost_cents, cost_per_shift_cents: Math.round(totals.cost_cents / Math.max(1, assignment.size)), overtime_minutes: totals.overtime_minutes, fairness_spread_minutes: totals.fairness_spread_minutes, hard_rule_violations: fill.violations(problem, assignment).length }
}
const ours = figures(proposal)
const theirs = figures(greedy)
rmSync(dir, { recursive: true, force: true })
console.log(
  JSON.stringify({
    fill: {
      staff,
      open_shifts: open,
      time_limit_ms: limitMs,
      proposal_ms: Math.round(proposalMs),
      method: result.method,
      ...ours,
      greedy_ms: Math.round(greedyMs),
      greedy: theirs,
      // What each staffed shift weighs in the soft goals, against the greedy proposal's: the proposal
      // staffs more shifts (filling one more always wins), so the whole would compare unlike with unlike.
      saved_vs_greedy_percent: percent(perShift(greedy), perShift(proposal)),
      open_left_fewer_percent: percent(theirs.open_left, ours.open_left),
      overtime_fewer_percent: percent(theirs.overtime_minutes, ours.overtime_minutes),
      event_loop_max_delay_ms: Math.round(held.max / 1e6),
      worker,
      bare_fastify: { requests_per_second: Math.round(bareRun.requests.average), p99_ms: bareRun.latency.p99 },
      load_average: { before: loadBefore.map((v) => Math.round(v * 10) / 10), after: loadavg().map((v) => Math.round(v * 10) / 10) },
    },
  }),
)
