import type { Locale } from '@rota/core'
import i18next, { type i18n as I18n } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'
import { readCookie } from './browser-store.ts'

/**
 * Rota's languages (core's LOCALES; a test keeps the two equal). Spelled here so the
 * first page does not load the contract's schemas for three words.
 */
export const LOCALES = ['en', 'fr', 'es'] as const satisfies readonly Locale[]

/** The languages of the footer's selector, each named in itself. */
export const LANGUAGES: readonly { code: Locale; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
]

/** Translation files under /locales/{lng}/: `common` for the shell, `auth` for sign-in, `app` for the areas. */
export const NAMESPACES = ['common', 'auth', 'app'] as const
export type Namespace = (typeof NAMESPACES)[number]

/** The options every Rota i18next instance shares, in the browser and in tests. */
export const baseOptions = {
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
} as const

/**
 * Starts translations for the browser (SPEC.md §9): files from /locales/{lng}/{ns}.json,
 * the language from `?lng=`, then the cookie, localStorage, sessionStorage, the browser
 * and the page's lang attribute, remembered in localStorage; English fills any gap.
 * @example
 * await initI18n()
 */
export async function initI18n(instance: I18n = i18next): Promise<I18n> {
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng
  })
  await instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseOptions,
      supportedLngs: [...LOCALES],
      // In development, keys the code uses but no file has are reported to the API (logged there).
      saveMissing: import.meta.env.DEV,
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
        addPath: '/api/v1/locales/missing/{{lng}}/{{ns}}',
        customHeaders: (): Record<string, string> => {
          const xsrf = readCookie('XSRF-TOKEN')
          return xsrf ? { 'X-XSRF-TOKEN': xsrf } : {}
        },
      },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage'],
      },
    })
  return instance
}

/**
 * The current language as one of Rota's locales, for the API's Accept-Language and for dates.
 * @example
 * currentLocale() // 'fr'
 */
export function currentLocale(instance: I18n = i18next): Locale {
  const language = instance.resolvedLanguage ?? instance.language ?? 'en'
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en'
}
