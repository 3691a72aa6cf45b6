import type { Locale } from '@rota/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLocale, LANGUAGES } from '../lib/i18n.ts'
import { GlobeIcon } from './ui/icons.tsx'

/**
 * The footer's language selector (SPEC.md §1): English, Français, Español, each in its own
 * words. A native select, which every keyboard, screen reader and phone already knows.
 * The choice is remembered by the language detector.
 * @example
 * <LanguageSelect onChange={(locale) => saveProfileLocale(locale)} />
 */
export function LanguageSelect({ onChange }: { onChange?: (locale: Locale) => void }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <GlobeIcon className="size-4" />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={currentLocale(i18n)}
        onChange={async (event) => {
          const locale = event.target.value as Locale
          await i18n.changeLanguage(locale)
          onChange?.(locale)
        }}
        className="rounded-md border-0 bg-transparent py-1 pr-7 pl-1 text-sm font-medium text-slate-700 ring-1 ring-transparent hover:ring-slate-300 focus:ring-2 focus:ring-primary-600 focus:outline-none"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  )
}
