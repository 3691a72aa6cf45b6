import { formatMoney, MANUAL_LINE_KINDS, parseDollars, payrollExportRecords, type ManualLineBody, type Payroll } from '@rota/core'
import { stringify } from 'csv-stringify/browser/esm/sync'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { downloadText } from '../../../lib/download.ts'
import { errorText } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useDeletePayroll, usePayroll, usePayrollEvent, useRecalculatePayroll, useUpdatePayroll } from '../api/payrolls.ts'
import { dayText, hoursOf, lineDescription, takenOff } from '../utils/payroll.ts'
import { PayrollNotes } from './payroll-notes.tsx'

/** Of a person's regular minutes, those worked on a statutory holiday (paid at its premium). */
const holidayMinutes = (person: Payroll['people'][number]) => person.lines.reduce((sum, line) => sum + (line.kind === 'holiday' ? (line.minutes ?? 0) : 0), 0)

/**
 * One pay run on its own page (`/finances/payrolls/edit/{id}`): its period, number and status
 * with the events the reader may send (approve, mark paid), who has hours still waiting for
 * approval (each a link to the timesheet), each person's lines and totals, the business's own
 * lines (bonus, deduction, advance) added or removed while it is a draft, its notes, counting
 * it again, the payslips to print and the CSV for a payroll provider.
 */
export function PayrollEditor({ id }: { id: string }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const payroll = usePayroll(id)
  const send = usePayrollEvent()
  const recalc = useRecalculatePayroll()
  const remove = useDeletePayroll()
  const [, navigate] = useLocation()
  const clerk = useCan('payrolls', 'update')
  const canDelete = useCan('payrolls', 'delete')
  const [problem, setProblem] = useState<string | null>(null)
  if (payroll.isError) return <Alert tone="error" title={t('payroll.unavailable')}>{errorText(payroll.error)}</Alert>
  if (!payroll.data) return <Spinner label={t('payroll.loading')} />
  const run = payroll.data
  const money = (cents: number) => formatMoney(cents, locale)
  const draft = run.status === 'draft'
  const act = async (work: () => Promise<unknown>) => {
    setProblem(null)
    try {
      await work()
    } catch (error) {
      setProblem(errorText(error))
    }
  }
  const exportCsv = () => downloadText(`payroll-${run.number ?? 'draft'}-${run.period_start}.csv`, `\uFEFF${stringify(payrollExportRecords(run), { record_delimiter: 'windows' })}`, 'text/csv;charset=utf-8')

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('payroll.period', { from: dayText(run.period_start, locale), to: dayText(run.period_end, locale) })}</h2>
        <StatusBadge lifecycle="payroll" status={run.status} />
        {run.number !== null && <span className="text-sm text-slate-600">{t('payroll.numbered', { number: run.number })}</span>}
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <RecordActions
          allowed={[...run.allowed_events, ...(draft && canDelete ? ['delete'] : [])]}
          options={{
            'payroll.approve': { tone: 'primary', confirm: { title: t('payroll.approveTitle'), text: t('payroll.approveText', { count: run.people_count }) } },
            'payroll.pay': { tone: 'primary', confirm: { title: t('payroll.payTitle'), text: t('payroll.payText') } },
            delete: { confirm: { title: t('payroll.deleteTitle'), text: t('payroll.deleteText'), confirmLabel: t('payroll.deleteDraft') } },
          }}
          onReload={() => void payroll.refetch()}
          send={async (type) => {
            if (type !== 'delete') return send.mutateAsync({ id: run.id, body: { type: type as 'payroll.approve', version: run.version } })
            await remove.mutateAsync(run.id)
            navigate(paths.payrolls.href())
          }}
        />
        {draft && clerk && (
          <Button variant="secondary" size="sm" loading={recalc.isPending} onClick={() => void act(() => recalc.mutateAsync({ id: run.id, version: run.version }))}>
            {t('payroll.recalculate')}
          </Button>
        )}
        <Link href={`${paths.payrollsPreview.href({ id: run.id })}`} className={buttonClass('secondary', 'sm')}>
          {t('payroll.preview')}
        </Link>
        {!draft && (
          <Button variant="secondary" size="sm" onClick={exportCsv}>
            {t('payroll.exportCsv')}
          </Button>
        )}
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      {draft && clerk && !run.allowed_events.includes('payroll.approve') && <Alert tone="info">{t('payroll.notStarted', { date: dayText(run.period_start, locale) })}</Alert>}
      {draft && run.unapproved.length > 0 && (
        <Alert tone="warning" title={t('payroll.unapprovedTitle')}>
          <p>{t('payroll.unapprovedText')}</p>
          <ul className="mt-2 space-y-1">
            {run.unapproved.map((person) => (
              <li key={person.staff.id}>
                <span className="font-medium">{person.staff.name}</span>:{' '}
                {person.timesheets.map((sheet, index) => (
                  <span key={sheet.id}>
                    {index > 0 && ', '}
                    <Link href={`${paths.timesheets.href()}?id=${sheet.id}`} className="underline">
                      {t('payroll.unapprovedSheet', { date: dayText(sheet.date, locale), hours: hoursOf(sheet.paid_minutes, locale) })}
                    </Link>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <dl className="grid gap-4 sm:grid-cols-4">
        {(['gross', 'reimbursements', 'deductions', 'net'] as const).map((key) => (
          <div key={key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{t(`payroll.totals.${key}`)}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900">{money(run[`${key}_cents`])}</dd>
          </div>
        ))}
      </dl>
      {run.people.length === 0 ? (
        <p className="text-sm text-slate-600">{t('payroll.nobody')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('payroll.peopleCaption')}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                {(['person', 'hours', 'overtimeHours', 'gross', 'reimbursements', 'deductions', 'net'] as const).map((key) => (
                  <th key={key} scope="col" className={`px-4 py-2 font-medium ${key === 'person' ? '' : 'text-right'}`}>
                    {t(`payroll.columns.${key}`)}
                  </th>
                ))}
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">{t('payroll.payslip')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {run.people.map((person) => (
                <tr key={person.staff.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                    {person.staff.name}
                    <ul className="mt-1 space-y-0.5 text-xs font-normal text-slate-600">
                      {person.lines.map((line) => (
                        <li key={line.id}>
                          {t(`payroll.kinds.${line.kind}`)}
                          {line.description ? ` · ${lineDescription(line, t, locale)}` : ''}: {takenOff(line) ? '− ' : ''}
                          {money(line.amount_cents)}
                        </li>
                      ))}
                    </ul>
                  </th>
                  <td className="px-4 py-2 text-right">
                    {hoursOf(person.regular_minutes, locale)}
                    {holidayMinutes(person) > 0 && <span className="block text-xs text-slate-600">{t('payroll.onHoliday', { hours: hoursOf(holidayMinutes(person), locale) })}</span>}
                  </td>
                  <td className="px-4 py-2 text-right">{hoursOf(person.overtime_minutes + person.double_time_minutes, locale)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">{money(person.gross_cents)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">{money(person.reimbursements_cents)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">{money(person.deductions_cents)}</td>
                  <td className={`px-4 py-2 text-right font-semibold whitespace-nowrap ${person.net_cents < 0 ? 'text-red-700' : ''}`}>
                    {money(person.net_cents)}
                    {/* Said now, not only when approving is refused. */}
                    {person.net_cents < 0 && <span className="block text-xs font-normal whitespace-normal">{t('payroll.belowZero')}</span>}
                  </td>
                  <td className="px-4 py-2">
                    <Link href={`${paths.payrollsPreview.href({ id: run.id })}?staff=${person.staff.id}`} className="text-primary-700 underline">
                      {t('payroll.payslip')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {draft && clerk && <ManualLines payroll={run} />}
      <PayrollNotes key={run.id} payroll={run} editable={draft && clerk} />
    </div>
  )
}

/** The business's own lines of a draft: listed, removed, or added for anyone in the run. */
function ManualLines({ payroll }: { payroll: Payroll }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const update = useUpdatePayroll()
  const [error, setError] = useState<string | null>(null)
  const current: ManualLineBody[] = payroll.people.flatMap((person) =>
    person.lines.filter((line) => line.manual).map((line) => ({ staff_id: person.staff.id, kind: line.kind as ManualLineBody['kind'], description: line.description, amount_cents: line.amount_cents })),
  )
  const save = async (lines: ManualLineBody[]) => {
    setError(null)
    try {
      await update.mutateAsync({ id: payroll.id, version: payroll.version, manual_lines: lines })
      return true
    } catch (refusal) {
      setError(errorText(refusal))
      return false
    }
  }
  const nameOf = (staffId: string) => payroll.people.find((person) => person.staff.id === staffId)?.staff.name ?? ''
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const cents = parseDollars(String(data.get('amount') ?? ''), locale)
    const description = String(data.get('description') ?? '').trim()
    if (cents === null || cents <= 0 || description === '') {
      setError(t('payroll.manual.invalid'))
      return
    }
    const line = { staff_id: String(data.get('staff_id')), kind: String(data.get('kind')) as ManualLineBody['kind'], description, amount_cents: cents }
    if (await save([...current, line])) form.reset()
  }
  return (
    <Panel title={t('payroll.manual.title')} description={t('payroll.manual.hint')}>
      {current.length > 0 && (
        <ul className="mb-4 divide-y divide-slate-100">
          {current.map((line, index) => (
            <li key={`${line.staff_id}-${index}`} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                {nameOf(line.staff_id)} · {t(`payroll.kinds.${line.kind}`)} · {line.description}: {formatMoney(line.amount_cents, locale)}
              </span>
              <Button variant="secondary" size="sm" onClick={() => void save(current.filter((_, other) => other !== index))}>
                {t('payroll.manual.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} className="grid items-end gap-3 sm:grid-cols-5" noValidate>
        <SelectField name="staff_id" label={t('payroll.manual.person')} options={payroll.people.map((person) => ({ value: person.staff.id, label: person.staff.name }))} />
        <SelectField name="kind" label={t('payroll.manual.kind')} options={MANUAL_LINE_KINDS.map((kind) => ({ value: kind, label: t(`payroll.kinds.${kind}`) }))} />
        <TextField name="description" label={t('payroll.manual.description')} />
        <TextField name="amount" inputMode="decimal" label={t('payroll.manual.amount')} />
        <Button type="submit" loading={update.isPending}>
          {t('payroll.manual.add')}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </Panel>
  )
}
