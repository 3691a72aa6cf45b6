import type { NamedRecordDetailsProps } from '../../../components/records/named-record-panel.tsx'
import { CANADIAN_PROVINCES } from '@rota/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanelBody, RecordPanelCancel, RecordPanelFooter } from '../../../components/records/record-panel.tsx'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { CheckboxField, TextareaField } from '../../../components/ui/form-fields.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { useClientConfig } from '../../../lib/client-config.ts'
import { describeFields } from '../../../lib/form-values.ts'
import { useSession } from '../../../lib/services.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCreateLocation } from '../api/create-location.ts'
import { locationKey, useReloadLocation, type ClientRecord } from '../api/get-location.ts'
import { useSetLocationRates } from '../api/set-location-rates.ts'
import { useUpdateLocation } from '../api/update-location.ts'
import { LocationForm } from '../utils/location-form.ts'
import { onRateFields, RatesForm, ratesChanged, rateField } from '../utils/rates-form.ts'
import { AddressField } from './address-field.tsx'
import { LocationRates } from './location-rates.tsx'

const legend = 'text-xs font-semibold tracking-wide text-primary-800 uppercase'

/** The form of a client, new (`record` null) or open; read-only for whoever may not change clients. */
export type LocationDetailsProps = NamedRecordDetailsProps<ClientRecord>

/** A client's fields and, for one already saved, its own rates by service. */
const ClientForm = LocationForm.and(RatesForm)

/**
 * A client's details as the panel's Details tab: name and status, contact, the Canadian
 * address (province from the list, postal code A1A 1A1; suggested by Google as it is typed
 * when Rota has a maps key), optional map coordinates, billing notes and, once the client is
 * saved, its own bill rates by service. One save sends the rates that changed (first: a refusal
 * of theirs leaves the rest unsaved), then the details. A change someone saved in between is
 * offered as a reload.
 * @example
 * <LocationDetails record={location} onSaved={record.close} onDirty={setDirty} onBusy={setBusy} />
 */
export function LocationDetails({ record: location, readOnly = false, onSaved, onDirty, onBusy }: LocationDetailsProps) {
  const { t } = useTranslation('app')
  const province = useSession((state) => state.context.settings?.tax_province ?? 'ON')
  const create = useCreateLocation()
  const update = useUpdateLocation()
  const setRates = useSetLocationRates()
  const reloadLocation = useReloadLocation()
  const queryClient = useQueryClient()
  const [current, setCurrent] = useState(location)
  // Each reload starts the form again from what is saved; saving the rates alone moves the version without touching what is typed.
  const [loads, setLoads] = useState(0)
  const mapsKey = useClientConfig().data?.maps_key
  const describe = useMemo(() => {
    const fields = describeFields({
      phone: t('validation.phone'),
      postal_code: t('validation.postalCode'),
      latitude: t('validation.latitude'),
      longitude: t('validation.longitude'),
    })
    return (issue: Parameters<typeof fields>[0]) => (String(issue.path[0]).startsWith(rateField('')) ? { text: t('validation.dollars') } : fields(issue))
  }, [t])
  const form = useZodForm(
    ClientForm,
    async ({ rates, ...values }) => {
      if (!current) {
        await create.mutateAsync(values)
        onSaved()
        return
      }
      let version = current.version
      const saved = queryClient.getQueryData<ClientRecord>(locationKey(current.id))?.rates
      // No rate fields shown yet (still loading): nothing to compare, nothing sent.
      if (saved && rates && ratesChanged(saved, rates)) {
        const priced = await setRates.mutateAsync({ id: current.id, body: { rates, version } }).catch((error: unknown) => {
          throw onRateFields(error, rates)
        })
        setCurrent(priced)
        version = priced.version
      }
      await update.mutateAsync({ id: current.id, body: { ...values, version } })
      onSaved()
    },
    describe,
  )
  useEffect(() => onBusy(form.pending), [form.pending, onBusy])
  const reload = async () => {
    if (!current) return
    setCurrent(await reloadLocation(current.id))
    setLoads((count) => count + 1)
    onDirty(false)
    form.setFormError(null)
  }

  return (
    <form key={current ? loads : 'new'} onSubmit={form.handleSubmit} onChange={() => onDirty(true)} noValidate>
      <RecordPanelBody>
        {!readOnly && <p className="text-sm text-slate-600">{t('locations.formHint')}</p>}
        {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={() => void reload()} />}
        <fieldset disabled={readOnly} className="space-y-5">
          <TextField name="name" label={t('locations.fields.name')} defaultValue={current?.name} required autoComplete="off" error={form.errorText('name')} />
          <fieldset className="space-y-4">
            <legend className={legend}>{t('locations.contact')}</legend>
            <TextField name="contact_person" label={t('locations.fields.contactPerson')} defaultValue={current?.contact_person ?? ''} autoComplete="off" error={form.errorText('contact_person')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="email" type="email" label={t('fields.email')} defaultValue={current?.email ?? ''} autoComplete="off" error={form.errorText('email')} />
              <TextField name="phone" type="tel" label={t('fields.phone')} defaultValue={current?.phone ?? ''} hint={t('hints.phone')} autoComplete="off" error={form.errorText('phone')} />
            </div>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className={legend}>{t('locations.address')}</legend>
            {mapsKey && !readOnly ? (
              <AddressField mapsKey={mapsKey} name="street" label={t('locations.fields.street')} defaultValue={current?.street} required error={form.errorText('street')} />
            ) : (
              <TextField name="street" label={t('locations.fields.street')} defaultValue={current?.street} required autoComplete="off" error={form.errorText('street')} />
            )}
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="city" label={t('locations.fields.city')} defaultValue={current?.city} required autoComplete="off" error={form.errorText('city')} />
              <SelectField
                name="province"
                label={t('locations.fields.province')}
                defaultValue={current?.province ?? province}
                required
                options={CANADIAN_PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}`) }))}
                error={form.errorText('province')}
              />
              <TextField name="postal_code" label={t('locations.fields.postalCode')} defaultValue={current?.postal_code} placeholder="A1A 1A1" required autoComplete="off" error={form.errorText('postal_code')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="latitude" label={t('locations.fields.latitude')} defaultValue={current?.latitude ?? ''} inputMode="decimal" hint={t('locations.coordinatesHint')} autoComplete="off" error={form.errorText('latitude')} />
              <TextField name="longitude" label={t('locations.fields.longitude')} defaultValue={current?.longitude ?? ''} inputMode="decimal" autoComplete="off" error={form.errorText('longitude')} />
            </div>
          </fieldset>
          <TextareaField name="billing_notes" label={t('locations.fields.billingNotes')} defaultValue={current?.billing_notes ?? ''} rows={3} error={form.errorText('billing_notes')} />
          <CheckboxField name="active" label={t('locations.fields.active')} description={t('locations.activeHint')} defaultChecked={current?.active ?? true} />
          {current && <LocationRates id={current.id} readOnly={readOnly} errorText={form.errorText} onChange={() => onDirty(true)} />}
        </fieldset>
      </RecordPanelBody>
      {!readOnly && (
        <RecordPanelFooter>
          <RecordPanelCancel>{t('actions.cancel')}</RecordPanelCancel>
          <Button type="submit" loading={form.pending}>
            {location ? t('actions.saveChanges') : t('locations.add')}
          </Button>
        </RecordPanelFooter>
      )}
    </form>
  )
}
