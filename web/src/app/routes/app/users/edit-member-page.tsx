import { displayName } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { Alert } from '../../../../components/ui/alert.tsx'
import { BackLink } from '../../../../components/ui/back-link.tsx'
import { PageHeading } from '../../../../components/ui/page-heading.tsx'
import { paths } from '../../../../config/paths.ts'
import { useRoles } from '../../../../features/roles/api/list-roles.ts'
import { useUser } from '../../../../features/users/api/get-user.ts'
import { MemberCard } from '../../../../features/users/components/member-card.tsx'
import { MemberForm } from '../../../../features/users/components/member-form.tsx'
import { MemberHistory } from '../../../../features/users/components/member-history.tsx'
import { useCan } from '../../../../lib/permissions.ts'
import { PageLoader } from '../areas.tsx'
import { errorText } from '../../../../lib/error-text.ts'

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
            <MemberHistory key={reloads} id={id} />
          </section>
        </div>
      ) : (
        <PageLoader />
      )}
    </>
  )
}
