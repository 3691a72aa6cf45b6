import { shiftConflicts } from '@rota/core'
import { dayOf, longestRun, paidOf, savedWeekMinutes, spanOf, weekOf, type FillPerson, type FillProblem, type FillShift } from './problem.ts'

/**
 * Each open shift's people who could take it on their own, as the schedule stands: exactly
 * those against whom `brokenRules` finds nothing with their saved shifts, found faster (on
 * 200 staff × 1,000 shifts it was most of the greedy start's time). Whether someone's
 * availability covers a shift — zoned date maths, the slow part — is worked out once per
 * distinct availability and shift times; the weekly hours and the days in a row from each
 * person's saved weeks and days; overlap, rest and time off by the schedule's own
 * `shiftConflicts` against their saved shifts, for those who have any.
 */
export function candidates(problem: FillProblem): Map<FillShift, FillPerson[]> {
  const { rules } = problem
  const byShift = new Map<FillShift, FillPerson[]>()
  const covered = availabilityCheck(problem)
  for (const shift of problem.shifts) {
    const span = spanOf(shift)
    const week = weekOf(problem, shift.starts_at)
    const day = dayOf(problem, shift.starts_at)
    const paid = paidOf(shift)
    byShift.set(
      shift,
      problem.people.filter((person) => {
        if (person.serviceIds.length > 0 && !person.serviceIds.includes(shift.service_id)) return false
        if (person.maxWeeklyMinutes !== null && (savedWeekMinutes(problem, person).get(week) ?? 0) + paid > person.maxWeeklyMinutes) return false
        if (!covered(person, shift)) return false
        if (person.others.length === 0 && person.timeOff.length === 0) return true
        const around = { others: person.others, timeOff: person.timeOff, availability: null, maxWeeklyMinutes: null, serviceIds: [], minRestMinutes: rules.minRestMinutes, timeZone: rules.timeZone, weekStart: rules.weekStart }
        if (shiftConflicts(span, around).length > 0) return false
        return rules.maxDaysInRow === null || longestRun(problem, [...person.others, span], day) <= rules.maxDaysInRow
      }),
    )
  }
  return byShift
}

/** Whether a person's availability covers a shift, by the schedule's rule, remembered per availability and shift times. */
function availabilityCheck(problem: FillProblem): (person: FillPerson, shift: FillShift) => boolean {
  const { timeZone, weekStart } = problem.rules
  const ids = new Map<string, number>()
  const idOf = new Map<FillPerson, number>()
  const verdicts = new Map<string, boolean>()
  return (person, shift) => {
    if (!person.availability) return true
    let id = idOf.get(person)
    if (id === undefined) {
      const text = JSON.stringify(person.availability)
      id = ids.get(text) ?? ids.size
      ids.set(text, id)
      idOf.set(person, id)
    }
    const key = `${id}|${shift.starts_at.getTime()}|${shift.ends_at.getTime()}`
    let verdict = verdicts.get(key)
    if (verdict === undefined) {
      const alone = { others: [], timeOff: [], availability: person.availability, maxWeeklyMinutes: null, serviceIds: [], minRestMinutes: 0, timeZone, weekStart }
      verdict = shiftConflicts(spanOf(shift), alone).length === 0
      verdicts.set(key, verdict)
    }
    return verdict
  }
}
