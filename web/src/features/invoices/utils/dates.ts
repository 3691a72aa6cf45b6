import { addLocalDays, type Locale } from '@rota/core'
import { formatDay } from '../../../lib/format.ts'

/**
 * A calendar day (YYYY-MM-DD) written short in the reader's language.
 * @example
 * shortDay('2026-03-09', 'en') // 'Mar 9, 2026'
 */
export const shortDay = (date: string, locale: Locale): string => formatDay(`${date}T12:00:00Z`, locale, 'UTC')

/** The status an invoice shows: overdue (derived) before the machine's own. */
export const shownStatus = (invoice: { status: string; overdue: boolean }) => (invoice.overdue ? 'overdue' : invoice.status) as 'draft' | 'sent' | 'partially_paid' | 'overdue' | 'paid' | 'void'

/**
 * The first and last days of the month before the one `today` is in: what an invoice usually bills.
 * @example
 * lastMonth('2026-04-15') // { from: '2026-03-01', to: '2026-03-31' }
 */
export function lastMonth(today: string): { from: string; to: string } {
  const firstOfThis = `${today.slice(0, 8)}01`
  const to = addLocalDays(firstOfThis, -1)
  return { from: `${to.slice(0, 8)}01`, to }
}
