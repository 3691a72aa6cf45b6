import type { RoleChoice } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { describeFields } from '../../../lib/form-values.ts'
import { useSession } from '../../../lib/services.tsx'
import { notify } from '../../../lib/toast.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useInvitation } from '../hooks/use-invitation.ts'
import { assignableRoles, defaultRole, InviteForm as InviteSchema } from '../utils/member-form.ts'
import { CopyLinkDialog } from './copy-link-dialog.tsx'

/**
 * Inviting someone by e-mail through the invite machine: they choose their own password
 * when they accept. When this Rota sends no e-mail, the link is shown to pass on; then
 * `onDone` (usually back to the team list), or `onAnother` for a fresh form.
 * @example
 * <InviteForm roles={roles} onDone={() => navigate(paths.users.href())} onAnother={() => setRound((n) => n + 1)} />
 */
export function InviteForm({ roles, onDone, onAnother }: { roles: readonly RoleChoice[]; onDone: () => void; onAnother: () => void }) {
  const { t } = useTranslation('app')
  const roleName = useRoleName()
  const me = useSession((state) => state.context.user)
  const invitation = useInvitation(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const offered = assignableRoles(roles, me)
  const form = useZodForm(
    InviteSchema,
    async ({ role_id, ...rest }) => {
      const sent = await invitation.send({ ...rest, role_id })
      if (sent.link) setSentTo(rest.email)
      else {
        void notify('success', t('invite.sentTo', { email: rest.email }))
        onDone()
      }
    },
    describeFields({ phone: t('validation.phone'), pay_rate_cents: t('validation.dollars') }),
  )

  return (
    <form onSubmit={form.handleSubmit} noValidate className="max-w-3xl">
      <Panel
        title={t('invite.who')}
        description={t('invite.whoHint')}
        footer={
          <>
            <Button variant="ghost" onClick={onDone} disabled={form.pending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={form.pending}>
              {t('invite.send')}
            </Button>
          </>
        }
      >
        <div className="space-y-5">
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <TextField name="email" type="email" label={t('fields.email')} autoComplete="off" required error={form.errorText('email')} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="firstname" label={t('fields.firstname')} hint={t('invite.namesHint')} autoComplete="off" error={form.errorText('firstname')} />
            <TextField name="lastname" label={t('fields.lastname')} autoComplete="off" error={form.errorText('lastname')} />
          </div>
          <SelectField
            name="role_id"
            label={t('fields.role')}
            defaultValue={defaultRole(offered)?.id}
            options={offered.map((role) => ({ value: role.id, label: roleName(role.name) }))}
            error={form.errorText('role_id')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="phone" type="tel" label={t('fields.phone')} hint={t('hints.phone')} autoComplete="off" error={form.errorText('phone')} />
            <TextField name="pay_rate_cents" label={t('fields.payRate')} hint={t('hints.payRate')} inputMode="decimal" autoComplete="off" error={form.errorText('pay_rate_cents')} />
          </div>
        </div>
      </Panel>
      {sentTo && invitation.link && (
        <CopyLinkDialog
          email={sentTo}
          link={invitation.link}
          onClose={onDone}
          extra={
            <Button variant="secondary" onClick={onAnother}>
              {t('invite.another')}
            </Button>
          }
        />
      )}
    </form>
  )
}
