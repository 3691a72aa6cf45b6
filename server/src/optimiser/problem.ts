import {
  addLocalDays,
  businessWeek,
  lineAmount,
  localDateOf,
  minutesBetween,
  shiftConflicts,
  splitOvertime,
  type AvailabilityRules,
  type OvertimeRule,
  type ShiftSpan,
  type WeekStart,
} from '@rota/core'

/** An open shift to staff. */
export interface FillShift {
  id: string
  starts_at: Date
  ends_at: Date
  break_minutes: number
  service_id: string
  location_id: string
}

/** Someone who could be given open shifts, with everything the rules and the goals read of them. */
export interface FillPerson {
  id: string
  name: string
  /** Their own pay rate (cents an hour); null: the service's. */
  payRateCents: number | null
  /** The services they may work; empty: any. */
  serviceIds: readonly string[]
  availability: AvailabilityRules | null
  maxWeeklyMinutes: number | null
  /** Above this a week is "over their preferred hours" (a soft goal); null: no preference. */
  preferredWeeklyMinutes: number | null
  /** The week the fairness goal aims at for them; null: the preferred hours, or not counted. */
  targetWeeklyMinutes: number | null
  preferredLocationIds: readonly string[]
  /** Clients they worked at recently (continuity). */
  recentLocationIds: readonly string[]
  /** Their shifts already on the schedule around the range (not cancelled). */
  others: readonly ShiftSpan[]
  timeOff: readonly { from: Date; to: Date }[]
}

/** How much each soft goal weighs, in cents: an hour of over-preferred time costs `over_preferred`, … */
export interface FillWeights {
  /** Times the labour cost (overtime at its multiplier included). */
  cost: number
  /** Per hour past a person's preferred weekly hours. */
  over_preferred: number
  /** Per hour of spread between the most and the least served person against their targets, per week. */
  fairness: number
  /** Taken off for each shift at a client the person worked at recently. */
  continuity: number
  /** Taken off for each shift at one of the person's preferred clients. */
  preference: number
}

export const DEFAULT_FILL_WEIGHTS: FillWeights = { cost: 1, over_preferred: 1000, fairness: 500, continuity: 500, preference: 500 }

export interface FillRules {
  timeZone: string
  weekStart: WeekStart
  minRestMinutes: number
  /** Most days in a row someone may work; null: no limit. */
  maxDaysInRow: number | null
  /** The overtime rule of each business week, by its first day. */
  overtimeOf: (weekFirstDay: string) => OvertimeRule
  /** Each service's pay rate (cents an hour), for people without one of their own. */
  servicePay: ReadonlyMap<string, number>
}

export interface FillProblem {
  shifts: readonly FillShift[]
  people: readonly FillPerson[]
  rules: FillRules
  weights: FillWeights
}

/** The hard rules, in the order an unfilled shift's blocking rule is named. */
export const FILL_RULES = ['service', 'time_off', 'availability', 'overlap', 'rest', 'weekly_hours', 'days_in_row'] as const
export type FillRule = (typeof FILL_RULES)[number]

export const paidOf = (span: { starts_at: Date; ends_at: Date; break_minutes: number }) => Math.max(0, minutesBetween(span.starts_at, span.ends_at) - span.break_minutes)

export const rateOf = (problem: FillProblem, person: FillPerson, serviceId: string) => person.payRateCents ?? problem.rules.servicePay.get(serviceId) ?? 0

// Zoned date maths is slow next to the rest (Intl): each instant's day and week once per problem.
const days = new WeakMap<FillProblem, Map<number, string>>()
const weeks = new WeakMap<FillProblem, Map<number, string>>()
function remembered(cache: WeakMap<FillProblem, Map<number, string>>, problem: FillProblem, at: Date, compute: () => string): string {
  let known = cache.get(problem)
  if (!known) cache.set(problem, (known = new Map()))
  let value = known.get(at.getTime())
  if (value === undefined) known.set(at.getTime(), (value = compute()))
  return value
}

/** The first day of the business week an instant falls in. */
export const weekOf = (problem: FillProblem, at: Date) =>
  remembered(weeks, problem, at, () => businessWeek(dayOf(problem, at), problem.rules.timeZone, problem.rules.weekStart).firstDay)

/** The business day of an instant. */
export const dayOf = (problem: FillProblem, at: Date) => remembered(days, problem, at, () => localDateOf(at, problem.rules.timeZone))

export const spanOf = (shift: FillShift): ShiftSpan => ({ id: shift.id, starts_at: shift.starts_at, ends_at: shift.ends_at, break_minutes: shift.break_minutes, service_id: shift.service_id })

/**
 * The hard rules one shift of `person` breaks, given `theirs` (their other shifts, saved or
 * proposed): the schedule's own conflict rules (decision 024), every one of them hard here,
 * and the days in a row.
 */
export function brokenRules(problem: FillProblem, person: FillPerson, shift: FillShift, theirs: readonly ShiftSpan[]): FillRule[] {
  const { rules } = problem
  const kinds = shiftConflicts(spanOf(shift), {
    others: theirs,
    timeOff: person.timeOff,
    availability: person.availability,
    maxWeeklyMinutes: person.maxWeeklyMinutes,
    serviceIds: person.serviceIds,
    minRestMinutes: rules.minRestMinutes,
    timeZone: rules.timeZone,
    weekStart: rules.weekStart,
  }).map((conflict) => conflict.kind as FillRule)
  if (rules.maxDaysInRow !== null && longestRun(problem, [...theirs, spanOf(shift)], dayOf(problem, shift.starts_at)) > rules.maxDaysInRow) kinds.push('days_in_row')
  return FILL_RULES.filter((rule) => kinds.includes(rule))
}

/** The longest run of consecutive days worked (a shift counts toward the day it starts) through `day`. */
export function longestRun(problem: FillProblem, spans: readonly { starts_at: Date }[], day: string): number {
  const days = new Set(spans.map((span) => dayOf(problem, span.starts_at)))
  if (!days.has(day)) return 0
  let run = 1
  for (let d = addLocalDays(day, -1); days.has(d); d = addLocalDays(d, -1)) run++
  for (let d = addLocalDays(day, 1); days.has(d); d = addLocalDays(d, 1)) run++
  return run
}

/** A proposal: which person gets which open shift. */
export type Assignment = ReadonlyMap<string, string>

/**
 * Every hard rule a proposal breaks, checked afresh with the schedule's conflict rules on
 * each proposed shift against the person's saved and other proposed shifts: the check the
 * property test and the fill itself trust, independent of how the proposal was found.
 */
export function violations(problem: FillProblem, assignment: Assignment): { shift_id: string; staff_id: string; rule: FillRule | 'unknown' }[] {
  const found: { shift_id: string; staff_id: string; rule: FillRule | 'unknown' }[] = []
  const people = new Map(problem.people.map((person) => [person.id, person]))
  const shifts = new Map(problem.shifts.map((shift) => [shift.id, shift]))
  const proposed = new Map<string, FillShift[]>()
  for (const [shiftId, staffId] of assignment) {
    const shift = shifts.get(shiftId)
    if (!shift || !people.has(staffId)) found.push({ shift_id: shiftId, staff_id: staffId, rule: 'unknown' })
    else proposed.set(staffId, [...(proposed.get(staffId) ?? []), shift])
  }
  for (const [staffId, theirs] of proposed) {
    const person = people.get(staffId)!
    for (const shift of theirs) {
      const around = [...person.others, ...theirs.filter((other) => other !== shift).map(spanOf)]
      for (const rule of brokenRules(problem, person, shift, around)) found.push({ shift_id: shift.id, staff_id: staffId, rule })
    }
  }
  return found
}

/** A person's paid minutes in each business week (by its first day), saved shifts and proposed ones. */
export function weekMinutes(problem: FillProblem, person: FillPerson, proposed: readonly FillShift[]): Map<string, number> {
  const weeks = new Map<string, number>()
  for (const span of [...person.others, ...proposed]) {
    const week = weekOf(problem, span.starts_at)
    weeks.set(week, (weeks.get(week) ?? 0) + paidOf(span))
  }
  return weeks
}

const savedWeeks = new WeakMap<FillPerson, Map<string, number>>()
/** A person's paid minutes in each business week from their saved shifts alone, worked out once. */
export function savedWeekMinutes(problem: FillProblem, person: FillPerson): Map<string, number> {
  let weeks = savedWeeks.get(person)
  if (!weeks) savedWeeks.set(person, (weeks = weekMinutes(problem, person, [])))
  return weeks
}

/** The business weeks the open shifts start in. */
export const weeksOf = (problem: FillProblem) => [...new Set(problem.shifts.map((shift) => weekOf(problem, shift.starts_at)))].sort()

export const targetOf = (person: FillPerson) => person.targetWeeklyMinutes ?? person.preferredWeeklyMinutes

/**
 * The objective the solver minimises, written out plainly so that tests can check the
 * solver's optimum by trying every proposal: per unfilled shift `unfilledCost`, plus the
 * weighted labour cost (base pay; overtime premium on the week's minutes past the weekly
 * threshold, and on a shift's own minutes past the daily one), hours over preferred, the
 * fairness spread of each week, less the continuity and preference bonuses.
 */
export function objectiveOf(problem: FillProblem, assignment: Assignment, unfilledCost = unfilledWeight(problem)): number {
  const { weights } = problem
  const byPerson = new Map<string, FillShift[]>()
  const shifts = new Map(problem.shifts.map((shift) => [shift.id, shift]))
  let total = (problem.shifts.length - assignment.size) * unfilledCost
  for (const [shiftId, staffId] of assignment) byPerson.set(staffId, [...(byPerson.get(staffId) ?? []), shifts.get(shiftId)!])
  const weeks = weeksOf(problem)
  const deviations = new Map<string, number[]>()
  for (const person of problem.people) {
    const theirs = byPerson.get(person.id) ?? []
    for (const shift of theirs) total += pairCoefficient(problem, person, shift)
    const minutes = weekMinutes(problem, person, theirs)
    const rate = person.payRateCents ?? averageRate(problem)
    for (const week of weeks) {
      const worked = minutes.get(week) ?? 0
      total += weeklyOvertimeCoefficient(problem, week, rate) * Math.max(0, worked - weeklyThreshold(problem, week))
      if (person.preferredWeeklyMinutes !== null) total += (weights.over_preferred / 60) * Math.max(0, worked - person.preferredWeeklyMinutes)
      const target = targetOf(person)
      if (target !== null) deviations.set(week, [...(deviations.get(week) ?? []), worked - target])
    }
  }
  for (const values of deviations.values()) total += (weights.fairness / 60) * (Math.max(...values) - Math.min(...values))
  return total
}

/**
 * A person's own pay rate, or for someone paid at each service's rate the weekly overtime
 * premium's rate: the mean service rate of the open shifts (a linear model needs one).
 */
export function averageRate(problem: FillProblem): number {
  const rates = problem.shifts.map((shift) => problem.rules.servicePay.get(shift.service_id) ?? 0)
  return rates.length === 0 ? 0 : rates.reduce((a, b) => a + b, 0) / rates.length
}

export const weeklyThreshold = (problem: FillProblem, week: string) => problem.rules.overtimeOf(week).weeklyThresholdMinutes ?? Number.POSITIVE_INFINITY

/** Cents per minute past the weekly threshold: the premium part of overtime, weighted. */
export function weeklyOvertimeCoefficient(problem: FillProblem, week: string, rate: number): number {
  const rule = problem.rules.overtimeOf(week)
  if (rule.weeklyThresholdMinutes === null) return 0
  return (problem.weights.cost * rate * (Number(rule.multiplier) - 1)) / 60
}

/** What giving `shift` to `person` costs on its own: base pay, a long shift's daily overtime premium, less the bonuses. */
export function pairCoefficient(problem: FillProblem, person: FillPerson, shift: FillShift): number {
  const { weights } = problem
  const paid = paidOf(shift)
  const rate = rateOf(problem, person, shift.service_id)
  const rule = problem.rules.overtimeOf(weekOf(problem, shift.starts_at))
  let cost = lineAmount(paid, rate)
  if (rule.dailyThresholdMinutes !== null) cost += ((paid > rule.dailyThresholdMinutes ? paid - rule.dailyThresholdMinutes : 0) * rate * (Number(rule.multiplier) - 1)) / 60
  let total = weights.cost * cost
  if (person.recentLocationIds.includes(shift.location_id)) total -= weights.continuity
  if (person.preferredLocationIds.includes(shift.location_id)) total -= weights.preference
  return total
}

/** More than everything else the objective can weigh together: filling one more shift always wins. */
export function unfilledWeight(problem: FillProblem): number {
  const { weights } = problem
  const maxRate = Math.max(0, ...problem.people.map((p) => p.payRateCents ?? 0), ...problem.rules.servicePay.values())
  let bound = 1
  for (const shift of problem.shifts) {
    const hours = paidOf(shift) / 60
    bound += hours * (Math.abs(weights.cost) * maxRate * 3 + Math.abs(weights.over_preferred) + 2 * Math.abs(weights.fairness)) + Math.abs(weights.continuity) + Math.abs(weights.preference)
  }
  return Math.ceil(bound)
}

/** Cost, overtime and fairness of the schedule around the range, with and without a proposal. */
export interface FillTotals {
  filled: number
  open: number
  cost_cents: number
  overtime_minutes: number
  /** Per week, the most minus the least (worked − target) among people with a target, summed over the weeks. */
  fairness_spread_minutes: number
}

/**
 * The figures a manager compares: every considered person's weeks priced with the
 * business's overtime rule exactly (core's `splitOvertime`), open shifts left out.
 */
export function totalsOf(problem: FillProblem, assignment: Assignment): FillTotals {
  const shifts = new Map(problem.shifts.map((shift) => [shift.id, shift]))
  const weeks = weeksOf(problem)
  let cost = 0
  let overtime = 0
  const deviations = new Map<string, number[]>()
  for (const person of problem.people) {
    const theirs = [...assignment].filter(([, staffId]) => staffId === person.id).map(([shiftId]) => shifts.get(shiftId)!)
    const all = [...person.others, ...theirs]
    for (const week of weeks) {
      const inWeek = all.filter((span) => weekOf(problem, span.starts_at) === week)
      const rule = problem.rules.overtimeOf(week)
      const split = splitOvertime(
        inWeek.map((span, index) => ({ id: String(index), start: span.starts_at, end: span.ends_at, breakMinutes: Math.min(span.break_minutes, minutesBetween(span.starts_at, span.ends_at)) })),
        problem.rules.timeZone,
        rule,
      )
      for (const [index, hours] of split.entries()) {
        const rate = rateOf(problem, person, inWeek[index]!.service_id)
        cost += lineAmount(hours.regularMinutes, rate) + lineAmount(hours.overtimeMinutes, rate, rule.multiplier) + lineAmount(hours.doubleTimeMinutes, rate, rule.doubleTimeMultiplier)
        overtime += hours.overtimeMinutes + hours.doubleTimeMinutes
      }
      const target = targetOf(person)
      if (target !== null) deviations.set(week, [...(deviations.get(week) ?? []), inWeek.reduce((sum, span) => sum + paidOf(span), 0) - target])
    }
  }
  let spread = 0
  for (const values of deviations.values()) spread += Math.max(...values) - Math.min(...values)
  return { filled: assignment.size, open: problem.shifts.length - assignment.size, cost_cents: cost, overtime_minutes: overtime, fairness_spread_minutes: spread }
}
