import { useTranslation } from 'react-i18next'
import { Route, Switch } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { ShieldIcon, TeamIcon } from '../../../components/ui/area-icons.tsx'
import { paths } from '../../../config/paths.ts'
import { useCan } from '../../../lib/permissions.ts'
import { ActionLink } from './action-link.tsx'

/** User Management: team members and roles. */
export function UsersArea() {
  const { t } = useTranslation('app')
  const canInvite = useCan('users', 'create')
  return (
    <Switch>
      <Route path={paths.usersCreate.pattern}>
        <AreaPage page="usersCreate" icon={TeamIcon} />
      </Route>
      <Route path={paths.usersEdit.pattern}>
        <AreaPage page="usersEdit" icon={TeamIcon} />
      </Route>
      <Route path={paths.rolePermissions.pattern}>
        <AreaPage page="rolePermissions" icon={ShieldIcon} />
      </Route>
      <Route path={paths.roles.pattern}>
        <AreaPage page="roles" icon={ShieldIcon} />
      </Route>
      <Route path={paths.users.pattern}>
        <AreaPage page="users" icon={TeamIcon} actions={canInvite && <ActionLink href={paths.usersCreate.href()}>{t('actions.addMember')}</ActionLink>} />
      </Route>
    </Switch>
  )
}
