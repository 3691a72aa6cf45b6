import type { Locale } from '@rota/core'
import { useSession } from './services.tsx'

/**
 * A day as people of that language write it, in the business's time zone.
 * @example
 * formatDay('2025-03-05T15:00:00Z', 'fr', 'America/Toronto') // '5 mars 2025'
 */
export function formatDay(iso: string, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso))
}

/** A length of time in hours and minutes (`1 h 30 min`): core's, one way for every screen and document. */
export { formatMinutes } from '@rota/core'

/**
 * A moment as a day, as people of that language write it, and a time of day on the 24-hour
 * clock (`HH:MM`), in the business's time zone. Every time of day in Rota is written so, in
 * every language: the schedule, the time clock and timesheets write `09:30`, and a history
 * or a message between them should not say `9:30 a.m.` (English) or `9 h 30` (French).
 * @example
 * formatInstant('2025-03-05T15:00:00Z', 'en', 'America/Toronto') // 'Mar 5, 2025, 10:00'
 * formatInstant('2025-03-05T15:00:00Z', 'fr', 'America/Toronto') // '5 mars 2025, 10:00'
 */
export function formatInstant(iso: string, locale: Locale, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(`${locale}-CA`, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).formatToParts(new Date(iso))
  const part = (type: 'hour' | 'minute') => (parts.find((candidate) => candidate.type === type)?.value ?? '').padStart(2, '0')
  return `${formatDay(iso, locale, timeZone)}, ${part('hour')}:${part('minute')}`
}

/**
 * A calendar month (`YYYY-MM`) as people of that language name it, in full or short.
 * @example
 * formatMonth('2026-11', 'fr') // 'novembre 2026'
 * formatMonth('2026-11', 'en', 'short') // 'Nov 2026'
 */
export function formatMonth(month: string, locale: Locale, length: 'long' | 'short' = 'long'): string {
  const [year, number] = month.split('-').map(Number)
  return new Intl.DateTimeFormat(`${locale}-CA`, { month: length, year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year!, number! - 1, 1)))
}

/**
 * The business's time zone, in which its shifts, days and hours are written; Toronto's until
 * the settings are read (the zone a business starts with).
 * @example
 * const timeZone = useBusinessTimeZone()
 */
export function useBusinessTimeZone(): string {
  return useSession((state) => state.context.settings?.timezone) ?? 'America/Toronto'
}
