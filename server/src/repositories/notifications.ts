import type { Notification } from '@rota/core'
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { notifications, users } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { isNotificationTitle, notificationTitle, type NotificationTitle } from '../i18n/notifications.ts'
import { pageOf } from './listing.ts'

/** The channel on which new notifications are announced to every API process (LISTEN/NOTIFY). */
export const EVENTS_CHANNEL = 'rota_events'

type Row = typeof notifications.$inferSelect

/**
 * What EVENTS_CHANNEL carries: a new notification (`mail` when it is to be e-mailed too), or
 * that some of a user's notifications were read, for their other bells to read theirs again.
 */
export type Announcement = { business_id: string; user_id: string; id: string; mail?: true } | { business_id: string; user_id: string; read: true }

/** Announces, when the caller's transaction commits, that some of a user's notifications were read. */
export async function announceRead(db: Db, businessId: string, userId: string): Promise<void> {
  const announced: Announcement = { business_id: businessId, user_id: userId, read: true }
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(announced)})`)
}

/**
 * Takes a notification's e-mail for sending: only one caller (of however many API
 * processes heard it) gets the row back, with what the mail needs.
 */
export async function claimNotificationMail(db: Db, businessId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ email_pending: false })
    .where(and(eq(notifications.business_id, businessId), eq(notifications.id, id), eq(notifications.email_pending, true)))
    .returning({ title: notifications.title, extra: notifications.extra, model: notifications.model, operation: notifications.operation, user_id: notifications.user_id })
  if (!row) return undefined
  const [recipient] = await db
    .select({ email: users.email, firstname: users.firstname, locale: users.locale, status: users.status })
    .from(users)
    .where(and(eq(users.business_id, businessId), eq(users.id, row.user_id)))
  return recipient && recipient.status === 'active' ? { ...row, recipient } : undefined
}

/**
 * A notification as its reader reads it: titled in `locale`, their language today (a row
 * written before they changed it, or before titles were kept by kind, keeps its own words).
 */
export function toNotification(row: Row, locale: string): Notification {
  return {
    id: row.id,
    title: row.kind && isNotificationTitle(row.kind) ? notificationTitle(row.kind, locale, row.values ?? {}) : row.title,
    body: row.body,
    model: row.model,
    operation: row.operation,
    created_at: row.created_at.toISOString(),
    read_status: row.read_at !== null,
    extra: row.extra,
  }
}

export interface NewNotification {
  businessId: string
  /** Who is told. */
  userId: string
  /** What happened, as a title of the catalogue (server/src/i18n/notifications.ts), with its values. */
  title: NotificationTitle
  values?: Record<string, string>
  /** The permission model it is about and what happened to it (`users`, `invite_accepted`). */
  model: string
  operation: string
  /** What it is about, which the web turns into where it leads (`schedule_id`, `user_id`). */
  extra?: Record<string, string>
}

/**
 * Tells one user that something happened (DESIGN.md §9): a notification row titled in
 * their own language, announced on EVENTS_CHANNEL for the bell to show at once. The
 * announcement goes out when the surrounding transaction commits, so nobody hears of a
 * rolled-back change. Every notification goes through here. When the recipient wants
 * e-mail too, the row is marked `email_pending` and the announcement says so: one API
 * process claims and sends it (services/notification-mail.ts).
 * @example
 * await notify(tx, { businessId, userId: inviterId, title: 'invite_accepted', values: { name }, model: 'users', operation: 'invite_accepted', extra: { user_id } })
 */
export async function notify(db: Db, n: NewNotification): Promise<Notification> {
  const [recipient] = await db
    .select({ locale: users.locale, email: users.email_notifications })
    .from(users)
    .where(and(eq(users.business_id, n.businessId), eq(users.id, n.userId)))
  const title = notificationTitle(n.title, recipient?.locale ?? 'en', n.values)
  const [row] = await db
    .insert(notifications)
    .values({ business_id: n.businessId, user_id: n.userId, title, kind: n.title, values: n.values ?? {}, body: null, model: n.model, operation: n.operation, extra: n.extra ?? {}, email_pending: recipient?.email ?? false })
    .returning()
  const announced: Announcement = { business_id: n.businessId, user_id: n.userId, id: row!.id, ...(row!.email_pending ? { mail: true } : {}) }
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(announced)})`)
  return toNotification(row!, recipient?.locale ?? 'en')
}

/** A user's notifications, newest first, titled in `locale` (their language). */
export async function listNotifications(
  db: Db,
  businessId: string,
  userId: string,
  locale: string,
  query: { page: number; page_size: number; filter?: { read_status?: 'true' | 'false' } | undefined },
): Promise<{ count: number; rows: Notification[] }> {
  const read = query.filter?.read_status
  const where = and(
    eq(notifications.business_id, businessId),
    eq(notifications.user_id, userId),
    read === undefined ? undefined : read === 'true' ? isNotNull(notifications.read_at) : isNull(notifications.read_at),
  )
  const { limit, offset } = pageOf(query)
  const [total] = await db.select({ count: count() }).from(notifications).where(where)
  const rows = await db.select().from(notifications).where(where).orderBy(desc(notifications.created_at), desc(notifications.id)).limit(limit).offset(offset)
  return { count: total?.count ?? 0, rows: rows.map((row) => toNotification(row, locale)) }
}

/** One of the user's notifications, titled in their language (a live stream has no request to say it). */
export async function getNotification(db: Db, businessId: string, userId: string, id: string): Promise<Notification> {
  const [found] = await db
    .select({ row: notifications, locale: users.locale })
    .from(notifications)
    .innerJoin(users, and(eq(users.business_id, notifications.business_id), eq(users.id, notifications.user_id)))
    .where(and(eq(notifications.business_id, businessId), eq(notifications.user_id, userId), eq(notifications.id, id)))
  if (!found) throw notFound()
  return toNotification(found.row, found.locale)
}

/** Marks one of the user's own notifications read or unread; anyone else's is not found. */
export async function setRead(db: Db, businessId: string, userId: string, locale: string, id: string, read: boolean): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ read_at: read ? sql`coalesce(${notifications.read_at}, now())` : null })
    .where(and(eq(notifications.business_id, businessId), eq(notifications.user_id, userId), eq(notifications.id, id)))
    .returning()
  if (!row) throw notFound()
  await announceRead(db, businessId, userId)
  return toNotification(row, locale)
}

/** Marks every unread notification of the user read; how many it marked. */
export async function markAllRead(db: Db, businessId: string, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(and(eq(notifications.business_id, businessId), eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id })
  if (rows.length > 0) await announceRead(db, businessId, userId)
  return rows.length
}
