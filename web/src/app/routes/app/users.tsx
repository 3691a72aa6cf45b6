import { Route, Switch } from 'wouter'
import { paths } from '../../../config/paths.ts'
import { EditMemberPage } from './users/edit-member-page.tsx'
import { InvitePage } from './users/invite-page.tsx'
import { RolePermissionsPage } from './users/role-permissions-page.tsx'
import { RolesPage } from './users/roles-page.tsx'
import { TeamPage } from './users/team-page.tsx'

/** User Management: team members and roles. */
export function UsersArea() {
  return (
    <Switch>
      <Route path={paths.usersCreate.pattern} component={InvitePage} />
      <Route path={paths.usersEdit.pattern}>{(params) => <EditMemberPage key={params.id} id={params.id} />}</Route>
      <Route path={paths.rolePermissions.pattern}>{(params) => <RolePermissionsPage key={params.role_id} roleId={params.role_id} />}</Route>
      <Route path={paths.roles.pattern} component={RolesPage} />
      <Route path={paths.users.pattern} component={TeamPage} />
    </Switch>
  )
}
