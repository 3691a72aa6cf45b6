import type { Cents } from '../contract/service.ts'
import type { LocalDate } from './local-date.ts'
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

/** Worked minutes of one person paid at one rate and one set of multipliers. */
export interface PaidHours {
  rateCentsPerHour: Cents
  multiplier: Decimal
  doubleTimeMultiplier: Decimal
  /** What regular minutes worked on a statutory holiday are paid, × the rate (core's holiday pay rules). */
  holidayMultiplier: Decimal
  regularMinutes: number
  /** Regular minutes worked on a statutory holiday, paid at `holidayMultiplier`. */
  holidayMinutes: number
  overtimeMinutes: number
  doubleTimeMinutes: number
}

/**
 * Adds approved minutes to `lines`, the worked hours a pay run pays, kept apart by pay rate and
 * multipliers (the rules of the day they were worked): one line for each rate and set. Worked on
 * a statutory holiday (`holidayMultiplier` given, other than 1), the regular minutes are paid at
 * the holiday's premium; overtime and double time stay as they are.
 * @example
 * const lines = new Map<string, PaidHours>()
 * addPaidHours(lines, 3000, overtimeRuleOn({ jurisdiction: 'ON' }, '2026-03-09'), { regular_minutes: 480, overtime_minutes: 60, double_time_minutes: 0 })
 * addPaidHours(lines, 3000, overtimeRuleOn({ jurisdiction: 'ON' }, '2026-09-07'), { regular_minutes: 480, overtime_minutes: 0, double_time_minutes: 0 }, '1.5') // Labour Day
 */
export function addPaidHours(
  lines: Map<string, PaidHours>,
  rateCentsPerHour: Cents,
  rule: Pick<OvertimeRule, 'multiplier' | 'doubleTimeMultiplier'>,
  minutes: { regular_minutes: number; overtime_minutes: number; double_time_minutes: number },
  holidayMultiplier?: Decimal,
): void {
  const onHoliday = holidayMultiplier !== undefined && holidayMultiplier !== '1'
  const holiday = onHoliday ? holidayMultiplier : '1'
  const key = `${rateCentsPerHour}/${rule.multiplier}/${rule.doubleTimeMultiplier}/${holiday}`
  let line = lines.get(key)
  if (!line) {
    line = {
      rateCentsPerHour,
      multiplier: rule.multiplier,
      doubleTimeMultiplier: rule.doubleTimeMultiplier,
      holidayMultiplier: holiday,
      regularMinutes: 0,
      holidayMinutes: 0,
      overtimeMinutes: 0,
      doubleTimeMinutes: 0,
    }
    lines.set(key, line)
  }
  if (onHoliday) line.holidayMinutes += minutes.regular_minutes
  else line.regularMinutes += minutes.regular_minutes
  line.overtimeMinutes += minutes.overtime_minutes
  line.doubleTimeMinutes += minutes.double_time_minutes
}

/** A line of a payslip as the calculation makes it (core's PAYROLL_LINE_KINDS). */
export interface PayLine {
  kind: 'regular' | 'holiday' | 'overtime' | 'double_time' | 'holiday_pay' | 'vacation_pay' | 'reimbursement' | 'bonus' | 'deduction' | 'advance'
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
  /** Regular minutes, those worked on a statutory holiday included. */
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
  /** Statutory holidays of the period the person is owed a day's pay for (core's holidayPay). */
  holidayPay?: readonly { date: LocalDate; key: string; cents: Cents }[]
  reimbursements: readonly { expenseId: string; description: string; cents: Cents }[]
  /** The business's own lines: a bonus adds to gross, a deduction or an advance is taken off. */
  manual: readonly { kind: 'bonus' | 'deduction' | 'advance'; description: string; cents: Cents }[]
}

const EARNINGS = new Set<PayLine['kind']>(['regular', 'holiday', 'overtime', 'double_time', 'holiday_pay', 'vacation_pay', 'bonus'])
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
    regularMinutes: minutes('regular') + minutes('holiday'),
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
 * One person's payslip lines for a pay period: for each rate, regular, holiday, overtime and
 * double-time minutes × the rate (× the multiplier), each rounded once; each statutory holiday's
 * pay; vacation pay on those earnings; the approved expenses reimbursed; the business's own lines.
 * @example
 * payslipLines({ hours: [{ rateCentsPerHour: 2550, multiplier: '1.5', doubleTimeMultiplier: '2', regularMinutes: 2400, overtimeMinutes: 90, doubleTimeMinutes: 0 }],
 *   vacationPayPercent: '4', reimbursements: [], manual: [] }).map((line) => line.amountCents)
 * // [102000, 5738, 4310]
 */
export function payslipLines(input: PayslipInput): PayLine[] {
  const lines: PayLine[] = []
  const hourLine = (kind: 'regular' | 'holiday' | 'overtime' | 'double_time', minutes: number, rate: Cents, multiplier: Decimal | null): void => {
    if (minutes === 0) return
    lines.push({ kind, description: '', minutes, rateCents: rate, multiplier, amountCents: lineAmount(minutes, rate, multiplier ?? '1'), expenseId: null, manual: false })
  }
  const ordered = [...input.hours].sort(
    (a, b) => a.rateCentsPerHour - b.rateCentsPerHour || a.multiplier.localeCompare(b.multiplier) || a.holidayMultiplier.localeCompare(b.holidayMultiplier),
  )
  for (const hours of ordered) {
    hourLine('regular', hours.regularMinutes, hours.rateCentsPerHour, null)
    hourLine('holiday', hours.holidayMinutes, hours.rateCentsPerHour, hours.holidayMultiplier)
    hourLine('overtime', hours.overtimeMinutes, hours.rateCentsPerHour, hours.multiplier)
    hourLine('double_time', hours.doubleTimeMinutes, hours.rateCentsPerHour, hours.doubleTimeMultiplier)
  }
  for (const day of [...(input.holidayPay ?? [])].sort((a, b) => a.date.localeCompare(b.date))) {
    if (day.cents <= 0) continue
    lines.push({ kind: 'holiday_pay', description: `${day.date} ${day.key}`, minutes: null, rateCents: null, multiplier: null, amountCents: day.cents, expenseId: null, manual: false })
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
