import { addressLines, formatMinutes, formatMoney, LOCALES, type BusinessAddress, type Locale, type PayrollLine } from '@rota/core'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { useImageUrl } from '../../../lib/image-url.ts'
import { notify } from '../../../lib/toast.tsx'
import { fetchLogo, payslipPdf } from '../utils/payslip-pdf.ts'
import { dayText, lineDescription, takenOff } from '../utils/payroll.ts'
import type { PayslipData, PayslipText } from '../utils/payslip-rows.ts'

export type { PayslipData }

/**
 * The employer's address and phone as lines under its name, in the payslip's language: a wage
 * statement names the employer's address. None when the business has not given one.
 * @example
 * employerLines({ street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8', phone: null }, t) // ['1 Quay St', 'Toronto ON M5J 2N8']
 */
export function employerLines(address: BusinessAddress | null | undefined, t: TFunction<'app'>): string[] {
  if (!address) return []
  return [...addressLines(address), ...(address.phone ? [t('payroll.phoneLine', { phone: address.phone })] : [])]
}

/**
 * The words and amounts of a payslip: each line's kind with its hours and rate (or its
 * description), amounts taken off with a minus, the totals and the statutory note.
 * @example
 * payslipText(slip, i18n.getFixedT('fr', 'app'), 'fr').lines[0]?.label // 'Heures normales · 44 h à 25,50 $'
 */
export function payslipText(payslip: PayslipData, t: TFunction<'app'>, locale: Locale): PayslipText {
  const money = (cents: number) => formatMoney(cents, locale)
  const minus = (cents: number) => (cents > 0 ? `− ${money(cents)}` : money(0))
  const label = (line: PayrollLine) => {
    const kind = t(`payroll.kinds.${line.kind}`)
    if (line.minutes !== null && line.rate_cents !== null) {
      const times = line.multiplier ? ` × ${new Intl.NumberFormat(`${locale}-CA`, { maximumFractionDigits: 4 }).format(Number(line.multiplier))}` : ''
      return `${kind} · ${t('payroll.hoursAt', { hours: formatMinutes(line.minutes), rate: money(line.rate_cents) })}${times}`
    }
    const description = lineDescription(line, t, locale)
    return description ? `${kind} · ${description}` : kind
  }
  const { payroll } = payslip
  return {
    business: payslip.business.name,
    employer: employerLines(payslip.business.address, t),
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

/** Saves bytes as a file. */
function downloadBytes(fileName: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * One payslip, the same on screen, on paper (the print stylesheet hides the app around it)
 * and as a PDF (its button): the business with its logo, the person, the period and number, each line
 * (hours × rate, vacation pay, reimbursements, the business's own lines), and what it adds up
 * to. The business's address is under its name. Written in the person's own language (their profile's), whoever prints
 * it; statutory deductions are the payroll provider's, as it says.
 * @example
 * <PayslipDocument payslip={slip} />
 */
export function PayslipDocument({ payslip }: { payslip: PayslipData }) {
  // In the person's own language, whoever reads or prints it (their words load if they are not yet).
  const language = (LOCALES as readonly string[]).includes(payslip.staff.locale) ? (payslip.staff.locale as Locale) : undefined
  const { t, i18n } = useTranslation('app', language ? { lng: language } : {})
  const reader = useTranslation('app').t
  const logo = useImageUrl()(payslip.business.logo, 96)
  const locale = language ?? currentLocale(i18n)
  const text = payslipText(payslip, t, locale)
  const [making, setMaking] = useState(false)
  const savePdf = async () => {
    setMaking(true)
    try {
      const bytes = await payslipPdf(text, await fetchLogo(logo))
      downloadBytes(`payslip-${payslip.payroll.number ?? 'draft'}-${payslip.payroll.period_start}-${payslip.staff.name.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`, bytes, 'application/pdf')
    } catch {
      // The PDF's code and font arrive on this click: offline, they do not.
      void notify('error', reader('payroll.pdfFailed'))
    } finally {
      setMaking(false)
    }
  }
  return (
    <article lang={locale} aria-label={t('payroll.payslipOf', { name: payslip.staff.name })} className="payslip break-after-page last:break-after-auto rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
        <div className="flex items-center gap-3">
          {logo && <img src={logo} alt="" className="size-12 rounded-lg object-contain" />}
          <div>
            <p className="text-lg font-semibold text-slate-900">{text.business}</p>
            {text.employer.length > 0 && (
              <address className="text-sm text-slate-600 not-italic">
                {text.employer.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </address>
            )}
            <h2 className="text-sm text-slate-600">{text.title}</h2>
          </div>
        </div>
        <div className="text-sm text-slate-700 sm:text-right">
          <p>{text.number}</p>
          <p>{text.period}</p>
        </div>
      </header>
      <p className="mt-4 font-medium text-slate-900">{text.person}</p>
      <p className="text-sm text-slate-600">{text.email}</p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">{t('payroll.linesOf', { name: payslip.staff.name })}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 font-medium">
              {text.heading.line}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {text.heading.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {text.lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100">
              <td className="py-2 text-slate-800">{line.label}</td>
              <td className="py-2 text-right whitespace-nowrap text-slate-900">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {text.totals.map((total) => (
            <tr key={total.key} className={total.key === 'net' ? 'text-base font-semibold' : ''}>
              <th scope="row" className="py-1.5 text-left font-medium text-slate-700">
                {total.label}
              </th>
              <td className="py-1.5 text-right whitespace-nowrap">{total.amount}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p className="mt-4 text-xs text-slate-500">{text.note}</p>
      <div className="mt-4 print:hidden" lang={currentLocale(i18n) === locale ? undefined : currentLocale()}>
        <Button variant="secondary" size="sm" loading={making} onClick={() => void savePdf()}>
          {reader('payroll.pdf', { name: payslip.staff.name })}
        </Button>
      </div>
    </article>
  )
}
