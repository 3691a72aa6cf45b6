import { TIMEOFF_STATUSES, type TimeoffRequest } from '@rota/core'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { RecordName, RecordTable, type RecordListRequest, type RecordSelection } from '../../../components/records/record-table.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import type { Column } from '../../../components/ui/data-table.tsx'
import { refusedId } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useAllTimeoffCategories } from '../api/list-categories.ts'
import { useTimeoffRequestList } from '../api/list-requests.ts'
import { useSendTimeoffEvents } from '../api/send-request-events.ts'
import { formatLeave, whenText } from '../utils/leave.ts'
import { useCategoryName } from '../hooks/use-category-name.ts'
import { decidable, RequestBulkBar } from './request-bulk-bar.tsx'

const SORTS = ['start_date', 'created_at', 'staff', 'status'] as const

/** What the table asks for, whichever of its filters the reader has. */
type RowsRequest = Omit<RecordListRequest<(typeof SORTS)[number], Record<never, never>>, 'filter'> & {
  filter?: { scope?: 'mine' | 'team' | undefined; status?: string | undefined; category?: string | undefined }
}
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** A day in the address (`from`, `to`) if it is one. */
function dayParam(search: string, name: string): string | undefined {
  const value = new URLSearchParams(search).get(name)
  return value && DATE.test(value) ? value : undefined
}

/**
 * The time-off requests the reader may see: whose (someone who decides chooses mine, my team
 * or everyone), by status, category and days, in the order of their first day; each with its person,
 * category colour, when, what it takes and how many shifts it touches, opened in the record
 * panel (RequestPanel). On a phone each request is a card. Someone who decides may pick the
 * requests of the page they can decide and approve or reject them at once, all or none: done,
 * the list says how many; refused, the request that stopped it is marked and the picks stay.
 * @example
 * <RequestsTable decides={canDecide} />
 */
export function RequestsTable({ decides }: { decides: boolean }) {
  const { t, i18n } = useTranslation('app')
  const categoryName = useCategoryName()
  const locale = currentLocale(i18n)
  const record = useOpenRecord()
  const categories = useAllTimeoffCategories()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const from = dayParam(search, 'from')
  const to = dayParam(search, 'to')
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const decide = useSendTimeoffEvents()
  const stopped = refusedId(decide.error)
  const done = useRef<HTMLDivElement>(null)
  // Once the requests are decided the bar that had focus is gone, and the closing dialog hands
  // focus back to the top of the page: after it, focus goes to what was done instead.
  useEffect(() => {
    if (!decide.data) return
    const later = setTimeout(() => done.current?.focus())
    return () => clearTimeout(later)
  }, [decide.data])
  const when = (request: TimeoffRequest) => whenText(request, locale, (half) => t(`timeoff.half.${half}`))
  const setDay = (name: 'from' | 'to', value: string) => {
    const params = new URLSearchParams(search)
    if (DATE.test(value)) params.set(name, value)
    else params.delete(name)
    params.delete('page')
    const query = params.toString()
    navigate(query ? `${location}?${query}` : location, { replace: true })
  }

  const columns: Column<TimeoffRequest>[] = [
    {
      key: 'person',
      header: t('timeoff.columns.person'),
      primary: true,
      sortKey: 'staff',
      cell: (request) => (
        <RecordName onOpen={() => record.open(request.id)} detail={`${categoryName(request.category.name)}, ${when(request)}`}>
          {request.staff.name}
        </RecordName>
      ),
    },
    {
      key: 'category',
      header: t('timeoff.columns.category'),
      cell: (request) => (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="size-3 shrink-0 rounded-full ring-1 ring-black/10" style={{ backgroundColor: request.category.colour }} />
          {categoryName(request.category.name)}
        </span>
      ),
    },
    {
      key: 'when',
      header: t('timeoff.columns.when'),
      sortKey: 'start_date',
      cell: when,
    },
    {
      key: 'amount',
      header: t('timeoff.columns.amount'),
      className: 'whitespace-nowrap',
      cell: (request) => formatLeave(request.minutes, request.category.unit, request.category.day_minutes, locale),
    },
    {
      key: 'status',
      header: t('timeoff.columns.status'),
      sortKey: 'status',
      cell: (request) => (
        <>
          <StatusBadge lifecycle="timeoff" status={request.status} />
          {request.id === stopped && <p className="mt-1 text-xs font-medium text-red-700">{t('timeoff.bulk.refused')}</p>}
        </>
      ),
    },
    {
      key: 'shifts',
      header: t('timeoff.columns.shifts'),
      cell: (request) =>
        request.shifts.length > 0 ? <Badge tone="amber">{t('timeoff.shiftsTouched', { count: request.shifts.length })}</Badge> : <span className="text-slate-500">{t('timeoff.noShifts')}</span>,
    },
  ]

  const selection: RecordSelection<TimeoffRequest> = {
    selected,
    onChange: (keys) => {
      setSelected(keys)
      decide.reset()
    },
    selectable: decidable,
    label: (request) => t('timeoff.bulk.select', { name: request.staff.name, category: categoryName(request.category.name), when: when(request) }),
    allLabel: t('timeoff.bulk.selectAll'),
    bar: (requests) => (
      <RequestBulkBar
        key={requests.map((request) => request.id).join()}
        requests={requests}
        onClear={() => selection.onChange(new Set())}
        onDecide={async (body) => {
          await decide.mutateAsync(body)
          setSelected(new Set())
        }}
      />
    ),
  }

  const dayField = (name: 'from' | 'to', value: string | undefined) => (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      {t(`timeoff.filters.${name}`)}
      <input
        type="date"
        value={value ?? ''}
        onChange={(event) => setDay(name, event.target.value)}
        className="rounded-lg border-0 px-2 py-2 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-primary-600 focus:outline-none"
      />
    </label>
  )

  const useRows = (request: RowsRequest) => useTimeoffRequestList({ ...request, ...(from ? { from } : {}), ...(to ? { to } : {}) })

  const statusFilter = {
    label: t('timeoff.filters.status'),
    all: t('timeoff.filters.allStatuses'),
    options: TIMEOFF_STATUSES.map((status) => ({ value: status, label: t(`records.statuses.timeoff.${status}`) })),
  }
  const categoryFilter = {
    label: t('timeoff.filters.category'),
    all: t('timeoff.filters.allCategories'),
    ids: true,
    options: (categories.data?.rows ?? []).map((category) => ({ value: category.id, label: categoryName(category.name) })),
  }
  const scopeFilter = {
    label: t('timeoff.filters.scope'),
    all: t('timeoff.filters.everyone'),
    options: [
      { value: 'mine', label: t('timeoff.filters.mine') },
      { value: 'team', label: t('timeoff.filters.team') },
    ],
  }

  return (
    <>
      {decide.data && (
        <div ref={done} tabIndex={-1} className="mb-4 outline-none">
          <Alert tone="success">{decidedText(t, decide.variables.type, decide.data.requests.length)}</Alert>
        </div>
      )}
      <RecordTable
        caption={t('timeoff.caption')}
        columns={columns}
        rowKey={(request) => request.id}
        sorts={SORTS}
        defaultSort="start_date"
        filters={decides ? { scope: scopeFilter, status: statusFilter, category: categoryFilter } : { status: statusFilter, category: categoryFilter }}
        useRows={useRows}
        selection={decides ? selection : undefined}
        toolbar={
          <>
            {dayField('from', from)}
            {dayField('to', to)}
          </>
        }
        labels={{
          loading: t('timeoff.loading'),
          empty: t('pages.timeoffRequests.empty'),
          noMatch: t('timeoff.noMatch'),
          unavailable: t('timeoff.unavailable'),
          pages: t('timeoff.pages'),
        }}
      />
    </>
  )
}

/** "3 requests approved." */
function decidedText(t: TFunction<'app'>, type: string, count: number) {
  if (type === 'timeoff.reject') return count === 1 ? t('timeoff.bulk.rejectedOne', { count }) : t('timeoff.bulk.rejectedMany', { count })
  return count === 1 ? t('timeoff.bulk.approvedOne', { count }) : t('timeoff.bulk.approvedMany', { count })
}
