import { PERMISSION_ACTIONS, PERMISSION_MODELS, type PermissionAction, type PermissionModel, type Role } from '@rota/core'

/** A role's rights as its matrix shows them: every model, every action. */
export type Grants = Record<PermissionModel, Record<PermissionAction, boolean>>

/** Rights a role can have in all: fifteen models, four actions. */
export const RIGHTS_TOTAL = PERMISSION_MODELS.length * PERMISSION_ACTIONS.length

/**
 * The matrix of a role: its permission entries, a model without one allowing nothing;
 * a privileged role allows everything whatever its entries say (SPEC.md §6).
 * @example
 * grantsOf(role).locations.read // true
 */
export function grantsOf(role: Pick<Role, 'privileged' | 'permissions'>): Grants {
  const grants = {} as Grants
  for (const model of PERMISSION_MODELS) {
    const entry = role.permissions.find((permission) => permission.model_name === model)
    grants[model] = { read: false, create: false, update: false, delete: false }
    for (const action of PERMISSION_ACTIONS) grants[model][action] = role.privileged || (entry?.[action] ?? false)
  }
  return grants
}

/**
 * The matrix as the permission entries `PUT /role/{id}` saves: one per model, so a right
 * taken away is saved as false rather than forgotten.
 * @example
 * api.updateRole({ params: { id }, body: { permissions: grantEntries(grants), version } })
 */
export function grantEntries(grants: Grants) {
  return PERMISSION_MODELS.map((model) => ({ model_name: model, ...grants[model] }))
}

/** How many rights the matrix gives. */
export function countRights(grants: Grants): number {
  return PERMISSION_MODELS.reduce((total, model) => total + PERMISSION_ACTIONS.filter((action) => grants[model][action]).length, 0)
}

/** Whether two matrices give the same rights: the editor's "unsaved changes". */
export function sameGrants(a: Grants, b: Grants): boolean {
  return PERMISSION_MODELS.every((model) => PERMISSION_ACTIONS.every((action) => a[model][action] === b[model][action]))
}

/**
 * The matrix with a whole row, a whole column or everything set to one value, leaving the
 * rights that are not `settable` as they are.
 * @example
 * setRights(grants, { models: ['locations'], actions: PERMISSION_ACTIONS }, true)
 */
export function setRights(
  grants: Grants,
  { models, actions }: { models: readonly PermissionModel[]; actions: readonly PermissionAction[] },
  value: boolean,
  settable: (model: PermissionModel, action: PermissionAction) => boolean = () => true,
): Grants {
  const next = { ...grants }
  for (const model of models) {
    next[model] = { ...next[model] }
    for (const action of actions) if (settable(model, action)) next[model][action] = value
  }
  return next
}
