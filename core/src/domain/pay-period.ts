import type { WeekStart } from '../contract/account.ts'
import { addLocalDays, lastDayOfLocalMonth, localDateParts, localDaysBetween, type LocalDate } from './local-date.ts'
import { firstDayOfWeek, localDateSpan, type LocalDateSpan } from './week.ts'

/**
 * How often a business pays its staff:
 * - `weekly`: every business week (from its week start);
 * - `biweekly`: every 14 days counted from `anchor`, the first day of any one period (earlier
 *   periods count back from it the same way);
 * - `semimonthly`: the 1st to the 15th, then the 16th to the month's last day;
 * - `monthly`: the calendar month.
 */
export type PaySchedule =
  | { frequency: 'weekly'; weekStart: WeekStart }
  | { frequency: 'biweekly'; anchor: LocalDate }
  | { frequency: 'semimonthly' }
  | { frequency: 'monthly' }

/** A pay period: whole local days `firstDay`–`lastDay` (included) and the instants `[from, to)` they span. */
export type PayPeriod = LocalDateSpan

function bounds(date: LocalDate, schedule: PaySchedule): [LocalDate, LocalDate] {
  switch (schedule.frequency) {
    case 'weekly': {
      const firstDay = firstDayOfWeek(date, schedule.weekStart)
      return [firstDay, addLocalDays(firstDay, 6)]
    }
    case 'biweekly': {
      const intoPeriod = ((localDaysBetween(schedule.anchor, date) % 14) + 14) % 14
      const firstDay = addLocalDays(date, -intoPeriod)
      return [firstDay, addLocalDays(firstDay, 13)]
    }
    case 'semimonthly': {
      const { day } = localDateParts(date)
      const monthStart = addLocalDays(date, 1 - day)
      return day <= 15 ? [monthStart, addLocalDays(monthStart, 14)] : [addLocalDays(monthStart, 15), lastDayOfLocalMonth(date)]
    }
    case 'monthly': {
      const { day } = localDateParts(date)
      return [addLocalDays(date, 1 - day), lastDayOfLocalMonth(date)]
    }
  }
}

/**
 * The pay period that contains a local date, with its instants in the business's time zone.
 * @example
 * payPeriodContaining('2026-02-20', { frequency: 'semimonthly' }, 'America/Toronto')
 * // { firstDay: '2026-02-16', lastDay: '2026-02-28', from: 2026-02-16T05:00Z, to: 2026-03-01T05:00Z }
 * payPeriodContaining('2026-01-20', { frequency: 'biweekly', anchor: '2026-01-05' }, 'America/Toronto').firstDay
 * // '2026-01-19'
 */
export function payPeriodContaining(date: LocalDate, schedule: PaySchedule, timeZone: string): PayPeriod {
  const [firstDay, lastDay] = bounds(date, schedule)
  return localDateSpan(firstDay, lastDay, timeZone)
}

/**
 * The pay period right after one: it starts the day after `period.lastDay`.
 * @example
 * const march = payPeriodContaining('2026-03-10', { frequency: 'monthly' }, 'America/Toronto')
 * nextPayPeriod(march, { frequency: 'monthly' }, 'America/Toronto').firstDay // '2026-04-01'
 */
export function nextPayPeriod(period: Pick<PayPeriod, 'lastDay'>, schedule: PaySchedule, timeZone: string): PayPeriod {
  return payPeriodContaining(addLocalDays(period.lastDay, 1), schedule, timeZone)
}

/**
 * The pay period right before one: it ends the day before `period.firstDay`.
 * @example
 * const first = payPeriodContaining('2026-03-10', { frequency: 'semimonthly' }, 'America/Toronto')
 * previousPayPeriod(first, { frequency: 'semimonthly' }, 'America/Toronto').firstDay // '2026-02-16'
 */
export function previousPayPeriod(period: Pick<PayPeriod, 'firstDay'>, schedule: PaySchedule, timeZone: string): PayPeriod {
  return payPeriodContaining(addLocalDays(period.firstDay, -1), schedule, timeZone)
}
