import { CHAT_CHANNEL_EVENT, CHAT_MESSAGE_EVENT } from '@rota/core'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'
import { CHAT_CHANNEL, channelRow, currentWeek, memberIds, messageById, type ChatAnnouncement } from '../repositories/chat.ts'
import type { EventHub } from './events.ts'

/**
 * Chat's live delivery (DESIGN.md §6, docs/decisions/029). Every API process LISTENs on
 * CHAT_CHANNEL; for a message sent or changed through any process, it reads the message once
 * and hands it to the streams it holds of the channel's members. Nothing is read when nobody
 * of that business is connected here.
 */
export function createChatEvents(database: Database, events: EventHub, log: FastifyBaseLogger) {
  let stop: (() => Promise<void>) | undefined

  async function deliver(announcement: ChatAnnouncement): Promise<void> {
    const connected = events.connectedUsers(announcement.business_id)
    if (!connected.length) return
    await database.scoped({ businessId: announcement.business_id }, async (db) => {
      const channel = await channelRow(db, announcement.business_id, announcement.channel_id)
      if (!channel) return
      const members = new Set(await memberIds(db, announcement.business_id, channel, await currentWeek(db, announcement.business_id)))
      const targets = connected.filter((userId) => members.has(userId))
      if (!targets.length) return
      if (announcement.kind === 'channel') {
        for (const userId of targets) events.publish(announcement.business_id, userId, { type: CHAT_CHANNEL_EVENT, data: { id: channel.id } })
        return
      }
      const message = await messageById(db, announcement.business_id, announcement.message_id)
      if (!message) return
      const { change_seq, ...data } = message
      for (const userId of targets) events.publish(announcement.business_id, userId, { type: CHAT_MESSAGE_EVENT, data, id: change_seq })
    })
  }

  return {
    async start(): Promise<void> {
      // In the order the database announced them, so a stream never sees a later change first.
      let delivering = Promise.resolve()
      stop = await database.listen(CHAT_CHANNEL, (payload) => {
        let announcement: ChatAnnouncement
        try {
          announcement = JSON.parse(payload) as ChatAnnouncement
        } catch (err) {
          log.error({ err }, 'unreadable chat announcement')
          return
        }
        delivering = delivering.then(() => deliver(announcement)).catch((err: unknown) => log.error({ err }, 'chat delivery failed'))
      })
    },
    async stop(): Promise<void> {
      await stop?.()
    },
  }
}

export type ChatEvents = ReturnType<typeof createChatEvents>
