import type { RouteAccess } from '../contract/route.ts'
import type { PermissionEntry } from '../contract/account.ts'
import {
  PERMISSION_ACTIONS,
  PRIVILEGED_ROLES,
  type PermissionAction,
  type PermissionModel,
} from '../contract/permission-models.ts'

/**
 * Whatever carries a role and permission entries: the signed-in `Profile`, or the
 * server's view of the caller. Only the fields the check reads are required.
 */
export interface PermissionSubject {
  role: { name: string }
  permissions: readonly Pick<PermissionEntry, 'model_name' | PermissionAction>[]
}

/** Who a check runs for; nobody (signed out, or the user not loaded yet) is allowed nothing. */
export type MaybeSubject = PermissionSubject | null | undefined

const privileged: ReadonlySet<string> = new Set(PRIVILEGED_ROLES)

/**
 * Whether the user's role bypasses permission checks (SPEC.md §6).
 * @example
 * isPrivileged({ role: { name: 'Super Admin' }, permissions: [] }) // true
 */
export function isPrivileged(user: MaybeSubject): boolean {
  return user != null && privileged.has(user.role.name)
}

/**
 * Whether the user counts as an administrator: sees the dashboard, the whole menu and
 * the setup guide. The same roles as {@link isPrivileged}; the second name says why a
 * caller asks.
 * @example
 * if (isAdministrator(profile)) showGuide()
 */
export const isAdministrator = isPrivileged

/**
 * The permission check of SPEC.md §6, shared by the web, the CLI and the server:
 * privileged roles may do anything; others need their entry for the model to grant
 * the action; no entry means no.
 * @example
 * can(profile, 'schedules', 'create') // show the "New shift" button?
 */
export function can(user: MaybeSubject, model: PermissionModel, action: PermissionAction): boolean {
  if (user == null) return false
  if (isPrivileged(user)) return true
  const entry = user.permissions.find((candidate) => candidate.model_name === model)
  return entry?.[action] === true
}

/**
 * Whether the user may call a route of the contract, from its `access`: public routes
 * anyone, `user` routes anyone signed in, the rest as {@link can} decides.
 * @example
 * canAccess(profile, routes.getSettings.access)
 */
export function canAccess(user: MaybeSubject, access: RouteAccess): boolean {
  if (access === 'public') return true
  if (access === 'user') return user != null
  return can(user, access[0], access[1])
}

/** A right: an action on a model. */
export interface Right {
  model_name: PermissionModel
  action: PermissionAction
}

/**
 * The rights among `grants` that `user` does not hold, leaving out those `already` granted:
 * what they may not hand out. Nobody gives more than they have — through a role they edit,
 * or a role they give someone — or a role editor could raise their own rights.
 * @example
 * rightsBeyond(scheduler, [{ model_name: 'settings', read: true, create: false, update: true, delete: false }]) // [{ model_name: 'settings', action: 'read' }, …]
 */
export function rightsBeyond(
  user: MaybeSubject,
  grants: readonly Pick<PermissionEntry, 'model_name' | PermissionAction>[],
  already: readonly Pick<PermissionEntry, 'model_name' | PermissionAction>[] = [],
): Right[] {
  const beyond: Right[] = []
  for (const grant of grants) {
    const held = already.find((entry) => entry.model_name === grant.model_name)
    for (const action of PERMISSION_ACTIONS) {
      if (grant[action] && !held?.[action] && !can(user, grant.model_name, action)) beyond.push({ model_name: grant.model_name, action })
    }
  }
  return beyond
}
