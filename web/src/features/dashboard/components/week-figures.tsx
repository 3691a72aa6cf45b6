import type { WeekFigure } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../../lib/i18n.ts'
import { figureText, percentChange } from '../utils/figures.ts'

/**
 * The week in numbers, each beside last week's and the change between them in words (no
 * colour alone says whether it went up or down).
 * @example
 * <WeekFigures figures={dashboard.figures} />
 */
export function WeekFigures({ figures }: { figures: readonly WeekFigure[] }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {figures.map((figure) => {
        const change = percentChange(figure.this_week, figure.last_week)
        return (
          <div key={figure.key} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm font-medium text-slate-600">{t(`dashboard.figures.${figure.key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{figureText(figure.this_week, figure.unit, locale)}</dd>
            <dd className="mt-1 text-sm text-slate-600">
              {t('dashboard.figures.lastWeek', { value: figureText(figure.last_week, figure.unit, locale) })}
              {change !== null && (
                <span className={change >= 0 ? 'ml-2 text-emerald-800' : 'ml-2 text-rose-800'}>
                  {change >= 0 ? t('dashboard.figures.up', { percent: change }) : t('dashboard.figures.down', { percent: -change })}
                </span>
              )}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}
