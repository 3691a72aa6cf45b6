import type { Shift } from '@rota/core'
import { useTranslation } from 'react-i18next'
import type { HistoryField } from '../../../components/records/history-tab.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import type { Client, Person } from '../utils/board-rows.ts'
import type { ServiceChoice } from '../components/shift-form.tsx'

/**
 * How a shift's History tab names the fields its audit rows keep and reads their values —
 * people, clients and services by name rather than id, times in the business's zone — and
 * words the shift machine's events in the past tense.
 * @example
 * const { fields, actions } = useShiftHistoryFields({ people, clients, services })
 */
export function useShiftHistoryFields({ people, clients, services }: { people: readonly Person[]; clients: readonly Client[]; services: readonly ServiceChoice[] }) {
  const { t } = useTranslation('app')
  const nameIn = (list: readonly { id: string; name: string }[]) => (value: unknown) => list.find((item) => item.id === value)?.name ?? t('schedules.history.unknown')
  const fields: Record<string, HistoryField> = {
    staff_id: { label: t('schedules.form.staff'), format: nameIn(people) },
    location_id: { label: t('schedules.form.client'), format: nameIn(clients) },
    service_id: { label: t('schedules.form.service'), format: nameIn(services) },
    starts_at: { label: t('schedules.form.start'), format: 'instant' },
    ends_at: { label: t('schedules.form.end'), format: 'instant' },
    break_minutes: { label: t('schedules.form.break'), format: 'minutes' },
    notes: { label: t('schedules.form.notes') },
    status: { label: t('schedules.history.status'), format: (value) => <StatusBadge lifecycle="shift" status={value as Shift['status']} /> },
  }
  const actions: Record<string, string> = {
    publish: t('schedules.history.published'),
    cancel: t('schedules.history.cancelled'),
    assign: t('schedules.history.assigned'),
    unassign: t('schedules.history.unassigned'),
    request: t('schedules.history.requested'),
    drop: t('schedules.history.dropAsked'),
    swap: t('schedules.history.swapAsked'),
    withdraw: t('schedules.history.withdrawn'),
    approve: t('schedules.history.approved'),
    reject: t('schedules.history.rejected'),
    clock_in: t('schedules.history.clockedIn'),
    complete: t('schedules.history.completed'),
    fill: t('schedules.history.filled'),
  }
  return { fields, actions }
}
