import type { ReactNode } from 'react'
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from './action-icons.tsx'
import { Spinner } from './spinner.tsx'

/** One column of a table: what its header says, what each row shows, and the sort it offers. */
export interface Column<T> {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  /** The list query's sort field, when the column can be sorted. */
  sortKey?: string
  className?: string
  /**
   * The cell that titles the row's card on a phone, where rows are cards without the header
   * row: it comes first, unlabelled; every other cell is named by its header when that is text.
   */
  primary?: boolean
}

/** The actions column is recognised by its key: on a phone its buttons sit at the foot of the card, never off screen. */
const ACTIONS = 'actions'

/** The selection column is recognised by its key: on a phone its header (select all) stays in view above the cards. */
export const SELECT_COLUMN = 'select'

export interface TableSort {
  key: string | undefined
  order: 'asc' | 'desc'
}

/**
 * A list as a table: sortable headers are buttons and the sorted one carries `aria-sort`;
 * while a new page loads the rows stay, dimmed, and the table says it is busy. Below the
 * small breakpoint each row is a card: its title, each other cell under its column's name,
 * and its actions in full view (nothing scrolls sideways).
 * @example
 * <DataTable caption={t('app:users.caption')} columns={columns} rows={page.rows} rowKey={(user) => user.id}
 *   sort={list.sort} onSort={list.toggleSort} loading={users.isFetching} empty={<p>…</p>} />
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  loading = false,
  empty,
  loadingLabel,
}: {
  caption: string
  columns: readonly Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  sort?: TableSort
  onSort?: (key: string) => void
  loading?: boolean
  empty: ReactNode
  loadingLabel: string
}) {
  return (
    <div className="relative rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 sm:overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm max-sm:block" aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        {/* On a phone the header row is a line of sort buttons above the cards. */}
        <thead className="bg-slate-50 max-sm:block max-sm:rounded-t-2xl">
          <tr className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-4 max-sm:px-4 max-sm:py-2">
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && sort?.key === column.sortKey
              const sortable = column.sortKey !== undefined && onSort !== undefined
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase max-sm:px-0 max-sm:py-1 ${column.className ?? ''} ${
                    sortable || column.key === SELECT_COLUMN ? '' : 'max-sm:sr-only'
                  }`}
                >
                  {column.sortKey && onSort ? (
                    <button type="button" onClick={() => onSort(column.sortKey!)} className="group inline-flex min-h-6 items-center gap-1 rounded uppercase hover:text-slate-900 max-sm:min-h-8">
                      {column.header}
                      {sorted ? (
                        sort.order === 'asc' ? <ArrowUpIcon className="size-3.5" /> : <ArrowDownIcon className="size-3.5" />
                      ) : (
                        <SortIcon className="size-3.5 text-slate-400 group-hover:text-slate-600" />
                      )}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 transition-opacity max-sm:block ${loading && rows.length > 0 ? 'opacity-60' : ''}`}>
          {rows.length === 0 ? (
            <tr className="max-sm:block">
              <td colSpan={columns.length} className="px-4 py-12 text-center max-sm:block">
                {loading ? <Spinner className="mx-auto size-6 text-primary-700" label={loadingLabel} /> : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50/70 max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:px-4 max-sm:py-4">
                {columns.map((column) => {
                  const label = typeof column.header === 'string' ? column.header : undefined
                  const named = label !== undefined && !column.primary && column.key !== ACTIONS
                  return (
                    <td
                      key={column.key}
                      data-label={named ? label : undefined}
                      className={`px-4 py-3 align-middle text-slate-700 max-sm:p-0 ${column.className ?? ''} ${
                        named ? 'max-sm:grid max-sm:grid-cols-[minmax(0,8rem)_minmax(0,1fr)] max-sm:justify-items-start max-sm:gap-3 max-sm:text-left max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]' : ''
                      } ${column.key === ACTIONS ? 'max-sm:flex max-sm:justify-end max-sm:border-t max-sm:border-slate-100 max-sm:pt-2' : ''} ${column.primary ? 'max-sm:text-base' : ''}`}
                    >
                      {column.cell(row)}
                    </td>
                  )
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
