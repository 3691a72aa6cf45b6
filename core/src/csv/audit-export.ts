import type { AuditLogExportRow } from '../contract/audit-log.ts'
import { neutraliseCsvCell } from './neutralise.ts'

/** The columns of an audit export, in order. */
export const AUDIT_EXPORT_COLUMNS = ['id', 'created_at', 'actor_id', 'actor', 'actor_email', 'action', 'model', 'record_id', 'changed', 'before', 'after', 'ip', 'user_agent'] as const

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value))

/**
 * Audit rows as CSV records, the header first, the values before and after as JSON, every
 * cell neutralised against formula injection (an action is Rota's, but a name or a value is
 * whoever typed it). Stringify them with a CSV library.
 * @example
 * auditExportRecords(rows)[0] // ['id', 'created_at', 'actor_id', 'actor', …]
 */
export function auditExportRecords(rows: readonly AuditLogExportRow[]): string[][] {
  return [
    [...AUDIT_EXPORT_COLUMNS],
    ...rows.map((row) =>
      [
        String(row.id),
        row.created_at,
        row.actor?.id ?? '',
        row.actor?.name ?? '',
        row.actor_email ?? '',
        row.action,
        row.model,
        row.record_id ?? '',
        row.changed.join(' '),
        json(row.before),
        json(row.after),
        row.ip ?? '',
        row.user_agent ?? '',
      ].map(neutraliseCsvCell),
    ),
  ]
}
