import type { Locale } from '../contract/common.ts'

/**
 * An amount of integer cents as Canadian dollars, written the way the user's language
 * writes money in Canada. The sign is the plain `$`: every Rota business is Canadian,
 * so "CA$" or "CAD" would only add noise.
 * @example
 * formatMoney(123450, 'en') // '$1,234.50'
 * formatMoney(123450, 'fr') // '1 234,50 $'
 */
export function formatMoney(cents: number, locale: Locale): string {
  let format = moneyFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(`${locale}-CA`, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' })
    moneyFormats.set(locale, format)
  }
  return format.format(cents / 100)
}

/** One formatter per language: making one costs far more than using it (a board writes thousands of amounts). */
const moneyFormats = new Map<Locale, Intl.NumberFormat>()

/**
 * Cents as a plain dollars string with two decimals and no symbol or grouping: what a
 * rate field starts with and what a CSV export writes, so either reads back unchanged.
 * @example
 * dollarsFromCents(4550) // '45.50'
 */
export function dollarsFromCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`
}
