import { formatMoney, type LocationDetail, type LocationRate } from '@rota/core'
import { useTranslation } from 'react-i18next'
import type { HistoryField } from '../../../components/records/history-tab.tsx'
import { NamedRecordPanel, type NamedRecordKind } from '../../../components/records/named-record-panel.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { useDeleteLocation } from '../api/delete-location.ts'
import { useLocationRecord, type ClientRecord } from '../api/get-location.ts'
import { LocationDetails } from './location-details.tsx'

const clients: NamedRecordKind<ClientRecord> = {
  model: 'locations',
  history: 'locationHistory',
  useRecord: useLocationRecord,
  useDelete: useDeleteLocation,
  useFields: useLocationFields,
  useText: () => {
    const { t } = useTranslation('app')
    return { newTitle: t('locations.newTitle'), deleteTitle: (name) => t('locations.deleteTitle', { name }), deleteText: t('locations.deleteText') }
  },
  Details: LocationDetails,
}

/**
 * The client open in the address (`/locations?id=…`, or `id=new` to add one) in the record
 * panel: its details to read or change, its history, and Delete.
 * @example
 * <LocationsTable />
 * <LocationPanel />
 */
export function LocationPanel() {
  return <NamedRecordPanel kind={clients} />
}

/** How a client's history names its fields and reads their values; its own rates as "Cleaning: $52.00", one per service. */
function useLocationFields(): Record<keyof Omit<LocationDetail, 'id' | 'version' | 'created_at' | 'updated_at'>, HistoryField> {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  // No rates at all reads as the history's "empty" (the service rates only).
  const rates = (value: unknown) =>
    (value as LocationRate[]).map((rate) => t('locations.rates.historyRate', { service: rate.service_name, amount: formatMoney(rate.bill_rate_cents, locale) })).join(', ')
  return {
    name: { label: t('locations.fields.name') },
    contact_person: { label: t('locations.fields.contactPerson') },
    email: { label: t('fields.email') },
    phone: { label: t('fields.phone') },
    street: { label: t('locations.fields.street') },
    city: { label: t('locations.fields.city') },
    province: { label: t('locations.fields.province'), format: (code) => t(`provinces.${code as LocationDetail['province']}`) },
    postal_code: { label: t('locations.fields.postalCode') },
    latitude: { label: t('locations.fields.latitude') },
    longitude: { label: t('locations.fields.longitude') },
    billing_notes: { label: t('locations.fields.billingNotes') },
    active: { label: t('locations.fields.active'), format: 'boolean' },
    rates: { label: t('locations.rates.title'), format: rates },
  }
}
