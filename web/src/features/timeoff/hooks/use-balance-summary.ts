import type { Locale, TimeoffCategory } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { formatLeave } from '../utils/leave.ts'

/**
 * How a category's balance reads in one line: "10 days a year, up to 5 days carried over",
 * "0.04 h earned per hour worked", "No balance kept".
 * @example
 * const summary = useBalanceSummary(locale)
 * summary(category) // '10 days a year, up to 5 days carried over'
 */
export function useBalanceSummary(locale: Locale): (category: TimeoffCategory) => string {
  const { t } = useTranslation('app')
  return (category) => {
    const leave = (minutes: number) => formatLeave(minutes, category.unit, category.day_minutes, locale)
    if (category.accrual === 'none') return t('timeoff.categories.summary.none')
    const earned =
      category.accrual === 'yearly'
        ? t('timeoff.categories.summary.yearly', { amount: leave(category.yearly_allowance_minutes ?? 0) })
        : t('timeoff.categories.summary.perHour', { rate: new Intl.NumberFormat(`${locale}-CA`, { maximumFractionDigits: 6 }).format(Number(category.accrual_rate ?? 0)) })
    const carried =
      category.carry_over_max_minutes === null
        ? t('timeoff.categories.summary.carryAll')
        : category.carry_over_max_minutes === 0
          ? t('timeoff.categories.summary.carryNone')
          : t('timeoff.categories.summary.carry', { amount: leave(category.carry_over_max_minutes) })
    return `${earned}, ${carried}`
  }
}
