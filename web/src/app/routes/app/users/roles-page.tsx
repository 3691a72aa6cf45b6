import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { PlusIcon } from '../../../../components/ui/action-icons.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { PageHeading } from '../../../../components/ui/page-heading.tsx'
import { paths } from '../../../../config/paths.ts'
import { RoleNameDialog } from '../../../../features/roles/components/role-name-dialog.tsx'
import { RolesTable } from '../../../../features/roles/components/roles-table.tsx'
import { useCan } from '../../../../lib/permissions.ts'

/** /users/roles: the roles, and a new one opened straight on its permission matrix. */
export function RolesPage() {
  const { t } = useTranslation('app')
  const [, navigate] = useLocation()
  const canCreate = useCan('roles', 'create')
  const [creating, setCreating] = useState(false)
  return (
    <>
      <PageHeading
        title={t('pages.roles.title')}
        description={t('pages.roles.description')}
        actions={
          canCreate && (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon className="size-4" />
              {t('roles.new')}
            </Button>
          )
        }
      />
      <RolesTable />
      {creating && <RoleNameDialog open role={null} onClose={() => setCreating(false)} onCreated={(role) => navigate(paths.rolePermissions.href({ role_id: role.id }))} />}
    </>
  )
}
