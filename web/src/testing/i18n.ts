import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import enApp from '../../public/locales/en/app.json'
import enAuth from '../../public/locales/en/auth.json'
import enCommon from '../../public/locales/en/common.json'
import esApp from '../../public/locales/es/app.json'
import esAuth from '../../public/locales/es/auth.json'
import esCommon from '../../public/locales/es/common.json'
import frApp from '../../public/locales/fr/app.json'
import frAuth from '../../public/locales/fr/auth.json'
import frCommon from '../../public/locales/fr/common.json'
import { baseOptions, NAMESPACES } from '../lib/i18n.ts'

/** The translation files as the browser gets them from /locales/{lng}/{ns}.json. */
export const resources = {
  en: { common: enCommon, auth: enAuth, app: enApp },
  fr: { common: frCommon, auth: frAuth, app: frApp },
  es: { common: esCommon, auth: esAuth, app: esApp },
} as const

/** i18next as the app configures it, with the files already loaded so no test waits on HTTP. */
export async function initTestI18n() {
  await i18next.use(initReactI18next).init({ ...baseOptions, lng: 'en', ns: [...NAMESPACES], resources })
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng
  })
  return i18next
}
