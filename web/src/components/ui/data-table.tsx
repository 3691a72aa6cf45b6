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
}

export interface TableSort {
  key: string | undefined
  order: 'asc' | 'desc'
}

/**
 * A list as a table: sortable headers are buttons and the sorted one carries `aria-sort`;
 * while a new page loads the rows stay, dimmed, and the table says it is busy.
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
    <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && sort?.key === column.sortKey
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase ${column.className ?? ''}`}
                >
                  {column.sortKey && onSort ? (
                    <button type="button" onClick={() => onSort(column.sortKey!)} className="group inline-flex items-center gap-1 rounded uppercase hover:text-slate-900">
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
        <tbody className={`divide-y divide-slate-100 transition-opacity ${loading && rows.length > 0 ? 'opacity-60' : ''}`}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-12 text-center">
                {loading ? <Spinner className="mx-auto size-6 text-primary-700" label={loadingLabel} /> : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50/70">
                {columns.map((column) => (
                  <td key={column.key} className={`px-4 py-3 align-middle text-slate-700 ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
