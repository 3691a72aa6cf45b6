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

const DAY_MS = 86_400_000

/**
 * A proposal as the local search sees it (decision 030): indexed for speed (shifts and people
 * by number, pair costs in one array), with what giving a shift to someone else or trading two
 * would change of `objectiveOf` — pair costs, each person-week's overtime and hours past
 * preferred, each week's fairness spread — worked out from what changes alone, whether a person
 * may take a shift beside what they have, and the moves themselves.
 */
export class SearchState {
  protected readonly S: number
  private readonly weeks: number
  private readonly start: Float64Array
  private readonly end: Float64Array
  private readonly paid: Float64Array
  private readonly week: Int32Array
  private readonly day: Int32Array
  /** Per shift: who may take it; per shift and person: what giving it to them costs (NaN: they may not). */
  protected readonly who: Int32Array[]
  protected readonly pairs: PairCosts
  private readonly open: number
  private readonly maxWeekly: Float64Array
  private readonly preferred: Float64Array
  private readonly target: Float64Array
  /** Per person-week: cents a minute past the weekly overtime threshold. */
  private readonly overtime: Float64Array
  private readonly threshold: Float64Array
  private readonly overPreferred: number
  private readonly fairness: number
  private readonly rest: number
  private readonly maxDays: number
  // What changes as shifts move.
  protected readonly assigned: Int32Array
  protected readonly given: number[][]
  private readonly minutes: Float64Array
  private readonly worked: Map<number, number>[]
  /** Per week, everyone with a target's (worked − target), ascending. */
  private readonly deviations: number[][]
  protected readonly people: readonly FillPerson[]
  private readonly problem: FillProblem

  constructor(problem: FillProblem, eligible: Map<FillShift, FillPerson[]>, initial: Assignment) {
    this.problem = problem
    const { shifts, people, weights, rules } = problem
    this.people = people
    const S = (this.S = shifts.length)
    const P = people.length
    const weeks = weeksOf(problem)
    const W = (this.weeks = weeks.length)
    const weekIndex = new Map(weeks.map((week, w) => [week, w]))
    const personIndex = new Map(people.map((person, p) => [person.id, p]))
    this.start = new Float64Array(S)
    this.end = new Float64Array(S)
    this.paid = new Float64Array(S)
    this.week = new Int32Array(S)
    this.day = new Int32Array(S)
    this.who = []
    this.pairs = S * P <= DENSE_PAIRS ? new DensePairCosts(S, P) : new SparsePairCosts(S)
    shifts.forEach((shift, s) => {
      this.start[s] = shift.starts_at.getTime()
      this.end[s] = shift.ends_at.getTime()
      this.paid[s] = paidOf(shift)
      this.week[s] = weekIndex.get(weekOf(problem, shift.starts_at))!
      this.day[s] = dayNumber(dayOf(problem, shift.starts_at))
      const list = eligible.get(shift) ?? []
      this.who.push(Int32Array.from(list, (person) => personIndex.get(person.id)!))
      for (const person of list) this.pairs.set(s, personIndex.get(person.id)!, pairCoefficient(problem, person, shift))
    })
    this.open = unfilledWeight(problem)
    this.maxWeekly = Float64Array.from(people, (person) => person.maxWeeklyMinutes ?? Infinity)
    this.preferred = Float64Array.from(people, (person) => person.preferredWeeklyMinutes ?? Infinity)
    this.target = Float64Array.from(people, (person) => targetOf(person) ?? Number.NaN)
    this.threshold = Float64Array.from(weeks, (week) => weeklyThreshold(problem, week))
    this.overtime = new Float64Array(P * W)
    const average = averageRate(problem)
    people.forEach((person, p) => weeks.forEach((week, w) => (this.overtime[p * W + w] = weeklyOvertimeCoefficient(problem, week, person.payRateCents ?? average))))
    this.overPreferred = weights.over_preferred / 60
    this.fairness = weights.fairness / 60
    this.rest = rules.minRestMinutes * 60_000
    this.maxDays = rules.maxDaysInRow ?? Infinity

    this.minutes = new Float64Array(P * W)
    this.worked = people.map((person) => {
      const days = new Map<number, number>()
      for (const span of person.others) {
        const day = dayNumber(dayOf(problem, span.starts_at))
        days.set(day, (days.get(day) ?? 0) + 1)
      }
      return days
    })
    people.forEach((person, p) => {
      for (const [week, minutes] of weekMinutes(problem, person, [])) {
        const w = weekIndex.get(week)
        if (w !== undefined) this.minutes[p * W + w] = minutes
      }
    })
    this.given = people.map(() => [])
    this.assigned = new Int32Array(S).fill(-1)
    shifts.forEach((shift, s) => {
      const staffId = initial.get(shift.id)
      if (staffId === undefined) return
      const p = personIndex.get(staffId)!
      this.assigned[s] = p
      this.given[p]!.push(s)
      const index = p * W + this.week[s]!
      this.minutes[index] = this.minutes[index]! + this.paid[s]!
      this.worked[p]!.set(this.day[s]!, (this.worked[p]!.get(this.day[s]!) ?? 0) + 1)
    })
    this.deviations = weeks.map((_, w) => {
      const values: number[] = []
      people.forEach((_, p) => {
        if (!Number.isNaN(this.target[p]!)) values.push(this.minutes[p * W + w]! - this.target[p]!)
      })
      return values.sort((a, b) => a - b)
    })
  }

  /** The proposal as it stands: shift id → person id. */
  assignment(): Map<string, string> {
    const result = new Map<string, string>()
    for (let s = 0; s < this.S; s++) if (this.assigned[s]! >= 0) result.set(this.problem.shifts[s]!.id, this.people[this.assigned[s]!]!.id)
    return result
  }

  protected unfilled(): number[] {
    const open: number[] = []
    for (let s = 0; s < this.S; s++) if (this.assigned[s]! < 0) open.push(s)
    return open
  }

  /** The objective's parts that moves change (pair costs, open shifts, person-weeks, fairness): equal to `objectiveOf` less a constant. */
  protected value(): number {
    let total = 0
    for (let s = 0; s < this.S; s++) {
      const p = this.assigned[s]!
      total += this.pairCost(s, p)
    }
    for (let p = 0; p < this.people.length; p++) for (let w = 0; w < this.weeks; w++) total += this.weekCost(p, w, this.minutes[p * this.weeks + w]!)
    for (let w = 0; w < this.weeks; w++) total += this.fairness * this.spread(w, Number.NaN, Number.NaN, Number.NaN, Number.NaN)
    return total
  }

  /** Puts the proposal back to `assigned`, one shift at a time. */
  protected restore(assigned: Int32Array): void {
    for (let s = 0; s < this.S; s++) if (this.assigned[s] !== assigned[s] && this.assigned[s]! >= 0) this.reassign(s, -1)
    for (let s = 0; s < this.S; s++) if (this.assigned[s] !== assigned[s]) this.reassign(s, assigned[s]!)
  }

  /** Whether person p may take shift s beside what they were given (less shift `without`): rest and overlap, weekly maximum, days in a row. */
  protected fits(p: number, s: number, without: number): boolean {
    const start = this.start[s]!
    const end = this.end[s]!
    for (const t of this.given[p]!) {
      if (t !== without && this.start[t]! < end + this.rest && start < this.end[t]! + this.rest) return false
    }
    const w = this.week[s]!
    const minutes = this.minutes[p * this.weeks + w]! + this.paid[s]! - (without >= 0 && this.week[without] === w ? this.paid[without]! : 0)
    if (minutes > this.maxWeekly[p]!) return false
    if (this.maxDays === Infinity) return true
    const worked = this.worked[p]!
    const gone = without >= 0 ? this.day[without]! : Number.NaN
    const on = (day: number) => (worked.get(day) ?? 0) - (day === gone ? 1 : 0) > 0
    let run = 1
    for (let day = this.day[s]! - 1; on(day) && run <= this.maxDays; day--) run++
    for (let day = this.day[s]! + 1; on(day) && run <= this.maxDays; day++) run++
    return run <= this.maxDays
  }

  private pairCost(s: number, p: number): number {
    return p < 0 ? this.open : this.pairs.get(s, p)
  }

  private weekCost(p: number, w: number, minutes: number): number {
    return this.overtime[p * this.weeks + w]! * Math.max(0, minutes - this.threshold[w]!) + this.overPreferred * Math.max(0, minutes - this.preferred[p]!)
  }

  /** What a person's week costs more (or less) with `change` minutes. */
  private weekDelta(p: number, w: number, change: number): number {
    const minutes = this.minutes[p * this.weeks + w]!
    return this.weekCost(p, w, minutes + change) - this.weekCost(p, w, minutes)
  }

  /** Week w's fairness spread with person a's minutes changed by da and b's by db (either may be -1: nobody). */
  private spreadDelta(w: number, a: number, da: number, b: number, db: number): number {
    if (this.fairness === 0) return 0
    const dev = (p: number) => (p < 0 || Number.isNaN(this.target[p]!) ? Number.NaN : this.minutes[p * this.weeks + w]! - this.target[p]!)
    const oa = dev(a)
    const ob = dev(b)
    if (Number.isNaN(oa) && Number.isNaN(ob)) return 0
    return this.fairness * (this.spread(w, oa, oa + da, ob, ob + db) - this.spread(w, Number.NaN, Number.NaN, Number.NaN, Number.NaN))
  }

  /** Week w's spread with the values `out1`, `out2` replaced by `in1`, `in2` (NaN: none). */
  private spread(w: number, out1: number, in1: number, out2: number, in2: number): number {
    const values = this.deviations[w]!
    if (values.length === 0) return 0
    let hi = Number.NEGATIVE_INFINITY
    let lo = Number.POSITIVE_INFINITY
    for (let k = values.length - 1, skip1 = out1, skip2 = out2; k >= 0; k--) {
      const value = values[k]!
      if (value === skip1) skip1 = Number.NaN
      else if (value === skip2) skip2 = Number.NaN
      else {
        hi = value
        break
      }
    }
    for (let k = 0, skip1 = out1, skip2 = out2; k < values.length; k++) {
      const value = values[k]!
      if (value === skip1) skip1 = Number.NaN
      else if (value === skip2) skip2 = Number.NaN
      else {
        lo = value
        break
      }
    }
    for (const value of [in1, in2]) {
      if (Number.isNaN(value)) continue
      hi = Math.max(hi, value)
      lo = Math.min(lo, value)
    }
    return hi - lo
  }

  /** What giving shift s (now A's, or open when A is -1) to B (or leaving it open) changes. */
  protected reassignDelta(s: number, A: number, B: number): number {
    const w = this.week[s]!
    const m = this.paid[s]!
    let delta = this.pairCost(s, B) - this.pairCost(s, A)
    if (A >= 0) delta += this.weekDelta(A, w, -m)
    if (B >= 0) delta += this.weekDelta(B, w, m)
    return delta + this.spreadDelta(w, A, -m, B, m)
  }

  /** What A (with s) and B (with t) trading them changes. */
  protected tradeDelta(s: number, A: number, t: number, B: number): number {
    let delta = this.pairCost(s, B) + this.pairCost(t, A) - this.pairCost(s, A) - this.pairCost(t, B)
    const ws = this.week[s]!
    const wt = this.week[t]!
    const ms = this.paid[s]!
    const mt = this.paid[t]!
    if (ws === wt) {
      if (ms === mt) return delta
      return delta + this.weekDelta(A, ws, mt - ms) + this.weekDelta(B, ws, ms - mt) + this.spreadDelta(ws, A, mt - ms, B, ms - mt)
    }
    delta += this.weekDelta(A, ws, -ms) + this.weekDelta(A, wt, mt) + this.weekDelta(B, ws, ms) + this.weekDelta(B, wt, -mt)
    return delta + this.spreadDelta(ws, A, -ms, B, ms) + this.spreadDelta(wt, A, mt, B, -mt)
  }

  /** Gives shift s to person p (-1: leaves it open), keeping every index up to date. */
  protected reassign(s: number, p: number): void {
    const before = this.assigned[s]!
    if (before === p) return
    const w = this.week[s]!
    if (before >= 0) this.shiftMinutes(before, s, w, -1)
    this.assigned[s] = p
    if (p >= 0) this.shiftMinutes(p, s, w, 1)
  }

  private shiftMinutes(p: number, s: number, w: number, sign: 1 | -1): void {
    const index = p * this.weeks + w
    const target = this.target[p]!
    if (!Number.isNaN(target)) removeSorted(this.deviations[w]!, this.minutes[index]! - target)
    this.minutes[index] = this.minutes[index]! + sign * this.paid[s]!
    if (!Number.isNaN(target)) insertSorted(this.deviations[w]!, this.minutes[index]! - target)
    const day = this.day[s]!
    const worked = this.worked[p]!
    worked.set(day, (worked.get(day) ?? 0) + sign)
    const given = this.given[p]!
    if (sign > 0) given.push(s)
    else given.splice(given.indexOf(s), 1)
  }
}


/** Past this many shift × person cells, pair costs are kept per shift in maps rather than in one array. */
const DENSE_PAIRS = 4_000_000

interface PairCosts {
  get(s: number, p: number): number
  set(s: number, p: number, cost: number): void
}

class DensePairCosts implements PairCosts {
  private readonly costs: Float64Array
  constructor(
    S: number,
    private readonly P: number,
  ) {
    this.costs = new Float64Array(S * P).fill(Number.NaN)
  }
  get(s: number, p: number): number {
    return this.costs[s * this.P + p]!
  }
  set(s: number, p: number, cost: number): void {
    this.costs[s * this.P + p] = cost
  }
}

class SparsePairCosts implements PairCosts {
  private readonly costs: Map<number, number>[]
  constructor(S: number) {
    this.costs = Array.from({ length: S }, () => new Map())
  }
  get(s: number, p: number): number {
    return this.costs[s]!.get(p) ?? Number.NaN
  }
  set(s: number, p: number, cost: number): void {
    this.costs[s]!.set(p, cost)
  }
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS

function lowerBound(values: readonly number[], value: number): number {
  let lo = 0
  let hi = values.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (values[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

function insertSorted(values: number[], value: number): void {
  values.splice(lowerBound(values, value), 0, value)
}

function removeSorted(values: number[], value: number): void {
  values.splice(lowerBound(values, value), 1)
}
