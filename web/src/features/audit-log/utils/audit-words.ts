import { formatLongDate, formatMoney } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { shortId } from '../../../components/records/short-id.ts'
import type { Lifecycle } from '../../../components/records/status-badge.tsx'
import { formatInstant, formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useRoleName } from '../../../lib/role-name.ts'
import { useSession } from '../../../lib/services.tsx'

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The lifecycle whose status words a model's `status` takes, as its record screen writes them. */
const LIFECYCLES: Readonly<Record<string, Lifecycle>> = {
  schedules: 'shift',
  timesheets: 'timesheet',
  'timeoff-requests': 'timeoff',
  invoices: 'invoice',
  expenses: 'expense',
  payrolls: 'payroll',
}

/** What a value is read beside: the row's model (whose words a status takes) and the names of the records it may point at, by id. */
export interface AuditValueContext {
  model?: string
  names?: ReadonlyMap<string, string>
}

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
  const roleName = useRoleName()
  const said = (key: string) => {
    const text = t(key, { defaultValue: '' })
    return typeof text === 'string' && text !== '' ? text : null
  }
  const status = (raw: string, model: string | undefined) => {
    const lifecycle = model && LIFECYCLES[model]
    if (lifecycle) return said(`records.statuses.${lifecycle}.${raw}`)
    return model === 'users' ? said(`members.statuses.${raw}`) : null
  }
  /** A record named by its id: its name where one is known, else a generated id shortened and labelled (a business's own key as it is). */
  const reference = (id: string, names: AuditValueContext['names']) => names?.get(id) ?? (UUID.test(id) ? t('records.history.shortId', { id: shortId(id) }) : id)
  /**
   * A stored value as the screens that set it write it: money, lengths of time, days, yes and
   * no, languages, statuses, the records it points at by name.
   */
  const value = (field: string, raw: unknown, context: AuditValueContext = {}): string => {
    if (raw === undefined || raw === null) return ''
    if (typeof raw === 'string' && field === 'status') return status(raw, context.model) ?? humanised(raw)
    if (typeof raw === 'string' && /_ids?$/.test(field) && UUID.test(raw)) return reference(raw, context.names)
    // A reference written with its name ({ id, name }: a role): the name, a built-in role's in the reader's language.
    if (raw && typeof raw === 'object' && 'name' in raw && typeof raw.name === 'string') return field === 'role' ? roleName(raw.name) : raw.name
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
    // A day (a payment's, a period's) as the screens write one; a payment's method as its dialog names it.
    if (typeof raw === 'string' && LOCAL_DATE.test(raw)) return formatLongDate(raw, locale)
    if (typeof raw === 'string' && field === 'method') return said(`invoices.methods.${raw}`) ?? raw
    if (Array.isArray(raw)) return raw.map((item) => value(field, item, context)).join(', ')
    if (typeof raw === 'object') return Object.entries(raw).map(([key, item]) => `${humanised(key)}: ${value(key, item, context)}`).join(', ')
    return String(raw)
  }
  return {
    action: (action: string) => said(`audit.actions.${action}`) ?? said(`audit.verbs.${verbOf(action)}`) ?? humanised(verbOf(action)),
    model: (model: string) => said(`permissions.models.${model}`) ?? said(`audit.models.${model}`) ?? humanised(model.replaceAll('-', '_')),
    field: (field: string) => said(`audit.fields.${field}`) ?? humanised(field),
    value,
    reference,
  }
}
