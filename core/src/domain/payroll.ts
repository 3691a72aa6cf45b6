import type { Cents } from '../contract/service.ts'
import { lineAmount, percentOf, type Decimal } from './money.ts'
import type { HoursSplit } from './overtime.ts'
import type { OvertimeRule } from './overtime-rules.ts'

/**
 * Vacation pay when the business sets none: 4 % of gross, the minimum for most employees in
 * most provinces in their first years (some pay more, e.g. Saskatchewan's 3/52; a business
 * sets its own percentage in settings).
 */
export const defaultVacationPayPercent: Decimal = '4'

/** Gross earnings of one staff member at one hourly rate, one rounded amount per pay line. */
export interface Earnings {
  regular: Cents
  overtime: Cents
  doubleTime: Cents
  /** `regular + overtime + doubleTime`. */
  gross: Cents
}

/**
 * What minutes split by {@link splitOvertime} earn at an hourly rate: each kind of pay is one
 * payslip line rounded once, half up, on its total minutes (sum the minutes of a pay period
 * first, then call this, so a payslip adds up the same way an invoice does).
 * @example
 * earnings({ regularMinutes: 2400, overtimeMinutes: 90, doubleTimeMinutes: 0 }, 2550, { multiplier: '1.5', doubleTimeMultiplier: '2' })
 * // { regular: 102000, overtime: 5738, doubleTime: 0, gross: 107738 }  (90 min × $25.50 × 1.5 = $57.375)
 */
export function earnings(
  hours: HoursSplit,
  rateCentsPerHour: Cents,
  rule: Pick<OvertimeRule, 'multiplier' | 'doubleTimeMultiplier'>,
): Earnings {
  const regular = lineAmount(hours.regularMinutes, rateCentsPerHour)
  const overtime = lineAmount(hours.overtimeMinutes, rateCentsPerHour, rule.multiplier)
  const doubleTime = lineAmount(hours.doubleTimeMinutes, rateCentsPerHour, rule.doubleTimeMultiplier)
  return { regular, overtime, doubleTime, gross: regular + overtime + doubleTime }
}

/**
 * Vacation pay on gross earnings, rounded once, half up.
 * @example
 * vacationPay(107738)        // 4310 (4 % of $1,077.38 = $43.0952)
 * vacationPay(107738, '6')   // 6464
 */
export function vacationPay(grossCents: Cents, percent: Decimal = defaultVacationPayPercent): Cents {
  return percentOf(grossCents, percent)
}
