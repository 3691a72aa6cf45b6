import type { Locale, Profile } from '@rota/core'
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { roles, sessions, settings, users } from '../db/schema/index.ts'
import { userKeys } from '../db/text-keys.ts'
import { conflict, notFound } from '../errors.ts'
import { permissionEntries } from './roles.ts'

export type UserRow = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert

/** An account of a person in one business, with the business's display name. */
export interface Account {
  user: UserRow
  businessName: string
}

const accountColumns = { user: users, businessName: settings.business_name }

/** Every account an e-mail has, across businesses (sign-in without a business id). */
export async function accountsByEmail(db: Db, email: string): Promise<Account[]> {
  return db.select(accountColumns).from(users).innerJoin(settings, eq(settings.business_id, users.business_id)).where(eq(users.email, email))
}

export async function accountByEmail(db: Db, businessId: string, email: string): Promise<Account | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(settings, eq(settings.business_id, users.business_id))
    .where(and(eq(users.business_id, businessId), eq(users.email, email)))
  return row
}

export async function accountById(db: Db, businessId: string, userId: string): Promise<Account | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(settings, eq(settings.business_id, users.business_id))
    .where(and(eq(users.business_id, businessId), eq(users.id, userId)))
  return row
}

/** Every account linked to a Google identity (`sub`), across businesses. */
export async function accountsByGoogleSub(db: Db, sub: string): Promise<Account[]> {
  return db.select(accountColumns).from(users).innerJoin(settings, eq(settings.business_id, users.business_id)).where(eq(users.google_sub, sub))
}

export async function createUser(db: Db, user: NewUser): Promise<UserRow> {
  const keys = userKeys({ firstname: user.firstname ?? '', lastname: user.lastname ?? '', email: user.email })
  const [row] = await db.insert(users).values({ ...user, ...keys }).returning()
  return row!
}

export type UserPatch = Partial<Omit<NewUser, 'business_id' | 'id' | 'version' | 'created_at'>>

/**
 * Changes a user. With `version`, a stale one is refused with 409 (someone else
 * saved in between); the version goes up by one on every change. A change of name or
 * e-mail refreshes the keys the team list searches and sorts by.
 */
export async function updateUser(db: Db, businessId: string, userId: string, patch: UserPatch, version?: number): Promise<UserRow> {
  const match = and(eq(users.business_id, businessId), eq(users.id, userId), version === undefined ? undefined : eq(users.version, version))
  const [row] = await db
    .update(users)
    .set({ ...patch, version: sql`${users.version} + 1`, updated_at: new Date() })
    .where(match)
    .returning()
  if (row && (patch.firstname !== undefined || patch.lastname !== undefined || patch.email !== undefined)) {
    const [keyed] = await db.update(users).set(userKeys(row)).where(and(eq(users.business_id, businessId), eq(users.id, userId))).returning()
    return keyed!
  }
  if (row) return row
  if (version !== undefined && (await accountById(db, businessId, userId))) throw conflict()
  throw notFound()
}

/** The signed-in user as `GET /profile` shows them: role and permission entries included. */
export async function loadProfile(db: Db, businessId: string, userId: string): Promise<Profile> {
  const profile = await profileWhere(db, businessId, and(eq(users.business_id, businessId), eq(users.id, userId)))
  if (!profile) throw notFound()
  return profile
}

/**
 * The user of a live session (not revoked, not past its absolute end, user active),
 * read together in one query: what every authenticated request needs, with the
 * session's absolute end (so that a cached copy knows when to stop).
 */
export async function sessionProfile(db: Db, businessId: string, sessionId: string, userId: string): Promise<{ profile: Profile; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, role: { id: roles.id, name: roles.name }, expiresAt: sessions.expires_at })
    .from(sessions)
    .innerJoin(users, and(eq(users.business_id, sessions.business_id), eq(users.id, sessions.user_id)))
    .innerJoin(roles, and(eq(roles.business_id, users.business_id), eq(roles.id, users.role_id)))
    .where(
      and(
        eq(sessions.business_id, businessId),
        eq(sessions.id, sessionId),
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        sql`${sessions.expires_at} > now()`,
        eq(users.status, 'active'),
      ),
    )
  return row && { profile: await toProfile(db, businessId, row.user, row.role), expiresAt: row.expiresAt }
}

async function profileWhere(db: Db, businessId: string, where: SQL | undefined): Promise<Profile | undefined> {
  const [row] = await db
    .select({ user: users, role: { id: roles.id, name: roles.name } })
    .from(users)
    .innerJoin(roles, and(eq(roles.business_id, users.business_id), eq(roles.id, users.role_id)))
    .where(where)
  return row && toProfile(db, businessId, row.user, row.role)
}

async function toProfile(db: Db, businessId: string, user: typeof users.$inferSelect, role: { id: string; name: string }): Promise<Profile> {
  return {
    id: user.id,
    business_id: user.business_id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    file: user.file,
    google_picture: user.google_picture,
    google_linked: user.google_sub !== null,
    locale: user.locale as Locale,
    email_notifications: user.email_notifications,
    role,
    permissions: await permissionEntries(db, businessId, role.id),
    version: user.version,
  }
}
