import type { Locale, TimesheetFlag } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'

/**
 * A distance as people say it: metres up to a kilometre, then kilometres (to a tenth under ten).
 * @example
 * formatDistance(233_442, 'fr') // '233 km'
 */
export function formatDistance(metres: number, locale: Locale): string {
  const km = metres >= 1000
  const value = km ? metres / 1000 : metres
  return new Intl.NumberFormat(`${locale}-CA`, { style: 'unit', unit: km ? 'kilometer' : 'meter', unitDisplay: 'short', maximumFractionDigits: km && value < 10 ? 1 : 0 }).format(value)
}

/**
 * A flag in words: what happened, by how much or how far, at the clock-in or the clock-out.
 * @example
 * useFlagText()({ kind: 'late_clock_in', at: 'clock_in', minutes: 12, distance_m: null, reason: null }) // 'Clocked in 12 min late'
 */
export function useFlagText() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  return (flag: TimesheetFlag): string => {
    const at = flag.at ? t(`timesheets.flags.at.${flag.at}`) : ''
    switch (flag.kind) {
      case 'early_clock_in':
      case 'late_clock_in':
      case 'early_clock_out':
      case 'late_clock_out':
        return t(`timesheets.flags.${flag.kind}`, { time: formatMinutes(flag.minutes ?? 0) })
      case 'outside_location':
        return t('timesheets.flags.outside_location', { distance: formatDistance(flag.distance_m ?? 0, locale), at })
      case 'location_unverified':
        return t('timesheets.flags.location_unverified', { at, reason: t(`timesheets.flags.reasons.${flag.reason ?? 'no_position'}`) })
      default:
        return t(`timesheets.flags.${flag.kind}`)
    }
  }
}

/**
 * What a manager should look at on a timesheet, one line each, or nothing.
 * @example
 * <FlagList flags={timesheet.flags} />
 */
export function FlagList({ flags }: { flags: readonly TimesheetFlag[] }) {
  const { t } = useTranslation('app')
  const text = useFlagText()
  if (flags.length === 0) return null
  return (
    <ul className="space-y-1 text-sm text-amber-900" aria-label={t('timesheets.flags.label')}>
      {flags.map((flag, index) => (
        <li key={`${flag.kind}-${flag.at ?? ''}-${index}`} className="flex gap-2">
          <span aria-hidden="true">⚑</span>
          {text(flag)}
        </li>
      ))}
    </ul>
  )
}
