import { displayName } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { HistoryTab } from '../../../../components/records/history-tab.tsx'
import { Alert } from '../../../../components/ui/alert.tsx'
import { BackLink } from '../../../../components/ui/back-link.tsx'
import { PageHeading } from '../../../../components/ui/page-heading.tsx'
import { paths } from '../../../../config/paths.ts'
import { useRoles } from '../../../../features/roles/api/list-roles.ts'
import { useUser } from '../../../../features/users/api/get-user.ts'
import { MemberCard } from '../../../../features/users/components/member-card.tsx'
import { MemberForm } from '../../../../features/users/components/member-form.tsx'
import { useCan } from '../../../../lib/permissions.ts'
import { PageLoader } from '../areas.tsx'
import { errorText } from '../../../../lib/error-text.ts'

/** The statuses a person's history names. */
const statusWords = { invited: true, active: true, disabled: true } as const

/** /users/edit/{id}: one team member's picture, invitation, details, role and status, and their history. */
export function EditMemberPage({ id }: { id: string }) {
  const { t } = useTranslation('app')
  const [, navigate] = useLocation()
  const member = useUser(id)
  const roles = useRoles({ enabled: useCan('roles', 'read') })
  const [reloads, setReloads] = useState(0)
  const reload = async () => {
    await member.refetch()
    setReloads((count) => count + 1)
  }
  return (
    <>
      <BackLink href={paths.users.href()}>{t('members.backToTeam')}</BackLink>
      <PageHeading title={t('pages.usersEdit.title')} description={member.data ? displayName(member.data) : t('pages.usersEdit.description')} />
      {member.isError ? (
        <Alert tone="error" title={t('members.unavailableOne')}>
          {errorText(member.error)}
        </Alert>
      ) : member.data ? (
        <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <MemberCard member={member.data} onDeleted={() => navigate(paths.users.href())} />
          <MemberForm key={reloads} member={member.data} roles={roles.data?.rows ?? []} onReload={() => void reload()} />
          <section aria-labelledby="member-history" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2">
            <h2 id="member-history" className="mb-3 font-semibold text-slate-900">
              {t('records.tabs.history')}
            </h2>
            <HistoryTab
              key={reloads}
              route="userHistory"
              id={id}
              fields={{
                firstname: { label: t('fields.firstname') },
                lastname: { label: t('fields.lastname') },
                email: { label: t('fields.email') },
                phone: { label: t('fields.phone') },
                role: { label: t('fields.role'), format: (value) => (value && typeof value === 'object' && 'name' in value ? String(value.name) : '') },
                status: { label: t('fields.status'), format: (value) => (typeof value === 'string' && value in statusWords ? t(`members.statuses.${value as keyof typeof statusWords}`) : String(value)) },
                pay_rate_cents: { label: t('fields.payRate'), format: 'money' },
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
          </section>
        </div>
      ) : (
        <PageLoader />
      )}
    </>
  )
}
