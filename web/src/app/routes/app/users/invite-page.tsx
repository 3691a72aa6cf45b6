import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { Alert } from '../../../../components/ui/alert.tsx'
import { BackLink } from '../../../../components/ui/back-link.tsx'
import { PageHeading } from '../../../../components/ui/page-heading.tsx'
import { paths } from '../../../../config/paths.ts'
import { useRoles } from '../../../../features/roles/api/list-roles.ts'
import { InviteForm } from '../../../../features/users/components/invite-form.tsx'
import { useCan } from '../../../../lib/permissions.ts'
import { PageLoader } from '../areas.tsx'
import { errorText } from '../../../../lib/error-text.ts'

/** /users/create: inviting a team member, with the roles to choose from. */
export function InvitePage() {
  const { t } = useTranslation('app')
  const [, navigate] = useLocation()
  const [round, setRound] = useState(0)
  const canReadRoles = useCan('roles', 'read')
  const roles = useRoles({ enabled: canReadRoles })
  const toTeam = () => navigate(paths.users.href())
  return (
    <>
      <BackLink href={paths.users.href()}>{t('members.backToTeam')}</BackLink>
      <PageHeading title={t('pages.usersCreate.title')} description={t('pages.usersCreate.description')} />
      {!canReadRoles ? (
        <Alert tone="warning">{t('invite.needsRoles')}</Alert>
      ) : roles.isError ? (
        <Alert tone="error">{errorText(roles.error)}</Alert>
      ) : roles.data ? (
        <InviteForm key={round} roles={roles.data.rows} onDone={toTeam} onAnother={() => setRound((count) => count + 1)} />
      ) : (
        <PageLoader />
      )}
    </>
  )
}
