import type { AuditLogDetail } from '@rota/core'
import { useMemo } from 'react'
import { useCan } from '../../../lib/permissions.ts'
import { useChoices } from '../../../lib/record-choices.ts'
import { useAuditActors } from '../api/audit-log.ts'

/**
 * The names an audit row's ids read as, by id: the team (as the list's "who" filter has them),
 * whoever acted, and the clients and services the reader may read. An id none of them names
 * (a record removed since) is shown shortened instead.
 * @example
 * const names = useAuditNames(entry); words.value('staff_id', after.staff_id, { model: entry.model, names })
 */
export function useAuditNames(entry: AuditLogDetail): ReadonlyMap<string, string> {
  const actors = useAuditActors()
  const clients = useChoices('locations', useCan('locations', 'read'))
  const services = useChoices('services', useCan('services', 'read'))
  return useMemo(
    () =>
      new Map([
        ...(clients.data ?? []).map(({ id, name }) => [id, name] as const),
        ...(services.data ?? []).map(({ id, name }) => [id, name] as const),
        ...(actors.data ?? []).map(({ value, label }) => [value, label] as const),
        ...(entry.actor ? [[entry.actor.id, entry.actor.name] as const] : []),
      ]),
    [actors.data, clients.data, services.data, entry.actor],
  )
}
