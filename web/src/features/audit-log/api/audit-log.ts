import { AUDIT_EXPORT_DAYS, type ApiFunctions, type AuditLogExportRow, type AuditLogQuery } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about the audit log starts with this key. */
export const auditLogKey = ['audit-log'] as const

export type AuditLogRequest = z.input<typeof AuditLogQuery>

/**
 * `GET /audit_log`: a page of the audit trail, newest first, filtered. The page shown stays
 * while the next one loads.
 * @example
 * const log = useAuditLog({ page: 1, page_size: 20, filter: { action: 'shifts' } })
 */
export function useAuditLog(query: AuditLogRequest) {
  const api = useApi()
  return useQuery(
    queryOptions({
      queryKey: [...auditLogKey, 'list', query],
      queryFn: ({ signal }) => api.listAuditLog({ query }, { silent: true, signal }),
      placeholderData: keepPreviousData,
    }),
  )
}

/**
 * `GET /audit_log/{id}`: one row in full (before and after, IP, user agent, whether its record
 * still exists); nothing is asked without an id.
 * @example
 * const entry = useAuditEntry(42)
 */
export function useAuditEntry(id: number | null) {
  const api = useApi()
  return useQuery({
    queryKey: [...auditLogKey, 'entry', id],
    queryFn: ({ signal }) => api.getAuditLog({ params: { id: id! } }, { silent: true, signal }),
    enabled: id !== null,
  })
}

/** The team as options of the "who" filter (the first hundred by name, former members included). */
export function useAuditActors() {
  const api = useApi()
  return useQuery({
    queryKey: [...auditLogKey, 'actors'],
    queryFn: async ({ signal }) =>
      (await api.listUsers({ query: { page_size: 100, sort: 'name' } }, { silent: true, signal })).rows.map((user) => ({ value: user.id, label: `${user.firstname} ${user.lastname}`.trim() || user.email })),
  })
}

/** What an export covers: business days (at most {@link AUDIT_EXPORT_DAYS}), the list's filters and text. */
export type AuditExportRequest = { from: string; to: string; q?: string; filter?: AuditLogRequest['filter'] }

/**
 * `GET /audit_log/export`, every page of it, oldest first. The server audits the export.
 * @example
 * const rows = await exportAuditLog(api, { from: '2026-03-01', to: '2026-03-31' })
 */
export async function exportAuditLog(api: ApiFunctions, request: AuditExportRequest): Promise<AuditLogExportRow[]> {
  const rows: AuditLogExportRow[] = []
  for (let page = 1; ; page++) {
    const answer = await api.exportAuditLog({ query: { ...request, page, page_size: 1000 } }, { silent: true })
    rows.push(...answer.rows)
    if (answer.rows.length === 0 || rows.length >= answer.count) return rows
  }
}
