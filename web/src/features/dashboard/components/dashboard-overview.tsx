import type { Dashboard } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { formatDay } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { AttentionList } from './attention-list.tsx'
import { ClientRevenueList } from './client-revenue.tsx'
import { TrendChart } from './trend-chart.tsx'
import { WeekFigures } from './week-figures.tsx'

const heading = 'mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase'

/**
 * A business at work: what needs attention this week, the week in numbers against the last,
 * and the trends; each section titled for screen readers' headings list.
 * @example
 * <DashboardOverview dashboard={dashboard.data} />
 */
export function DashboardOverview({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const day = (date: string) => formatDay(`${date}T12:00:00Z`, locale, 'UTC')
  return (
    <div className="space-y-8">
      <section aria-labelledby="attention">
        <h2 id="attention" className={heading}>
          {t('dashboard.attentionTitle')}
        </h2>
        <AttentionList items={dashboard.attention} week={dashboard.week} />
      </section>
      <section aria-labelledby="numbers">
        <h2 id="numbers" className={heading}>
          {t('dashboard.figuresTitle', { from: day(dashboard.week.first_day), to: day(dashboard.week.last_day) })}
        </h2>
        <WeekFigures figures={dashboard.figures} />
      </section>
      <section aria-labelledby="trends">
        <h2 id="trends" className={heading}>
          {t('dashboard.trendsTitle')}
        </h2>
        <div className="space-y-4">
          {dashboard.trends.map((trend) => (
            <TrendChart key={trend.key} trend={trend} weeks={dashboard.trend_weeks} />
          ))}
          <ClientRevenueList clients={dashboard.top_clients} weeks={dashboard.trend_weeks.length} />
        </div>
      </section>
    </div>
  )
}
