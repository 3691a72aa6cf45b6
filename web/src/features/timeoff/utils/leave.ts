import { leaveAmount, type Locale, type TimeoffRequest } from '@rota/core'

/**
 * Minutes of leave as the category counts them, in words of the reader's language:
 * "3.5 days", "1 day", "2,25 heures".
 * @example
 * formatLeave(1680, 'days', 480, 'en') // '3.5 days'
 */
export function formatLeave(minutes: number, unit: 'days' | 'hours', dayMinutes: number, locale: Locale): string {
  return new Intl.NumberFormat(`${locale}-CA`, { style: 'unit', unit: unit === 'days' ? 'day' : 'hour', unitDisplay: 'long', maximumFractionDigits: 2 }).format(
    leaveAmount(minutes, unit, dayMinutes),
  )
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
