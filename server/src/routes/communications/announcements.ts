import { can, type Announcement } from '@rota/core'
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { announcementRecipients, announcements, roles, users } from '../../db/schema/index.ts'
import { conflict, notFound, unprocessable } from '../../errors.ts'
import { pageOf } from '../../repositories/listing.ts'
import { notify } from '../../repositories/notifications.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

type Ctx = HandlerContext<Auth>
type Row = typeof announcements.$inferSelect

const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim()
/** Whoever may post sees every announcement and its receipts. */
const posts = (auth: Auth) => can(auth, 'schedules', 'update')

/** Announcements as the viewer sees them: their own receipt, and the counts for whoever may post. */
async function present(db: Db, auth: Auth, rows: Row[]): Promise<Announcement[]> {
  if (!rows.length) return []
  const { businessId, userId } = auth
  const ids = rows.map((row) => row.id)
  const authorIds = [...new Set(rows.map((row) => row.author_id))]
  const roleIds = [...new Set(rows.flatMap((row) => row.role_ids))]
  const [authors, roleNames, mine, stats] = await Promise.all([
    db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname }).from(users).where(and(eq(users.business_id, businessId), inArray(users.id, authorIds))),
    roleIds.length ? db.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.business_id, businessId), inArray(roles.id, roleIds))) : Promise.resolve([]),
    db.select().from(announcementRecipients).where(and(eq(announcementRecipients.business_id, businessId), eq(announcementRecipients.user_id, userId), inArray(announcementRecipients.announcement_id, ids))),
    posts(auth)
      ? db
          .select({
            id: announcementRecipients.announcement_id,
            recipients: count(),
            read: sql<number>`count(${announcementRecipients.read_at})`.mapWith(Number),
            acknowledged: sql<number>`count(${announcementRecipients.acknowledged_at})`.mapWith(Number),
          })
          .from(announcementRecipients)
          .where(and(eq(announcementRecipients.business_id, businessId), inArray(announcementRecipients.announcement_id, ids)))
          .groupBy(announcementRecipients.announcement_id)
      : Promise.resolve([]),
  ])
  return rows.map((row) => {
    const author = authors.find((person) => person.id === row.author_id)
    const receipt = mine.find((entry) => entry.announcement_id === row.id)
    const counted = stats.find((entry) => entry.id === row.id)
    return {
      id: row.id,
      title: row.title,
      body: row.body,
      roles: row.role_ids.flatMap((id) => roleNames.filter((role) => role.id === id)),
      pinned: row.pinned,
      requires_ack: row.requires_ack,
      author: { id: row.author_id, name: author ? fullName(author) : '' },
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      version: row.version,
      addressed_to_me: receipt !== undefined,
      read_at: receipt?.read_at?.toISOString() ?? null,
      acknowledged_at: receipt?.acknowledged_at?.toISOString() ?? null,
      stats: posts(auth) ? { recipients: counted?.recipients ?? 0, read: counted?.read ?? 0, acknowledged: counted?.acknowledged ?? 0 } : null,
    }
  })
}

/** Announcements the viewer may see: addressed to them, or all for whoever may post. */
const visible = (auth: Auth) =>
  posts(auth)
    ? undefined
    : sql`exists (select 1 from ${announcementRecipients} where ${announcementRecipients.business_id} = ${announcements.business_id} and ${announcementRecipients.announcement_id} = ${announcements.id} and ${announcementRecipients.user_id} = ${auth.userId})`

async function load(ctx: Ctx, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(announcements)
    .where(and(eq(announcements.business_id, ctx.auth.businessId), eq(announcements.id, id), visible(ctx.auth)))
  if (!row) throw notFound()
  return row
}

async function presentOne(ctx: Ctx, row: Row): Promise<Announcement> {
  return (await present(ctx.db, ctx.auth, [row]))[0]!
}

export const announcementHandlers: Handlers<
  'announcementRoles' | 'listAnnouncements' | 'getAnnouncement' | 'createAnnouncement' | 'updateAnnouncement' | 'deleteAnnouncement' | 'announcementReceipt' | 'announcementRecipients'
> = {
  async announcementRoles(_input, ctx) {
    return ctx.db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.business_id, ctx.auth.businessId)).orderBy(asc(roles.name))
  },

  async listAnnouncements({ query }, ctx) {
    const { businessId, userId } = ctx.auth
    const unacknowledged =
      query.filter?.unacknowledged === 'true'
        ? sql`${announcements.requires_ack} and exists (select 1 from ${announcementRecipients} where ${announcementRecipients.business_id} = ${businessId} and ${announcementRecipients.announcement_id} = ${announcements.id} and ${announcementRecipients.user_id} = ${userId} and ${announcementRecipients.acknowledged_at} is null)`
        : undefined
    const where = and(eq(announcements.business_id, businessId), visible(ctx.auth), unacknowledged)
    const { limit, offset } = pageOf(query)
    const [total] = await ctx.db.select({ count: count() }).from(announcements).where(where)
    const rows = await ctx.db.select().from(announcements).where(where).orderBy(desc(announcements.pinned), desc(announcements.created_at), asc(announcements.id)).limit(limit).offset(offset)
    return { count: total?.count ?? 0, rows: await present(ctx.db, ctx.auth, rows) }
  },

  async getAnnouncement({ params }, ctx) {
    return presentOne(ctx, await load(ctx, params.id))
  },

  async createAnnouncement({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const roleIds = [...new Set(body.role_ids)]
    const row = await ctx.db.transaction(async (tx) => {
      if (roleIds.length) {
        const found = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.business_id, businessId), inArray(roles.id, roleIds)))
        if (found.length !== roleIds.length) throw unprocessable('role_not_found', { role_ids: 'There is no such role' })
      }
      const [created] = await tx
        .insert(announcements)
        .values({ business_id: businessId, title: body.title, body: body.body, role_ids: roleIds, pinned: body.pinned, requires_ack: body.requires_ack, author_id: userId })
        .returning()
      const recipients = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.business_id, businessId), eq(users.status, 'active'), roleIds.length ? inArray(users.role_id, roleIds) : undefined))
      const others = recipients.filter((person) => person.id !== userId)
      if (others.length) await tx.insert(announcementRecipients).values(others.map((person) => ({ business_id: businessId, announcement_id: created!.id, user_id: person.id })))
      const name = `${ctx.auth.profile.firstname} ${ctx.auth.profile.lastname}`.trim()
      for (const person of others) {
        await notify(tx, { businessId, userId: person.id, title: 'announcement_posted', values: { name, title: body.title }, model: 'announcements', operation: 'posted', extra: { announcement_id: created!.id } })
      }
      await audit(ctx, { action: 'announcements.create', model: 'announcements', recordId: created!.id, after: { ...body, recipients: others.length } }, tx)
      return created!
    })
    return answer(await presentOne(ctx, row), 'announcement_posted', 201)
  },

  async updateAnnouncement({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const before = await load(ctx, params.id)
    const { version, ...changes } = body
    const [row] = await ctx.db
      .update(announcements)
      .set({ ...changes, version: sql`${announcements.version} + 1`, updated_at: new Date() })
      .where(and(eq(announcements.business_id, businessId), eq(announcements.id, params.id), eq(announcements.version, version)))
      .returning()
    if (!row) throw conflict('stale_version', { version: before.version })
    await audit(ctx, { action: 'announcements.update', model: 'announcements', recordId: params.id, before: { title: before.title, body: before.body, pinned: before.pinned }, after: changes })
    return presentOne(ctx, row)
  },

  async deleteAnnouncement({ params }, ctx) {
    const before = await load(ctx, params.id)
    await ctx.db.delete(announcements).where(and(eq(announcements.business_id, ctx.auth.businessId), eq(announcements.id, params.id)))
    await audit(ctx, { action: 'announcements.delete', model: 'announcements', recordId: params.id, before: { title: before.title } })
    return answer({}, 'deleted')
  },

  async announcementReceipt({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const row = await load(ctx, params.id)
    const now = new Date()
    const mine = and(eq(announcementRecipients.business_id, businessId), eq(announcementRecipients.announcement_id, params.id), eq(announcementRecipients.user_id, userId))
    const [receipt] = await ctx.db.select().from(announcementRecipients).where(mine)
    if (!receipt) throw notFound()
    await ctx.db
      .update(announcementRecipients)
      .set({ read_at: receipt.read_at ?? now, ...(body.acknowledge && row.requires_ack && !receipt.acknowledged_at ? { acknowledged_at: now } : {}) })
      .where(mine)
    return presentOne(ctx, row)
  },

  async announcementRecipients({ params }, ctx) {
    await load(ctx, params.id)
    const rows = await ctx.db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, read_at: announcementRecipients.read_at, acknowledged_at: announcementRecipients.acknowledged_at })
      .from(announcementRecipients)
      .innerJoin(users, and(eq(users.business_id, announcementRecipients.business_id), eq(users.id, announcementRecipients.user_id)))
      .where(and(eq(announcementRecipients.business_id, ctx.auth.businessId), eq(announcementRecipients.announcement_id, params.id)))
      .orderBy(asc(users.firstname), asc(users.lastname))
    return rows.map((row) => ({ person: { id: row.id, name: fullName(row) }, read_at: row.read_at?.toISOString() ?? null, acknowledged_at: row.acknowledged_at?.toISOString() ?? null }))
  },
}


