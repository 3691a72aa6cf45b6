import {
  PERMISSION_ACTIONS,
  PERMISSION_MODELS,
  PERMISSION_MODEL_LABELS,
  type PermissionAction,
  type PermissionEntry,
  type PermissionModel,
} from '@rota/core'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { permissions, roles } from '../db/schema/index.ts'

type Grants = Partial<Record<PermissionModel, readonly PermissionAction[]>>

const ALL: readonly PermissionAction[] = PERMISSION_ACTIONS
const READ: readonly PermissionAction[] = ['read']
const NO_DELETE: readonly PermissionAction[] = ['read', 'create', 'update']
const everything: Grants = Object.fromEntries(PERMISSION_MODELS.map((model) => [model, ALL]))

/**
 * The roles every business starts with. Super Admin and System Administrator are
 * privileged (they bypass checks; their entries are all-allowed for display).
 * A Manager runs the schedule and the team; Staff see their schedule and ask for time off.
 */
export const DEFAULT_ROLES: { name: string; grants: Grants }[] = [
  { name: 'Super Admin', grants: everything },
  { name: 'System Administrator', grants: everything },
  {
    name: 'Manager',
    grants: {
      schedules: ALL,
      locations: ALL,
      services: ALL,
      users: NO_DELETE,
      roles: READ,
      'timeoff-requests': ALL,
      'timeoff-categories': READ,
      timesheets: NO_DELETE,
      expenses: NO_DELETE,
      invoices: READ,
      payrolls: READ,
      payroll: READ,
      invoice: READ,
    },
  },
  {
    name: 'Staff',
    grants: {
      schedules: READ,
      'timeoff-requests': ['read', 'create', 'update'],
      'timeoff-categories': READ,
      timesheets: READ,
      expenses: ['read', 'create'],
    },
  },
]

/** Creates the default roles of a new business; returns their ids by name. */
export async function createDefaultRoles(db: Db, businessId: string): Promise<Map<string, string>> {
  const created = await db
    .insert(roles)
    .values(DEFAULT_ROLES.map((role) => ({ business_id: businessId, name: role.name })))
    .returning({ id: roles.id, name: roles.name })
  const ids = new Map(created.map((role) => [role.name, role.id]))
  const rows = DEFAULT_ROLES.flatMap((role) =>
    PERMISSION_MODELS.map((model) => {
      const granted = role.grants[model] ?? []
      return {
        business_id: businessId,
        role_id: ids.get(role.name)!,
        model_name: model,
        read: granted.includes('read'),
        create: granted.includes('create'),
        update: granted.includes('update'),
        delete: granted.includes('delete'),
      }
    }),
  )
  await db.insert(permissions).values(rows)
  return ids
}

/** A role's permission entries, one per model, in the models' order. */
export async function permissionEntries(db: Db, businessId: string, roleId: string): Promise<PermissionEntry[]> {
  const rows = await db
    .select()
    .from(permissions)
    .where(and(eq(permissions.business_id, businessId), eq(permissions.role_id, roleId)))
    .orderBy(asc(permissions.model_name))
  const byModel = new Map(rows.map((row) => [row.model_name, row]))
  return PERMISSION_MODELS.flatMap((model) => {
    const row = byModel.get(model)
    return row
      ? [{ model_name: model, name: PERMISSION_MODEL_LABELS[model], read: row.read, create: row.create, update: row.update, delete: row.delete }]
      : []
  })
}
