import { CANADIAN_PROVINCES, type WeekStart } from '../contract/account.ts'
import type { Cents } from '../contract/service.ts'
import { rowInEffect, type DatedRow } from './dated.ts'
import { addLocalDays, LATEST_DATE, localDateParts, localWeekday, type LocalDate } from './local-date.ts'
import { divideRoundHalfUp, percentOf, sumCents, type Decimal } from './money.ts'
import type { OvertimeJurisdiction } from './overtime-rules.ts'
import { firstDayOfWeek } from './week.ts'

/** Whose general (statutory) holidays apply: a province or territory, or federal (Canada Labour Code). */
export type HolidayJurisdiction = OvertimeJurisdiction

/** A stable holiday key; the UI translates it, so the table holds no names. */
export type HolidayKey =
  | 'new_years_day'
  | 'family_day'
  | 'louis_riel_day'
  | 'islander_day'
  | 'heritage_day'
  | 'good_friday'
  | 'easter_monday'
  | 'victoria_day'
  | 'national_patriots_day'
  | 'fete_nationale'
  | 'national_indigenous_peoples_day'
  | 'canada_day'
  | 'nunavut_day'
  | 'civic_holiday'
  | 'bc_day'
  | 'saskatchewan_day'
  | 'new_brunswick_day'
  | 'discovery_day'
  | 'labour_day'
  | 'truth_and_reconciliation_day'
  | 'thanksgiving'
  | 'remembrance_day'
  | 'christmas_day'
  | 'boxing_day'

/** A general holiday on its date in one jurisdiction. */
export interface Holiday {
  date: LocalDate
  key: HolidayKey
}

/**
 * How a holiday's date is found in a year. Months are 1–12, weekdays 0 (Sunday) to 6 (Saturday):
 * - `fixed`: the same day every year;
 * - `nth_weekday`: the nth such weekday of a month (Labour Day: 1st Monday of September);
 * - `weekday_before`: the last such weekday before a day (Victoria Day: the Monday before May 25);
 * - `easter`: days after Easter Sunday, negative before (Good Friday: -2).
 */
export type HolidayDateRule =
  | { kind: 'fixed'; month: number; day: number }
  | { kind: 'nth_weekday'; month: number; weekday: number; nth: 1 | 2 | 3 | 4 }
  | { kind: 'weekday_before'; month: number; day: number; weekday: number }
  | { kind: 'easter'; offsetDays: number }

/** A row of the holiday table: a holiday, where it is one, how its date falls, and in which years. */
export interface HolidayRow {
  key: HolidayKey
  jurisdictions: readonly HolidayJurisdiction[]
  rule: HolidayDateRule
  fromYear: number
  /** The last year the row applies, included; none while it is the law. */
  toYear?: number
  /** Observed on the Monday when it falls on a Sunday (Canada Day, under the Holidays Act). */
  sundayToMonday?: boolean
}

/** The first year the table answers for: rows with no known start apply from it. */
export const HOLIDAYS_FROM_YEAR = 2000

const MONDAY = 1
const fixed = (month: number, day: number): HolidayDateRule => ({ kind: 'fixed', month, day })
const nthMonday = (nth: 1 | 2 | 3 | 4, month: number): HolidayDateRule => ({ kind: 'nth_weekday', month, weekday: MONDAY, nth })
const mondayBefore = (month: number, day: number): HolidayDateRule => ({ kind: 'weekday_before', month, day, weekday: MONDAY })
const easter = (offsetDays: number): HolidayDateRule => ({ kind: 'easter', offsetDays })

const everywhere: readonly HolidayJurisdiction[] = [...CANADIAN_PROVINCES, 'FED']

function row(key: HolidayKey, jurisdictions: readonly HolidayJurisdiction[], rule: HolidayDateRule, fromYear = HOLIDAYS_FROM_YEAR, toYear?: number): HolidayRow {
  return toYear === undefined ? { key, jurisdictions, rule, fromYear } : { key, jurisdictions, rule, fromYear, toYear }
}

/**
 * The general holidays of each jurisdiction's employment standards (the Canada Labour Code for
 * FED), one row per holiday and rule: a change in the law is a new row with its years (BC's Family
 * Day moved from the 2nd to the 3rd Monday of February in 2019). Rota's reading of each law, to be
 * reviewed by a business; see docs/decisions/034-statutory-holidays.md.
 * @example
 * holidayRows.filter((row) => row.key === 'family_day' && row.jurisdictions.includes('BC')).length // 2
 */
export const holidayRows: readonly HolidayRow[] = [
  row('new_years_day', everywhere, fixed(1, 1)),
  row('family_day', ['BC'], nthMonday(2, 2), 2013, 2018),
  row('family_day', ['BC'], nthMonday(3, 2), 2019),
  row('family_day', ['AB'], nthMonday(3, 2), 1990),
  row('family_day', ['SK'], nthMonday(3, 2), 2007),
  row('family_day', ['ON'], nthMonday(3, 2), 2008),
  row('family_day', ['NB'], nthMonday(3, 2), 2018),
  row('louis_riel_day', ['MB'], nthMonday(3, 2), 2008),
  // First held on the 2nd Monday (9 February 2009), moved to the 3rd by an amendment that spring.
  row('islander_day', ['PE'], nthMonday(2, 2), 2009, 2009),
  row('islander_day', ['PE'], nthMonday(3, 2), 2010),
  row('heritage_day', ['NS'], nthMonday(3, 2), 2015),
  row('good_friday', everywhere, easter(-2)),
  row('easter_monday', ['FED'], easter(1)),
  row('victoria_day', ['FED', 'BC', 'ON', 'AB', 'MB', 'SK', 'YT', 'NT', 'NU'], mondayBefore(5, 25)),
  row('national_patriots_day', ['QC'], mondayBefore(5, 25)),
  row('national_indigenous_peoples_day', ['NT'], fixed(6, 21)),
  row('national_indigenous_peoples_day', ['YT'], fixed(6, 21), 2017),
  row('fete_nationale', ['QC'], fixed(6, 24)),
  { ...row('canada_day', everywhere, fixed(7, 1)), sundayToMonday: true },
  row('nunavut_day', ['NU'], fixed(7, 9)),
  row('civic_holiday', ['FED', 'NT', 'NU'], nthMonday(1, 8)),
  row('bc_day', ['BC'], nthMonday(1, 8)),
  row('saskatchewan_day', ['SK'], nthMonday(1, 8)),
  row('new_brunswick_day', ['NB'], nthMonday(1, 8)),
  row('discovery_day', ['YT'], nthMonday(3, 8)),
  row('labour_day', everywhere, nthMonday(1, 9)),
  row('truth_and_reconciliation_day', ['FED'], fixed(9, 30), 2021),
  row('truth_and_reconciliation_day', ['PE', 'NT', 'NU'], fixed(9, 30), 2022),
  row('truth_and_reconciliation_day', ['BC', 'MB', 'YT'], fixed(9, 30), 2023),
  row('thanksgiving', ['FED', 'BC', 'ON', 'QC', 'AB', 'MB', 'SK', 'YT', 'NT', 'NU'], nthMonday(2, 10)),
  row('remembrance_day', ['FED', 'BC', 'AB', 'SK', 'NB', 'PE', 'NL', 'YT', 'NT', 'NU'], fixed(11, 11)),
  row('christmas_day', everywhere, fixed(12, 25)),
  row('boxing_day', ['FED', 'ON'], fixed(12, 26)),
]

const pad = (n: number) => String(n).padStart(2, '0')
const dateOf = (year: number, month: number, day: number): LocalDate => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`
const LAST_YEAR = localDateParts(LATEST_DATE).year

/**
 * Easter Sunday of a year in the Gregorian calendar (the anonymous, or Meeus/Jones/Butcher, algorithm).
 * @example
 * easterSunday(2026) // '2026-04-05'
 */
export function easterSunday(year: number): LocalDate {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const monthDay = h + l - 7 * m + 114
  return dateOf(year, Math.floor(monthDay / 31), (monthDay % 31) + 1)
}

function dateIn(year: number, rule: HolidayDateRule): LocalDate {
  switch (rule.kind) {
    case 'fixed':
      return dateOf(year, rule.month, rule.day)
    case 'nth_weekday': {
      const first = dateOf(year, rule.month, 1)
      return addLocalDays(first, ((rule.weekday - localWeekday(first) + 7) % 7) + 7 * (rule.nth - 1))
    }
    case 'weekday_before': {
      const dayBefore = addLocalDays(dateOf(year, rule.month, rule.day), -1)
      return addLocalDays(dayBefore, -((localWeekday(dayBefore) - rule.weekday + 7) % 7))
    }
    case 'easter':
      return addLocalDays(easterSunday(year), rule.offsetDays)
  }
}

/**
 * A jurisdiction's general holidays in a year, by date; none before {@link HOLIDAYS_FROM_YEAR}.
 * A holiday is its own date, except Canada Day on a Sunday, observed on Monday 2 July (Holidays
 * Act): no other weekend shift is applied, since most laws pay the holiday on its date or let the
 * employer give another day, which is the business's choice. Throws a RangeError for a year that
 * is not a whole number or is past {@link LATEST_DATE}.
 * @example
 * statutoryHolidays('ON', 2026).map((holiday) => holiday.date).slice(0, 3) // ['2026-01-01', '2026-02-16', '2026-04-03']
 * statutoryHolidays('FED', 2029).find((holiday) => holiday.key === 'canada_day')?.date // '2029-07-02' (1 July is a Sunday)
 */
export function statutoryHolidays(jurisdiction: HolidayJurisdiction, year: number): Holiday[] {
  if (!Number.isSafeInteger(year) || year > LAST_YEAR) throw new RangeError(`Not a year Rota reads: ${year}`)
  if (year < HOLIDAYS_FROM_YEAR) return []
  const holidays: Holiday[] = []
  for (const { key, jurisdictions, rule, fromYear, toYear, sundayToMonday } of holidayRows) {
    if (!jurisdictions.includes(jurisdiction) || year < fromYear || (toYear !== undefined && year > toYear)) continue
    const date = dateIn(year, rule)
    holidays.push({ key, date: sundayToMonday && localWeekday(date) === 0 ? addLocalDays(date, 1) : date })
  }
  return holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}

/**
 * A jurisdiction's general holidays from `firstDay` to `lastDay`, both included, by date; the
 * span may cross years. Throws a RangeError for a day that is not a date.
 * @example
 * holidaysBetween('ON', '2026-12-20', '2027-01-05').map((holiday) => holiday.key) // ['christmas_day', 'boxing_day', 'new_years_day']
 */
export function holidaysBetween(jurisdiction: HolidayJurisdiction, firstDay: LocalDate, lastDay: LocalDate): Holiday[] {
  const [first, last] = [localDateParts(firstDay).year, localDateParts(lastDay).year]
  const holidays: Holiday[] = []
  for (let year = Math.max(first, HOLIDAYS_FROM_YEAR); year <= last; year++) {
    holidays.push(...statutoryHolidays(jurisdiction, year).filter((holiday) => holiday.date >= firstDay && holiday.date <= lastDay))
  }
  return holidays
}

/**
 * The general holiday a jurisdiction observes on a date, if any.
 * @example
 * holidayOn('QC', '2026-06-24')?.key // 'fete_nationale'
 * holidayOn('ON', '2026-06-24')      // undefined
 */
export function holidayOn(jurisdiction: HolidayJurisdiction, date: LocalDate): Holiday | undefined {
  return statutoryHolidays(jurisdiction, localDateParts(date).year).find((holiday) => holiday.date === date)
}

/**
 * How holiday pay is worked out from the wages in the window:
 * - `average_day`: the wages divided by the days worked (an average day's pay);
 * - `one_twentieth`: a twentieth of the wages (a day's pay in four weeks of five days).
 */
export type HolidayPayMethod = 'average_day' | 'one_twentieth'

/**
 * Which days the wages come from:
 * - `days_before_holiday`: the `windowDays` days ending the day before the holiday;
 * - `weeks_before_holiday_week`: the `windowDays` days before the business week of the holiday.
 */
export type HolidayPayWindowKind = 'days_before_holiday' | 'weeks_before_holiday_week'

/** A jurisdiction's holiday pay rule from a date on. */
export interface HolidayPayRule extends DatedRow {
  jurisdiction: HolidayJurisdiction
  /**
   * Pay for regular minutes worked on the holiday, as a multiple of the regular rate, in place of
   * that rate (use with `lineAmount`); overtime minutes keep their overtime multiplier.
   */
  workedMultiplier: Decimal
  method: HolidayPayMethod
  window: HolidayPayWindowKind
  windowDays: number
  /** Whether the wages leave overtime pay out (regular wages only). */
  excludeOvertime: boolean
  /** Days with paid work in the window needed to be owed holiday pay; 0 for no such condition. */
  minDaysWorked: number
  /** Whether the vacation pay payable on the window's wages counts too (Ontario: regular wages and vacation pay). */
  withVacationPay: boolean
}

function payPreset(jurisdiction: HolidayJurisdiction, method: HolidayPayMethod, changes: Partial<HolidayPayRule> = {}): HolidayPayRule {
  return {
    jurisdiction,
    effectiveFrom: '2000-01-01',
    workedMultiplier: '1.5',
    method,
    window: 'weeks_before_holiday_week',
    windowDays: 28,
    excludeOvertime: true,
    minDaysWorked: 0,
    withVacationPay: false,
    ...changes,
  }
}

/**
 * Rota's default reading of each jurisdiction's holiday pay, which a business checks against the
 * law it follows (docs/decisions/034-statutory-holidays.md). Simplified: no substitute day off in
 * place of the premium; no observed-day shift but Canada Day on a Sunday; conditions on length of
 * employment (BC's 30 days employed, AB's 30 days in the last 12 months) are not checked, and
 * being owed holiday pay depends only on the days worked in the window.
 * @example
 * holidayPayPresets.find((rule) => rule.jurisdiction === 'BC')?.minDaysWorked // 15
 */
export const holidayPayPresets: readonly HolidayPayRule[] = [
  // Worked or earned wages on 15 of the 30 days before the holiday; an average day's pay.
  payPreset('BC', 'average_day', { window: 'days_before_holiday', windowDays: 30, excludeOvertime: false, minDaysWorked: 15 }),
  payPreset('ON', 'one_twentieth', { withVacationPay: true }),
  // No premium for work on the holiday: the indemnity is paid besides the hours worked.
  payPreset('QC', 'one_twentieth', { workedMultiplier: '1' }),
  payPreset('FED', 'one_twentieth'),
  payPreset('AB', 'average_day'),
  payPreset('MB', 'one_twentieth'),
  payPreset('SK', 'one_twentieth'),
  payPreset('NS', 'average_day'),
  payPreset('NB', 'average_day'),
  payPreset('PE', 'average_day'),
  payPreset('NL', 'average_day', { workedMultiplier: '2', windowDays: 21 }),
  payPreset('YT', 'average_day'),
  payPreset('NT', 'average_day'),
  payPreset('NU', 'average_day'),
]

/**
 * The holiday pay rule of a jurisdiction on a date. Throws a RangeError for a date before any row.
 * @example
 * holidayPayRuleOn('NL', '2026-07-01').workedMultiplier // '2'
 */
export function holidayPayRuleOn(jurisdiction: HolidayJurisdiction, date: LocalDate): HolidayPayRule {
  const rule = rowInEffect(holidayPayPresets.filter((row) => row.jurisdiction === jurisdiction), date)
  if (!rule) throw new RangeError(`No holiday pay rule for ${jurisdiction} on ${date}`)
  return rule
}

/**
 * What regular hours worked on a date are paid, × the rate, when the date is a statutory holiday
 * of the jurisdiction; undefined on any other day (a pay run's `addPaidHours` takes it as is).
 * @example
 * holidayPremiumOn('BC', '2026-09-30') // '1.5'
 * holidayPremiumOn('BC', '2026-10-01') // undefined
 */
export function holidayPremiumOn(jurisdiction: HolidayJurisdiction, date: LocalDate): Decimal | undefined {
  return holidayOn(jurisdiction, date) ? holidayPayRuleOn(jurisdiction, date).workedMultiplier : undefined
}

/**
 * The days whose wages set the holiday pay for a holiday, both included.
 * @example
 * holidayPayWindow(holidayPayRuleOn('BC', '2026-09-30'), '2026-09-30', 1) // { firstDay: '2026-08-31', lastDay: '2026-09-29' }
 * holidayPayWindow(holidayPayRuleOn('ON', '2026-09-07'), '2026-09-07', 0) // { firstDay: '2026-08-09', lastDay: '2026-09-05' } (the week starts Sunday 6 September)
 */
export function holidayPayWindow(
  rule: Pick<HolidayPayRule, 'window' | 'windowDays'>,
  holiday: LocalDate,
  weekStart: WeekStart,
): { firstDay: LocalDate; lastDay: LocalDate } {
  const end = rule.window === 'days_before_holiday' ? holiday : firstDayOfWeek(holiday, weekStart)
  return { firstDay: addLocalDays(end, -rule.windowDays), lastDay: addLocalDays(end, -1) }
}

/** A person's paid work on one local date, as holiday pay reads it. */
export interface HolidayPayDay {
  date: LocalDate
  regularCents: Cents
  overtimeCents: Cents
}

/** Holiday pay for one person and one holiday. */
export interface HolidayPay {
  owed: boolean
  /** Dates with regular or overtime pay in the window. */
  daysWorked: number
  /** The wages the amount is worked out from. */
  wagesCents: Cents
  /** 0 when not owed. */
  amountCents: Cents
}

/**
 * Holiday pay from a person's paid work in the window ({@link holidayPayWindow}; the caller keeps
 * only those days), with the vacation pay payable on those wages when the rule counts it (at the
 * business's percentage). A date counts as worked when it has regular or overtime pay; owed when
 * the days worked reach the rule's minimum, and at least one. Rounded once, half up.
 * @example
 * const days = Array.from({ length: 16 }, (_, i) => ({ date: addLocalDays('2026-09-01', i), regularCents: 12000, overtimeCents: 0 }))
 * holidayPay(holidayPayRuleOn('BC', '2026-09-30'), days) // { owed: true, daysWorked: 16, wagesCents: 192000, amountCents: 12000 }
 */
export function holidayPay(
  rule: Pick<HolidayPayRule, 'method' | 'excludeOvertime' | 'minDaysWorked' | 'withVacationPay'>,
  days: readonly HolidayPayDay[],
  vacationPayPercent: Decimal = '0',
): HolidayPay {
  const worked = new Set(days.filter((day) => day.regularCents + day.overtimeCents > 0).map((day) => day.date))
  const earned = sumCents(days.flatMap((day) => [day.regularCents, rule.excludeOvertime ? 0 : day.overtimeCents]))
  const wagesCents = earned + (rule.withVacationPay ? percentOf(earned, vacationPayPercent) : 0)
  const daysWorked = worked.size
  const owed = daysWorked >= Math.max(1, rule.minDaysWorked)
  if (!owed) return { owed, daysWorked, wagesCents, amountCents: 0 }
  const amountCents = divideRoundHalfUp(wagesCents, rule.method === 'average_day' ? daysWorked : 20)
  return { owed, daysWorked, wagesCents, amountCents }
}
