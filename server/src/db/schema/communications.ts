import { sql } from 'drizzle-orm'
import { bigint, boolean, foreignKey, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { editableColumns, foldedText, tenantColumns, timestamptz } from './columns.ts'
import { locations } from './records.ts'
import { users } from './users.ts'

/**
 * Positions of chat messages and of their changes, from one sequence. Writes of a business's
 * messages take a lock for the business first (repositories/chat.ts), so within a business the
 * positions grow in the order the changes commit: what a reconnecting stream resumes from.
 */
export const chatSeq = pgSequence('chat_seq')

/**
 * A channel or direct conversation. `kind`: everyone (one per business), location (one per
 * client location; its members are computed), custom and direct (members in chat_members).
 * `direct_key` is the sorted member ids of a direct conversation, so one set of people has one.
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    ...tenantColumns(),
    kind: text('kind').notNull(),
    name: text('name').notNull().default(''),
    location_id: uuid('location_id'),
    direct_key: text('direct_key'),
    archived_at: timestamptz('archived_at'),
    created_by: uuid('created_by'),
    last_seq: bigint('last_seq', { mode: 'number' }),
    last_message_at: timestamptz('last_message_at'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.location_id], foreignColumns: [locations.business_id, locations.id] }).onDelete('cascade'),
    uniqueIndex('chat_channels_everyone').on(t.business_id).where(sql`${t.kind} = 'everyone'`),
    uniqueIndex('chat_channels_location').on(t.business_id, t.location_id).where(sql`${t.kind} = 'location'`),
    uniqueIndex('chat_channels_direct').on(t.business_id, t.direct_key).where(sql`${t.kind} = 'direct'`),
  ],
)

/** The members of a custom channel or direct conversation. */
export const chatMembers = pgTable(
  'chat_members',
  {
    business_id: text('business_id').notNull(),
    channel_id: uuid('channel_id').notNull(),
    user_id: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.channel_id, t.user_id] }),
    foreignKey({ columns: [t.business_id, t.channel_id], foreignColumns: [chatChannels.business_id, chatChannels.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    index('chat_members_user').on(t.business_id, t.user_id),
  ],
)

/**
 * A message. `seq` is its place in the conversation, `change_seq` the position of its latest
 * change (sent, edited, deleted) that live streams resume from. A deleted message keeps its row
 * with no text. `client_id` is the sender's id for it: sending it again finds the first.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    ...tenantColumns(),
    channel_id: uuid('channel_id').notNull(),
    author_id: uuid('author_id').notNull(),
    client_id: text('client_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    change_seq: bigint('change_seq', { mode: 'number' }).notNull(),
    body: text('body').notNull().default(''),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<{ id: string; provider: 'local' | 'cloudinary' }[]>().notNull().default([]),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    edited_at: timestamptz('edited_at'),
    deleted_at: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.channel_id], foreignColumns: [chatChannels.business_id, chatChannels.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.author_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    uniqueIndex('chat_messages_client').on(t.business_id, t.author_id, t.client_id),
    index('chat_messages_history').on(t.business_id, t.channel_id, t.seq),
    index('chat_messages_changes').on(t.business_id, t.change_seq),
  ],
)

/** How far each person has read each channel (a message position). */
export const chatReads = pgTable(
  'chat_reads',
  {
    business_id: text('business_id').notNull(),
    channel_id: uuid('channel_id').notNull(),
    user_id: uuid('user_id').notNull(),
    read_seq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.user_id, t.channel_id] }),
    foreignKey({ columns: [t.business_id, t.channel_id], foreignColumns: [chatChannels.business_id, chatChannels.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
  ],
)

/** A notice to everyone (`role_ids` empty) or to some roles; its recipients are fixed when posted. */
export const announcements = pgTable(
  'announcements',
  {
    ...tenantColumns(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    role_ids: jsonb('role_ids').$type<string[]>().notNull().default([]),
    pinned: boolean('pinned').notNull().default(false),
    requires_ack: boolean('requires_ack').notNull().default(false),
    author_id: uuid('author_id').notNull(),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.author_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    index('announcements_recent').on(t.business_id, t.created_at),
  ],
)

/** Who an announcement went to; when they read and acknowledged it. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    business_id: text('business_id').notNull(),
    announcement_id: uuid('announcement_id').notNull(),
    user_id: uuid('user_id').notNull(),
    read_at: timestamptz('read_at'),
    acknowledged_at: timestamptz('acknowledged_at'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.announcement_id, t.user_id] }),
    foreignKey({ columns: [t.business_id, t.announcement_id], foreignColumns: [announcements.business_id, announcements.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    index('announcement_recipients_user').on(t.business_id, t.user_id),
  ],
)

/** A question and its Markdown answer; `search_key` folds category, question and answer (core's foldText). */
export const faqs = pgTable(
  'faqs',
  {
    ...tenantColumns(),
    category: text('category').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    search_key: foldedText('search_key'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    index('faqs_order').on(t.business_id, t.category, t.position),
  ],
)
