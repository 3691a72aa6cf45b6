import { dollarsText, neutraliseCsvCell, payPeriodContaining, weekStartFor, type HolidayKey, type PayPeriod, type PaySchedule, type PayrollLine, type PayrollMargin, type PayrollReport, type Settings } from '@rota/core'
import type { TFunction } from 'i18next'

/** The business's pay schedule from its settings, as the server reads it. */
export function payScheduleOf(settings: Pick<Settings, 'pay_frequency' | 'pay_anchor' | 'locale' | 'week_start'>): PaySchedule {
  switch (settings.pay_frequency) {
    case 'weekly':
      return { frequency: 'weekly', weekStart: weekStartFor(settings.locale, settings.week_start) }
    case 'biweekly':
      return { frequency: 'biweekly', anchor: settings.pay_anchor }
    default:
      return { frequency: settings.pay_frequency }
  }
}

/**
 * The pay period holding a day under the business's schedule (what `POST /payroll` will pay).
 * @example
 * periodOf('2026-03-09', settings).firstDay // '2026-03-02' (bi-weekly from 2026-01-05)
 */
export function periodOf(date: string, settings: Pick<Settings, 'pay_frequency' | 'pay_anchor' | 'locale' | 'week_start' | 'timezone'>): PayPeriod {
  return payPeriodContaining(date, payScheduleOf(settings), settings.timezone)
}

/** A local day written the reader's way. */
export function dayText(date: string, locale: string): string {
  return new Intl.DateTimeFormat(`${locale}-CA`, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}

/** Minutes as hours with two decimals, the reader's way (`2640` → `44.00`). */
export function hoursOf(minutes: number, locale: string): string {
  return new Intl.NumberFormat(`${locale}-CA`, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minutes / 60)
}

/**
 * What a line says beside its kind: a statutory holiday's pay names the holiday and its day in
 * the reader's language (the line keeps them as `2026-09-07 labour_day`); any other line its description.
 * @example
 * lineDescription({ kind: 'holiday_pay', description: '2026-09-07 labour_day' }, t, 'fr') // 'Fête du Travail, 7 sept. 2026'
 */
export function lineDescription(line: Pick<PayrollLine, 'kind' | 'description'>, t: TFunction<'app'>, locale: string): string {
  const holiday = line.kind === 'holiday_pay' ? /^(\d{4}-\d{2}-\d{2}) ([a-z_]+)$/.exec(line.description) : null
  if (!holiday) return line.description
  return `${t(`holidays.${holiday[2] as HolidayKey}`)}, ${dayText(holiday[1]!, locale)}`
}

/** Whether a line is taken off the pay (shown with a minus). */
export const takenOff = (line: Pick<PayrollLine, 'kind'>) => line.kind === 'deduction' || line.kind === 'advance'

/** The report as CSV records (header first, the totals last), amounts as dollars with a point, names neutralised against formulas. */
export function payrollReportRecords(report: PayrollReport): string[][] {
  const figures = (row: PayrollReport['totals']) => [dollarsText(row.gross_cents), dollarsText(row.overtime_cents), dollarsText(row.reimbursements_cents), dollarsText(row.deductions_cents), dollarsText(row.net_cents)]
  return [
    ['period_start', 'period_end', 'payroll_number', 'staff_id', 'staff', 'gross', 'overtime', 'reimbursements', 'deductions', 'net'],
    ...report.rows.map((row) => [row.period_start, row.period_end, row.payroll_number === null ? '' : String(row.payroll_number), row.staff.id, neutraliseCsvCell(row.staff.name), ...figures(row)]),
    ['', '', '', '', 'total', ...figures(report.totals)],
  ]
}

/** The margin per client as CSV records (header first, the totals last): dollars with a point, hours to the hundredth, names neutralised. */
export function payrollMarginRecords(margin: PayrollMargin): string[][] {
  const figures = (row: PayrollMargin['totals']) => [(row.worked_minutes / 60).toFixed(2), dollarsText(row.labour_cents), dollarsText(row.invoiced_cents), dollarsText(row.margin_cents), row.margin_percent ?? '']
  return [
    ['client_id', 'client', 'hours_worked', 'labour', 'invoiced', 'margin', 'margin_percent'],
    ...margin.clients.map((row) => [row.client.id, neutraliseCsvCell(row.client.name), ...figures(row)]),
    ['', 'total', ...figures(margin.totals)],
  ]
}
