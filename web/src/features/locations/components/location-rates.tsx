import { dollarsFromCents, formatMoney, type LocationRate } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useBilledServices } from '../api/list-services.ts'
import { useLocationRecord } from '../api/get-location.ts'
import { rateField, RATES_SHOWN } from '../utils/rates-form.ts'

const legend = 'text-xs font-semibold tracking-wide text-primary-800 uppercase'

export interface LocationRatesProps {
  /** The client's id: its rates are read with it (a client shown from the list has none yet). */
  id: string
  readOnly: boolean
  /** The error of a rate field (`rateField(serviceId)`), translated. */
  errorText: (field: string) => string | undefined
  /** A rate was cleared by its button: a change the form's own events do not see. */
  onChange: () => void
}

/**
 * The client's own bill rates, part of its form: one dollars field per active service (and per
 * other service the client has a rate for), empty where the client pays the service's rate,
 * which each shows beside it. The form sends them with the client's version (decision 037).
 * @example
 * <LocationRates id={location.id} readOnly={false} errorText={form.errorText} onChange={() => onDirty(true)} />
 */
export function LocationRates({ id, readOnly, errorText, onChange }: LocationRatesProps) {
  const { t } = useTranslation('app')
  const rates = useLocationRecord(id).data?.rates
  const services = useBilledServices(useCan('services', 'read'))
  return (
    <fieldset className="space-y-4">
      <legend className={legend}>{t('locations.rates.title')}</legend>
      <p className="text-sm text-slate-600">{t('locations.rates.hint')}</p>
      {rates === undefined || services.isLoading ? (
        <Spinner className="size-5 text-primary-700" label={t('locations.rates.loading')} />
      ) : (
        <RateFields rates={rates} services={services.data ?? []} readOnly={readOnly} errorText={errorText} onChange={onChange} />
      )}
    </fieldset>
  )
}

interface RateFieldsProps extends Omit<LocationRatesProps, 'id'> {
  rates: readonly LocationRate[]
  services: readonly { id: string; name: string; bill_rate_cents: number }[]
}

/** The fields themselves, started from the rates as read. */
function RateFields({ rates, services, readOnly, errorText, onChange }: RateFieldsProps) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const [typed, setTyped] = useState(() => new Map(rates.map((rate) => [rate.service_id, dollarsFromCents(rate.bill_rate_cents)])))
  // Active services by name, then services no longer listed (archived, or not readable) that the client still has a rate for.
  const listed = new Set(services.map((service) => service.id))
  const rows = [
    ...services.map((service) => ({ id: service.id, name: service.name, own: service.bill_rate_cents as number | null })),
    ...rates.filter((rate) => !listed.has(rate.service_id)).map((rate) => ({ id: rate.service_id, name: rate.service_name, own: null })),
  ]
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t('locations.rates.noServices')}</p>
  const type = (serviceId: string, text: string) => setTyped((was) => new Map(was).set(serviceId, text))

  return (
    <>
      <input type="hidden" name={RATES_SHOWN} value="1" />
      <ul className="space-y-4">
        {rows.map((row) => {
          const text = typed.get(row.id) ?? ''
          return (
            <li key={row.id} className="grid grid-cols-[1fr_auto] items-start gap-3">
              <TextField
                name={rateField(row.id)}
                label={row.name}
                value={text}
                onChange={(event) => type(row.id, event.target.value)}
                inputMode="decimal"
                autoComplete="off"
                hint={row.own === null ? undefined : t('locations.rates.serviceRate', { amount: formatMoney(row.own, locale) })}
                error={errorText(rateField(row.id))}
              />
              {!readOnly && text.trim() !== '' && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-7.5"
                  aria-label={t('locations.rates.useServiceRateFor', { service: row.name })}
                  onClick={() => {
                    type(row.id, '')
                    onChange()
                  }}
                >
                  {t('locations.rates.useServiceRate')}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}
