import { holidayOn, type HolidayJurisdiction, type LocalDate } from '@rota/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../lib/services.tsx'

/**
 * The statutory holidays among some days, named in the reader's language: those of the
 * jurisdiction whose employment standards the business follows (its overtime setting), whose
 * hours a pay run pays at the holiday's premium.
 * @example
 * const holidays = useHolidays(week.dates) // Map { '2026-09-07' => 'Labour Day' }
 */
export function useHolidays(dates: readonly LocalDate[]): ReadonlyMap<LocalDate, string> {
  const { t } = useTranslation('app')
  const jurisdiction = useSession((state) => state.context.settings?.overtime_jurisdiction) as HolidayJurisdiction | undefined
  return useMemo(() => {
    const found = new Map<LocalDate, string>()
    if (!jurisdiction) return found
    for (const date of dates) {
      const holiday = holidayOn(jurisdiction, date)
      if (holiday) found.set(date, t(`holidays.${holiday.key}`))
    }
    return found
  }, [jurisdiction, dates, t])
}

/**
 * The statutory holiday a day is, named in the reader's language, or undefined.
 * @example
 * const holiday = useHoliday(shift.date) // 'Christmas Day'
 */
export function useHoliday(date: LocalDate): string | undefined {
  const { t } = useTranslation('app')
  const jurisdiction = useSession((state) => state.context.settings?.overtime_jurisdiction) as HolidayJurisdiction | undefined
  const holiday = jurisdiction ? holidayOn(jurisdiction, date) : undefined
  return holiday ? t(`holidays.${holiday.key}`) : undefined
}
