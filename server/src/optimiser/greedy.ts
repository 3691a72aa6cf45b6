import {
  averageRate,
  dayOf,
  longestRun,
  paidOf,
  pairCoefficient,
  savedWeekMinutes,
  targetOf,
  weekMinutes,
  weekOf,
  weeklyOvertimeCoefficient,
  weeklyThreshold,
  type FillPerson,
  type FillProblem,
  type FillShift,
} from './problem.ts'
import { candidates } from './candidates.ts'

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
    const saved = savedWeekMinutes(problem, person).get(week) ?? 0
    const added = given.reduce((sum, other) => sum + (weekOf(problem, other.starts_at) === week ? paidOf(other) : 0), 0)
    if (saved + added + paidOf(shift) > person.maxWeeklyMinutes) return false
  }
  if (problem.rules.maxDaysInRow !== null && longestRun(problem, [...person.others, ...given, shift], dayOf(problem, shift.starts_at)) > problem.rules.maxDaysInRow) return false
  return true
}

