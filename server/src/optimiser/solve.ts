import {
  brokenRules,
  FILL_RULES,
  objectiveOf,
  paidOf,
  rateOf,
  targetOf,
  violations,
  weekMinutes,
  weekOf,
  weeklyThreshold,
  type Assignment,
  type FillPerson,
  type FillProblem,
  type FillRule,
  type FillShift,
} from './problem.ts'
import { candidates } from './candidates.ts'
import { greedyFill } from './greedy.ts'
import { buildModel, runHighs } from './highs.ts'
import { improve } from './improve.ts'

/**
 * Past this many person–shift pairs HiGHS (single-threaded WebAssembly) spends any budget we
 * can give it in its root node and returns its start unchanged: the local search gets the time.
 */
export const SOLVER_MAX_PAIRS = 1000

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

/**
 * `optimal`: proved best; `time_limit`: the solver's best when time ran out; `local_search`: the
 * greedy proposal improved by moves that keep every rule (a week too big for the solver);
 * `greedy`: nothing found better in time (or the rest failed), the greedy proposal.
 */
export type FillMethod = 'optimal' | 'time_limit' | 'local_search' | 'greedy'

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
  /** Skip the search and the solver (the bench's baseline, and a test of the fallback). */
  greedyOnly?: boolean
  /** Told the greedy proposal, reasons and all, as soon as it is known: the answer to give should the rest never finish. */
  onFallback?: (result: FillResult) => void
}

/**
 * Staffs the open shifts: the greedy proposal (told to `onFallback` at once), improved by local
 * search; on a model small enough, HiGHS then solves the mixed-integer program of `buildModel`
 * from there within the time limit, proving the optimum when it can. The answer is checked
 * afresh against every hard rule (`violations`) before it is returned.
 */
export async function solveFill(problem: FillProblem, options: SolveOptions): Promise<FillResult> {
  const started = performance.now()
  const deadline = started + options.timeLimitMs
  const eligible = candidates(problem)
  const greedy = greedyFill(problem, eligible)
  const answer = (assignment: Assignment, method: FillMethod): FillResult => {
    if (violations(problem, assignment).length > 0) throw new Error('A fill proposal broke a hard rule')
    return {
      assignments: reasonsOf(problem, assignment),
      unfilled: unfilledOf(problem, assignment, eligible),
      method,
      objective: objectiveOf(problem, assignment),
      solve_ms: Math.round(performance.now() - started),
    }
  }
  if (options.greedyOnly) return answer(greedy, 'greedy')
  const explaining = performance.now()
  const fallback = answer(greedy, 'greedy')
  options.onFallback?.(fallback)
  // Explaining the answer and checking it afresh takes about as long again at the end: kept back from the search.
  const explainMs = 1.5 * (performance.now() - explaining) + 50
  const pairs = [...eligible.values()].reduce((sum, people) => sum + people.length, 0)
  // Nobody may take any of them: nothing to choose, so nothing to prove.
  if (pairs === 0) return { ...fallback, method: 'optimal' }
  const solver = pairs <= SOLVER_MAX_PAIRS
  const searchUntil = solver ? started + 0.3 * options.timeLimitMs : deadline - explainMs
  const improved = improve(problem, eligible, greedy, { deadline: searchUntil })
  const start = objectiveOf(problem, greedy)
  let best = objectiveOf(problem, improved)
  let method: FillMethod = best < start - 1e-6 ? 'local_search' : 'greedy'
  let chosen: Assignment = method === 'local_search' ? improved : greedy
  best = Math.min(best, start)
  if (solver && deadline - performance.now() > 20) {
    const { status, assignment: found } = await runHighs(buildModel(problem, eligible), deadline, options.gap ?? 1e-6, chosen)
    if (found && violations(problem, found).length === 0) {
      const value = objectiveOf(problem, found)
      if (status === 'optimal' && value <= best + 1e-6) {
        chosen = found
        method = 'optimal'
      } else if (value < best - 1e-6) {
        chosen = found
        best = value
        method = 'time_limit'
      }
    }
  }
  return method === 'greedy' ? { ...fallback, solve_ms: Math.round(performance.now() - started) } : answer(chosen, method)
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

// Why a shift stays open depends on the schedule, not on the proposal: worked out once a shift per problem.
const explained = new WeakMap<FillProblem, Map<string, FillUnfilled>>()

function unfilledOf(problem: FillProblem, assignment: Assignment, eligible: Map<FillShift, FillPerson[]>): FillUnfilled[] {
  let known = explained.get(problem)
  if (!known) explained.set(problem, (known = new Map()))
  const cache = known
  return problem.shifts
    .filter((shift) => !assignment.has(shift.id))
    .map((shift) => {
      const seen = cache.get(shift.id)
      if (seen) return seen
      const reason = whyOpen(problem, shift, eligible)
      cache.set(shift.id, reason)
      return reason
    })
}

/** The rule that kept most of the people who may do the work off a shift (the service itself when nobody may), with the count per rule. */
function whyOpen(problem: FillProblem, shift: FillShift, eligible: Map<FillShift, FillPerson[]>): FillUnfilled {
  const counts: Partial<Record<FillRule, number>> = {}
  for (const person of problem.people) {
    // The service comes first among the rules: no need for the rest when it already says no.
    const outOfService = person.serviceIds.length > 0 && !person.serviceIds.includes(shift.service_id)
    const first = outOfService ? 'service' : brokenRules(problem, person, shift, person.others)[0]
    if (first) counts[first] = (counts[first] ?? 0) + 1
  }
  if ((eligible.get(shift)?.length ?? 0) > 0) return { shift_id: shift.id, rule: 'taken', counts }
  if (problem.people.length === 0) return { shift_id: shift.id, rule: 'no_staff', counts }
  const others = FILL_RULES.filter((rule) => rule !== 'service' && (counts[rule] ?? 0) > 0)
  const rule = others.length === 0 ? 'service' : others.reduce((a, b) => ((counts[b] ?? 0) > (counts[a] ?? 0) ? b : a))
  return { shift_id: shift.id, rule, counts }
}
