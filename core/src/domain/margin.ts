import type { Cents } from '../contract/service.ts'
import { divideRoundHalfUp, lineAmount } from './money.ts'
import { earnings, type PaidHours } from './payroll.ts'

/**
 * What hours cost as they are paid: for each rate and set of multipliers, regular, holiday,
 * overtime and double-time minutes × the rate (× the multiplier), one rounded amount per line
 * as on a payslip, summed. Vacation pay, bonuses and the employer's contributions are not in it.
 * @example
 * labourCost([{ rateCentsPerHour: 2000, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1', holidayMinutes: 0, regularMinutes: 2640, overtimeMinutes: 60, doubleTimeMinutes: 0 }])
 * // 91000  (44 h at $20.00 + 1 h at $30.00)
 */
export function labourCost(hours: readonly PaidHours[]): Cents {
  return hours.reduce((total, line) => total + earnings(line, line.rateCentsPerHour, line).gross + lineAmount(line.holidayMinutes, line.rateCentsPerHour, line.holidayMultiplier), 0)
}

/**
 * A margin as a percentage of what was invoiced, to one decimal, half up, as exact text; null
 * when nothing was invoiced (a percentage of nothing means nothing).
 * @example
 * marginPercent(2500, 10000) // '25.0'
 * marginPercent(-1, 3)       // '-33.3'
 * marginPercent(-500, 0)     // null
 */
export function marginPercent(marginCents: Cents, invoicedCents: Cents): string | null {
  if (invoicedCents <= 0) return null
  const tenths = divideRoundHalfUp(marginCents * 1000, invoicedCents)
  const sign = tenths < 0 ? '-' : ''
  const size = Math.abs(tenths)
  return `${sign}${Math.floor(size / 10)}.${size % 10}`
}
