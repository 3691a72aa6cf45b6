import type { Timesheet } from '@rota/core'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanelBody, RecordPanelCancel, RecordPanelFooter } from '../../../components/records/record-panel.tsx'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextareaField } from '../../../components/ui/form-fields.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useReloadTimesheet } from '../api/get-timesheet.ts'
import { useUpdateTimesheet } from '../api/change-timesheet.ts'
import { CorrectionForm as CorrectionSchema } from '../utils/timesheet-forms.ts'

/**
 * The Details tab of a timesheet a manager may correct (pending, clocked out): what it says
 * (`children`), then its day, start, end, break and notes on the business's clock and why
 * they change — the clocked times stay beside the corrected ones.
 * @example
 * <CorrectionForm timesheet={timesheet} onSaved={close} onDirty={setDirty} onBusy={setBusy}><TimesheetSummary timesheet={timesheet} /></CorrectionForm>
 */
export function CorrectionForm({
  timesheet,
  onSaved,
  onDirty,
  onBusy,
  children,
}: {
  timesheet: Timesheet
  onSaved: () => void
  onDirty: (dirty: boolean) => void
  onBusy: (busy: boolean) => void
  children: ReactNode
}) {
  const { t } = useTranslation('app')
  const update = useUpdateTimesheet()
  const reloadTimesheet = useReloadTimesheet()
  const [current, setCurrent] = useState(timesheet)
  const form = useZodForm(CorrectionSchema, async (values) => {
    await update.mutateAsync({ id: current.id, body: { ...values, version: current.version } })
    onDirty(false)
    onSaved()
  })
  useEffect(() => onBusy(form.pending), [form.pending, onBusy])
  const reload = async () => {
    setCurrent(await reloadTimesheet(current.id))
    onDirty(false)
    form.setFormError(null)
  }

  return (
    <form key={current.version} onSubmit={form.handleSubmit} onChange={() => onDirty(true)} noValidate>
      <RecordPanelBody>
      {children}
      <h3 className="border-t border-slate-100 pt-5 text-sm font-semibold text-slate-900">{t('timesheets.correct.title')}</h3>
      <p className="text-sm text-slate-600">{t('timesheets.correct.hint')}</p>
      {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={() => void reload()} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="date" type="date" label={t('timesheets.fields.date')} defaultValue={current.date} required error={form.errorText('date')} />
        <TextField name="break_minutes" type="number" min={0} label={t('timesheets.fields.breakMinutes')} defaultValue={String(current.break_minutes)} required error={form.errorText('break_minutes')} />
        <TextField name="start" type="time" label={t('timesheets.fields.start')} defaultValue={current.start_time} required error={form.errorText('start')} />
        <TextField name="end" type="time" label={t('timesheets.fields.end')} defaultValue={current.end_time ?? ''} required hint={t('timesheets.fields.endHint')} error={form.errorText('end')} />
      </div>
      <TextareaField name="notes" label={t('timesheets.fields.notes')} rows={2} defaultValue={current.notes ?? ''} error={form.errorText('notes')} />
      <TextareaField name="reason" label={t('timesheets.fields.reason')} hint={t('timesheets.correct.reasonHint')} rows={2} required error={form.errorText('reason')} />
      </RecordPanelBody>
      <RecordPanelFooter>
        <RecordPanelCancel>{t('actions.cancel')}</RecordPanelCancel>
        <Button type="submit" loading={form.pending}>
          {t('timesheets.correct.save')}
        </Button>
      </RecordPanelFooter>
    </form>
  )
}
