import type { Locale } from '@rota/core'
import type { Locale as DateLocale } from 'date-fns'
import { enCA } from 'date-fns/locale/en-CA'
import { es } from 'date-fns/locale/es'
import { fr } from 'date-fns/locale/fr'

/**
 * date-fns's locale for each language (SPEC.md §9): Canadian English, and French and
 * Spanish whose weeks start on Monday. `fr` rather than `fr-CA`, whose weeks start on Sunday.
 * @example
 * format(new Date(), 'PPPP', { locale: dateLocale('fr') }) // 'vendredi 21 novembre 2025'
 */
export function dateLocale(locale: Locale): DateLocale {
  return { en: enCA, fr, es }[locale]
}
