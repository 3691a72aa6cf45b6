import { can, type ChatAttachment } from '@rota/core'
import { and, eq, inArray } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { chatChannels, chatMembers, chatMessages, files } from '../../db/schema/index.ts'
import { AppError, notFound, unprocessable } from '../../errors.ts'
import {
  activePeople,
  announceChat,
  channelFor,
  channelRow,
  currentWeek,
  ensureChannels,
  lockChat,
  markRead,
  memberIds,
  messageByClientId,
  messageById,
  messageRow,
  messagesBefore,
  nextSeq,
  visibleChannels,
  type ChatViewer,
} from '../../repositories/chat.ts'
import { notify } from '../../repositories/notifications.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

type Ctx = HandlerContext<Auth>

async function viewerOf(ctx: Ctx, db: Db = ctx.db): Promise<ChatViewer> {
  const { businessId, userId } = ctx.auth
  return { businessId, userId, manager: can(ctx.auth, 'schedules', 'update'), week: await currentWeek(db, businessId) }
}

/** The chosen people, all active in the business (422 otherwise), with the viewer. */
async function membersChosen(db: Db, businessId: string, userId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set([userId, ...ids])]
  const found = await activePeople(db, businessId, undefined, unique)
  if (found.length !== unique.length) throw unprocessable('chat_member_not_found', { member_ids: 'Choose active members of the business' })
  return unique
}

/** Attachments must be files of this business in the store. */
async function checkAttachments(ctx: Ctx, attachments: ChatAttachment[]): Promise<void> {
  const { businessId } = ctx.auth
  const local = attachments.filter((file) => file.provider === 'local').map((file) => file.id)
  const cloud = attachments.filter((file) => file.provider === 'cloudinary')
  if (cloud.some((file) => !ctx.files.cloudinary?.owns(businessId, file.id))) throw unprocessable('chat_attachment_not_found')
  if (!local.length) return
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  if (!local.every((id) => UUID.test(id))) throw unprocessable('chat_attachment_not_found')
  const found = await ctx.db.select({ id: files.id }).from(files).where(and(eq(files.business_id, businessId), inArray(files.id, local)))
  if (found.length !== new Set(local).size) throw unprocessable('chat_attachment_not_found')
}

const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text)

export const chatHandlers: Handlers<
  | 'listChatChannels'
  | 'createChatChannel'
  | 'updateChatChannel'
  | 'openDirectChat'
  | 'listChatMessages'
  | 'sendChatMessage'
  | 'updateChatMessage'
  | 'deleteChatMessage'
  | 'readChatChannel'
  | 'chatUnread'
  | 'chatPeople'
> = {
  async listChatChannels({ query }, ctx) {
    await ensureChannels(ctx.db, ctx.auth.businessId)
    const viewer = await viewerOf(ctx)
    return visibleChannels(ctx.db, viewer, query.id ? { id: query.id } : query.q ? { q: query.q } : 'list')
  },

  async createChatChannel({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const id = await ctx.db.transaction(async (tx) => {
      const members = await membersChosen(tx, businessId, userId, body.member_ids)
      const [created] = await tx.insert(chatChannels).values({ business_id: businessId, kind: 'custom', name: body.name, created_by: userId }).returning({ id: chatChannels.id })
      await tx.insert(chatMembers).values(members.map((member) => ({ business_id: businessId, channel_id: created!.id, user_id: member })))
      await audit(ctx, { action: 'chat_channels.create', model: 'chat', recordId: created!.id, after: { name: body.name, member_ids: members } }, tx)
      await announceChat(tx, { business_id: businessId, kind: 'channel', channel_id: created!.id })
      return created!.id
    })
    return answer(await channelFor(ctx.db, await viewerOf(ctx), id), undefined, 201)
  },

  async updateChatChannel({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const viewer = await viewerOf(ctx)
    const before = await channelFor(ctx.db, viewer, params.id)
    if (before.kind === 'direct') throw notFound()
    if ((body.name !== undefined || body.member_ids !== undefined) && before.kind !== 'custom') throw unprocessable('chat_not_custom')
    await ctx.db.transaction(async (tx) => {
      const set: Partial<typeof chatChannels.$inferInsert> = { updated_at: new Date() }
      if (body.archived !== undefined) set.archived_at = body.archived ? new Date() : null
      if (body.name !== undefined) set.name = body.name
      await tx.update(chatChannels).set(set).where(and(eq(chatChannels.business_id, businessId), eq(chatChannels.id, params.id)))
      if (body.member_ids !== undefined) {
        const members = await membersChosen(tx, businessId, userId, body.member_ids)
        await tx.delete(chatMembers).where(and(eq(chatMembers.business_id, businessId), eq(chatMembers.channel_id, params.id)))
        await tx.insert(chatMembers).values(members.map((member) => ({ business_id: businessId, channel_id: params.id, user_id: member })))
      }
      await audit(ctx, { action: body.archived === true ? 'chat_channels.archive' : 'chat_channels.update', model: 'chat', recordId: params.id, before: { archived: before.archived, name: before.name }, after: body }, tx)
      await announceChat(tx, { business_id: businessId, kind: 'channel', channel_id: params.id })
    })
    return channelFor(ctx.db, viewer, params.id)
  },

  async openDirectChat({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const members = await membersChosen(ctx.db, businessId, userId, body.member_ids)
    if (members.length < 2) throw unprocessable('chat_member_not_found', { member_ids: 'Choose someone else' })
    const key = [...members].sort().join(',')
    const id = await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: chatChannels.id }).from(chatChannels).where(and(eq(chatChannels.business_id, businessId), eq(chatChannels.kind, 'direct'), eq(chatChannels.direct_key, key)))
      if (existing) return existing.id
      const [created] = await tx
        .insert(chatChannels)
        .values({ business_id: businessId, kind: 'direct', direct_key: key, created_by: userId })
        .onConflictDoNothing()
        .returning({ id: chatChannels.id })
      if (!created) {
        const [raced] = await tx.select({ id: chatChannels.id }).from(chatChannels).where(and(eq(chatChannels.business_id, businessId), eq(chatChannels.kind, 'direct'), eq(chatChannels.direct_key, key)))
        return raced!.id
      }
      await tx.insert(chatMembers).values(members.map((member) => ({ business_id: businessId, channel_id: created.id, user_id: member })))
      await announceChat(tx, { business_id: businessId, kind: 'channel', channel_id: created.id })
      return created.id
    })
    return channelFor(ctx.db, await viewerOf(ctx), id)
  },

  async listChatMessages({ params, query }, ctx) {
    await channelFor(ctx.db, await viewerOf(ctx), params.id)
    return messagesBefore(ctx.db, ctx.auth.businessId, params.id, query.before, query.limit)
  },

  async sendChatMessage({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const viewer = await viewerOf(ctx)
    const again = await messageByClientId(ctx.db, businessId, userId, body.client_id)
    if (again) return again
    const channel = await channelFor(ctx.db, viewer, params.id)
    if (channel.archived) throw unprocessable('chat_archived')
    await checkAttachments(ctx, body.attachments)
    const sent = await ctx.db.transaction(async (tx) => {
      await lockChat(tx, businessId)
      // Sent twice at once: the second waited on the lock and finds the first.
      const raced = await messageByClientId(tx, businessId, userId, body.client_id)
      if (raced) return { message: raced, fresh: false }
      const seq = await nextSeq(tx)
      const now = new Date()
      const members = new Set(await memberIds(tx, businessId, (await channelRow(tx, businessId, params.id))!, viewer.week))
      const mentions = [...new Set(body.mentions)].filter((id) => id !== userId && members.has(id))
      const [row] = await tx
        .insert(chatMessages)
        .values({ business_id: businessId, channel_id: params.id, author_id: userId, client_id: body.client_id, seq, change_seq: seq, body: body.body, mentions, attachments: body.attachments, created_at: now })
        .returning({ id: chatMessages.id })
      await tx.update(chatChannels).set({ last_seq: seq, last_message_at: now }).where(and(eq(chatChannels.business_id, businessId), eq(chatChannels.id, params.id)))
      await markRead(tx, businessId, userId, params.id, seq, seq)
      const author = `${ctx.auth.profile.firstname} ${ctx.auth.profile.lastname}`.trim()
      const where = channel.kind === 'direct' ? author : `#${channel.name}`
      for (const mentioned of mentions) {
        await notify(tx, { businessId, userId: mentioned, title: channel.kind === 'direct' ? 'chat_mention_direct' : 'chat_mention', values: { name: author, channel: where, channel_kind: channel.kind, text: preview(body.body) }, model: 'chat', operation: 'mention', extra: { channel_id: params.id, message_id: row!.id } })
      }
      await announceChat(tx, { business_id: businessId, kind: 'message', channel_id: params.id, message_id: row!.id })
      const { change_seq: _, ...message } = (await messageById(tx, businessId, row!.id))!
      return { message, fresh: true }
    })
    return sent.fresh ? answer(sent.message, undefined, 201) : sent.message
  },

  async updateChatMessage({ params, body }, ctx) {
    return changeOwnMessage(ctx, params.id, body.body)
  },

  async deleteChatMessage({ params }, ctx) {
    return changeOwnMessage(ctx, params.id, null)
  },

  async readChatChannel({ params, body }, ctx) {
    const viewer = await viewerOf(ctx)
    const channel = await channelFor(ctx.db, viewer, params.id)
    await markRead(ctx.db, ctx.auth.businessId, ctx.auth.userId, params.id, body.seq, channel.last_seq)
    return channelFor(ctx.db, viewer, params.id)
  },

  async chatUnread(_input, ctx) {
    // Read after every live message by everyone connected: it makes no channels (one not yet made has no messages).
    const channels = await visibleChannels(ctx.db, await viewerOf(ctx), { unread: true })
    const unread = channels.filter((channel) => channel.unread_count > 0)
    return { total: unread.reduce((sum, channel) => sum + channel.unread_count, 0), channels: unread.map(({ id, unread_count }) => ({ id, unread_count })) }
  },

  async chatPeople({ query }, ctx) {
    return activePeople(ctx.db, ctx.auth.businessId, query.q)
  },
}

/** Edits (`text`) or deletes (`null`) one of the user's own messages in a channel they are in. */
async function changeOwnMessage(ctx: Ctx, id: string, text: string | null) {
  const { businessId, userId } = ctx.auth
  const viewer = await viewerOf(ctx)
  const row = await messageRow(ctx.db, businessId, id)
  if (!row) throw notFound()
  await channelFor(ctx.db, viewer, row.channel_id)
  if (row.author_id !== userId) throw new AppError(403, 'chat_not_yours')
  if (row.deleted_at) throw unprocessable('chat_message_deleted')
  return ctx.db.transaction(async (tx) => {
    await lockChat(tx, businessId)
    const now = new Date()
    const change_seq = await nextSeq(tx)
    await tx
      .update(chatMessages)
      .set(text === null ? { deleted_at: now, change_seq } : { body: text, edited_at: now, change_seq })
      .where(and(eq(chatMessages.business_id, businessId), eq(chatMessages.id, id)))
    await audit(ctx, { action: text === null ? 'chat_messages.delete' : 'chat_messages.update', model: 'chat', recordId: id, before: { body: row.body }, after: text === null ? undefined : { body: text } }, tx)
    await announceChat(tx, { business_id: businessId, kind: 'message', channel_id: row.channel_id, message_id: id })
    const { change_seq: _, ...message } = (await messageById(tx, businessId, id))!
    return message
  })
}
