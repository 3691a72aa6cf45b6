import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanel, RecordPanelBody, RecordPanelCancel, RecordPanelFooter } from '../../../components/records/record-panel.tsx'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextareaField } from '../../../components/ui/form-fields.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCreateTimesheet } from '../api/change-timesheet.ts'
import { useTimesheetChoices } from '../api/choices.ts'
import { NewTimesheetForm } from '../utils/timesheet-forms.ts'

/**
 * Hours worked without a shift (a call-out), added by a manager: who, where, what, the day
 * and times on the business's clock (an end before the start is the next morning), the break.
 * @example
 * <NewTimesheetPanel onClose={record.close} />
 */
export function NewTimesheetPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('app')
  const choices = useTimesheetChoices()
  const create = useCreateTimesheet()
  const [dirty, setDirty] = useState(false)
  const form = useZodForm(NewTimesheetForm, async (values) => {
    await create.mutateAsync(values)
    onClose()
  })
  const [busy, setBusy] = useState(false)
  useEffect(() => setBusy(form.pending), [form.pending])
  const pick = (label: string) => [{ value: '', label }]

  return (
    <RecordPanel open onClose={onClose} title={t('timesheets.add.title')} description={t('timesheets.add.hint')} dirty={dirty} busy={busy}>
      <form onSubmit={form.handleSubmit} onChange={() => setDirty(true)} noValidate>
        <RecordPanelBody>
          {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={() => form.setFormError(null)} />}
          <SelectField name="staff_id" label={t('timesheets.fields.staff')} required options={[...pick(t('timesheets.add.choose')), ...choices.staff]} error={form.errorText('staff_id')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField name="location_id" label={t('timesheets.fields.client')} required options={[...pick(t('timesheets.add.choose')), ...choices.locations]} error={form.errorText('location_id')} />
            <SelectField name="service_id" label={t('timesheets.fields.service')} required options={[...pick(t('timesheets.add.choose')), ...choices.services]} error={form.errorText('service_id')} />
            <TextField name="date" type="date" label={t('timesheets.fields.date')} required error={form.errorText('date')} />
            <TextField name="break_minutes" type="number" min={0} label={t('timesheets.fields.breakMinutes')} defaultValue="0" required error={form.errorText('break_minutes')} />
            <TextField name="start" type="time" label={t('timesheets.fields.start')} required error={form.errorText('start')} />
            <TextField name="end" type="time" label={t('timesheets.fields.end')} required hint={t('timesheets.fields.endHint')} error={form.errorText('end')} />
          </div>
          <TextareaField name="notes" label={t('timesheets.fields.notes')} rows={2} error={form.errorText('notes')} />
        </RecordPanelBody>
        <RecordPanelFooter>
          <RecordPanelCancel>{t('actions.cancel')}</RecordPanelCancel>
          <Button type="submit" loading={form.pending}>
            {t('timesheets.add.save')}
          </Button>
        </RecordPanelFooter>
      </form>
    </RecordPanel>
  )
}
