import {
  PERMISSION_ACTIONS,
  PERMISSION_MODELS,
  PERMISSION_MODEL_LABELS,
  PRIVILEGED_ROLES,
  type CreateRoleBody,
  type ListQuery,
  type PermissionAction,
  type PermissionEntry,
  type PermissionModel,
  type Role,
  type UpdateRoleBody,
} from '@rota/core'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { permissions, roles, users } from '../db/schema/index.ts'
import { roleKeys } from '../db/text-keys.ts'
import { conflict, notFound } from '../errors.ts'
import { pageOf, pageWithTotal, searchOf } from './listing.ts'
import type { ListTotals } from '../services/list-totals.ts'
import { sqlState } from './named-records.ts'

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
      // Staff ask for time off and follow their own; deciding on it is timeoff-requests:update.
      'timeoff-requests': ['read', 'create'],
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
    .values(DEFAULT_ROLES.map((role) => ({ business_id: businessId, name: role.name, ...roleKeys(role) })))
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

type RoleRow = typeof roles.$inferSelect

async function toRoles(db: Db, businessId: string, rows: RoleRow[]): Promise<Role[]> {
  if (rows.length === 0) return []
  const counts = await db
    .select({ role_id: users.role_id, count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(eq(users.business_id, businessId), inArray(users.role_id, rows.map((r) => r.id))))
    .groupBy(users.role_id)
  const held = new Map(counts.map((c) => [c.role_id, c.count]))
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      privileged: isPrivilegedRoleName(row.name),
      users_count: held.get(row.id) ?? 0,
      permissions: await permissionEntries(db, businessId, row.id),
      version: row.version,
    })),
  )
}

export function isPrivilegedRoleName(name: string): boolean {
  return (PRIVILEGED_ROLES as readonly string[]).includes(name)
}

/** Roles, privileged ones first, then by name. */
export async function listRoles(db: Db, businessId: string, query: ListQuery, totals: ListTotals): Promise<{ count: number; rows: Role[] }> {
  const where = and(eq(roles.business_id, businessId), searchOf(roles.search_key, query.q))
  const { limit, offset } = pageOf(query)
  const { rows, count } = await pageWithTotal(db, totals, { table: roles, businessId, where, offset }, (total) =>
    db
      .select({ role: roles, ...(total ? { count: total } : {}) })
      .from(roles)
      .where(where)
      .orderBy(sql`${roles.name} not in ('Super Admin', 'System Administrator')`, roles.sort_key, roles.id)
      .limit(limit)
      .offset(offset),
  )
  return { count, rows: await toRoles(db, businessId, rows.map((r) => r.role)) }
}

/** Every role by id and name, administrator roles first, for a picker. */
export async function roleChoices(db: Db, businessId: string): Promise<Role[]> {
  const rows = await db
    .select()
    .from(roles)
    .where(eq(roles.business_id, businessId))
    .orderBy(sql`${roles.name} not in ('Super Admin', 'System Administrator')`, roles.sort_key, roles.id)
  return toRoles(db, businessId, rows)
}

export async function getRole(db: Db, businessId: string, id: string): Promise<Role> {
  const [row] = await db.select().from(roles).where(and(eq(roles.business_id, businessId), eq(roles.id, id)))
  if (!row) throw notFound()
  return (await toRoles(db, businessId, [row]))[0]!
}

/** A role by its name, case-insensitively (the CLI's `--role Manager`). */
export async function roleByName(db: Db, businessId: string, name: string): Promise<Role | undefined> {
  const [row] = await db.select().from(roles).where(and(eq(roles.business_id, businessId), sql`lower(${roles.name}) = lower(${name})`))
  return row && (await toRoles(db, businessId, [row]))[0]
}

type Grant = Omit<PermissionEntry, 'name'>

async function saveGrants(db: Db, businessId: string, roleId: string, grants: Grant[]): Promise<void> {
  const byModel = new Map(grants.map((g) => [g.model_name, g]))
  const rows = PERMISSION_MODELS.map((model) => {
    const g = byModel.get(model)
    return { business_id: businessId, role_id: roleId, model_name: model, read: g?.read ?? false, create: g?.create ?? false, update: g?.update ?? false, delete: g?.delete ?? false }
  })
  await db
    .insert(permissions)
    .values(rows)
    .onConflictDoUpdate({
      target: [permissions.business_id, permissions.role_id, permissions.model_name],
      set: { read: sql`excluded.read`, create: sql`excluded.create`, update: sql`excluded.update`, delete: sql`excluded.delete` },
    })
}

/** Role names are unique whatever their case: a clash is reported on the name field. */
async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict('name_taken', { name: 'A role with this name already exists' })
    throw error
  }
}

export async function createRole(db: Db, businessId: string, body: CreateRoleBody): Promise<Role> {
  const [row] = await uniqueName(db.insert(roles).values({ business_id: businessId, name: body.name, ...roleKeys(body) }).returning())
  await saveGrants(db, businessId, row!.id, body.permissions ?? [])
  return getRole(db, businessId, row!.id)
}

/** Renames a role and/or saves its whole permission matrix (models left out lose their rights). */
export async function updateRole(db: Db, businessId: string, id: string, body: UpdateRoleBody): Promise<Role> {
  const [row] = await uniqueName(
    db
      .update(roles)
      .set({ ...(body.name ? { name: body.name, ...roleKeys({ name: body.name }) } : {}), version: sql`${roles.version} + 1`, updated_at: new Date() })
      .where(and(eq(roles.business_id, businessId), eq(roles.id, id), eq(roles.version, body.version)))
      .returning(),
  )
  if (!row) {
    await getRole(db, businessId, id)
    throw conflict()
  }
  if (body.permissions) await saveGrants(db, businessId, id, body.permissions)
  return getRole(db, businessId, id)
}

export async function deleteRole(db: Db, businessId: string, id: string): Promise<void> {
  await db.delete(roles).where(and(eq(roles.business_id, businessId), eq(roles.id, id)))
}
