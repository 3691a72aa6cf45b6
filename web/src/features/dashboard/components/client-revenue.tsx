import { formatMoney, type ClientRevenue } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../../lib/i18n.ts'

/**
 * Revenue by client over the trend's weeks, the most invoiced first: each client's amount in
 * words, and a bar for the eye (hidden from screen readers, which have the amount).
 * @example
 * <ClientRevenueList clients={dashboard.top_clients} weeks={dashboard.trend_weeks.length} />
 */
export function ClientRevenueList({ clients, weeks }: { clients: readonly ClientRevenue[]; weeks: number }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const most = Math.max(1, ...clients.map((client) => client.cents))
  return (
    <figure aria-labelledby="top-clients" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <figcaption id="top-clients" className="mb-3 font-semibold text-slate-900">
        {t('dashboard.topClients.title', { count: weeks })}
      </figcaption>
      {clients.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboard.topClients.empty')}</p>
      ) : (
        <ol className="space-y-3">
          {clients.map((client) => (
            <li key={client.id} className="text-sm">
              <div className="flex justify-between gap-3">
                <span className="truncate font-medium text-slate-900">{client.name}</span>
                <span className="tabular-nums text-slate-700">{formatMoney(client.cents, locale)}</span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
                <div className="h-2 rounded-full bg-primary-600" style={{ width: `${Math.max(2, Math.round((client.cents / most) * 100))}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </figure>
  )
}
