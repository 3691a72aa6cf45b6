// The fill optimiser (issue 18) on a big week: 200 staff, 1,000 open shifts. Measures the
// proposal's time (goal ≤ 10 s), its objective against the greedy fallback's (% saved) and
// the hard-rule violations of both (must be 0), checked afresh with the schedule's rules.
// Prints JSON. BENCH_FILL_STAFF, BENCH_FILL_SHIFTS and BENCH_FILL_LIMIT_MS change the size.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const staff = Number(process.env.BENCH_FILL_STAFF ?? 200)
const open = Number(process.env.BENCH_FILL_SHIFTS ?? 1000)
const limitMs = Number(process.env.BENCH_FILL_LIMIT_MS ?? 10_000)

// The optimiser is TypeScript in the server: bundled here with what it imports of core.
const entry = `
import { instantAt, overtimeRuleOn, addLocalDays } from '@rota/core'
import { DEFAULT_FILL_WEIGHTS, objectiveOf, unfilledWeight, violations } from './server/src/optimiser/problem.ts'
import { solveFill } from './server/src/optimiser/solve.ts'
import { greedyFill } from './server/src/optimiser/greedy.ts'
import { candidates } from './server/src/optimiser/candidates.ts'
export { instantAt, overtimeRuleOn, addLocalDays, DEFAULT_FILL_WEIGHTS, objectiveOf, unfilledWeight, violations, greedyFill, solveFill, candidates }
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
const started = performance.now()
const result = await fill.solveFill(problem, { timeLimitMs: limitMs })
const proposalMs = performance.now() - started
const proposal = new Map(result.assignments.map((a) => [a.shift_id, a.staff_id]))
const greedyObjective = fill.objectiveOf(problem, greedy)
// The objective less its "left open" part: what the soft goals (cost, overtime, preferred hours, fairness, continuity, preferences) weigh.
const soft = (objective, filled) => objective - fill.unfilledWeight(problem) * (open - filled)
const softObjective = soft(result.objective, result.assignments.length)
const softGreedy = soft(greedyObjective, greedy.size)
rmSync(dir, { recursive: true, force: true })
console.log(
  JSON.stringify({
    fill: {
      staff,
      open_shifts: open,
      time_limit_ms: limitMs,
      proposal_ms: Math.round(proposalMs),
      method: result.method,
      filled: result.assignments.length,
      greedy_filled: greedy.size,
      objective: Math.round(result.objective),
      greedy_objective: Math.round(greedyObjective),
      soft_objective: Math.round(softObjective),
      greedy_soft_objective: Math.round(softGreedy),
      // Of the soft goals' weight, when both fill as many shifts (otherwise filling more is what was saved).
      saved_vs_greedy_percent: Math.round((1000 * (softGreedy - softObjective)) / Math.abs(softGreedy)) / 10,
      greedy_ms: Math.round(greedyMs),
      hard_rule_violations: fill.violations(problem, proposal).length,
      greedy_hard_rule_violations: fill.violations(problem, greedy).length,
    },
  }),
)
