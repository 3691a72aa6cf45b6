import type { Role } from '@rota/core'
import { IconButton, IconLink } from '../../../components/ui/icon-button.tsx'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { Link } from 'wouter'
import { KeyIcon, PencilIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { DataTable, type Column } from '../../../components/ui/data-table.tsx'
import { paths } from '../../../config/paths.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useRoles } from '../api/list-roles.ts'
import { useDeleteRole } from '../api/delete-role.ts'
import { countRights, grantsOf, RIGHTS_TOTAL } from '../utils/grants.ts'
import { RoleNameDialog } from './role-name-dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'


/**
 * The business's roles: how many people hold each and how many rights it gives, with
 * links to each matrix, renaming, and deleting a role nobody holds (asked first).
 * @example
 * <RolesTable />
 */
export function RolesTable() {
  const { t } = useTranslation('app')
  const roleName = useRoleName()
  const roles = useRoles()
  const remove = useDeleteRole()
  const canRename = useCan('roles', 'update')
  const canDelete = useCan('roles', 'delete')
  const [renaming, setRenaming] = useState<Role | null>(null)
  const [deleting, setDeleting] = useState<Role | null>(null)

  const columns: Column<Role>[] = [
    {
      key: 'name',
      header: t('roles.columns.name'),
      primary: true,
      cell: (role) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link href={paths.rolePermissions.href({ role_id: role.id })} className="font-semibold text-slate-900 hover:text-primary-800 hover:underline">
            {roleName(role.name)}
          </Link>
          {role.privileged && <Badge tone="teal">{t('roles.administrator')}</Badge>}
        </span>
      ),
    },
    { key: 'people', header: t('roles.columns.people'), className: 'tabular-nums', cell: (role) => role.users_count },
    {
      key: 'rights',
      header: t('roles.columns.rights'),
      cell: (role) => (role.privileged ? t('roles.allRights') : t('roles.rightsCount', { count: countRights(grantsOf(role)), total: RIGHTS_TOTAL })),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('roles.columns.actions')}</span>,
      className: 'text-right whitespace-nowrap',
      cell: (role) => (
        <span className="inline-flex items-center gap-1">
          <IconLink icon={KeyIcon} label={t('roles.permissionsOf', { role: roleName(role.name) })} href={paths.rolePermissions.href({ role_id: role.id })} />
          {canRename && !role.privileged && (
            <IconButton icon={PencilIcon} label={t('roles.rename', { role: roleName(role.name) })} onClick={() => setRenaming(role)} />
          )}
          {canDelete && !role.privileged && (
            <IconButton
              icon={TrashIcon}
              label={role.users_count > 0 ? t('roles.inUse', { count: role.users_count }) : t('roles.delete', { role: roleName(role.name) })}
              disabled={role.users_count > 0}
              onClick={() => {
                remove.reset()
                setDeleting(role)
              }}
            />
          )}
        </span>
      ),
    },
  ]

  if (roles.isError) return <Alert tone="error" title={t('roles.unavailable')}>{errorText(roles.error)}</Alert>
  return (
    <>
      <DataTable
        caption={t('roles.caption')}
        columns={columns}
        rows={roles.data?.rows ?? []}
        rowKey={(role) => role.id}
        loading={roles.isFetching}
        loadingLabel={t('roles.loading')}
        empty={<p className="text-sm text-slate-600">{t('pages.roles.empty')}</p>}
      />
      {renaming && <RoleNameDialog open role={renaming} onClose={() => setRenaming(null)} onCreated={() => setRenaming(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={t('roles.deleteTitle', { role: roleName(deleting.name) })}
          confirmLabel={t('actions.delete')}
          pending={remove.isPending}
          error={remove.error && errorText(remove.error)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        >
          {t('roles.deleteText')}
        </ConfirmDialog>
      )}
    </>
  )
}
