import { formatMoney, type Locale, type PayrollLine, type PayTotals } from '@rota/core'
import type { TFunction } from 'i18next'
import { dayText, hoursOf, takenOff } from './payroll.ts'

/** What a payslip shows, whatever renders it (the page, its print, the PDF). */
export interface PayslipData extends PayTotals {
  staff: { name: string; email: string; locale: string }
  lines: PayrollLine[]
  payroll: { number: number | null; period_start: string; period_end: string; status: string }
  business: { name: string; logo?: string | null }
}

/** A payslip as the words and amounts it shows, in one language. */
export interface PayslipText {
  business: string
  title: string
  number: string
  period: string
  person: string
  email: string
  heading: { line: string; amount: string }
  lines: { id: string; label: string; amount: string }[]
  totals: { key: 'gross' | 'reimbursements' | 'deductions' | 'net'; label: string; amount: string }[]
  note: string
}

/**
 * The words and amounts of a payslip: each line's kind with its hours and rate (or its
 * description), amounts taken off with a minus, the totals and the statutory note.
 * @example
 * payslipText(slip, i18n.getFixedT('fr', 'app'), 'fr').lines[0]?.label // 'Heures normales · 44,00 h à 25,50 $'
 */
export function payslipText(payslip: PayslipData, t: TFunction<'app'>, locale: Locale): PayslipText {
  const money = (cents: number) => formatMoney(cents, locale)
  const minus = (cents: number) => (cents > 0 ? `− ${money(cents)}` : money(0))
  const label = (line: PayrollLine) => {
    const kind = t(`payroll.kinds.${line.kind}`)
    if (line.minutes !== null && line.rate_cents !== null) {
      return `${kind} · ${t('payroll.hoursAt', { hours: hoursOf(line.minutes, locale), rate: money(line.rate_cents) })}${line.multiplier ? ` × ${line.multiplier}` : ''}`
    }
    return line.description ? `${kind} · ${line.description}` : kind
  }
  const { payroll } = payslip
  return {
    business: payslip.business.name,
    title: t('payroll.payslip'),
    number: payroll.number === null ? t('payroll.draftNumber') : t('payroll.numbered', { number: payroll.number }),
    period: t('payroll.period', { from: dayText(payroll.period_start, locale), to: dayText(payroll.period_end, locale) }),
    person: payslip.staff.name,
    email: payslip.staff.email,
    heading: { line: t('payroll.fields.line'), amount: t('payroll.fields.amount') },
    lines: payslip.lines.map((line) => ({ id: line.id, label: label(line), amount: takenOff(line) ? minus(line.amount_cents) : money(line.amount_cents) })),
    totals: [
      { key: 'gross', label: t('payroll.totals.gross'), amount: money(payslip.gross_cents) },
      { key: 'reimbursements', label: t('payroll.totals.reimbursements'), amount: money(payslip.reimbursements_cents) },
      { key: 'deductions', label: t('payroll.totals.deductions'), amount: minus(payslip.deductions_cents) },
      { key: 'net', label: t('payroll.totals.net'), amount: money(payslip.net_cents) },
    ],
    note: t('payroll.statutoryNote'),
  }
}
