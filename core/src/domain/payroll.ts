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

/** Worked minutes of one person paid at one rate and one pair of multipliers. */
export interface PaidHours {
  rateCentsPerHour: Cents
  multiplier: Decimal
  doubleTimeMultiplier: Decimal
  regularMinutes: number
  overtimeMinutes: number
  doubleTimeMinutes: number
}

/**
 * Adds approved minutes to `lines`, the worked hours a pay run pays, kept apart by pay rate and
 * overtime multipliers (the rule of the day they were worked): one line for each rate and pair.
 * @example
 * const lines = new Map<string, PaidHours>()
 * addPaidHours(lines, 3000, overtimeRuleOn({ jurisdiction: 'ON' }, '2026-03-09'), { regular_minutes: 480, overtime_minutes: 60, double_time_minutes: 0 })
 */
export function addPaidHours(
  lines: Map<string, PaidHours>,
  rateCentsPerHour: Cents,
  rule: Pick<OvertimeRule, 'multiplier' | 'doubleTimeMultiplier'>,
  minutes: { regular_minutes: number; overtime_minutes: number; double_time_minutes: number },
): void {
  const key = `${rateCentsPerHour}/${rule.multiplier}/${rule.doubleTimeMultiplier}`
  let line = lines.get(key)
  if (!line) {
    line = { rateCentsPerHour, multiplier: rule.multiplier, doubleTimeMultiplier: rule.doubleTimeMultiplier, regularMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 0 }
    lines.set(key, line)
  }
  line.regularMinutes += minutes.regular_minutes
  line.overtimeMinutes += minutes.overtime_minutes
  line.doubleTimeMinutes += minutes.double_time_minutes
}

/** A line of a payslip as the calculation makes it (core's PAYROLL_LINE_KINDS). */
export interface PayLine {
  kind: 'regular' | 'overtime' | 'double_time' | 'vacation_pay' | 'reimbursement' | 'bonus' | 'deduction' | 'advance'
  description: string
  minutes: number | null
  rateCents: Cents | null
  multiplier: Decimal | null
  amountCents: Cents
  expenseId: string | null
  manual: boolean
}

/** What a payslip adds up to. */
export interface PayslipTotals {
  regularMinutes: number
  overtimeMinutes: number
  doubleTimeMinutes: number
  grossCents: Cents
  overtimeCents: Cents
  reimbursementsCents: Cents
  deductionsCents: Cents
  netCents: Cents
}

export interface PayslipInput {
  hours: readonly PaidHours[]
  /** Vacation pay as a percentage of the hours' earnings. */
  vacationPayPercent: Decimal
  reimbursements: readonly { expenseId: string; description: string; cents: Cents }[]
  /** The business's own lines: a bonus adds to gross, a deduction or an advance is taken off. */
  manual: readonly { kind: 'bonus' | 'deduction' | 'advance'; description: string; cents: Cents }[]
}

const EARNINGS = new Set<PayLine['kind']>(['regular', 'overtime', 'double_time', 'vacation_pay', 'bonus'])
const TAKEN_OFF = new Set<PayLine['kind']>(['deduction', 'advance'])

/**
 * The totals of payslip lines: gross = hours, vacation pay and bonuses; net = gross +
 * reimbursements − deductions and advances (before the statutory deductions a payroll provider
 * makes, DESIGN.md §9). Sums of rounded lines, so a payslip always adds up.
 */
export function payslipTotals(lines: readonly PayLine[]): PayslipTotals {
  const sum = (test: (line: PayLine) => boolean) => lines.filter(test).reduce((total, line) => total + line.amountCents, 0)
  const minutes = (kind: PayLine['kind']) => lines.filter((line) => line.kind === kind).reduce((total, line) => total + (line.minutes ?? 0), 0)
  const grossCents = sum((line) => EARNINGS.has(line.kind))
  const reimbursementsCents = sum((line) => line.kind === 'reimbursement')
  const deductionsCents = sum((line) => TAKEN_OFF.has(line.kind))
  return {
    regularMinutes: minutes('regular'),
    overtimeMinutes: minutes('overtime'),
    doubleTimeMinutes: minutes('double_time'),
    grossCents,
    overtimeCents: sum((line) => line.kind === 'overtime' || line.kind === 'double_time'),
    reimbursementsCents,
    deductionsCents,
    netCents: grossCents + reimbursementsCents - deductionsCents,
  }
}

/**
 * One person's payslip lines for a pay period: for each rate, regular, overtime and double-time
 * minutes × the rate (× the multiplier), each rounded once; vacation pay on those earnings;
 * the approved expenses reimbursed; the business's own lines.
 * @example
 * payslipLines({ hours: [{ rateCentsPerHour: 2550, multiplier: '1.5', doubleTimeMultiplier: '2', regularMinutes: 2400, overtimeMinutes: 90, doubleTimeMinutes: 0 }],
 *   vacationPayPercent: '4', reimbursements: [], manual: [] }).map((line) => line.amountCents)
 * // [102000, 5738, 4310]
 */
export function payslipLines(input: PayslipInput): PayLine[] {
  const lines: PayLine[] = []
  const hourLine = (kind: 'regular' | 'overtime' | 'double_time', minutes: number, rate: Cents, multiplier: Decimal | null): void => {
    if (minutes === 0) return
    lines.push({ kind, description: '', minutes, rateCents: rate, multiplier, amountCents: lineAmount(minutes, rate, multiplier ?? '1'), expenseId: null, manual: false })
  }
  const ordered = [...input.hours].sort((a, b) => a.rateCentsPerHour - b.rateCentsPerHour || a.multiplier.localeCompare(b.multiplier))
  for (const hours of ordered) {
    hourLine('regular', hours.regularMinutes, hours.rateCentsPerHour, null)
    hourLine('overtime', hours.overtimeMinutes, hours.rateCentsPerHour, hours.multiplier)
    hourLine('double_time', hours.doubleTimeMinutes, hours.rateCentsPerHour, hours.doubleTimeMultiplier)
  }
  const worked = lines.reduce((total, line) => total + line.amountCents, 0)
  const vacation = vacationPay(worked, input.vacationPayPercent)
  if (vacation > 0) {
    lines.push({ kind: 'vacation_pay', description: `${input.vacationPayPercent} %`, minutes: null, rateCents: null, multiplier: null, amountCents: vacation, expenseId: null, manual: false })
  }
  for (const item of input.reimbursements) {
    lines.push({ kind: 'reimbursement', description: item.description, minutes: null, rateCents: null, multiplier: null, amountCents: item.cents, expenseId: item.expenseId, manual: false })
  }
  for (const item of input.manual) {
    lines.push({ kind: item.kind, description: item.description, minutes: null, rateCents: null, multiplier: null, amountCents: item.cents, expenseId: null, manual: true })
  }
  return lines
}
