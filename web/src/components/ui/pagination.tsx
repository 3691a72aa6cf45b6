import { useTranslation } from 'react-i18next'
import { ChevronLeftIcon } from './action-icons.tsx'
import { ChevronRightIcon } from './icons.tsx'

const BUTTON =
  'inline-flex h-9 items-center gap-1 rounded-lg bg-white px-3 font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-white'

/**
 * Where a list stands ("21–40 of 57") and the buttons to the previous and next pages;
 * nothing when everything fits on one page. At either end a button is marked unavailable
 * (aria-disabled) rather than disabled, so that focus stays on it: "Next" pressed onto the last
 * page keeps the keyboard where it was.
 * @example
 * <Pagination page={list.page} pageSize={20} count={data.count} onPage={list.setPage} label={t('app:users.pages')} />
 */
export function Pagination({ page, pageSize, count, onPage, label }: { page: number; pageSize: number; count: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation()
  const pages = Math.max(1, Math.ceil(count / pageSize))
  if (count <= pageSize && page === 1) return null
  const first = Math.min(count, (page - 1) * pageSize + 1)
  const last = Math.min(count, page * pageSize)
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">{t('pagination.range', { first, last, count })}</p>
      <div className="flex items-center gap-2">
        <span className="mr-1">{t('pagination.page', { page, pages })}</span>
        <button type="button" onClick={() => page > 1 && onPage(page - 1)} aria-disabled={page <= 1} className={BUTTON}>
          <ChevronLeftIcon className="size-4" />
          {t('pagination.previous')}
        </button>
        <button type="button" onClick={() => page < pages && onPage(page + 1)} aria-disabled={page >= pages} className={BUTTON}>
          {t('pagination.next')}
          <ChevronRightIcon className="size-4" />
        </button>
      </div>
    </nav>
  )
}
