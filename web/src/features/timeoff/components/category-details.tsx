import type { NamedRecordDetailsProps } from '../../../components/records/named-record-panel.tsx'
import { type TimeoffCategory } from '@rota/core'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanelBody, RecordPanelCancel, RecordPanelFooter } from '../../../components/records/record-panel.tsx'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { CheckboxField } from '../../../components/ui/form-fields.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { describeFields } from '../../../lib/form-values.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCreateTimeoffCategory } from '../api/create-category.ts'
import { useReloadTimeoffCategory } from '../api/get-category.ts'
import { useUpdateTimeoffCategory } from '../api/update-category.ts'
import { CategoryForm, categoryFormValues } from '../utils/category-form.ts'

/** The form of a time-off category, new (`record` null) or open; read-only for whoever may not change categories. */
export type CategoryDetailsProps = NamedRecordDetailsProps<TimeoffCategory>

/**
 * A time-off category's details as the panel's Details tab: its name and colour, paid or not,
 * counted in days (of so many hours) or hours, and how its balance is kept — an allowance each
 * year or hours earned per hour worked, at most so much carried into the next year, allowed
 * below zero or not. Archiving (untick Active) keeps it on past requests and off new ones.
 * @example
 * <CategoryDetails record={category} onSaved={record.close} onDirty={setDirty} onBusy={setBusy} />
 */
export function CategoryDetails({ record: category, readOnly = false, onSaved, onDirty, onBusy }: CategoryDetailsProps) {
  const { t } = useTranslation('app')
  const reloadCategory = useReloadTimeoffCategory()
  const create = useCreateTimeoffCategory()
  const update = useUpdateTimeoffCategory()
  const colourId = useId()
  const [current, setCurrent] = useState(category)
  const [colour, setColour] = useState(category?.colour ?? '#0d9488')
  const [unit, setUnit] = useState(category?.unit ?? 'days')
  const [accrual, setAccrual] = useState(category?.accrual ?? 'none')
  const shown = categoryFormValues(current)
  const unitWord = t(`timeoff.categories.unitWords.${unit}`)

  const form = useZodForm(
    CategoryForm,
    async (values) => {
      if (current) await update.mutateAsync({ id: current.id, body: { ...values, version: current.version } })
      else await create.mutateAsync(values)
      onSaved()
    },
    describeFields({
      colour: t('validation.colour'),
      day_hours: t('timeoff.categories.hints.dayHoursInvalid'),
      allowance: t('timeoff.categories.hints.amount'),
      carry_over: t('timeoff.categories.hints.amount'),
      accrual_rate: t('timeoff.categories.hints.rate'),
    }),
  )
  useEffect(() => onBusy(form.pending), [form.pending, onBusy])
  const reload = async () => {
    if (!current) return
    const fresh = await reloadCategory(current.id)
    setCurrent(fresh)
    setColour(fresh.colour)
    setUnit(fresh.unit)
    setAccrual(fresh.accrual)
    onDirty(false)
    form.setFormError(null)
  }

  return (
    <form key={current?.version ?? 'new'} onSubmit={form.handleSubmit} onChange={() => onDirty(true)} noValidate>
      <RecordPanelBody>
        {!readOnly && <p className="text-sm text-slate-600">{t('timeoff.categories.formHint')}</p>}
        {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={() => void reload()} />}
        <fieldset disabled={readOnly} className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
            <TextField name="name" label={t('timeoff.categories.fields.name')} defaultValue={current?.name} required autoComplete="off" error={form.errorText('name')} />
            <div>
              <label htmlFor={colourId} className="block text-sm font-medium text-slate-800">
                {t('timeoff.categories.fields.colour')}
              </label>
              <div className="mt-1.5 flex h-10 items-center gap-2">
                <input
                  id={colourId}
                  name="colour"
                  type="color"
                  value={colour}
                  onChange={(event) => setColour(event.target.value)}
                  className="h-10 w-14 cursor-pointer rounded-lg border-0 bg-white p-1 ring-1 ring-slate-300 ring-inset disabled:cursor-not-allowed"
                />
                <span className="font-mono text-sm text-slate-600" aria-hidden="true">
                  {colour}
                </span>
              </div>
            </div>
          </div>
          <CheckboxField name="paid" label={t('timeoff.categories.fields.paid')} description={t('timeoff.categories.hints.paid')} defaultChecked={current?.paid ?? true} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="unit"
              label={t('timeoff.categories.fields.unit')}
              value={unit}
              onChange={(event) => setUnit(event.target.value === 'hours' ? 'hours' : 'days')}
              options={[
                { value: 'days', label: t('timeoff.categories.units.days') },
                { value: 'hours', label: t('timeoff.categories.units.hours') },
              ]}
            />
            <TextField
              name="day_hours"
              label={t('timeoff.categories.fields.dayHours')}
              defaultValue={shown.day_hours}
              inputMode="decimal"
              required
              hint={t('timeoff.categories.hints.dayHours')}
              error={form.errorText('day_hours')}
            />
          </div>
          <SelectField
            name="accrual"
            label={t('timeoff.categories.fields.accrual')}
            value={accrual}
            onChange={(event) => setAccrual(event.target.value as TimeoffCategory['accrual'])}
            options={[
              { value: 'none', label: t('timeoff.categories.accruals.none') },
              { value: 'yearly', label: t('timeoff.categories.accruals.yearly') },
              { value: 'per_hour_worked', label: t('timeoff.categories.accruals.per_hour_worked') },
            ]}
          />
          {accrual === 'yearly' && (
            <TextField
              name="allowance"
              label={t('timeoff.categories.fields.allowance', { unit: unitWord })}
              defaultValue={shown.allowance}
              inputMode="decimal"
              required
              error={form.errorText('allowance')}
            />
          )}
          {accrual === 'per_hour_worked' && (
            <TextField
              name="accrual_rate"
              label={t('timeoff.categories.fields.rate')}
              defaultValue={current?.accrual_rate ?? ''}
              inputMode="decimal"
              required
              hint={t('timeoff.categories.hints.rate')}
              error={form.errorText('accrual_rate')}
            />
          )}
          {accrual !== 'none' && (
            <>
              <TextField
                name="carry_over"
                label={t('timeoff.categories.fields.carryOver', { unit: unitWord })}
                defaultValue={shown.carry_over}
                inputMode="decimal"
                hint={t('timeoff.categories.hints.carryOver')}
                error={form.errorText('carry_over')}
              />
              <CheckboxField name="allow_negative" label={t('timeoff.categories.fields.allowNegative')} description={t('timeoff.categories.hints.allowNegative')} defaultChecked={current?.allow_negative ?? false} />
            </>
          )}
          <CheckboxField name="active" label={t('timeoff.categories.fields.active')} description={t('timeoff.categories.hints.active')} defaultChecked={current?.active ?? true} />
        </fieldset>
      </RecordPanelBody>
      {!readOnly && (
        <RecordPanelFooter>
          <RecordPanelCancel>{t('actions.cancel')}</RecordPanelCancel>
          <Button type="submit" loading={form.pending}>
            {category ? t('actions.saveChanges') : t('timeoff.categories.add')}
          </Button>
        </RecordPanelFooter>
      )}
    </form>
  )
}
