import { leaveAmount, type Locale, type TimeoffRequest } from '@rota/core'

/**
 * Minutes of leave as the category counts them, in words of the reader's language:
 * "3.5 days", "1 day", "2,25 heures".
 * @example
 * formatLeave(1680, 'days', 480, 'en') // '3.5 days'
 */
export function formatLeave(minutes: number, unit: 'days' | 'hours', dayMinutes: number, locale: Locale): string {
  return amountText(leaveAmount(minutes, unit, dayMinutes), unit, locale)
}

function amountText(amount: number, unit: 'days' | 'hours', locale: Locale): string {
  return new Intl.NumberFormat(`${locale}-CA`, { style: 'unit', unit: unit === 'days' ? 'day' : 'hour', unitDisplay: 'long', maximumFractionDigits: 2 }).format(amount)
}

/**
 * What several requests take together, each counted as its category counts it: the days of
 * those in days and the hours of those in hours, never one turned into the other (a day is
 * not the same length in every category). "4.5 days", "2 days and 3 hours".
 * @example
 * formatLeaveTotal([vacationOf3Days, doctorOf2Hours], 'en') // '3 days and 2 hours'
 */
export function formatLeaveTotal(requests: readonly Pick<TimeoffRequest, 'minutes' | 'category'>[], locale: Locale): string {
  const sums = { days: 0, hours: 0 }
  for (const { minutes, category } of requests) sums[category.unit] += leaveAmount(minutes, category.unit, category.day_minutes)
  const units = (['days', 'hours'] as const).filter((unit) => sums[unit] > 0)
  if (units.length === 0) return amountText(0, requests[0]?.category.unit ?? 'days', locale)
  return new Intl.ListFormat(`${locale}-CA`, { type: 'conjunction' }).format(units.map((unit) => amountText(sums[unit], unit, locale)))
}

/**
 * A calendar day (YYYY-MM-DD) as people of that language write it, with its weekday: "Fri, Mar 12, 2027".
 * @example
 * formatLeaveDay('2027-03-12', 'fr') // 'ven. 12 mars 2027'
 */
export function formatLeaveDay(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(`${locale}-CA`, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}

/**
 * When a request is for, in words: its days, or its day with the half or the hours
 * (`half` names the morning or the afternoon in the reader's language).
 * @example
 * whenText(request, 'en', (half) => t(`timeoff.half.${half}`)) // 'Mon, Jun 1, 2027 – Wed, Jun 3, 2027'
 */
export function whenText(
  request: Pick<TimeoffRequest, 'period' | 'start_date' | 'end_date' | 'half' | 'start_time' | 'end_time'>,
  locale: Locale,
  half: (which: 'morning' | 'afternoon') => string,
): string {
  const first = formatLeaveDay(request.start_date, locale)
  if (request.period === 'half_day' && request.half) return `${first} · ${half(request.half)}`
  if (request.period === 'hours' && request.start_time && request.end_time) return `${first} · ${request.start_time}–${request.end_time}`
  return request.end_date === request.start_date ? first : `${first} – ${formatLeaveDay(request.end_date, locale)}`
}
