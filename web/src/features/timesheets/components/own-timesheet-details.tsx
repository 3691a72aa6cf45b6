import { localDateOf, localTimeOf, type Timesheet } from '@rota/core'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanelBody, RecordPanelFooter } from '../../../components/records/record-panel.tsx'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextareaField } from '../../../components/ui/form-fields.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useBusinessTimeZone } from '../../../lib/format.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useProposeCorrection } from '../api/change-timesheet.ts'
import { useReloadTimesheet } from '../api/get-timesheet.ts'
import { ProposalForm as ProposalSchema } from '../utils/timesheet-forms.ts'
import { ProposalSummary } from './proposal-summary.tsx'

interface Props {
  timesheet: Timesheet
  onDirty: (dirty: boolean) => void
  onBusy: (busy: boolean) => void
  /** What the timesheet says, above the proposal. */
  children: ReactNode
}

/**
 * The Details tab of a staff member's own timesheet: what it says (`children`), the
 * correction they proposed beside the hours counted, and, while it is pending and clocked
 * out, "Propose a correction" (or change theirs), which opens the form in its place. Focus
 * goes to the form's first field, and back to the button or to the proposal sent.
 * @example
 * <OwnTimesheetDetails timesheet={sheet} onDirty={setDirty} onBusy={setBusy}><TimesheetSummary timesheet={sheet} /></OwnTimesheetDetails>
 */
export function OwnTimesheetDetails({ timesheet, onDirty, onBusy, children }: Props) {
  const { t } = useTranslation('app')
  const [proposing, setProposing] = useState(false)
  const back = useRef<'button' | 'proposal' | null>(null)
  const body = useRef<HTMLDivElement>(null)
  const proposable = timesheet.status === 'pending' && timesheet.ended_at !== null && !timesheet.locked
  useEffect(() => {
    if (proposing || !back.current) return
    body.current?.querySelector<HTMLElement>(back.current === 'proposal' ? 'h3[tabindex]' : '[data-propose]')?.focus()
    back.current = null
  }, [proposing])
  const close = (sent: boolean) => {
    back.current = sent ? 'proposal' : 'button'
    onDirty(false)
    setProposing(false)
  }

  if (proposing) {
    return (
      <ProposalForm timesheet={timesheet} onDone={close} onDirty={onDirty} onBusy={onBusy}>
        {children}
      </ProposalForm>
    )
  }
  return (
    <RecordPanelBody>
      <div ref={body} className="space-y-5">
        {children}
        {timesheet.proposal && <ProposalSummary timesheet={timesheet} proposal={timesheet.proposal} />}
        {proposable && (
          <div className="space-y-2">
            {!timesheet.proposal && <p className="text-sm text-slate-600">{t('timesheets.proposal.invite')}</p>}
            <Button variant="secondary" data-propose onClick={() => setProposing(true)}>
              {timesheet.proposal ? t('timesheets.proposal.change') : t('timesheets.proposal.open')}
            </Button>
          </div>
        )}
      </div>
    </RecordPanelBody>
  )
}

/**
 * The proposal as the staff member types it: the day, start, end and unpaid break on the
 * business's clock (theirs proposed before, or the hours counted), and why. Field errors
 * show beside their fields; a refusal (hours overlapping others, a stale version) above them.
 */
function ProposalForm({ timesheet, onDone, onDirty, onBusy, children }: Props & { onDone: (sent: boolean) => void }) {
  const { t } = useTranslation('app')
  const timeZone = useBusinessTimeZone()
  const propose = useProposeCorrection()
  const reloadTimesheet = useReloadTimesheet()
  const [current, setCurrent] = useState(timesheet)
  const form = useZodForm(ProposalSchema, async (values) => {
    await propose.mutateAsync({ id: current.id, body: { ...values, version: current.version } })
    onDone(true)
  })
  useEffect(() => onBusy(form.pending), [form.pending, onBusy])
  const reload = async () => {
    setCurrent(await reloadTimesheet(current.id))
    form.setFormError(null)
  }
  const shown = current.proposal ?? { started_at: current.started_at, ended_at: current.ended_at ?? current.started_at, break_minutes: current.break_minutes, reason: '' }

  return (
    <form key={current.version} onSubmit={form.handleSubmit} onChange={() => onDirty(true)} noValidate>
      <RecordPanelBody>
        {children}
        <h3 className="border-t border-slate-100 pt-5 text-sm font-semibold text-slate-900">{t('timesheets.proposal.formTitle')}</h3>
        <p className="text-sm text-slate-600">{t('timesheets.proposal.hint')}</p>
        {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={() => void reload()} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="date" type="date" label={t('timesheets.fields.date')} defaultValue={localDateOf(shown.started_at, timeZone)} required autoFocus error={form.errorText('date')} />
          <TextField name="break_minutes" type="number" min={0} label={t('timesheets.fields.breakMinutes')} defaultValue={String(shown.break_minutes)} required error={form.errorText('break_minutes')} />
          <TextField name="start" type="time" label={t('timesheets.fields.start')} defaultValue={localTimeOf(shown.started_at, timeZone)} required error={form.errorText('start')} />
          <TextField name="end" type="time" label={t('timesheets.fields.end')} defaultValue={localTimeOf(shown.ended_at, timeZone)} required hint={t('timesheets.fields.endHint')} error={form.errorText('end')} />
        </div>
        <TextareaField name="reason" label={t('timesheets.proposal.why')} hint={t('timesheets.proposal.whyHint')} rows={2} required defaultValue={shown.reason} error={form.errorText('reason')} />
      </RecordPanelBody>
      <RecordPanelFooter>
        <Button variant="secondary" disabled={form.pending} onClick={() => onDone(false)}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={form.pending}>
          {t('timesheets.proposal.send')}
        </Button>
      </RecordPanelFooter>
    </form>
  )
}
