import type { AttentionItem, AttentionKey, Dashboard } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { ChevronRightIcon } from '../../../components/ui/icons.tsx'
import { paths } from '../../../config/paths.ts'

/** The list that answers each item, filtered as far as that list can be from its address. */
const LINKS: Record<AttentionKey, (week: Dashboard['week'], item: AttentionItem) => string> = {
  open_shifts: (week) => `${paths.schedules.href()}?date=${week.first_day}`,
  unpublished_shifts: (week) => `${paths.schedules.href()}?date=${week.first_day}`,
  // The board opens on the week of the first shift asked about, where its requests are decided.
  shift_requests: (week, item) => `${paths.schedules.href()}?date=${item.date ?? week.first_day}`,
  pending_timeoff: () => `${paths.timeoffRequests.href()}?status=pending`,
  timesheets_to_approve: () => paths.timesheets.href(),
  flagged_timesheets: () => paths.timesheets.href(),
  unscheduled_people: (week) => `${paths.schedules.href()}?date=${week.first_day}`,
  expenses_to_approve: () => `${paths.expenses.href()}?status=submitted`,
  overdue_invoices: () => `${paths.invoices.href()}?overdue=true`,
}

/**
 * What needs attention now, each a count and a link to the list that answers it; the items
 * with nothing waiting step back (dimmed, still listed, so the page keeps its shape).
 * @example
 * <AttentionList items={dashboard.attention} week={dashboard.week} />
 */
export function AttentionList({ items, week }: { items: readonly AttentionItem[]; week: Dashboard['week'] }) {
  const { t } = useTranslation('app')
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={item.key}>
          <Link
            href={LINKS[item.key](week, item)}
            className={`group flex h-full items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 transition hover:shadow-md ${item.count > 0 ? 'ring-amber-300' : 'ring-slate-200'}`}
          >
            <span className={`min-w-10 text-center text-2xl font-bold tabular-nums ${item.count > 0 ? 'text-amber-800' : 'text-slate-500'}`}>{item.count}</span>
            <span className="min-w-0 flex-1 text-sm font-medium text-slate-800">{t(`dashboard.attention.${item.key}`, { count: item.count })}</span>
            <ChevronRightIcon className="size-5 text-slate-400 group-hover:text-primary-700" />
          </Link>
        </li>
      ))}
    </ul>
  )
}
