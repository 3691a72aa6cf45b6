import { formatMoney, type FieldChange, type HistoryEntry, type Locale, type RecordHistory, type RouteName, type Routes } from '@rota/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../lib/error-text.ts'
import { formatDay, formatInstant, formatMinutes } from '../../lib/format.ts'
import { currentLocale } from '../../lib/i18n.ts'
import { useApi, useSession } from '../../lib/services.tsx'
import { Alert } from '../ui/alert.tsx'
import { Button } from '../ui/button.tsx'
import { Spinner } from '../ui/spinner.tsx'

/** The contract's routes that answer a record's history (`GET /{resource}/{id}/history`). */
export type HistoryRouteName = { [N in RouteName]: Routes[N]['path'] extends `${string}/{id}/history` ? N : never }[RouteName]

/**
 * How a field's values read: as written (`text`), cents as dollars (`money`), Yes or No
 * (`boolean`), a moment in the business's time zone (`instant`), a calendar day such as
 * 2025-03-05 (`date`), minutes as hours and minutes (`minutes`), or the feature's own words.
 */
export type HistoryFormat = 'text' | 'money' | 'boolean' | 'instant' | 'date' | 'minutes' | ((value: unknown) => ReactNode)

/** A field as the history names it (translated) and shows its values. */
export interface HistoryField {
  label: string
  format?: HistoryFormat
}

export interface HistoryTabProps {
  /** The contract's history route of the record's resource. */
  route: HistoryRouteName
  id: string
  /** Every field of the record that a change can show, by its contract name. */
  fields: Record<string, HistoryField>
  /** Fields of the contract that say nothing to a reader (an invitation's tokens, a sign-in's time): never shown. */
  hidden?: readonly string[]
  /** Words for the record's own actions by their event (`publish`: "Published"); created, changed and deleted have theirs, and the audit log's words stand in for any other. */
  actions?: Record<string, string>
  pageSize?: number
}

type HistoryFetcher = (input: { params: { id: string }; query: { page: number; page_size: number } }, options: { silent: true; signal: AbortSignal }) => Promise<RecordHistory>

/** `locations.update` → `update`: the event an audit row's action ends with. */
const verbOf = (action: string) => action.slice(action.lastIndexOf('.') + 1)

/**
 * What happened to a record, newest first: who did what and when (in the business's time
 * zone), and each field that changed, before → after, its values read as money, dates,
 * Yes or No as the feature says. Older changes load on request.
 * @example
 * <HistoryTab route="serviceHistory" id={service.id}
 *   fields={{ name: { label: t('services.fields.name') }, bill_rate_cents: { label: t('services.fields.billRate'), format: 'money' } }} />
 */
export function HistoryTab({ route, id, fields, hidden = [], actions = {}, pageSize = 20 }: HistoryTabProps) {
  const { t, i18n } = useTranslation('app')
  const api = useApi()
  const locale = currentLocale(i18n)
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const fetchPage = api[route] as unknown as HistoryFetcher
  const history = useInfiniteQuery({
    queryKey: ['history', route, id, pageSize],
    queryFn: ({ pageParam, signal }) => fetchPage({ params: { id }, query: { page: pageParam, page_size: pageSize } }, { silent: true, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((shown, page) => shown + page.rows.length, 0) < last.count && last.rows.length > 0 ? pages.length + 1 : undefined),
  })

  if (history.isPending) return <Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('records.history.loading')} />
  if (history.isError) {
    return (
      <Alert tone="error" title={t('records.history.unavailable')}>
        {errorText(history.error)}
      </Alert>
    )
  }
  const entries = history.data.pages.flatMap((page) => page.rows)
  if (entries.length === 0) return <p className="py-8 text-center text-sm text-slate-600">{t('records.history.empty')}</p>

  const value = (change: FieldChange, which: 'before' | 'after') => {
    const raw = change[which]
    if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) {
      return (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('records.history.none')}</span>
        </>
      )
    }
    return formatValue(raw, fields[change.field]?.format ?? 'text', { locale, timeZone, yes: t('records.history.yes'), no: t('records.history.no') })
  }
  const actionLabel = (entry: HistoryEntry) => {
    const verb = verbOf(entry.action)
    if (actions[verb]) return actions[verb]
    if (verb === 'create') return t('records.history.created')
    if (verb === 'delete') return t('records.history.deleted')
    if (verb === 'update') return t('records.history.updated')
    // An event the screen gave no words of its own: the audit log's words for it, else "Changed".
    return t(`audit.verbs.${verb}`, { defaultValue: t('records.history.updated') })
  }
  const actor = (entry: HistoryEntry) => {
    if (!entry.actor) return t('records.history.bySystem')
    return entry.actor.name ? t('records.history.by', { name: entry.actor.name }) : t('records.history.byFormer')
  }

  return (
    <div className="space-y-4">
      <ol className="space-y-3" aria-label={t('records.history.list')}>
        {entries.map((entry) => {
          const created = verbOf(entry.action) === 'create'
          const changes = entry.changes.filter((change) => !hidden.includes(change.field))
          return (
            <li key={entry.id} className="rounded-xl p-4 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-slate-900">{actionLabel(entry)}</span> {actor(entry)}
                </p>
                <time dateTime={entry.created_at} className="text-xs text-slate-500">
                  {formatInstant(entry.created_at, locale, timeZone)}
                </time>
              </div>
              {changes.length > 0 && (
                <dl className="mt-3 space-y-1.5 text-sm">
                  {changes.map((change) => (
                    <div key={change.field} className="grid gap-x-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
                      <dt className="text-slate-500">{fields[change.field]?.label ?? change.field}</dt>
                      <dd className="break-words text-slate-800">
                        {created ? (
                          value(change, 'after')
                        ) : (
                          <>
                            <span className="text-slate-500">{value(change, 'before')}</span>
                            <span aria-hidden="true"> → </span>
                            <span className="sr-only"> {t('records.history.to')} </span>
                            {value(change, 'after')}
                          </>
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          )
        })}
      </ol>
      {history.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {t('records.history.older')}
          </Button>
        </div>
      )}
    </div>
  )
}

/** A value of a change as the field's format reads it. */
function formatValue(value: unknown, format: HistoryFormat, context: { locale: Locale; timeZone: string | undefined; yes: string; no: string }): ReactNode {
  if (typeof format === 'function') return format(value)
  if (format === 'money' && typeof value === 'number') return formatMoney(value, context.locale)
  if (format === 'minutes' && typeof value === 'number') return formatMinutes(value)
  if (format === 'instant' && typeof value === 'string') return formatInstant(value, context.locale, context.timeZone)
  if (format === 'date' && typeof value === 'string') return formatDay(`${value.slice(0, 10)}T12:00:00Z`, context.locale, 'UTC')
  if (typeof value === 'boolean') return value ? context.yes : context.no
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
