import { addLocalDays, localDaysBetween, type ShiftSpan } from '@rota/core'
import highsLoader from 'highs'
import {
  averageRate,
  brokenRules,
  dayOf,
  longestRun,
  FILL_RULES,
  objectiveOf,
  paidOf,
  pairCoefficient,
  rateOf,
  targetOf,
  unfilledWeight,
  violations,
  weekMinutes,
  weekOf,
  weeklyOvertimeCoefficient,
  weeklyThreshold,
  weeksOf,
  type Assignment,
  type FillPerson,
  type FillProblem,
  type FillRule,
  type FillShift,
} from './problem.ts'

/** Why someone was given a shift: what a manager reads on the ghost card. */
export interface FillReason {
  /** Their paid minutes in the shift's business week, this shift and the rest of the proposal included. */
  week_minutes: number
  target_minutes: number | null
  preferred_minutes: number | null
  /** They worked at this client recently. */
  recent_client: boolean
  preferred_client: boolean
  /** The week takes them past the weekly overtime threshold. */
  overtime: boolean
  cost_cents: number
}

export interface FillUnfilled {
  shift_id: string
  /** The rule that kept the most people off it; `taken`: everyone allowed was given a clashing shift; `no_staff`: nobody to ask. */
  rule: FillRule | 'taken' | 'no_staff'
  /** How many people each rule kept off it (the first rule each person breaks). */
  counts: Partial<Record<FillRule, number>>
}

/** `optimal`: proved best; `time_limit`: the solver's best when time ran out; `greedy`: the solver found nothing in time (or failed), a greedy proposal instead. */
export type FillMethod = 'optimal' | 'time_limit' | 'greedy'

export interface FillResult {
  assignments: { shift_id: string; staff_id: string; reason: FillReason }[]
  unfilled: FillUnfilled[]
  method: FillMethod
  objective: number
  solve_ms: number
}

export interface SolveOptions {
  /** The whole budget, model building included. */
  timeLimitMs: number
  /** The relative optimality gap the solver may stop at (0: prove the optimum). */
  gap?: number
  /** Skip the solver (the bench's baseline, and a test of the fallback). */
  greedyOnly?: boolean
}

let loaded: ReturnType<typeof highsLoader> | undefined
// ROTA_FILL_LOG=1 shows HiGHS's own log (model size, nodes, gap) on stderr.
const print = process.env['ROTA_FILL_LOG'] === '1' ? (line: string) => process.stderr.write(`${line}\n`) : undefined
const highs = () => (loaded ??= highsLoader(print ? { print } : {}))

/** Each person's open shifts they could take on their own, as the schedule stands. */
export function candidates(problem: FillProblem): Map<FillShift, FillPerson[]> {
  const byShift = new Map<FillShift, FillPerson[]>()
  for (const shift of problem.shifts) {
    byShift.set(
      shift,
      problem.people.filter(
        (person) => (person.serviceIds.length === 0 || person.serviceIds.includes(shift.service_id)) && brokenRules(problem, person, shift, person.others).length === 0,
      ),
    )
  }
  return byShift
}

/**
 * Staffs the open shifts: the mixed-integer program of `buildModel` solved by HiGHS within
 * the time limit; when it proves nothing or finds nothing in time, the greedy proposal. The
 * answer is checked afresh against every hard rule (`violations`) before it is returned.
 */
export async function solveFill(problem: FillProblem, options: SolveOptions): Promise<FillResult> {
  const started = performance.now()
  const eligible = candidates(problem)
  const greedy = greedyFill(problem, eligible)
  let chosen: Assignment = greedy
  let method: FillMethod = 'greedy'
  const anyone = [...eligible.values()].some((people) => people.length > 0)
  // Nobody may take any of them: nothing to choose, so nothing to prove.
  if (!options.greedyOnly && !anyone) method = 'optimal'
  if (!options.greedyOnly && anyone) {
    const model = buildModel(problem, eligible)
    const deadline = started + options.timeLimitMs
    if (deadline - performance.now() > 20) {
      const { status, assignment: found } = await runHighs(model, deadline, options.gap ?? 1e-6, greedy)
      if (found && violations(problem, found).length === 0) {
        if (status === 'optimal') {
          chosen = found
          method = 'optimal'
        } else if (objectiveOf(problem, found) <= objectiveOf(problem, greedy)) {
          chosen = found
          method = 'time_limit'
        }
      }
    }
  }
  if (violations(problem, chosen).length > 0) throw new Error('A fill proposal broke a hard rule')
  return {
    assignments: reasonsOf(problem, chosen),
    unfilled: unfilledOf(problem, chosen, eligible),
    method,
    objective: objectiveOf(problem, chosen),
    solve_ms: Math.round(performance.now() - started),
  }
}

/**
 * The mixed-integer program, as columns and rows for HiGHS. Binary `x[p,s]`: person p works
 * open shift s, only where p may work s at all (service, availability, time off, their saved
 * shifts: rest, overlap, weekly hours, days in a row). Per shift, the `x` plus `u[s]` (left
 * open) make 1. Per person: no two of their shifts closer than the rest (one row per maximal
 * clique of the interval graph of their shifts stretched by the rest), their weekly maximum,
 * their days in a row (`y[p,d]`: works day d). Soft goals as continuous columns: minutes past
 * the weekly overtime threshold, past their preferred hours, and per week the highest and
 * lowest (worked − target) of everyone with a target (the fairness spread). Minimised:
 * `objectiveOf`.
 */
export function buildModel(problem: FillProblem, eligible: Map<FillShift, FillPerson[]>): Model {
  const { rules, weights } = problem
  const model = new Model()
  const big = unfilledWeight(problem)
  const weeks = weeksOf(problem)
  const byPerson = new Map<FillPerson, { shift: FillShift; col: number }[]>()

  for (const shift of problem.shifts) {
    const entries: [number, number][] = []
    for (const person of eligible.get(shift) ?? []) {
      const col = model.column(pairCoefficient(problem, person, shift), 0, 1, true)
      model.pairs.set(col, [shift.id, person.id])
      entries.push([col, 1])
      const theirs = byPerson.get(person)
      if (theirs) theirs.push({ shift, col })
      else byPerson.set(person, [{ shift, col }])
    }
    const open = model.column(big, 0, Infinity)
    model.open.set(shift.id, open)
    entries.push([open, 1])
    model.row(entries, 1, 1)
  }

  const fairness = new Map<number, { hi: number; lo: number }>()
  for (const person of problem.people) {
    const theirs = byPerson.get(person) ?? []
    // Rest and overlap: the shifts stretched by the rest form an interval graph; at most one per maximal clique.
    const rest = rules.minRestMinutes * 60_000
    const events = theirs.flatMap((c) => [
      { at: c.shift.starts_at.getTime(), open: true, c },
      { at: c.shift.ends_at.getTime() + rest, open: false, c },
    ])
    events.sort((a, b) => a.at - b.at || (a.open === b.open ? 0 : a.open ? 1 : -1))
    const active = new Set<(typeof theirs)[number]>()
    let grew = false
    for (const event of events) {
      if (event.open) {
        active.add(event.c)
        grew = true
      } else {
        if (grew && active.size > 1) model.row([...active].map((c) => [c.col, 1]), -Infinity, 1)
        grew = false
        active.delete(event.c)
      }
    }
    const minutes = weekMinutes(problem, person, [])
    const rate = person.payRateCents ?? averageRate(problem)
    weeks.forEach((week, w) => {
      const inWeek = theirs.filter((c) => weekOf(problem, c.shift.starts_at) === week)
      const saved = minutes.get(week) ?? 0
      const target = targetOf(person)
      if (target !== null && weights.fairness !== 0) {
        let spread = fairness.get(w)
        if (!spread) fairness.set(w, (spread = { hi: model.column(weights.fairness / 60, -Infinity, Infinity), lo: model.column(-weights.fairness / 60, -Infinity, Infinity) }))
        const minus = inWeek.map((c): [number, number] => [c.col, -paidOf(c.shift)])
        model.row([[spread.hi, 1], ...minus], saved - target, Infinity)
        model.row([[spread.lo, 1], ...minus], -Infinity, saved - target)
      }
      if (inWeek.length === 0) return
      const possible = saved + inWeek.reduce((sum, c) => sum + paidOf(c.shift), 0)
      const paid = inWeek.map((c): [number, number] => [c.col, paidOf(c.shift)])
      if (person.maxWeeklyMinutes !== null && possible > person.maxWeeklyMinutes) model.row(paid, -Infinity, person.maxWeeklyMinutes - saved)
      const threshold = weeklyThreshold(problem, week)
      const overtime = weeklyOvertimeCoefficient(problem, week, rate)
      if (overtime > 0 && possible > threshold) model.row([...paid, [model.column(overtime, 0, Infinity), -1]], -Infinity, threshold - saved)
      if (person.preferredWeeklyMinutes !== null && weights.over_preferred !== 0 && possible > person.preferredWeeklyMinutes) {
        model.row([...paid, [model.column(weights.over_preferred / 60, 0, Infinity), -1]], -Infinity, person.preferredWeeklyMinutes - saved)
      }
    })
    if (rules.maxDaysInRow !== null && theirs.length > 0) {
      const limit = rules.maxDaysInRow
      const worked = new Set(person.others.map((span) => dayOf(problem, span.starts_at)))
      const days = new Map<string, number>()
      for (const c of theirs) {
        const day = dayOf(problem, c.shift.starts_at)
        if (worked.has(day)) continue
        let y = days.get(day)
        if (y === undefined) days.set(day, (y = model.column(0, 0, 1)))
        model.row([[c.col, 1], [y, -1]], -Infinity, 0)
      }
      const sorted = [...days.keys()].sort()
      if (sorted.length > 0) {
        for (let first = addLocalDays(sorted[0]!, -limit); first <= sorted[sorted.length - 1]!; first = addLocalDays(first, 1)) {
          const window = Array.from({ length: limit + 1 }, (_, i) => addLocalDays(first, i))
          const open = window.filter((day) => days.has(day))
          const fixed = window.filter((day) => worked.has(day)).length
          if (open.length > 0 && open.length + fixed > limit) model.row(open.map((day) => [days.get(day)!, 1]), -Infinity, limit - fixed)
        }
      }
    }
  }
  return model
}

/** A model being built: columns (cost, bounds, integer or not) and rows of (column, coefficient). */
export class Model {
  readonly cost: number[] = []
  readonly lower: number[] = []
  readonly upper: number[] = []
  readonly integer: number[] = []
  readonly rowLower: number[] = []
  readonly rowUpper: number[] = []
  readonly starts: number[] = [0]
  readonly indices: number[] = []
  readonly values: number[] = []
  /** Which column is which (shift, person). */
  readonly pairs = new Map<number, [string, string]>()
  /** Each shift's "left open" column. */
  readonly open = new Map<string, number>()

  column(cost: number, lower: number, upper: number, binary = false): number {
    this.cost.push(cost)
    this.lower.push(lower)
    this.upper.push(upper)
    this.integer.push(binary ? 1 : 0)
    return this.cost.length - 1
  }

  row(entries: readonly [number, number][], lower: number, upper: number): void {
    for (const [col, value] of entries) {
      this.indices.push(col)
      this.values.push(value)
    }
    this.starts.push(this.indices.length)
    this.rowLower.push(lower)
    this.rowUpper.push(upper)
  }
}

const STOPPED = new Set(['optimal', 'timeLimit', 'interrupted', 'objectiveBound', 'objectiveTarget', 'solutionLimit'])

/** Runs HiGHS on the model until `deadline` (performance.now()): the status's name and the proposal it found, if any. */
async function runHighs(model: Model, deadline: number, gap: number, start: Assignment): Promise<{ status: string; assignment?: Map<string, string> }> {
  const solver = await highs()
  const inf = solver.infinity
  const bound = (values: number[]) => values.map((v) => (v === Infinity ? inf : v === -Infinity ? -inf : v))
  const names = Object.fromEntries(Object.entries(solver.constants.modelStatus).map(([name, code]) => [code, name]))
  return solver.withModel((instance) => {
    // HiGHS overshoots its own limit on large models (by up to a second in our measurements, in
    // work it does not check the clock in): it gets three quarters of what is left.
    instance.options.set({ time_limit: Math.max(0.01, (0.75 * (deadline - performance.now())) / 1000), mip_rel_gap: gap, mip_heuristic_effort: 0.3, output_flag: process.env['ROTA_FILL_LOG'] === '1' })
    instance.passModel({
      numCols: model.cost.length,
      numRows: model.rowLower.length,
      colCost: model.cost,
      colLower: bound(model.lower),
      colUpper: bound(model.upper),
      rowLower: bound(model.rowLower),
      rowUpper: bound(model.rowUpper),
      matrix: { format: 'csr', numRows: model.rowLower.length, numCols: model.cost.length, starts: model.starts, indices: model.indices, values: model.values },
      integrality: model.integer as never,
    })
    // The greedy proposal as a start: HiGHS completes the other columns and only ever improves on it.
    const indices: number[] = []
    const values: number[] = []
    for (const [col, [shiftId, staffId]] of model.pairs) {
      indices.push(col)
      values.push(start.get(shiftId) === staffId ? 1 : 0)
    }
    for (const [shiftId, col] of model.open) {
      indices.push(col)
      values.push(start.has(shiftId) ? 0 : 1)
    }
    instance.setSolution({ indices, values })
    // HiGHS checks its own clock between phases; the callbacks stop a long one as well.
    const stop = (event: { interrupt(): void }) => {
      if (performance.now() > deadline) event.interrupt()
      return undefined
    }
    const { mipInterrupt, simplexInterrupt, ipmInterrupt } = solver.constants.callbackType
    const run = instance.run({ [mipInterrupt]: stop, [simplexInterrupt]: stop, [ipmInterrupt]: stop })
    const status = names[run.modelStatus as number] ?? 'unknown'
    if (!STOPPED.has(status)) return { status }
    const solution = instance.getSolution().colValue
    if (!solution || solution.length !== model.cost.length || solution.some((v) => Number.isNaN(v))) return { status }
    const assignment = new Map<string, string>()
    for (const [col, [shiftId, staffId]] of model.pairs) if (solution[col]! > 0.5) assignment.set(shiftId, staffId)
    return { status, assignment }
  })
}

/**
 * The fallback: the shifts with the fewest people who could take them first, each to whoever
 * adds the least to the objective and still keeps every hard rule with what they were given.
 */
export function greedyFill(problem: FillProblem, eligible = candidates(problem)): Map<string, string> {
  const assignment = new Map<string, string>()
  const given = new Map<string, FillShift[]>()
  const minutes = new Map(problem.people.map((person) => [person.id, weekMinutes(problem, person, [])]))
  const order = [...problem.shifts].sort((a, b) => (eligible.get(a)?.length ?? 0) - (eligible.get(b)?.length ?? 0) || a.starts_at.getTime() - b.starts_at.getTime())
  const average = averageRate(problem)
  for (const shift of order) {
    const week = weekOf(problem, shift.starts_at)
    const paid = paidOf(shift)
    const threshold = weeklyThreshold(problem, week)
    let best: { person: FillPerson; score: number } | undefined
    for (const person of eligible.get(shift) ?? []) {
      const theirs = given.get(person.id) ?? []
      if (theirs.length > 0 && !fitsWith(problem, person, shift, theirs)) continue
      const worked = minutes.get(person.id)!.get(week) ?? 0
      const target = targetOf(person)
      const over = (limit: number) => Math.max(0, worked + paid - limit) - Math.max(0, worked - limit)
      let score = pairCoefficient(problem, person, shift) + weeklyOvertimeCoefficient(problem, week, person.payRateCents ?? average) * over(threshold)
      if (person.preferredWeeklyMinutes !== null) score += (problem.weights.over_preferred / 60) * over(person.preferredWeeklyMinutes)
      if (target !== null) score += (problem.weights.fairness / 60) * (Math.abs(worked + paid - target) - Math.abs(worked - target))
      if (!best || score < best.score) best = { person, score }
    }
    if (!best) continue
    assignment.set(shift.id, best.person.id)
    given.set(best.person.id, [...(given.get(best.person.id) ?? []), shift])
    const weeks = minutes.get(best.person.id)!
    weeks.set(week, (weeks.get(week) ?? 0) + paid)
  }
  return augmented(problem, eligible, assignment)
}

/**
 * Fills what the greedy pass left open by moving one shift: someone who could take an
 * open shift but for one of theirs gives that one to a third person who can take it. Each
 * move fills one more shift and keeps every hard rule; passes repeat until none helps.
 */
function augmented(problem: FillProblem, eligible: Map<FillShift, FillPerson[]>, assignment: Map<string, string>): Map<string, string> {
  const shifts = new Map(problem.shifts.map((shift) => [shift.id, shift]))
  const given = new Map<string, FillShift[]>()
  for (const [shiftId, staffId] of assignment) given.set(staffId, [...(given.get(staffId) ?? []), shifts.get(shiftId)!])
  const free = (person: FillPerson, shift: FillShift, except?: FillShift) => fitsWith(problem, person, shift, (given.get(person.id) ?? []).filter((other) => other !== except))
  const give = (shift: FillShift, person: FillPerson) => {
    const before = assignment.get(shift.id)
    if (before) given.set(before, (given.get(before) ?? []).filter((other) => other !== shift))
    assignment.set(shift.id, person.id)
    given.set(person.id, [...(given.get(person.id) ?? []), shift])
  }
  for (let pass = 0; pass < 3; pass++) {
    let moved = false
    for (const shift of problem.shifts) {
      if (assignment.has(shift.id)) continue
      search: for (const person of eligible.get(shift) ?? []) {
        if (free(person, shift)) {
          give(shift, person)
          moved = true
          break
        }
        for (const theirs of given.get(person.id) ?? []) {
          if (!free(person, shift, theirs)) continue
          const taker = (eligible.get(theirs) ?? []).find((candidate) => candidate !== person && free(candidate, theirs))
          if (!taker) continue
          give(theirs, taker)
          give(shift, person)
          moved = true
          break search
        }
      }
    }
    if (!moved) break
  }
  return assignment
}

/**
 * Whether someone who may work `shift` against their saved shifts (see `candidates`) may also
 * work it beside the open shifts they were `given`: no overlap or short rest with those, the
 * week's maximum and the days in a row with all of them. The same rules as `brokenRules`
 * with the given shifts added, without its zoned date maths (the final check runs it).
 */
export function fitsWith(problem: FillProblem, person: FillPerson, shift: FillShift, given: readonly FillShift[]): boolean {
  const rest = problem.rules.minRestMinutes * 60_000
  const start = shift.starts_at.getTime()
  const end = shift.ends_at.getTime()
  for (const other of given) {
    if (other.starts_at.getTime() < end + rest && start < other.ends_at.getTime() + rest) return false
  }
  if (person.maxWeeklyMinutes !== null) {
    const week = weekOf(problem, shift.starts_at)
    const saved = savedWeek(problem, person).get(week) ?? 0
    const added = given.reduce((sum, other) => sum + (weekOf(problem, other.starts_at) === week ? paidOf(other) : 0), 0)
    if (saved + added + paidOf(shift) > person.maxWeeklyMinutes) return false
  }
  if (problem.rules.maxDaysInRow !== null && longestRun(problem, [...person.others, ...given, shift], dayOf(problem, shift.starts_at)) > problem.rules.maxDaysInRow) return false
  return true
}

const saved = new WeakMap<FillPerson, Map<string, number>>()
function savedWeek(problem: FillProblem, person: FillPerson): Map<string, number> {
  let weeks = saved.get(person)
  if (!weeks) saved.set(person, (weeks = weekMinutes(problem, person, [])))
  return weeks
}

function reasonsOf(problem: FillProblem, assignment: Assignment): FillResult['assignments'] {
  const people = new Map(problem.people.map((person) => [person.id, person]))
  const byPerson = new Map<string, FillShift[]>()
  for (const shift of problem.shifts) {
    const staffId = assignment.get(shift.id)
    if (staffId) byPerson.set(staffId, [...(byPerson.get(staffId) ?? []), shift])
  }
  return problem.shifts.flatMap((shift) => {
    const staffId = assignment.get(shift.id)
    if (!staffId) return []
    const person = people.get(staffId)!
    const week = weekOf(problem, shift.starts_at)
    const worked = weekMinutes(problem, person, byPerson.get(staffId)!).get(week) ?? 0
    return [
      {
        shift_id: shift.id,
        staff_id: staffId,
        reason: {
          week_minutes: worked,
          target_minutes: targetOf(person),
          preferred_minutes: person.preferredWeeklyMinutes,
          recent_client: person.recentLocationIds.includes(shift.location_id),
          preferred_client: person.preferredLocationIds.includes(shift.location_id),
          overtime: worked > weeklyThreshold(problem, week),
          cost_cents: Math.round((paidOf(shift) * rateOf(problem, person, shift.service_id)) / 60),
        },
      },
    ]
  })
}

function unfilledOf(problem: FillProblem, assignment: Assignment, eligible: Map<FillShift, FillPerson[]>): FillUnfilled[] {
  return problem.shifts
    .filter((shift) => !assignment.has(shift.id))
    .map((shift) => {
      const counts: Partial<Record<FillRule, number>> = {}
      for (const person of problem.people) {
        // The service comes first among the rules: no need for the rest when it already says no.
        const outOfService = person.serviceIds.length > 0 && !person.serviceIds.includes(shift.service_id)
        const first = outOfService ? 'service' : brokenRules(problem, person, shift, person.others)[0]
        if (first) counts[first] = (counts[first] ?? 0) + 1
      }
      if ((eligible.get(shift)?.length ?? 0) > 0) return { shift_id: shift.id, rule: 'taken' as const, counts }
      if (problem.people.length === 0) return { shift_id: shift.id, rule: 'no_staff' as const, counts }
      // The rule that kept most of the people who may do the work away (the service itself when nobody may).
      const others = FILL_RULES.filter((rule) => rule !== 'service' && (counts[rule] ?? 0) > 0)
      const rule = others.length === 0 ? 'service' : others.reduce((a, b) => ((counts[b] ?? 0) > (counts[a] ?? 0) ? b : a))
      return { shift_id: shift.id, rule, counts }
    })
}
