import type { Payroll } from '../contract/payroll.ts'
import { neutraliseCsvCell } from './neutralise.ts'
import { hoursText } from './timesheet-export.ts'

/** The columns of a payroll export, in order: one row per person and earning type, for a payroll provider. */
export const PAYROLL_EXPORT_COLUMNS = [
  'payroll_number',
  'period_start',
  'period_end',
  'staff_id',
  'staff',
  'email',
  'type',
  'description',
  'hours',
  'minutes',
  'rate',
  'multiplier',
  'amount',
  'amount_cents',
] as const

/**
 * Cents as dollars with two places, by integer arithmetic (`123456` → `1234.56`).
 * @example
 * dollarsText(-5) // '-0.05'
 */
export function dollarsText(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const whole = Math.abs(cents)
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

const cell = (value: string | number | null) => (value === null ? '' : String(value))

/**
 * A pay run as CSV records, the header first: one record per person and earning type (hours at
 * one rate, vacation pay, a reimbursement, a bonus…), amounts positive, deductions and advances
 * as negative amounts so a provider's sum per person is the net. Text cells (names, descriptions)
 * are neutralised against formula injection; stringify them with a CSV library.
 * @example
 * payrollExportRecords(payroll)[1] // ['3', '2026-03-02', '2026-03-15', '…', 'Ana Roy', 'ana@example.com', 'regular', '', '44.00', '2640', '25.50', '', '1122.00', '112200']
 */
export function payrollExportRecords(payroll: Payroll): string[][] {
  return [
    [...PAYROLL_EXPORT_COLUMNS],
    ...payroll.people.flatMap((person) =>
      person.lines.map((line) => {
        const signed = line.kind === 'deduction' || line.kind === 'advance' ? -line.amount_cents : line.amount_cents
        // Text people typed is neutralised; the numbers Rota writes (a negative amount too) stay numbers.
        return [
          cell(payroll.number),
          payroll.period_start,
          payroll.period_end,
          person.staff.id,
          neutraliseCsvCell(person.staff.name),
          neutraliseCsvCell(person.staff.email),
          line.kind,
          neutraliseCsvCell(line.description),
          cell(line.minutes === null ? null : hoursText(line.minutes)),
          // The exact time paid: the amount is on the minutes, and hours to the hundredth times the rate may differ by cents.
          cell(line.minutes),
          cell(line.rate_cents === null ? null : dollarsText(line.rate_cents)),
          cell(line.multiplier),
          dollarsText(signed),
          String(signed),
        ]
      }),
    ),
  ]
}
