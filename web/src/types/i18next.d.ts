import 'i18next'
import type app from '../../public/locales/en/app.json'
import type auth from '../../public/locales/en/auth.json'
import type common from '../../public/locales/en/common.json'

/** Translation keys are checked by the compiler against the English files. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: { common: typeof common; auth: typeof auth; app: typeof app }
    returnNull: false
  }
}
