import { can, type PermissionAction, type PermissionModel } from '@rota/core'
import { useSession } from './services.tsx'

/**
 * Whether the signed-in user may act on a model (SPEC.md §6), for hiding the buttons they
 * could not use. The server checks again; this only keeps the screen honest.
 * @example
 * const canCreate = useCan('users', 'create')
 */
export function useCan(model: PermissionModel, action: PermissionAction): boolean {
  return useSession((state) => can(state.context.user, model, action))
}
