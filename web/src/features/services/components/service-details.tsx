import type { NamedRecordDetailsProps } from '../../../components/records/named-record-panel.tsx'
import { DEFAULT_SERVICE_COLOUR, dollarsFromCents, formatMoney, parseDollars, type Service } from '@rota/core'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanelBody, RecordPanelCancel, RecordPanelFooter } from '../../../components/records/record-panel.tsx'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { CheckboxField, TextareaField } from '../../../components/ui/form-fields.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { describeFields } from '../../../lib/form-values.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCreateService } from '../api/create-service.ts'
import { useReloadService } from '../api/get-service.ts'
import { useUpdateService } from '../api/update-service.ts'
import { ServiceForm } from '../utils/service-form.ts'

/** The form of a service, new (`record` null) or open; read-only for whoever may not change services. */
export type ServiceDetailsProps = NamedRecordDetailsProps<Service>

/**
 * A service's details as the panel's Details tab: name, description, its colour on the
 * schedule, default length, and the hourly rates billed and paid in dollars, with the
 * margin between them as they are typed, and whether its hours escape the provincial sales
 * tax (in BC, most cleaning and care is not subject to PST). A pay rate above the bill rate
 * loses money on every hour, so saving one asks first. A change someone saved in between is
 * offered as a reload.
 * @example
 * <ServiceDetails record={service} onSaved={record.close} onDirty={setDirty} onBusy={setBusy} />
 */
export function ServiceDetails({ record: service, readOnly = false, onSaved, onDirty, onBusy }: ServiceDetailsProps) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const create = useCreateService()
  const update = useUpdateService()
  const reloadService = useReloadService()
  const colourId = useId()
  const [current, setCurrent] = useState(service)
  const [colour, setColour] = useState(service?.colour ?? DEFAULT_SERVICE_COLOUR)
  const [bill, setBill] = useState(service ? dollarsFromCents(service.bill_rate_cents) : '')
  const [pay, setPay] = useState(service ? dollarsFromCents(service.pay_rate_cents) : '')
  const billCents = parseDollars(bill, locale)
  const payCents = parseDollars(pay, locale)
  // The values waiting for "save anyway", and how that answer is given back to the form.
  const [atALoss, setAtALoss] = useState<{ bill: number; pay: number; answer: (save: boolean) => void } | null>(null)
  const confirmLoss = (values: { bill_rate_cents: number; pay_rate_cents: number }) =>
    values.pay_rate_cents <= values.bill_rate_cents
      ? Promise.resolve(true)
      : new Promise<boolean>((answer) => setAtALoss({ bill: values.bill_rate_cents, pay: values.pay_rate_cents, answer }))
  const answerLoss = (save: boolean) => {
    atALoss?.answer(save)
    setAtALoss(null)
  }

  const form = useZodForm(
    ServiceForm,
    async (values) => {
      if (!(await confirmLoss(values))) return
      if (current) await update.mutateAsync({ id: current.id, body: { ...values, version: current.version } })
      else await create.mutateAsync(values)
      onSaved()
    },
    describeFields({
      colour: t('validation.colour'),
      default_duration_minutes: t('validation.duration'),
      bill_rate_cents: t('validation.dollars'),
      pay_rate_cents: t('validation.dollars'),
    }),
  )
  useEffect(() => onBusy(form.pending), [form.pending, onBusy])
  const reload = async () => {
    if (!current) return
    const fresh = await reloadService(current.id)
    setCurrent(fresh)
    setColour(fresh.colour)
    setBill(dollarsFromCents(fresh.bill_rate_cents))
    setPay(dollarsFromCents(fresh.pay_rate_cents))
    onDirty(false)
    form.setFormError(null)
  }

  return (
    <>
      <form key={current?.version ?? 'new'} onSubmit={form.handleSubmit} onChange={() => onDirty(true)} noValidate>
        <RecordPanelBody>
          {!readOnly && <p className="text-sm text-slate-600">{t('services.formHint')}</p>}
          {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={() => void reload()} />}
          <fieldset disabled={readOnly} className="space-y-5">
            <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
              <TextField name="name" label={t('services.fields.name')} defaultValue={current?.name} required autoComplete="off" error={form.errorText('name')} />
              <div>
                <label htmlFor={colourId} className="block text-sm font-medium text-slate-800">
                  {t('services.fields.colour')}
                </label>
                <div className="mt-1.5 flex h-10 items-center gap-2">
                  <input
                    id={colourId}
                    name="colour"
                    type="color"
                    value={colour}
                    onChange={(event) => setColour(event.target.value)}
                    aria-invalid={form.errorText('colour') ? true : undefined}
                    className="h-10 w-14 cursor-pointer rounded-lg border-0 bg-white p-1 ring-1 ring-slate-300 ring-inset disabled:cursor-not-allowed"
                  />
                  <span className="font-mono text-sm text-slate-600" aria-hidden="true">
                    {colour}
                  </span>
                </div>
                {form.errorText('colour') && <p className="mt-1.5 text-sm text-red-700">{form.errorText('colour')}</p>}
              </div>
            </div>
            <TextareaField name="description" label={t('services.fields.description')} defaultValue={current?.description ?? ''} rows={2} error={form.errorText('description')} />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                name="default_duration_minutes"
                type="number"
                min={5}
                max={1440}
                step={5}
                label={t('services.fields.duration')}
                defaultValue={current?.default_duration_minutes ?? 60}
                hint={t('services.durationHint')}
                error={form.errorText('default_duration_minutes')}
              />
              <TextField
                name="bill_rate_cents"
                label={t('services.fields.billRate')}
                value={bill}
                onChange={(event) => setBill(event.target.value)}
                inputMode="decimal"
                required
                autoComplete="off"
                hint={t('services.billHint')}
                error={form.errorText('bill_rate_cents')}
              />
              <TextField
                name="pay_rate_cents"
                label={t('services.fields.payRate')}
                value={pay}
                onChange={(event) => setPay(event.target.value)}
                inputMode="decimal"
                required
                autoComplete="off"
                hint={t('services.payHint')}
                error={form.errorText('pay_rate_cents')}
              />
            </div>
            {billCents !== null && payCents !== null && (
              <p className={`text-sm ${billCents < payCents ? 'text-red-700' : 'text-slate-600'}`} aria-live="polite">
                {t('services.margin', { amount: formatMoney(billCents - payCents, locale) })}
              </p>
            )}
            <CheckboxField
              name="provincial_exempt"
              label={t('services.fields.provincialExempt')}
              description={t('services.provincialExemptHint')}
              defaultChecked={current?.provincial_exempt ?? false}
            />
            <CheckboxField name="active" label={t('services.fields.active')} description={t('services.activeHint')} defaultChecked={current?.active ?? true} />
          </fieldset>
        </RecordPanelBody>
        {!readOnly && (
          <RecordPanelFooter>
            <RecordPanelCancel>{t('actions.cancel')}</RecordPanelCancel>
            <Button type="submit" loading={form.pending}>
              {service ? t('actions.saveChanges') : t('services.add')}
            </Button>
          </RecordPanelFooter>
        )}
      </form>
      {atALoss && (
        <ConfirmDialog
          open
          tone="primary"
          title={t('services.lossTitle')}
          confirmLabel={t('services.saveAnyway')}
          onConfirm={() => answerLoss(true)}
          onClose={() => answerLoss(false)}
        >
          {t('services.lossText', { pay: formatMoney(atALoss.pay, locale), bill: formatMoney(atALoss.bill, locale) })}
        </ConfirmDialog>
      )}
    </>
  )
}
