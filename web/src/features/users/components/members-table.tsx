import { IconButton, IconLink } from '../../../components/ui/icon-button.tsx'
import { displayName, formatMoney, isPrivileged, USER_STATUSES, type Role, type User } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { Link } from 'wouter'
import { PencilIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { DataTable, type Column } from '../../../components/ui/data-table.tsx'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { FilterSelect, SearchField } from '../../../components/ui/search-field.tsx'
import { paths } from '../../../config/paths.ts'
import { formatDay } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useImageUrl } from '../../../lib/image-url.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useSession } from '../../../lib/services.tsx'
import { useListQuery } from '../../../lib/use-list-query.ts'
import { useUsers } from '../api/list-users.ts'
import { DeleteMemberDialog } from './delete-member-dialog.tsx'
import { InvitationActions } from './invitation-actions.tsx'
import { MemberStatus } from './member-status.tsx'
import { errorText } from '../../../lib/error-text.ts'


/**
 * The team: search by name or e-mail, filter by role and status, sort, and page through;
 * each member's status (invitations judged as of now), and the actions the viewer may take.
 * The role filter needs the roles, which only those who may read them get.
 * @example
 * <MembersTable roles={roles} />
 */
export function MembersTable({ roles }: { roles: readonly Role[] }) {
  const { t, i18n } = useTranslation('app')
  const roleName = useRoleName()
  const locale = currentLocale(i18n)
  const list = useListQuery({ sorts: ['name', 'email', 'status', 'last_sign_in_at', 'created_at'], defaultSort: 'name', filters: { role: 'id', status: USER_STATUSES } })
  const users = useUsers(list.request)
  const me = useSession((state) => state.context.user)
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const imageSrc = useImageUrl()
  const canEdit = useCan('users', 'update')
  const canInvite = useCan('users', 'create')
  const canDelete = useCan('users', 'delete')
  const [removing, setRemoving] = useState<User | null>(null)
  const iAmAdmin = isPrivileged(me)
  // An administrator's record is an administrator's to change: nobody else gets its buttons.
  const mayTouch = (user: User) => iAmAdmin || !isPrivileged({ role: user.role, permissions: [] })

  const columns: Column<User>[] = [
    {
      key: 'member',
      header: t('members.columns.member'),
      primary: true,
      sortKey: 'name',
      cell: (user) => (
        <span className="flex items-center gap-3 sm:min-w-48">
          <Avatar user={user} src={imageSrc(user.file, 64)} className="size-9 text-xs" />
          <span className="min-w-0">
            {canEdit ? (
              <Link href={paths.usersEdit.href({ id: user.id })} className="block truncate font-semibold text-slate-900 hover:text-primary-800 hover:underline">
                {displayName(user)}
              </Link>
            ) : (
              <span className="block truncate font-semibold text-slate-900">{displayName(user)}</span>
            )}
            {displayName(user) !== user.email && <span className="block truncate text-xs text-slate-500">{user.email}</span>}
          </span>
        </span>
      ),
    },
    { key: 'role', header: t('members.columns.role'), cell: (user) => roleName(user.role.name) },
    { key: 'status', header: t('members.columns.status'), sortKey: 'status', cell: (user) => <MemberStatus user={user} /> },
    { key: 'pay', header: t('members.columns.payRate'), className: 'text-right', cell: (user) => (user.pay_rate_cents === null ? '—' : formatMoney(user.pay_rate_cents, locale)) },
    {
      key: 'seen',
      header: t('members.columns.lastSignIn'),
      sortKey: 'last_sign_in_at',
      cell: (user) => (user.last_sign_in_at ? formatDay(user.last_sign_in_at, locale, timeZone) : <span className="text-slate-500">{t('members.never')}</span>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('members.columns.actions')}</span>,
      className: 'text-right whitespace-nowrap',
      cell: (user) => (
        <span className="inline-flex items-center justify-end gap-1">
          {user.status === 'invited' && canInvite && mayTouch(user) && <InvitationActions member={user} compact />}
          {canEdit && mayTouch(user) && (
            <IconLink icon={PencilIcon} label={t('members.edit', { name: displayName(user) })} href={paths.usersEdit.href({ id: user.id })} />
          )}
          {canDelete && user.id !== me?.id && mayTouch(user) && (
            <IconButton icon={TrashIcon} label={t('members.deleteFor', { name: displayName(user) })} onClick={() => setRemoving(user)} />
          )}
        </span>
      ),
    },
  ]

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchField label={t('members.search')} value={list.q} onSearch={list.setQ} />
        {roles.length > 0 && (
          <FilterSelect
            label={t('members.filterRole')}
            value={list.filter('role')}
            onChange={(value) => list.setFilter('role', value)}
            options={[{ value: '', label: t('members.allRoles') }, ...roles.map((role) => ({ value: role.id, label: roleName(role.name) }))]}
          />
        )}
        <FilterSelect
          label={t('members.filterStatus')}
          value={list.filter('status')}
          onChange={(value) => list.setFilter('status', value)}
          options={[{ value: '', label: t('members.allStatuses') }, ...USER_STATUSES.map((status) => ({ value: status, label: t(`members.statuses.${status}`) }))]}
        />
      </div>
      {users.isError ? (
        <Alert tone="error" title={t('members.unavailable')}>
          {errorText(users.error)}
        </Alert>
      ) : (
        <DataTable
          caption={t('members.caption')}
          columns={columns}
          rows={users.data?.rows ?? []}
          rowKey={(user) => user.id}
          sort={list.sort}
          onSort={list.toggleSort}
          loading={users.isFetching}
          loadingLabel={t('members.loading')}
          empty={<p className="text-sm text-slate-600">{list.narrowed ? t('members.noMatch') : t('pages.users.empty')}</p>}
        />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} count={users.data?.count ?? 0} onPage={list.setPage} label={t('members.pages')} />
      {removing && <DeleteMemberDialog member={removing} onClose={() => setRemoving(null)} />}
    </>
  )
}
