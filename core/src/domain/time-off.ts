import type { Locale } from '../contract/common.ts'
import { addLocalDays, localDaysBetween, type LocalDate, type LocalTime } from './local-date.ts'
import { multiplyRoundHalfUp, type Decimal } from './money.ts'
import { instantAt, minutesBetween, type InstantRange } from './time.ts'

/** How a time-off request is taken: whole days, half of one day, or some hours of one day. */
export type TimeOffPeriodKind = 'days' | 'half_day' | 'hours'

/** When a request is for, on the business's clock. */
export interface TimeOffPeriod {
  period: TimeOffPeriodKind
  start_date: LocalDate
  /** The last day, included; the start date itself for a half day or hours. */
  end_date: LocalDate
  /** Which half of the day (half_day only). */
  half: 'morning' | 'afternoon' | null
  /** The hours taken (hours only), the end after the start on the same day. */
  start_time: LocalTime | null
  end_time: LocalTime | null
}

/**
 * The instants a request keeps the person away `[from, to)`: whole days from the first
 * day's midnight to the midnight after the last (a day of a clock change is 23 or 25 hours),
 * a morning until noon, an afternoon from noon, or the hours asked for.
 * @example
 * timeOffSpan({ period: 'half_day', start_date: '2026-03-09', end_date: '2026-03-09', half: 'afternoon', start_time: null, end_time: null }, 'America/Toronto')
 * // { from: 2026-03-09T16:00Z, to: 2026-03-10T04:00Z }
 */
export function timeOffSpan(p: TimeOffPeriod, timeZone: string): InstantRange {
  const day = (date: LocalDate, time: LocalTime) => instantAt(date, time, timeZone)
  if (p.period === 'hours') return { from: day(p.start_date, p.start_time ?? '00:00'), to: day(p.start_date, p.end_time ?? '00:00') }
  if (p.period === 'half_day') {
    return p.half === 'afternoon' ? { from: day(p.start_date, '12:00'), to: day(addLocalDays(p.start_date, 1), '00:00') } : { from: day(p.start_date, '00:00'), to: day(p.start_date, '12:00') }
  }
  return { from: day(p.start_date, '00:00'), to: day(addLocalDays(p.end_date, 1), '00:00') }
}

/**
 * What a request takes from a balance, in minutes: a whole day is the category's day
 * (`dayMinutes`, 8 hours unless it says otherwise) for every calendar day asked for, a half
 * day half of it, hours the minutes between them on the clock.
 * @example
 * timeOffMinutes({ period: 'days', start_date: '2026-03-09', end_date: '2026-03-11', … }, 480, 'America/Toronto') // 1440 (3 days)
 * timeOffMinutes({ period: 'hours', start_date: '2026-03-09', start_time: '14:00', end_time: '16:00', … }, 480, 'America/Toronto') // 120
 */
export function timeOffMinutes(p: TimeOffPeriod, dayMinutes: number, timeZone: string): number {
  if (p.period === 'days') return (localDaysBetween(p.start_date, p.end_date) + 1) * dayMinutes
  if (p.period === 'half_day') return Math.round(dayMinutes / 2)
  const { from, to } = timeOffSpan(p, timeZone)
  return Math.max(0, minutesBetween(from, to))
}

/** How a category keeps a balance (time-off category's fields). */
export interface LeaveRules {
  /** none: no balance is kept; yearly: an allowance each calendar year; per_hour_worked: earned by the hour worked. */
  accrual: 'none' | 'yearly' | 'per_hour_worked'
  yearly_allowance_minutes: number | null
  /** Hours earned per hour worked, as exact decimal text (`'0.04'`). */
  accrual_rate: Decimal | null
  /** The most of what is left at a year's end that goes into the next; null: all of it. */
  carry_over_max_minutes: number | null
  allow_negative: boolean
}

/** A person's figures of one calendar year for one category. */
export interface LeaveYear {
  year: number
  /** Paid minutes worked that year (what per-hour accrual earns on). */
  worked_minutes: number
  /** Minutes of approved time off starting that year. */
  used_minutes: number
}

/** A balance in a year: what came in, went out, and what is left, in minutes. */
export interface LeaveBalance {
  /** Left at the end of the year before (at most the carry-over cap; a debt carries in full). */
  carried_over: number
  earned: number
  used: number
  /** Asked for and not decided yet. */
  pending: number
  /** carried_over + earned − used. */
  balance: number
  /** What a new request may still take: the balance less what is pending. */
  available: number
}

/** Minutes earned in a year under a category's rules. */
export function leaveEarned(rules: LeaveRules, workedMinutes: number): number {
  if (rules.accrual === 'yearly') return rules.yearly_allowance_minutes ?? 0
  if (rules.accrual === 'per_hour_worked') return rules.accrual_rate ? multiplyRoundHalfUp(workedMinutes, rules.accrual_rate) : 0
  return 0
}

/**
 * A person's balance of one category in `year`, from each year's figures since `firstYear`
 * (the year they joined, or of their first figures if earlier): every year earns its allowance (or its accrual on the hours worked),
 * spends its approved time off, and passes what is left on to the next, at most the carry-over
 * cap. What is owed (a negative balance) is carried in full. Years without figures earn their
 * allowance and spend nothing.
 * @example
 * leaveBalance({ accrual: 'yearly', yearly_allowance_minutes: 4800, carry_over_max_minutes: 2400, … },
 *   [{ year: 2026, worked_minutes: 0, used_minutes: 960 }], 2026, 2027, 480)
 * // { carried_over: 2400, earned: 4800, used: 0, pending: 480, balance: 7200, available: 6720 }
 */
export function leaveBalance(rules: LeaveRules, years: readonly LeaveYear[], firstYear: number, year: number, pendingMinutes = 0): LeaveBalance {
  const of = (y: number) => years.find((entry) => entry.year === y) ?? { year: y, worked_minutes: 0, used_minutes: 0 }
  let carried = 0
  const start = Math.min(firstYear, ...years.map((entry) => entry.year))
  for (let y = start; y < year; y++) {
    const figures = of(y)
    const left = carried + leaveEarned(rules, figures.worked_minutes) - figures.used_minutes
    carried = left < 0 || rules.carry_over_max_minutes === null ? left : Math.min(left, rules.carry_over_max_minutes)
  }
  const figures = of(year)
  const earned = leaveEarned(rules, figures.worked_minutes)
  const balance = carried + earned - figures.used_minutes
  return { carried_over: carried, earned, used: figures.used_minutes, pending: pendingMinutes, balance, available: balance - pendingMinutes }
}

/**
 * Minutes of leave as the category counts them: days of its length, or hours, to at most
 * two decimals (what people read: "3.5 days", "1.25 hours").
 * @example
 * leaveAmount(1680, 'days', 480) // 3.5
 * leaveAmount(135, 'hours', 480) // 2.25
 */
export function leaveAmount(minutes: number, unit: 'days' | 'hours', dayMinutes: number): number {
  const amount = unit === 'days' ? minutes / dayMinutes : minutes / 60
  return Math.round(amount * 100) / 100
}

/**
 * The names of the time-off categories a business starts with, in each language: created in
 * the business's language, and read in each reader's while they keep one of these names
 * (one the business gave them itself is read as written).
 */
export const TIMEOFF_PRESET_NAMES = [
  { en: 'Vacation', fr: 'Vacances', es: 'Vacaciones' },
  { en: 'Sick leave', fr: 'Congé de maladie', es: 'Baja por enfermedad' },
  { en: 'Personal day', fr: 'Congé personnel', es: 'Día personal' },
  { en: 'Bereavement', fr: 'Congé de deuil', es: 'Duelo' },
  { en: 'Unpaid leave', fr: 'Congé sans solde', es: 'Permiso sin sueldo' },
] as const satisfies readonly Record<Locale, string>[]

/**
 * A time-off category's name as a reader of `locale` reads it: Rota's own names in their
 * language, the business's own as written.
 * @example
 * timeoffCategoryName('Vacation', 'es') // 'Vacaciones'
 * timeoffCategoryName('Summer shutdown', 'fr') // 'Summer shutdown'
 */
export function timeoffCategoryName(name: string, locale: Locale): string {
  const preset = TIMEOFF_PRESET_NAMES.find((names) => names.en === name || names.fr === name || names.es === name)
  return preset ? preset[locale] : name
}
