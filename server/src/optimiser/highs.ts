import { addLocalDays } from '@rota/core'
import highsLoader from 'highs'
import {
  averageRate,
  dayOf,
  paidOf,
  pairCoefficient,
  targetOf,
  unfilledWeight,
  weekMinutes,
  weekOf,
  weeklyOvertimeCoefficient,
  weeklyThreshold,
  weeksOf,
  type Assignment,
  type FillPerson,
  type FillProblem,
  type FillShift,
} from './problem.ts'

let loaded: ReturnType<typeof highsLoader> | undefined
// ROTA_FILL_LOG=1 shows HiGHS's own log (model size, nodes, gap) on stderr.
const print = process.env['ROTA_FILL_LOG'] === '1' ? (line: string) => process.stderr.write(`${line}\n`) : undefined
const highs = () => (loaded ??= highsLoader(print ? { print } : {}))

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
export async function runHighs(model: Model, deadline: number, gap: number, start: Assignment): Promise<{ status: string; assignment?: Map<string, string> }> {
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
