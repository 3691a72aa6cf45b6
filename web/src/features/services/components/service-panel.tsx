import type { Service } from '@rota/core'
import { useTranslation } from 'react-i18next'
import type { HistoryField } from '../../../components/records/history-tab.tsx'
import { NamedRecordPanel, type NamedRecordKind } from '../../../components/records/named-record-panel.tsx'
import { useDeleteService } from '../api/delete-service.ts'
import { useServiceRecord } from '../api/get-service.ts'
import { ServiceDetails } from './service-details.tsx'

const services: NamedRecordKind<Service> = {
  model: 'services',
  history: 'serviceHistory',
  useRecord: useServiceRecord,
  useDelete: useDeleteService,
  useFields: useServiceFields,
  useText: () => {
    const { t } = useTranslation('app')
    return { newTitle: t('services.newTitle'), deleteTitle: (name) => t('services.deleteTitle', { name }), deleteText: t('services.deleteText') }
  },
  Details: ServiceDetails,
}

/**
 * The service open in the address (`/services?id=…`, or `id=new` to add one) in the record
 * panel: its details to read or change, its history, and Delete.
 * @example
 * <ServicesTable />
 * <ServicePanel />
 */
export function ServicePanel() {
  return <NamedRecordPanel kind={services} />
}

/** How a service's history names its fields and reads their values. */
function useServiceFields(): Record<keyof Omit<Service, 'id' | 'version' | 'created_at' | 'updated_at'>, HistoryField> {
  const { t } = useTranslation('app')
  return {
    name: { label: t('services.fields.name') },
    description: { label: t('services.fields.description') },
    colour: {
      label: t('services.fields.colour'),
      format: (colour) => (
        <span className="inline-flex items-center gap-1.5 font-mono">
          <span aria-hidden="true" className="size-3 rounded-full ring-1 ring-black/10" style={{ backgroundColor: String(colour) }} />
          {String(colour)}
        </span>
      ),
    },
    default_duration_minutes: { label: t('services.columns.duration'), format: 'minutes' },
    bill_rate_cents: { label: t('services.columns.billRate'), format: 'money' },
    pay_rate_cents: { label: t('services.columns.payRate'), format: 'money' },
    provincial_exempt: { label: t('services.fields.provincialExempt'), format: 'boolean' },
    active: { label: t('services.fields.active'), format: 'boolean' },
  }
}
