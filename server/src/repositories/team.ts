import { DEFAULT_ROLE, type PermissionModel, type User, type UserQuery } from '@rota/core'
import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { linkTokens, roles, userPreferredLocations, userServices, users } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { orderOf, pageOf, pageWithTotal, searchOf } from './listing.ts'
import type { ListTotals } from '../services/list-totals.ts'

type InviteRow = typeof linkTokens.$inferSelect

/** The invite machine's state, derived from the user's newest invitation (null: never invited). */
export function inviteState(user: { status: string }, invite: InviteRow | undefined, now = Date.now()): User['invite'] {
  if (!invite) return null
  const times = { sent_at: invite.created_at.toISOString(), expires_at: invite.expires_at.toISOString() }
  if (invite.revoked_at) return { status: 'revoked', ...times }
  if (user.status !== 'invited') return { status: 'accepted', ...times }
  if (!invite.used_at && invite.expires_at.getTime() > now) return { status: 'sent', ...times }
  return { status: 'expired', ...times }
}

const memberColumns = { user: users, role: { id: roles.id, name: roles.name } }
const roleJoin = and(eq(roles.business_id, users.business_id), eq(roles.id, users.role_id))

async function newestInvites(db: Db, businessId: string, userIds: string[]): Promise<Map<string, InviteRow>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([linkTokens.user_id])
    .from(linkTokens)
    .where(and(eq(linkTokens.business_id, businessId), eq(linkTokens.kind, 'invite'), inArray(linkTokens.user_id, userIds)))
    .orderBy(linkTokens.user_id, desc(linkTokens.created_at))
  return new Map(rows.map((row) => [row.user_id, row]))
}

/** The services each of some people may work (none listed: any), by person. */
async function servicesOf(db: Db, businessId: string, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>()
  if (userIds.length === 0) return byUser
  const rows = await db
    .select({ user_id: userServices.user_id, service_id: userServices.service_id })
    .from(userServices)
    .where(and(eq(userServices.business_id, businessId), inArray(userServices.user_id, userIds)))
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.service_id])
  return byUser
}

/** The clients each of some people would rather work at (the fill's preference goal), by person. */
async function preferredOf(db: Db, businessId: string, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>()
  if (userIds.length === 0) return byUser
  const rows = await db
    .select({ user_id: userPreferredLocations.user_id, location_id: userPreferredLocations.location_id })
    .from(userPreferredLocations)
    .where(and(eq(userPreferredLocations.business_id, businessId), inArray(userPreferredLocations.user_id, userIds)))
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.location_id])
  return byUser
}

/** Sets the clients a person would rather work at, as a whole. */
export async function setPreferredLocations(db: Db, businessId: string, userId: string, locationIds: string[]): Promise<void> {
  await db.delete(userPreferredLocations).where(and(eq(userPreferredLocations.business_id, businessId), eq(userPreferredLocations.user_id, userId)))
  if (locationIds.length > 0) {
    await db.insert(userPreferredLocations).values([...new Set(locationIds)].map((location_id) => ({ business_id: businessId, user_id: userId, location_id })))
  }
}

/** Sets the services a person may work, as a whole (an empty list: any). */
export async function setUserServices(db: Db, businessId: string, userId: string, serviceIds: string[]): Promise<void> {
  await db.delete(userServices).where(and(eq(userServices.business_id, businessId), eq(userServices.user_id, userId)))
  if (serviceIds.length > 0) {
    await db.insert(userServices).values([...new Set(serviceIds)].map((service_id) => ({ business_id: businessId, user_id: userId, service_id })))
  }
}

function toUser(row: { user: typeof users.$inferSelect; role: { id: string; name: string } }, invite: InviteRow | undefined, serviceIds: string[] = [], preferredIds: string[] = []): User {
  const { user, role } = row
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    file: user.file,
    google_picture: user.google_picture,
    role,
    status: user.status as User['status'],
    pay_rate_cents: user.pay_rate_cents,
    max_weekly_minutes: user.max_weekly_minutes,
    preferred_weekly_minutes: user.preferred_weekly_minutes,
    target_weekly_minutes: user.target_weekly_minutes,
    service_ids: [...serviceIds].sort(),
    preferred_location_ids: [...preferredIds].sort(),
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    invite: inviteState(user, invite),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    version: user.version,
  }
}

const sortable = {
  name: users.sort_key,
  email: users.email,
  created_at: users.created_at,
  last_sign_in_at: users.last_sign_in_at,
  status: users.status,
}

/** The team list: search in names and e-mail (accents and case aside), filter by role and status, sort, page. */
export async function listTeam(db: Db, businessId: string, query: UserQuery, totals: ListTotals): Promise<{ count: number; rows: User[] }> {
  const where = and(
    eq(users.business_id, businessId),
    searchOf(users.search_key, query.q),
    query.filter?.role ? eq(users.role_id, query.filter.role) : undefined,
    query.filter?.status ? eq(users.status, query.filter.status) : undefined,
  )
  const { limit, offset } = pageOf(query)
  const { rows, count } = await pageWithTotal(db, totals, { table: users, businessId, where, offset }, (total) =>
    db
      .select({ ...memberColumns, ...(total ? { count: total } : {}) })
      .from(users)
      .innerJoin(roles, roleJoin)
      .where(where)
      .orderBy(...orderOf(sortable, query, 'name', users.id))
      .limit(limit)
      .offset(offset),
  )
  const ids = rows.map((r) => r.user.id)
  const [invites, services, preferred] = [await newestInvites(db, businessId, ids), await servicesOf(db, businessId, ids), await preferredOf(db, businessId, ids)]
  return { count, rows: rows.map((row) => toUser(row, invites.get(row.user.id), services.get(row.user.id), preferred.get(row.user.id))) }
}

export async function getMember(db: Db, businessId: string, userId: string): Promise<User> {
  const [row] = await db.select(memberColumns).from(users).innerJoin(roles, roleJoin).where(and(eq(users.business_id, businessId), eq(users.id, userId)))
  if (!row) throw notFound()
  const [invites, services, preferred] = [await newestInvites(db, businessId, [userId]), await servicesOf(db, businessId, [userId]), await preferredOf(db, businessId, [userId])]
  return toUser(row, invites.get(userId), services.get(userId), preferred.get(userId))
}

/** How many active Super Admins there are besides `exceptUserId`: a business keeps at least one. */
export async function otherActiveSuperAdmins(db: Db, businessId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .innerJoin(roles, roleJoin)
    .where(and(eq(users.business_id, businessId), ne(users.id, exceptUserId), eq(users.status, 'active'), eq(roles.name, DEFAULT_ROLE)))
  return row?.count ?? 0
}

/** Withdraws a user's pending invitation: its link stops working. */
export async function revokeInvites(db: Db, businessId: string, userId: string): Promise<void> {
  await db
    .update(linkTokens)
    .set({ revoked_at: new Date(), used_at: new Date() })
    .where(and(eq(linkTokens.business_id, businessId), eq(linkTokens.user_id, userId), eq(linkTokens.kind, 'invite'), isNull(linkTokens.revoked_at)))
}

/** Removes a user with their sessions, links and notifications (records that name them keep the delete from happening). */
export async function deleteMember(db: Db, businessId: string, userId: string): Promise<void> {
  await db.delete(users).where(and(eq(users.business_id, businessId), eq(users.id, userId)))
}

/**
 * The active people who may update a model (its permission, or an administrator role): who is
 * told of what awaits their decision (a request, a claim, a proposed correction).
 * @example
 * for (const id of await peopleWhoUpdate(tx, businessId, 'expenses')) await notify(…)
 */
export async function peopleWhoUpdate(db: Db, businessId: string, model: PermissionModel): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select u.id from users u
    join roles r on r.business_id = u.business_id and r.id = u.role_id
    left join permissions p on p.business_id = r.business_id and p.role_id = r.id and p.model_name = ${model}
    where u.business_id = ${businessId} and u.status = 'active'
      and (r.name in ('Super Admin', 'System Administrator') or p.update)`)
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
}
