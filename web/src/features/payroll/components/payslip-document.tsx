import { formatMoney, LOCALES, type Locale, type PayrollLine, type PayTotals } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../../lib/i18n.ts'
import { dayText, hoursOf, takenOff } from '../utils/payroll.ts'

export interface PayslipData extends PayTotals {
  staff: { name: string; email: string; locale: string }
  lines: PayrollLine[]
  payroll: { number: number | null; period_start: string; period_end: string; status: string }
  business: { name: string }
}

/**
 * One payslip, the same on screen and on paper (the print stylesheet hides the app around it):
 * the business, the person, the period and number, each line (hours × rate, vacation pay,
 * reimbursements, the business's own lines), and what it adds up to. Written in the person's
 * own language (their profile's), whoever prints it; statutory deductions are the payroll provider's, as it says.
 * @example
 * <PayslipDocument payslip={slip} />
 */
export function PayslipDocument({ payslip }: { payslip: PayslipData }) {
  // In the person's own language, whoever reads or prints it (their words load if they are not yet).
  const language = (LOCALES as readonly string[]).includes(payslip.staff.locale) ? (payslip.staff.locale as Locale) : undefined
  const { t, i18n } = useTranslation('app', language ? { lng: language } : {})
  const locale = language ?? currentLocale(i18n)
  const money = (cents: number) => formatMoney(cents, locale)
  const { payroll } = payslip
  const label = (line: PayrollLine) => {
    const kind = t(`payroll.kinds.${line.kind}`)
    if (line.minutes !== null && line.rate_cents !== null) {
      const rate = money(line.rate_cents)
      return `${kind} · ${t('payroll.hoursAt', { hours: hoursOf(line.minutes, locale), rate })}${line.multiplier ? ` × ${line.multiplier}` : ''}`
    }
    return line.description ? `${kind} · ${line.description}` : kind
  }
  return (
    <article lang={locale} aria-label={t('payroll.payslipOf', { name: payslip.staff.name })} className="payslip break-after-page rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <p className="text-lg font-semibold text-slate-900">{payslip.business.name}</p>
          <h2 className="text-sm text-slate-600">{t('payroll.payslip')}</h2>
        </div>
        <dl className="text-right text-sm text-slate-700">
          <dt className="sr-only">{t('payroll.fields.number')}</dt>
          <dd>{payroll.number === null ? t('payroll.draftNumber') : t('payroll.numbered', { number: payroll.number })}</dd>
          <dt className="sr-only">{t('payroll.fields.period')}</dt>
          <dd>{t('payroll.period', { from: dayText(payroll.period_start, locale), to: dayText(payroll.period_end, locale) })}</dd>
        </dl>
      </header>
      <p className="mt-4 font-medium text-slate-900">{payslip.staff.name}</p>
      <p className="text-sm text-slate-600">{payslip.staff.email}</p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">{t('payroll.linesOf', { name: payslip.staff.name })}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 font-medium">
              {t('payroll.fields.line')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('payroll.fields.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {payslip.lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100">
              <td className="py-2 text-slate-800">{label(line)}</td>
              <td className="py-2 text-right whitespace-nowrap text-slate-900">{takenOff(line) ? `− ${money(line.amount_cents)}` : money(line.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {(
            [
              ['gross', payslip.gross_cents],
              ['reimbursements', payslip.reimbursements_cents],
              ['deductions', -payslip.deductions_cents],
              ['net', payslip.net_cents],
            ] as const
          ).map(([key, cents]) => (
            <tr key={key} className={key === 'net' ? 'text-base font-semibold' : ''}>
              <th scope="row" className="py-1.5 text-left font-medium text-slate-700">
                {t(`payroll.totals.${key}`)}
              </th>
              <td className="py-1.5 text-right whitespace-nowrap">{cents < 0 ? `− ${money(-cents)}` : money(Math.abs(cents))}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p className="mt-4 text-xs text-slate-500">{t('payroll.statutoryNote')}</p>
    </article>
  )
}
