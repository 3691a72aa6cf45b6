import { useTranslation } from 'react-i18next'

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
 * it, the audit's own words for uploads) and its fields ("Bill rate" for `bill_rate_cents`).
 * Something the server records that has no words yet still reads as words, never as a code.
 * @example
 * const words = useAuditWords(); words.action('auth.login') // 'Signed in'
 */
export function useAuditWords() {
  const { t } = useTranslation('app')
  const said = (key: string) => {
    const text = t(key, { defaultValue: '' })
    return typeof text === 'string' && text !== '' ? text : null
  }
  return {
    action: (action: string) => said(`audit.actions.${action}`) ?? said(`audit.verbs.${verbOf(action)}`) ?? humanised(verbOf(action)),
    model: (model: string) => said(`permissions.models.${model}`) ?? said(`audit.models.${model}`) ?? humanised(model.replaceAll('-', '_')),
    field: (field: string) => said(`audit.fields.${field}`) ?? humanised(field),
  }
}
