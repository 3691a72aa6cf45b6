import { isPrivileged, type Role, type User } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { describeFields } from '../../../lib/form-values.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { notify } from '../../../lib/toast.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useUpdateUser } from '../api/update-user.ts'
import { assignableRoles, changedFields, MemberForm as MemberSchema, rateText, weeklyHoursText } from '../utils/member-form.ts'
import { useChoices } from '../../../lib/record-choices.ts'
import { ChoiceList } from './choice-list.tsx'

/** The weekly hours a team member's scheduling sets, in the order the form shows them. */
const WEEKLY_HOURS = ['max', 'preferred', 'target'] as const

/**
 * A team member's details, role, pay rate and status, and what scheduling holds them to and
 * weighs for them: the services they may work and their most hours a week (rules the schedule
 * and the fill keep), the week they would like, the week the fill aims at and their preferred
 * clients — the lists shown only to someone who may read them. Only what changed is sent, with the
 * version read; someone else's save in between is caught (409) and offered as a reload.
 * Nobody changes their own role or status, and only administrators change anything of an
 * administrator's (the form is read-only for everyone else, as the server would refuse it).
 * @example
 * <MemberForm member={member} roles={roles} onReload={() => member.refetch()} />
 */
export function MemberForm({ member, roles, onReload }: { member: User; roles: readonly Role[]; onReload: () => void }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const roleName = useRoleName()
  const me = useSession((state) => state.context.user)
  const update = useUpdateUser()
  const [status, setStatus] = useState<string>(member.status)
  const [clients, setClients] = useState<string[]>(member.preferred_location_ids)
  const [services, setServices] = useState<string[]>(member.service_ids)
  const seesClients = useCan('locations', 'read')
  const seesServices = useCan('services', 'read')
  const clientChoices = useChoices('locations', seesClients)
  const serviceChoices = useChoices('services', seesServices)
  const self = me?.id === member.id
  const readOnly = isPrivileged({ role: member.role, permissions: [] }) && !isPrivileged(me)
  const locked = self || readOnly
  const offered = assignableRoles(roles, me)
  const roleOptions = (offered.some((role) => role.id === member.role.id) ? offered : [...offered, member.role]).map((role) => ({ value: role.id, label: roleName(role.name) }))

  const form = useZodForm(
    MemberSchema,
    async (values) => {
      const changes = changedFields(member, values, { ...(seesClients ? { clients } : {}), ...(seesServices ? { services } : {}) })
      if (Object.keys(changes).length === 0) {
        void notify('info', t('members.noChanges'))
        return
      }
      await update.mutateAsync({ id: member.id, body: { ...changes, version: member.version } })
    },
    describeFields({
      phone: t('validation.phone'),
      pay_rate_cents: t('validation.dollars'),
      preferred_weekly_minutes: t('members.scheduling.hoursError'),
      target_weekly_minutes: t('members.scheduling.hoursError'),
      max_weekly_minutes: t('members.scheduling.hoursError'),
    }),
  )

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Panel
        title={t('members.details')}
        footer={
          readOnly ? undefined : (
            <Button type="submit" loading={form.pending}>
              {t('actions.saveChanges')}
            </Button>
          )
        }
      >
        <div className="space-y-5">
          {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={onReload} />}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="firstname" label={t('fields.firstname')} defaultValue={member.firstname} disabled={readOnly} autoComplete="off" error={form.errorText('firstname')} />
            <TextField name="lastname" label={t('fields.lastname')} defaultValue={member.lastname} disabled={readOnly} autoComplete="off" error={form.errorText('lastname')} />
          </div>
          <TextField name="email" type="email" label={t('fields.email')} value={member.email} readOnly disabled hint={t('members.emailHint')} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="phone" type="tel" label={t('fields.phone')} defaultValue={member.phone ?? ''} disabled={readOnly} hint={t('hints.phone')} autoComplete="off" error={form.errorText('phone')} />
            <TextField
              name="pay_rate_cents"
              label={t('fields.payRate')}
              defaultValue={rateText(member.pay_rate_cents, locale)}
              hint={t('hints.payRate')}
              inputMode="decimal"
              disabled={readOnly}
              autoComplete="off"
              error={form.errorText('pay_rate_cents')}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField name="role_id" label={t('fields.role')} defaultValue={member.role.id} options={roleOptions} disabled={locked} error={form.errorText('role_id')} />
            {member.status !== 'invited' && (
              <SelectField
                name="status"
                label={t('fields.status')}
                value={status}
                onChange={(event) => setStatus(event.target.value)}
                disabled={locked}
                options={[
                  { value: 'active', label: t('members.statuses.active') },
                  { value: 'disabled', label: t('members.statuses.disabled') },
                ]}
                error={form.errorText('status')}
              />
            )}
          </div>
          <section aria-labelledby="member-scheduling" className="space-y-5 border-t border-slate-100 pt-5">
            <div>
              <h3 id="member-scheduling" className="text-sm font-semibold text-slate-900">
                {t('members.scheduling.title')}
              </h3>
              <p className="mt-0.5 text-sm text-slate-600">{t('members.scheduling.hint')}</p>
            </div>
            {seesServices && (
              <ChoiceList
                text={{
                  legend: t('members.scheduling.services'),
                  hint: t('members.scheduling.servicesHint'),
                  find: t('members.scheduling.findService'),
                  none: t('members.scheduling.noServices'),
                  loading: t('members.scheduling.loadingServices'),
                  unavailable: t('members.scheduling.servicesUnavailable'),
                }}
                choices={serviceChoices}
                chosen={services}
                onChange={setServices}
                disabled={readOnly}
              />
            )}
            <div className="grid gap-5 sm:grid-cols-3">
              {WEEKLY_HOURS.map((kind) => (
                <TextField
                  key={kind}
                  name={`${kind}_weekly_minutes`}
                  inputMode="decimal"
                  label={t(`members.scheduling.${kind}Hours`)}
                  defaultValue={weeklyHoursText(member[`${kind}_weekly_minutes`], locale)}
                  hint={t(`members.scheduling.${kind}HoursHint`)}
                  disabled={readOnly}
                  autoComplete="off"
                  error={form.errorText(`${kind}_weekly_minutes`)}
                />
              ))}
            </div>
            {seesClients && (
              <ChoiceList
                text={{
                  legend: t('members.scheduling.preferredClients'),
                  hint: t('members.scheduling.preferredClientsHint'),
                  find: t('members.scheduling.findClient'),
                  none: t('members.scheduling.noClients'),
                  loading: t('members.scheduling.loadingClients'),
                  unavailable: t('members.scheduling.clientsUnavailable'),
                }}
                choices={clientChoices}
                chosen={clients}
                onChange={setClients}
                disabled={readOnly}
              />
            )}
          </section>
          {locked && <p className="text-sm text-slate-600">{self ? t('members.selfLocked') : t('members.adminLocked')}</p>}
          {member.status === 'invited' && <p className="text-sm text-slate-600">{t('members.statusAfterAccept')}</p>}
          {member.status === 'active' && status === 'disabled' && <Alert tone="warning">{t('members.disableWarning')}</Alert>}
        </div>
      </Panel>
    </form>
  )
}
