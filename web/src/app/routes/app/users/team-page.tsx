import { useTranslation } from 'react-i18next'
import { PageHeading } from '../../../../components/ui/page-heading.tsx'
import { paths } from '../../../../config/paths.ts'
import { useRoles } from '../../../../features/roles/api/list-roles.ts'
import { MembersTable } from '../../../../features/users/components/members-table.tsx'
import { useCan } from '../../../../lib/permissions.ts'
import { ActionLink } from '../action-link.tsx'

/** /users: the team, with the invitation button for those who may invite. */
export function TeamPage() {
  const { t } = useTranslation('app')
  const canInvite = useCan('users', 'create')
  const roles = useRoles({ enabled: useCan('roles', 'read') })
  return (
    <>
      <PageHeading
        title={t('pages.users.title')}
        description={t('pages.users.description')}
        actions={canInvite && <ActionLink href={paths.usersCreate.href()}>{t('actions.addMember')}</ActionLink>}
      />
      <MembersTable roles={roles.data?.rows ?? []} />
    </>
  )
}
