import { PERMISSION_MODELS, auditExportRecords, localDateOf, type AuditLogEntry } from '@rota/core'
import { stringify } from 'csv-stringify/browser/esm/sync'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordName, RecordTable, type RecordFilter, type RecordListRequest } from '../../../components/records/record-table.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import type { Column } from '../../../components/ui/data-table.tsx'
import { downloadText } from '../../../lib/download.ts'
import { errorText } from '../../../lib/error-text.ts'
import { formatInstant } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useApi, useSession } from '../../../lib/services.tsx'
import { exportAuditLog, useAuditActors, useAuditLog } from '../api/audit-log.ts'
import { useAuditAddress } from '../hooks/use-audit-address.ts'
import { useAuditWords } from '../utils/audit-words.ts'

const SORTS = ['created_at'] as const
type AuditRequest = RecordListRequest<(typeof SORTS)[number], { actor: RecordFilter; model: RecordFilter }>
/**
 * Models whose rows the log may hold: the permission models, and uploads. The invoice and
 * payroll reports only read, so nothing of theirs is ever logged: they are not offered.
 */
const MODELS = [...PERMISSION_MODELS.filter((model) => model !== 'invoice' && model !== 'payroll'), 'files'] as const

const dateInput =
  'block h-10 rounded-lg border-0 bg-white px-3 text-sm text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-primary-600 focus:outline-none'

/**
 * The audit trail as a list, newest first: when, who, what, on which record and which fields
 * changed; narrowed by who acted, the area, business days and text (all in the address). A
 * row opens in the panel; the range as filtered downloads as CSV (the export is audited).
 */
export function AuditLogTable() {
  const { t, i18n } = useTranslation('app')
  const api = useApi()
  const locale = currentLocale(i18n)
  const timeZone = useSession((state) => state.context.settings?.timezone) ?? 'UTC'
  const address = useAuditAddress()
  const actors = useAuditActors()
  const words = useAuditWords()
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<unknown>(null)
  // The list's search and filters as last asked: what the export covers besides the days.
  const lastRequest = useRef<AuditRequest>(undefined)

  const useRows = (request: AuditRequest) => {
    lastRequest.current = request
    // Newest first always: the log reads as a timeline.
    return useAuditLog({ ...request, order: 'desc', ...(address.from ? { from: address.from } : {}), ...(address.to ? { to: address.to } : {}) })
  }

  const downloadCsv = async () => {
    const to = address.to || localDateOf(new Date(), timeZone)
    const from = address.from || to.slice(0, 8) + '01'
    setExporting(true)
    setExportError(null)
    try {
      const rows = await exportAuditLog(api, { from, to, ...(lastRequest.current?.q ? { q: lastRequest.current.q } : {}), ...(lastRequest.current?.filter ? { filter: lastRequest.current.filter } : {}) })
      downloadText(`audit-${from}-${to}.csv`, `\uFEFF${stringify(auditExportRecords(rows), { record_delimiter: 'windows' })}`, 'text/csv;charset=utf-8')
    } catch (error) {
      setExportError(error)
    } finally {
      setExporting(false)
    }
  }

  const columns: Column<AuditLogEntry>[] = [
    {
      key: 'when',
      header: t('audit.columns.when'),
      primary: true,
      cell: (row) => (
        <RecordName onOpen={() => address.open(row.id)}>
          <time dateTime={row.created_at}>{formatInstant(row.created_at, locale, timeZone)}</time>
        </RecordName>
      ),
    },
    { key: 'who', header: t('audit.columns.who'), cell: (row) => row.actor?.name ?? row.actor_email ?? t('audit.bySystem') },
    { key: 'action', header: t('audit.columns.action'), cell: (row) => <span title={row.action}>{words.action(row.action)}</span> },
    { key: 'model', header: t('audit.columns.model'), cell: (row) => words.model(row.model) },
    { key: 'changed', header: t('audit.columns.changed'), cell: (row) => (row.changed.length > 0 ? row.changed.map(words.field).join(', ') : '—') },
  ]

  return (
    <>
      {exportError !== null && (
        <div className="mb-4">
          <Alert tone="error" title={t('audit.export.failed')}>
            {errorText(exportError)}
          </Alert>
        </div>
      )}
      <RecordTable
        caption={t('audit.caption')}
        columns={columns}
        rowKey={(row) => String(row.id)}
        sorts={SORTS}
        defaultSort="created_at"
        search={t('audit.search')}
        filters={{
          actor: { label: t('audit.filters.actor'), all: t('audit.filters.allActors'), options: actors.data ?? [], ids: true },
          model: { label: t('audit.filters.model'), all: t('audit.filters.allModels'), options: MODELS.map((model) => ({ value: model, label: words.model(model) })) },
        }}
        useRows={useRows}
        toolbar={
          // A row of its own: beside the search and both selects, the search box would shrink to nothing.
          <div className="flex w-full flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {t('audit.filters.from')}
              <input type="date" className={dateInput} value={address.from} max={address.to || undefined} onChange={(event) => address.setRange({ from: event.target.value })} />
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {t('audit.filters.to')}
              <input type="date" className={dateInput} value={address.to} min={address.from || undefined} onChange={(event) => address.setRange({ to: event.target.value })} />
            </label>
            <Button variant="secondary" loading={exporting} onClick={() => void downloadCsv()}>
              {t('audit.export.button')}
            </Button>
          </div>
        }
        labels={{ loading: t('audit.loading'), empty: t('pages.auditLogs.empty'), noMatch: t('audit.noMatch'), unavailable: t('audit.unavailable'), pages: t('audit.pages') }}
      />
    </>
  )
}
