import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { Alert } from '../../../../components/ui/alert.tsx'
import { BackLink } from '../../../../components/ui/back-link.tsx'
import { PageHeading } from '../../../../components/ui/page-heading.tsx'
import { paths } from '../../../../config/paths.ts'
import { useRoleChoices } from '../../../../features/users/api/list-role-choices.ts'
import { InviteForm } from '../../../../features/users/components/invite-form.tsx'
import { PageLoader } from '../areas.tsx'
import { errorText } from '../../../../lib/error-text.ts'

/** /users/create: inviting a team member, with the roles the inviter may give (no need to read the roles themselves). */
export function InvitePage() {
  const { t } = useTranslation('app')
  const [, navigate] = useLocation()
  const [round, setRound] = useState(0)
  const roles = useRoleChoices()
  const toTeam = () => navigate(paths.users.href())
  return (
    <>
      <BackLink href={paths.users.href()}>{t('members.backToTeam')}</BackLink>
      <PageHeading title={t('pages.usersCreate.title')} description={t('pages.usersCreate.description')} />
      {roles.isError ? (
        <Alert tone="error">{errorText(roles.error)}</Alert>
      ) : roles.data ? (
        <InviteForm key={round} roles={roles.data} onDone={toTeam} onAnother={() => setRound((count) => count + 1)} />
      ) : (
        <PageLoader />
      )}
    </>
  )
}
