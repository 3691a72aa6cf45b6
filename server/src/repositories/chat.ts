import { businessWeekAt, foldText, PRIVILEGED_ROLES, weekStartFor, type ChatChannel, type ChatMessage, type ChatChannelKind } from '@rota/core'
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { chatChannels, chatMembers, chatMessages, chatReads, chatSeq, locations, notifications, permissions, roles, shifts, users } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { everyoneChannel } from '../i18n/notifications.ts'
import { announceRead } from './notifications.ts'
import { getSettings } from './businesses.ts'
import { searchOf } from './listing.ts'

/** Where a chat change is announced to every API process (LISTEN/NOTIFY), after its commit. */
export const CHAT_CHANNEL = 'rota_chat'

/** What CHAT_CHANNEL carries: a message sent or changed, or a channel changed. */
export type ChatAnnouncement =
  | { business_id: string; kind: 'message'; channel_id: string; message_id: string }
  | { business_id: string; kind: 'channel'; channel_id: string }

/** Who is asking: their business, themselves, whether they run the schedule, and the business's current week. */
export interface ChatViewer {
  businessId: string
  userId: string
  /** Runs the schedule (schedules:update): in every location's channel, may make and archive channels. */
  manager: boolean
  week: { from: Date; to: Date }
}

/** The business's current week (on its clock), which decides who is in a location's channel. */
export async function currentWeek(db: Db, businessId: string, now = new Date()): Promise<{ from: Date; to: Date }> {
  const settings = await getSettings(db, businessId)
  const week = businessWeekAt(now, settings.timezone, weekStartFor(settings.locale, settings.week_start))
  return { from: week.from, to: week.to }
}

/** The shift statuses that mean someone was told they work there. */
const TOLD = ['published', 'in_progress', 'completed']

/** Whether `userId` is in a channel row of `chatChannels` (as SQL, for lists and checks). */
function memberOf(viewer: ChatViewer): SQL {
  const { businessId, userId, week } = viewer
  return sql`(
    ${chatChannels.kind} = 'everyone'
    or (${chatChannels.kind} = 'location' and (${viewer.manager} or exists (
      select 1 from ${shifts} where ${shifts.business_id} = ${businessId} and ${shifts.location_id} = ${chatChannels.location_id}
        and ${shifts.staff_id} = ${userId} and ${inArray(shifts.status, TOLD)}
        and ${shifts.starts_at} < ${week.to.toISOString()} and ${shifts.ends_at} > ${week.from.toISOString()})))
    or (${chatChannels.kind} in ('custom', 'direct') and exists (
      select 1 from ${chatMembers} where ${chatMembers.business_id} = ${businessId} and ${chatMembers.channel_id} = ${chatChannels.id} and ${chatMembers.user_id} = ${userId}))
  )`
}

/** The people who run the schedule: administrators and roles allowed schedules:update. */
async function managerIds(db: Db, businessId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, and(eq(roles.business_id, users.business_id), eq(roles.id, users.role_id)))
    .leftJoin(permissions, and(eq(permissions.business_id, roles.business_id), eq(permissions.role_id, roles.id), eq(permissions.model_name, 'schedules')))
    .where(and(eq(users.business_id, businessId), eq(users.status, 'active'), sql`(${inArray(roles.name, [...PRIVILEGED_ROLES])} or ${permissions.update} is true)`))
  return rows.map((row) => row.id)
}

/** Everyone in a channel now: whom a message is delivered to and who may be mentioned. */
export async function memberIds(db: Db, businessId: string, channel: { id: string; kind: string; location_id: string | null }, week: { from: Date; to: Date }): Promise<string[]> {
  if (channel.kind === 'everyone') {
    const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.business_id, businessId), eq(users.status, 'active')))
    return rows.map((row) => row.id)
  }
  if (channel.kind === 'location') {
    const scheduled = await db
      .selectDistinct({ id: shifts.staff_id })
      .from(shifts)
      .where(
        and(
          eq(shifts.business_id, businessId),
          eq(shifts.location_id, channel.location_id!),
          inArray(shifts.status, TOLD),
          lt(shifts.starts_at, week.to),
          gt(shifts.ends_at, week.from),
        ),
      )
    return [...new Set([...(await managerIds(db, businessId)), ...scheduled.flatMap((row) => (row.id ? [row.id] : []))])]
  }
  const rows = await db.select({ id: chatMembers.user_id }).from(chatMembers).where(and(eq(chatMembers.business_id, businessId), eq(chatMembers.channel_id, channel.id)))
  return rows.map((row) => row.id)
}

/** The business's own channel and one for each active client location, made on first use. */
export async function ensureChannels(db: Db, businessId: string): Promise<void> {
  await db.execute(sql`
    insert into ${chatChannels} (business_id, kind) select ${businessId}, 'everyone'
    where not exists (select 1 from ${chatChannels} where business_id = ${businessId} and kind = 'everyone')
    on conflict do nothing`)
  await db.execute(sql`
    insert into ${chatChannels} (business_id, kind, location_id)
    select ${locations.business_id}, 'location', ${locations.id} from ${locations}
    where ${locations.business_id} = ${businessId} and ${locations.active}
      and not exists (select 1 from ${chatChannels} c where c.business_id = ${businessId} and c.kind = 'location' and c.location_id = ${locations.id})
    on conflict do nothing`)
}

type ChannelRow = typeof chatChannels.$inferSelect
type Person = { id: string; name: string }
const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim()

const unreadOf = (viewer: ChatViewer) => sql<number>`(
  select count(*) from ${chatMessages} where ${chatMessages.business_id} = ${viewer.businessId} and ${chatMessages.channel_id} = ${chatChannels.id}
    and ${chatMessages.seq} > coalesce(${chatReads.read_seq}, 0) and ${chatMessages.author_id} <> ${viewer.userId} and ${chatMessages.deleted_at} is null)`.mapWith(Number)

/** How many location channels a manager's list carries: those with the latest messages; the others are found by name. */
export const LOCATION_CHANNELS_LISTED = 100
/** How many channels a search answers. */
export const CHANNELS_FOUND = 50

/**
 * Which of the viewer's channels to read: one (`id`); those with messages they have not read
 * (`unread`); those whose name holds `q` (accents and case aside); or their list: every
 * channel they are in, except that someone in every location's channel (a manager) is listed
 * only the LOCATION_CHANNELS_LISTED location channels with the latest messages — a business of
 * ten thousand clients would list ten thousand channels, most of them silent.
 */
export type ChannelScope = { id: string } | { unread: true } | { q: string } | 'list'

/** The viewer's channels in `scope`, each as they see it, the latest activity first. */
export async function visibleChannels(db: Db, viewer: ChatViewer, scope: ChannelScope = 'list'): Promise<ChatChannel[]> {
  const { businessId } = viewer
  const folded = typeof scope === 'object' && 'q' in scope ? foldText(scope.q) : ''
  const narrowed =
    scope === 'list'
      ? viewer.manager
        ? sql`(${chatChannels.kind} <> 'location' or ${chatChannels.id} in (
            select c.id from ${chatChannels} c where c.business_id = ${businessId} and c.kind = 'location' and c.last_message_at is not null
            order by c.last_message_at desc limit ${LOCATION_CHANNELS_LISTED}))`
        : undefined
      : 'id' in scope
        ? eq(chatChannels.id, scope.id)
        : 'unread' in scope
          ? and(isNull(chatChannels.archived_at), sql`${chatChannels.last_seq} > coalesce(${chatReads.read_seq}, 0)`)
          : // A location's name is matched in the database; the few others the viewer is in, below, by their names as shown.
            sql`(${chatChannels.kind} <> 'location' or ${searchOf(locations.search_key, scope.q) ?? sql`true`})`
  const rows = await db
    .select({ channel: chatChannels, location: { id: locations.id, name: locations.name }, read_seq: chatReads.read_seq, unread: unreadOf(viewer) })
    .from(chatChannels)
    .leftJoin(locations, and(eq(locations.business_id, chatChannels.business_id), eq(locations.id, chatChannels.location_id)))
    .leftJoin(chatReads, and(eq(chatReads.business_id, chatChannels.business_id), eq(chatReads.channel_id, chatChannels.id), eq(chatReads.user_id, viewer.userId)))
    .where(and(eq(chatChannels.business_id, businessId), narrowed, memberOf(viewer)))
    .orderBy(desc(sql`coalesce(${chatChannels.last_message_at}, ${chatChannels.created_at})`), asc(chatChannels.id))
  const listed = rows.filter((row) => row.channel.kind === 'custom' || row.channel.kind === 'direct').map((row) => row.channel.id)
  const members = new Map<string, Person[]>()
  if (listed.length) {
    const people = await db
      .select({ channel_id: chatMembers.channel_id, id: users.id, firstname: users.firstname, lastname: users.lastname })
      .from(chatMembers)
      .innerJoin(users, and(eq(users.business_id, chatMembers.business_id), eq(users.id, chatMembers.user_id)))
      .where(and(eq(chatMembers.business_id, viewer.businessId), inArray(chatMembers.channel_id, listed)))
      .orderBy(asc(users.firstname), asc(users.lastname))
    for (const person of people) members.set(person.channel_id, [...(members.get(person.channel_id) ?? []), { id: person.id, name: fullName(person) }])
  }
  const channels = rows.map(({ channel, location, read_seq, unread }): ChatChannel => {
    const people = members.get(channel.id) ?? []
    const name =
      channel.kind === 'location'
        ? (location?.name ?? '')
        : channel.kind === 'direct'
          ? people.filter((person) => person.id !== viewer.userId).map((person) => person.name).join(', ')
          : channel.name
    return {
      id: channel.id,
      kind: channel.kind as ChatChannelKind,
      name,
      location: location?.id ? { id: location.id, name: location.name } : null,
      members: people,
      archived: channel.archived_at !== null,
      last_seq: channel.last_seq,
      last_message_at: channel.last_message_at?.toISOString() ?? null,
      read_seq: read_seq ?? 0,
      unread_count: unread,
      can_manage: viewer.manager && channel.kind !== 'direct',
    }
  })
  if (!folded) return channels
  // The business's own channel is found by its name in any of Rota's languages.
  const named = (channel: ChatChannel) => (channel.kind === 'everyone' ? Object.values(everyoneChannel).join(' ') : channel.name)
  return channels.filter((channel) => channel.kind === 'location' || foldText(named(channel)).includes(folded)).slice(0, CHANNELS_FOUND)
}

/** One channel the viewer is in, or 404 (another business's, or one they are not in). */
export async function channelFor(db: Db, viewer: ChatViewer, id: string): Promise<ChatChannel> {
  const [channel] = await visibleChannels(db, viewer, { id })
  if (!channel) throw notFound()
  return channel
}

export async function channelRow(db: Db, businessId: string, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(chatChannels).where(and(eq(chatChannels.business_id, businessId), eq(chatChannels.id, id)))
  return row
}

/**
 * Takes the business's chat lock for the rest of the transaction: the positions drawn after it
 * follow the order in which the business's chat changes commit.
 */
export async function lockChat(db: Db, businessId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`rota_chat:${businessId}`}))`)
}

export async function nextSeq(db: Db): Promise<number> {
  const [row] = await db.select({ seq: sql<string>`nextval(${sql.raw(`'${chatSeq.seqName}'`)})` }).from(sql`(select 1) as one`)
  return Number(row!.seq)
}

/** Announces a chat change to every API process once the transaction commits. */
export async function announceChat(db: Db, announcement: ChatAnnouncement): Promise<void> {
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(announcement)})`)
}

type MessageRow = typeof chatMessages.$inferSelect
const messageColumns = { message: chatMessages, firstname: users.firstname, lastname: users.lastname }

export function toMessage(row: { message: MessageRow; firstname: string; lastname: string }): ChatMessage {
  const { message } = row
  const deleted = message.deleted_at !== null
  return {
    id: message.id,
    channel_id: message.channel_id,
    seq: message.seq,
    author: { id: message.author_id, name: fullName(row) },
    body: deleted ? '' : message.body,
    mentions: deleted ? [] : message.mentions,
    attachments: deleted ? [] : message.attachments,
    client_id: message.client_id,
    created_at: message.created_at.toISOString(),
    edited_at: message.edited_at?.toISOString() ?? null,
    deleted,
  }
}

function selectMessages(db: Db, businessId: string) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, and(eq(users.business_id, chatMessages.business_id), eq(users.id, chatMessages.author_id)))
    .where(eq(chatMessages.business_id, businessId))
    .$dynamic()
}

export async function messageById(db: Db, businessId: string, id: string): Promise<ChatMessage & { change_seq: number } | undefined> {
  const [row] = await db
    .select({ ...messageColumns })
    .from(chatMessages)
    .innerJoin(users, and(eq(users.business_id, chatMessages.business_id), eq(users.id, chatMessages.author_id)))
    .where(and(eq(chatMessages.business_id, businessId), eq(chatMessages.id, id)))
  return row ? { ...toMessage(row), change_seq: row.message.change_seq } : undefined
}

export async function messageRow(db: Db, businessId: string, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(and(eq(chatMessages.business_id, businessId), eq(chatMessages.id, id)))
  return row
}

export async function messageByClientId(db: Db, businessId: string, authorId: string, clientId: string): Promise<ChatMessage | undefined> {
  const [row] = await selectMessages(db, businessId).where(and(eq(chatMessages.business_id, businessId), eq(chatMessages.author_id, authorId), eq(chatMessages.client_id, clientId)))
  return row ? toMessage(row) : undefined
}

/** A page of a conversation, newest first, before a position. */
export async function messagesBefore(db: Db, businessId: string, channelId: string, before: number | undefined, limit: number) {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, and(eq(users.business_id, chatMessages.business_id), eq(users.id, chatMessages.author_id)))
    .where(and(eq(chatMessages.business_id, businessId), eq(chatMessages.channel_id, channelId), before ? lt(chatMessages.seq, before) : undefined))
    .orderBy(desc(chatMessages.seq))
    .limit(limit + 1)
  return { rows: rows.slice(0, limit).map(toMessage), has_more: rows.length > limit }
}

/**
 * The changes to messages of the viewer's channels after a position (what a reconnecting
 * stream missed), oldest first, at most `limit`.
 */
export async function changesSince(db: Db, viewer: ChatViewer, after: number, limit = 1000): Promise<(ChatMessage & { change_seq: number })[]> {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, and(eq(users.business_id, chatMessages.business_id), eq(users.id, chatMessages.author_id)))
    .innerJoin(chatChannels, and(eq(chatChannels.business_id, chatMessages.business_id), eq(chatChannels.id, chatMessages.channel_id)))
    .where(and(eq(chatMessages.business_id, viewer.businessId), gt(chatMessages.change_seq, after), memberOf(viewer)))
    .orderBy(asc(chatMessages.change_seq))
    .limit(limit)
  return rows.map((row) => ({ ...toMessage(row), change_seq: row.message.change_seq }))
}

/** Moves the user's read position forward (never back), at most to the channel's last message. */
export async function markRead(db: Db, businessId: string, userId: string, channelId: string, seq: number, lastSeq: number | null): Promise<void> {
  const position = Math.min(seq, lastSeq ?? 0)
  await db
    .insert(chatReads)
    .values({ business_id: businessId, channel_id: channelId, user_id: userId, read_seq: position })
    .onConflictDoUpdate({ target: [chatReads.business_id, chatReads.user_id, chatReads.channel_id], set: { read_seq: sql`greatest(${chatReads.read_seq}, excluded.read_seq)` } })
  // A mention read in the conversation is read in the bell too, and the user's bells hear of it.
  const mentions = await db.execute(sql`
    update ${notifications} set read_at = now()
    where ${notifications.business_id} = ${businessId} and ${notifications.user_id} = ${userId} and ${notifications.read_at} is null
      and ${notifications.model} = 'chat' and ${notifications.operation} = 'mention' and ${notifications.extra}->>'channel_id' = ${channelId}
      and ${notifications.extra}->>'message_id' in (
        select ${chatMessages.id}::text from ${chatMessages}
        where ${chatMessages.business_id} = ${businessId} and ${chatMessages.channel_id} = ${channelId} and ${chatMessages.seq} <= ${position})
    returning ${notifications.id}`)
  if ((mentions as unknown as { rows: unknown[] }).rows.length > 0) await announceRead(db, businessId, userId)
}

/** Active people of the business, by name, matching a text. */
export async function activePeople(db: Db, businessId: string, q: string | undefined, ids?: string[]): Promise<Person[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
  const rows = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(
      and(
        eq(users.business_id, businessId),
        eq(users.status, 'active'),
        ids ? inArray(users.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
        pattern ? sql`(${users.firstname} || ' ' || ${users.lastname}) ilike ${pattern}` : undefined,
      ),
    )
    .orderBy(asc(users.firstname), asc(users.lastname))
    .limit(ids ? 200 : 50)
  return rows.map((row) => ({ id: row.id, name: fullName(row) }))
}


