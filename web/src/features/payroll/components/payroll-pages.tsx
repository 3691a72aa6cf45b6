import { businessAddress, formatMoney, localDateOf } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearch } from 'wouter'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { errorText } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { useCreatePayroll, useMyPayslips, usePayroll, usePayslip } from '../api/payrolls.ts'
import { dayText, periodOf } from '../utils/payroll.ts'
import { PayslipDocument } from './payslip-document.tsx'

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Starting a pay run: a day picks the pay period under the business's schedule (the last
 * period that ended, to begin with), shown before anything is made; creating it counts the
 * draft and opens it, where who is included and who is not (hours waiting) is listed.
 */
export function NewPayroll() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const settings = useSession((state) => state.context.settings)
  const create = useCreatePayroll()
  const [, navigate] = useLocation()
  const [problem, setProblem] = useState<string | null>(null)
  // Today on the business's clock, not UTC's (already tomorrow on a Canadian evening).
  const today = localDateOf(new Date(), settings?.timezone ?? 'America/Toronto')
  const [date, setDate] = useState(() => (settings ? addDays(periodOf(today, settings).firstDay, -1) : today))
  if (!settings) return <Spinner />
  const period = /^\d{4}-\d{2}-\d{2}$/.test(date) ? periodOf(date, settings) : null
  return (
    <Panel title={t('payroll.new.title')} description={t(`payroll.new.schedule.${settings.pay_frequency}`)}>
      <div className="space-y-4">
        <TextField name="date" type="date" label={t('payroll.new.day')} value={date} onChange={(event) => setDate(event.target.value)} />
        {period && <p className="text-sm text-slate-700">{t('payroll.new.pays', { from: dayText(period.firstDay, locale), to: dayText(period.lastDay, locale) })}</p>}
        {problem && <Alert tone="error">{problem}</Alert>}
        <Button
          disabled={!period}
          loading={create.isPending}
          onClick={async () => {
            setProblem(null)
            try {
              const payroll = await create.mutateAsync(date)
              navigate(paths.payrollsEdit.href({ id: payroll.id }))
            } catch (error) {
              setProblem(errorText(error))
            }
          }}
        >
          {t('payroll.new.create')}
        </Button>
      </div>
    </Panel>
  )
}

/** Every payslip of a run to read and print (`?staff=` for one person's). */
export function PayrollPreview({ id }: { id: string }) {
  const { t } = useTranslation('app')
  const payroll = usePayroll(id)
  const staff = new URLSearchParams(useSearch()).get('staff')
  const business = useSession((state) => state.context.settings)
  if (payroll.isError) return <Alert tone="error" title={t('payroll.unavailable')}>{errorText(payroll.error)}</Alert>
  if (!payroll.data) return <Spinner label={t('payroll.loading')} />
  const run = payroll.data
  const people = run.people.filter((person) => !staff || person.staff.id === staff)
  return (
    <div className="space-y-6">
      <div className="flex gap-2 print:hidden">
        <Link href={paths.payrollsEdit.href({ id })} className={buttonClass('secondary', 'sm')}>
          {t('payroll.back')}
        </Link>
        <Button size="sm" onClick={() => window.print()}>
          {t('payroll.print')}
        </Button>
      </div>
      {people.map((person) => (
        <PayslipDocument key={person.staff.id} payslip={{ ...person, payroll: run, business: { name: business?.business_name ?? '', logo: business?.business_logo ?? null, address: business ? businessAddress(business) : null } }} />
      ))}
    </div>
  )
}

/** One payslip of the reader's own (`/profile/payslips/{payroll id}`), to read and print. */
export function MyPayslip({ id }: { id: string }) {
  const { t } = useTranslation('app')
  const me = useSession((state) => state.context.user?.id) ?? ''
  const payslip = usePayslip(id, me)
  if (payslip.isError) return <Alert tone="error" title={t('payroll.payslipUnavailable')}>{errorText(payslip.error)}</Alert>
  if (!payslip.data) return <Spinner label={t('payroll.loading')} />
  return (
    <div className="space-y-4">
      <div className="flex gap-2 print:hidden">
        <Link href={paths.payslips.href()} className={buttonClass('secondary', 'sm')}>
          {t('payroll.myPayslips')}
        </Link>
        <Button size="sm" onClick={() => window.print()}>
          {t('payroll.print')}
        </Button>
      </div>
      <PayslipDocument payslip={payslip.data} />
    </div>
  )
}

/** The reader's payslips of approved and paid runs, newest first. */
export function MyPayslips() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const [page] = useState(1)
  const slips = useMyPayslips(page)
  if (slips.isError) return <Alert tone="error" title={t('payroll.payslipUnavailable')}>{errorText(slips.error)}</Alert>
  if (!slips.data) return <Spinner label={t('payroll.loading')} />
  if (slips.data.rows.length === 0) return <p className="text-sm text-slate-600">{t('payroll.noPayslips')}</p>
  return (
    <ul aria-label={t('payroll.myPayslips')} className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {slips.data.rows.map((slip) => (
        <li key={slip.payroll_id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link href={paths.payslip.href({ id: slip.payroll_id })} className="font-medium text-primary-700 hover:underline">
            {t('payroll.period', { from: dayText(slip.period_start, locale), to: dayText(slip.period_end, locale) })}
          </Link>
          <span className="text-sm text-slate-700">{t('payroll.netPay', { amount: formatMoney(slip.net_cents, locale) })}</span>
        </li>
      ))}
    </ul>
  )
}
