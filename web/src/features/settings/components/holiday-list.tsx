import { statutoryHolidays, type HolidayJurisdiction } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../../lib/i18n.ts'

/**
 * The statutory holidays of a jurisdiction in a year, to review beside the choice of employment
 * standards: what the board marks and a pay run pays (decision 034). Folded until opened.
 * @example
 * <HolidayList jurisdiction="BC" year={2026} />
 */
export function HolidayList({ jurisdiction, year }: { jurisdiction: HolidayJurisdiction; year: number }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const holidays = statutoryHolidays(jurisdiction, year)
  const day = new Intl.DateTimeFormat(`${locale}-CA`, { weekday: 'short', month: 'long', day: 'numeric', timeZone: 'UTC' })
  return (
    <details className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
      <summary className="cursor-pointer font-medium text-slate-800 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none">
        {t('settings.holidays.summary', { year, count: holidays.length })}
      </summary>
      <p className="mt-2 text-slate-600">{t('settings.holidays.hint')}</p>
      <ul className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {holidays.map((holiday) => (
          <li key={holiday.key} className="flex justify-between gap-3">
            <span>{t(`holidays.${holiday.key}`)}</span>
            <span className="text-slate-600 tabular-nums">{day.format(new Date(`${holiday.date}T00:00:00Z`))}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}
