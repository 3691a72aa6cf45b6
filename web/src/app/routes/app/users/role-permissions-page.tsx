import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../../lib/role-name.ts'
import { BackLink } from '../../../../components/ui/back-link.tsx'
import { PageHeading } from '../../../../components/ui/page-heading.tsx'
import { paths } from '../../../../config/paths.ts'
import { useRole } from '../../../../features/roles/api/get-role.ts'
import { RolePermissions } from '../../../../features/roles/components/role-permissions.tsx'

/** /users/roles/permissions/{role_id}: what a role may see and do, area by area. */
export function RolePermissionsPage({ roleId }: { roleId: string }) {
  const { t } = useTranslation('app')
  const roleName = useRoleName()
  const role = useRole(roleId)
  return (
    <>
      <BackLink href={paths.roles.href()}>{t('roles.backToRoles')}</BackLink>
      <PageHeading title={t('pages.rolePermissions.title')} description={role.data ? t('roles.permissionsOf', { role: roleName(role.data.name) }) : t('pages.rolePermissions.description')} />
      <RolePermissions roleId={roleId} />
    </>
  )
}
