import { timeoffCategoryName } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../../lib/i18n.ts'

/**
 * A time-off category's name in the reader's language: Rota's own categories (Vacation,
 * Sick leave…) are translated, those the business named itself are shown as written.
 * @example
 * const categoryName = useCategoryName()
 * categoryName(request.category.name) // 'Vacaciones' for a Spanish reader
 */
export function useCategoryName(): (name: string) => string {
  const { i18n } = useTranslation()
  const locale = currentLocale(i18n)
  return (name) => timeoffCategoryName(name, locale)
}
