import { formatMoney, type FigureUnit, type Locale } from '@rota/core'
import { formatMinutes } from '../../../lib/format.ts'

/**
 * A figure as people read it: minutes as hours and minutes, cents as dollars.
 * @example
 * figureText(450, 'minutes', 'en') // '7 h 30 min'
 */
export function figureText(value: number, unit: FigureUnit, locale: Locale): string {
  return unit === 'cents' ? formatMoney(value, locale) : formatMinutes(value)
}

/**
 * The change from last week to this one in whole percent, or null when last week had none;
 * measured against last week's size, so that a loss that shrinks (a margin of −$1,530 then
 * −$169) is a rise, as it is.
 * @example
 * percentChange(120, 100) // 20
 * percentChange(-16_875, -153_000) // 89
 */
export function percentChange(thisWeek: number, lastWeek: number): number | null {
  if (lastWeek === 0) return null
  return Math.round(((thisWeek - lastWeek) / Math.abs(lastWeek)) * 100)
}

/**
 * A round top for a chart's axis, at or above the largest value: 1, 2 or 5 times a power of ten.
 * @example
 * niceCeiling(1730) // 2000
 */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value)!
  return step * power
}
