import { useTranslation } from 'react-i18next'
import { HistoryTab } from '../../../components/records/history-tab.tsx'
import { shortId } from '../../../components/records/short-id.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useChoices } from '../../../lib/record-choices.ts'
import { useRoleName } from '../../../lib/role-name.ts'

/** The statuses a person's history names. */
const statusWords = { invited: true, active: true, disabled: true } as const

/** What the record holds for the app's own use: an invitation's state and tokens, the Google picture, the last sign-in (its own entry says it). */
const HIDDEN = ['invite', 'google_picture', 'last_sign_in_at'] as const

/**
 * A team member's history, under their form: each change in the form's own words (weekly
 * hours in hours, services and preferred clients by name, built-in roles in the reader's
 * language), their sign-ins and their invitation. Saving the form reads it again.
 * @example
 * <MemberHistory id={member.id} />
 */
export function MemberHistory({ id }: { id: string }) {
  const { t } = useTranslation('app')
  const roleName = useRoleName()
  const clients = useChoices('locations', useCan('locations', 'read'))
  const services = useChoices('services', useCan('services', 'read'))
  /** Ids as the names of the records they point at, or shortened where the list has none. */
  const named = (choices: readonly { id: string; name: string }[] | undefined) => (value: unknown) =>
    (Array.isArray(value) ? value : [value])
      .map((item) => choices?.find((choice) => choice.id === item)?.name ?? t('records.history.shortId', { id: shortId(String(item)) }))
      .join(', ')
  return (
    <HistoryTab
      route="userHistory"
      id={id}
      hidden={HIDDEN}
      fields={{
        firstname: { label: t('fields.firstname') },
        lastname: { label: t('fields.lastname') },
        email: { label: t('fields.email') },
        phone: { label: t('fields.phone') },
        file: { label: t('audit.fields.file'), format: () => t('members.history.picture') },
        role: { label: t('fields.role'), format: (value) => (value && typeof value === 'object' && 'name' in value ? roleName(String(value.name)) : '') },
        status: { label: t('fields.status'), format: (value) => (typeof value === 'string' && value in statusWords ? t(`members.statuses.${value as keyof typeof statusWords}`) : String(value)) },
        pay_rate_cents: { label: t('fields.payRate'), format: 'money' },
        service_ids: { label: t('members.scheduling.services'), format: named(services.data) },
        max_weekly_minutes: { label: t('members.scheduling.maxHours'), format: 'minutes' },
        preferred_weekly_minutes: { label: t('members.scheduling.preferredHours'), format: 'minutes' },
        target_weekly_minutes: { label: t('members.scheduling.targetHours'), format: 'minutes' },
        preferred_location_ids: { label: t('members.scheduling.preferredClients'), format: named(clients.data) },
      }}
      actions={{
        login: t('audit.actions.auth.login'),
        login_failed: t('audit.actions.auth.login_failed'),
        invite_accepted: t('audit.actions.auth.invite_accepted'),
        invite_resent: t('audit.verbs.invite_resent'),
        invite_revoked: t('audit.verbs.invite_revoked'),
        email_changed: t('audit.actions.auth.email_changed'),
      }}
    />
  )
}
