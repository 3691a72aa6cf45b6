import { useEffect, type ReactNode } from 'react'
import { errorText } from '../../lib/error-text.ts'
import { useListQuery, type FilterValues } from '../../lib/use-list-query.ts'
import { Alert } from '../ui/alert.tsx'
import { DataTable, SELECT_COLUMN, type Column } from '../ui/data-table.tsx'
import { Pagination } from '../ui/pagination.tsx'
import { FilterSelect, SearchField } from '../ui/search-field.tsx'

/** A select above the list that narrows it to one value of a field (`filter[active]=true`). */
export interface RecordFilter<V extends string = string> {
  /** What the select filters, for screen readers: "Filter by status". */
  label: string
  /** The first option, which shows everything: "All statuses". */
  all: string
  /** The values offered, in order, each with its label. */
  options: readonly { value: V; label: string }[]
  /** Any record id is a value (the options are records that load later, such as the team). */
  ids?: boolean
}

type FilterValue<F> = F extends RecordFilter<infer V> ? V : never

/** What the list asks its query hook for (DESIGN.md §4's list query). */
export interface RecordListRequest<S extends string, F extends Record<string, RecordFilter>> {
  page: number
  page_size: number
  sort: S
  order: 'asc' | 'desc'
  q?: string
  filter?: { [K in keyof F]?: FilterValue<F[K]> }
}

/** The part of a TanStack query of a list page that the table reads. */
export interface RecordRowsQuery<T> {
  data: { count: number; rows: readonly T[] } | undefined
  isError: boolean
  error: unknown
  isFetching: boolean
}

/**
 * Rows picked on the page shown, to act on them together (approve many at once). The screen
 * keeps the keys; only those of selectable rows on the page shown count, and a change keeps
 * only those.
 */
export interface RecordSelection<T> {
  /** The keys picked (`rowKey`). */
  selected: ReadonlySet<string>
  onChange: (selected: ReadonlySet<string>) => void
  /** Whether a row can be picked (it allows what the bar offers); another has no checkbox. */
  selectable: (row: T) => boolean
  /** Names a row's checkbox: "Select Omar Haddad's claim of Mar 9, 2026, $45.20". */
  label: (row: T) => string
  /** Names the header's checkbox: "Select every claim on this page". */
  allLabel: string
  /** Shown above the table while rows are picked: what can be done with them. */
  bar: (rows: readonly T[]) => ReactNode
}

export interface RecordTableProps<T, S extends string, F extends Record<string, RecordFilter>> {
  /** The table's name for screen readers ("Clients"). */
  caption: string
  columns: readonly Column<T>[]
  rowKey: (row: T) => string
  /** The sorts the API takes; a column offers one with its `sortKey`. */
  sorts: readonly S[]
  defaultSort: S
  filters?: F
  /** The search box's label (and placeholder); without it there is no search box. */
  search?: string
  /** The feature's query hook for a page of records; the same hook on every render. */
  useRows: (request: RecordListRequest<S, F>) => RecordRowsQuery<T>
  pageSize?: number
  /** More controls beside the search and filters (a week picker, a bulk action). */
  toolbar?: ReactNode
  /** A checkbox on each selectable row and one for the page in the header, and the bar for what is picked. */
  selection?: RecordSelection<T>
  labels: {
    /** Said while the first page loads. */
    loading: string
    /** The list has nothing yet ("No clients yet…"). */
    empty: ReactNode
    /** Nothing matches the search or filters. */
    noMatch: ReactNode
    /** The title of the alert when the list cannot be loaded. */
    unavailable: string
    /** The pagination's name for screen readers ("Client pages"). */
    pages: string
  }
}

const said = (text: ReactNode) => (typeof text === 'string' ? <p className="text-sm text-slate-600">{text}</p> : text)

/**
 * A screen's list of records: search, filter selects and sort kept in the address (Back
 * returns to the previous page, a link shares the view), the rows as a table on a desk and
 * as cards on a phone, the pages, and what to say when there is nothing yet, nothing
 * matches, or the list cannot be loaded. With `selection`, rows of the page can be picked
 * and acted on together from a bar above the table.
 * @example
 * <RecordTable caption={t('locations.caption')} columns={columns} rowKey={(row) => row.id}
 *   sorts={['name', 'city']} defaultSort="name" search={t('locations.search')} useRows={useLocations}
 *   filters={{ active: { label: t('locations.filterStatus'), all: t('status.all'), options: [{ value: 'true', label: t('status.active') }] } }}
 *   labels={{ loading: t('locations.loading'), empty: t('pages.locations.empty'), noMatch: t('locations.noMatch'),
 *     unavailable: t('locations.unavailable'), pages: t('locations.pages') }} />
 */
export function RecordTable<T, S extends string, const F extends Record<string, RecordFilter> = Record<never, RecordFilter>>({
  caption,
  columns,
  rowKey,
  sorts,
  defaultSort,
  filters,
  search,
  useRows,
  pageSize,
  toolbar,
  selection,
  labels,
}: RecordTableProps<T, S, F>) {
  const accepted: Record<string, FilterValues> = {}
  for (const [name, filter] of Object.entries(filters ?? {})) accepted[name] = filter.ids ? 'id' : filter.options.map((option) => option.value)
  const list = useListQuery({ sorts, defaultSort, filters: accepted, ...(pageSize ? { pageSize } : {}) })
  const rows = useRows(list.request as RecordListRequest<S, F>)
  const count = rows.data?.count
  const { page, settlePage } = list
  useEffect(() => {
    if (count !== undefined) settlePage(count)
  }, [count, page]) // eslint-disable-line react-hooks/exhaustive-deps -- settlePage is new on every render
  const controls = search !== undefined || filters !== undefined || toolbar !== undefined
  const shown = rows.data?.rows ?? []
  const picked = selection ? shown.filter((row) => selection.selectable(row) && selection.selected.has(rowKey(row))) : []

  return (
    <>
      {controls && (
        <div className="mb-4 flex flex-wrap items-center gap-3">
          {search !== undefined && <SearchField label={search} value={list.q} onSearch={list.setQ} />}
          {Object.entries(filters ?? {}).map(([name, filter]) => (
            <FilterSelect
              key={name}
              label={filter.label}
              value={list.filter(name)}
              onChange={(value) => list.setFilter(name, value)}
              options={[{ value: '', label: filter.all }, ...filter.options]}
            />
          ))}
          {toolbar}
        </div>
      )}
      {selection && picked.length > 0 && !rows.isError && <div className="mb-4">{selection.bar(picked)}</div>}
      {rows.isError ? (
        <Alert tone="error" title={labels.unavailable}>
          {errorText(rows.error)}
        </Alert>
      ) : (
        <DataTable
          caption={caption}
          columns={selection ? [selectionColumn(selection, shown, picked, rowKey), ...columns] : columns}
          rows={shown}
          rowKey={rowKey}
          sort={list.sort}
          onSort={list.toggleSort}
          loading={rows.isFetching}
          loadingLabel={labels.loading}
          empty={said(list.narrowed ? labels.noMatch : labels.empty)}
        />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} count={rows.data?.count ?? 0} onPage={list.setPage} label={labels.pages} />
    </>
  )
}

/**
 * The checkboxes of a selection: the header's picks every selectable row of the page or none
 * (partly ticked when some are picked), a row's picks that row.
 */
function selectionColumn<T>(selection: RecordSelection<T>, shown: readonly T[], picked: readonly T[], rowKey: (row: T) => string): Column<T> {
  const selectable = shown.filter(selection.selectable)
  const pick = (rows: readonly T[]) => selection.onChange(new Set(rows.map(rowKey)))
  return {
    key: SELECT_COLUMN,
    className: 'w-10',
    header: (
      <Tick
        label={selection.allLabel}
        checked={picked.length > 0 && picked.length === selectable.length}
        mixed={picked.length > 0 && picked.length < selectable.length}
        disabled={selectable.length === 0}
        onChange={(on) => pick(on ? selectable : [])}
      />
    ),
    cell: (row) =>
      selection.selectable(row) && (
        <Tick
          label={selection.label(row)}
          checked={picked.includes(row)}
          onChange={(on) => pick(on ? [...picked, row] : picked.filter((other) => other !== row))}
        />
      ),
  }
}

/** A checkbox that can also be partly ticked (some of the page picked). */
function Tick({ label, checked, mixed = false, disabled = false, onChange }: { label: string; checked: boolean; mixed?: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      ref={(input) => {
        if (input) input.indeterminate = mixed
      }}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 rounded border-slate-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-70"
    />
  )
}

/**
 * The name that titles a row (and its card on a phone): a button that opens the record
 * when it can be opened, plain text otherwise. `detail` tells a screen reader which record
 * it opens when the name alone does not (one person's several requests).
 * @example
 * cell: (location) => <RecordName onOpen={() => record.open(location.id)}>{location.name}</RecordName>
 * cell: (request) => <RecordName onOpen={open} detail="Vacation, Dec 4 – 5">{request.staff.name}</RecordName>
 */
export function RecordName({ onOpen, detail, children }: { onOpen?: (() => void) | undefined; detail?: string | undefined; children: ReactNode }) {
  if (!onOpen) return <span className="font-semibold text-slate-900">{children}</span>
  return (
    <button
      type="button"
      onClick={onOpen}
      className="text-left font-semibold text-slate-900 underline decoration-slate-300 underline-offset-4 hover:text-primary-800 hover:decoration-primary-700"
    >
      {children}
      {detail && <span className="sr-only">, {detail}</span>}
    </button>
  )
}
