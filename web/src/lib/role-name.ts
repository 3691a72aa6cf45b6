import { isBuiltInRole, type BuiltInRole } from '@rota/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/** Where each built-in role's display name lives, under `builtInRoles.` in the common namespace. */
export const BUILT_IN_ROLE_KEYS = {
  'Super Admin': 'superAdmin',
  'System Administrator': 'systemAdministrator',
  Manager: 'manager',
  Staff: 'staff',
} as const satisfies Record<BuiltInRole, string>

/**
 * How a role is named on screen: the roles every business starts with in the reader's
 * language, while their stored names stay English (SPEC.md §6 compares those); a role the
 * business made or renamed, as it was written.
 * @example
 * const roleName = useRoleName()
 * roleName('System Administrator') // 'Administrateur système' in French
 */
export function useRoleName(): (name: string) => string {
  const { t } = useTranslation()
  return useCallback((name: string) => (isBuiltInRole(name) ? t(`builtInRoles.${BUILT_IN_ROLE_KEYS[name]}`) : name), [t])
}
