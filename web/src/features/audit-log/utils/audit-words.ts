import { formatMoney } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { formatInstant, formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** `locations.update` → `update`: the event an audit row's action ends with. */
const verbOf = (action: string) => action.slice(action.lastIndexOf('.') + 1)

/** `bill_rate_cents` → `Bill rate`: a field no translation names yet, still read as words. */
function humanised(field: string): string {
  const words = field.replace(/_(cents|ids?|minutes)$/, '').replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * How an audit row reads in the screen's language: its action ("Signed in", "Approved": the
 * action's own words, else its verb's), its area (the area's name as the permission editor says
 * it, the audit's own words for uploads), its fields ("Bill rate" for `bill_rate_cents`) and
 * their values ("$45.50", "8 h", "Monday", "Yes") as the screens that set them write them.
 * Something the server records that has no words yet still reads as words, never as a code.
 * @example
 * const words = useAuditWords(); words.action('auth.login') // 'Signed in'
 */
export function useAuditWords() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const said = (key: string) => {
    const text = t(key, { defaultValue: '' })
    return typeof text === 'string' && text !== '' ? text : null
  }
  /** A stored value as the screens that set it write it: money, lengths of time, days, yes and no, languages. */
  const value = (field: string, raw: unknown): string => {
    if (raw === undefined || raw === null) return ''
    if (typeof raw === 'boolean') return raw ? t('records.history.yes') : t('records.history.no')
    if (typeof raw === 'number' && field.endsWith('_cents')) return formatMoney(raw, locale)
    if (typeof raw === 'number' && field.endsWith('_minutes')) return formatMinutes(raw)
    if ((typeof raw === 'number' || typeof raw === 'string') && field.endsWith('_percent') && Number.isFinite(Number(raw)))
      return new Intl.NumberFormat(`${locale}-CA`, { style: 'percent', maximumFractionDigits: 4 }).format(Number(raw) / 100)
    // Weeks start on a weekday: 0 is Sunday, as JavaScript counts (4 January 1970 was one).
    if (typeof raw === 'number' && field === 'week_start') return new Intl.DateTimeFormat(`${locale}-CA`, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(1970, 0, 4 + raw))
    // The setup guide's steps done, as the guide names them.
    if (typeof raw === 'string' && field === 'completed_guided_setup')
      return raw
        .split(',')
        .filter(Boolean)
        .map((step) => t(`guide.steps.${step}.title`, { ns: 'common', defaultValue: step }))
        .join(', ')
    if (typeof raw === 'string' && field === 'locale') return new Intl.DisplayNames([locale], { type: 'language' }).of(raw) ?? raw
    if (typeof raw === 'string' && INSTANT.test(raw)) return formatInstant(raw, locale, timeZone)
    if (Array.isArray(raw)) return raw.map((item) => value(field, item)).join(', ')
    if (typeof raw === 'object') return Object.entries(raw).map(([key, item]) => `${humanised(key)}: ${value(key, item)}`).join(', ')
    return String(raw)
  }
  return {
    action: (action: string) => said(`audit.actions.${action}`) ?? said(`audit.verbs.${verbOf(action)}`) ?? humanised(verbOf(action)),
    model: (model: string) => said(`permissions.models.${model}`) ?? said(`audit.models.${model}`) ?? humanised(model.replaceAll('-', '_')),
    field: (field: string) => said(`audit.fields.${field}`) ?? humanised(field),
    value,
  }
}
