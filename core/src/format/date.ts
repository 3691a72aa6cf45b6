import type { Locale } from '../contract/common.ts'

/**
 * A notification's date as DD/MM/YY (SPEC.md §2), on the calendar of the given time
 * zone (the business's, or the device's when omitted). The order is the spec's in
 * every language, even English, whose own short form would put the month first;
 * the locale only picks the digits. An unreadable timestamp gives an empty string.
 * @example
 * formatNotificationDate('2024-03-05T03:00:00Z', 'fr', 'America/Toronto') // '04/03/24'
 */
export function formatNotificationDate(iso: string, locale: Locale, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: '2-digit', timeZone }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? ''
  return `${part('day')}/${part('month')}/${part('year')}`
}
