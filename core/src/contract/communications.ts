import { z } from 'zod'
import { Id, ListQuery, RequiredText, Timestamp, Version } from './common.ts'

/** A person named in an answer. */
const Person = z.object({ id: Id, name: z.string() })
export type ChatPerson = z.infer<typeof Person>

// ---------------------------------------------------------------------------------------------
// Chat (docs/decisions/029)
// ---------------------------------------------------------------------------------------------

/**
 * Who is in a channel: `everyone` (the whole business), `location` (the staff scheduled at a
 * client location this week, and whoever runs the schedule), `custom` (chosen members) and
 * `direct` (a conversation of two or more people).
 */
export const ChatChannelKind = z.enum(['everyone', 'location', 'custom', 'direct'])
export type ChatChannelKind = z.infer<typeof ChatChannelKind>

/**
 * A channel or direct conversation as the signed-in user sees it: their unread count, where
 * the conversation stands (`last_seq`, the position of its newest message) and whether they
 * may archive it. `members` are listed for custom channels and direct conversations.
 */
export const ChatChannel = z.object({
  id: Id,
  kind: ChatChannelKind,
  name: z.string(),
  location: z.object({ id: Id, name: z.string() }).nullable(),
  members: z.array(Person),
  archived: z.boolean(),
  last_seq: z.number().int().nullable(),
  last_message_at: Timestamp.nullable(),
  /** The position of the last message the user has read. */
  read_seq: z.number().int(),
  unread_count: z.number().int().min(0),
  can_manage: z.boolean(),
})
export type ChatChannel = z.infer<typeof ChatChannel>

/** A file sent with a message, kept by the file store (an image). */
export const ChatAttachment = z.object({ id: z.string().min(1).max(200), provider: z.enum(['local', 'cloudinary']) })
export type ChatAttachment = z.infer<typeof ChatAttachment>

/**
 * One message. `seq` orders a conversation (and pages it backwards); `client_id` is the
 * sender's own id for it, so a message sent twice (after a dropped connection) is kept once.
 * A deleted message keeps its place with no text; an edited one says when.
 */
export const ChatMessage = z.object({
  id: Id,
  channel_id: Id,
  seq: z.number().int(),
  author: Person,
  body: z.string(),
  mentions: z.array(Id),
  attachments: z.array(ChatAttachment),
  client_id: z.string(),
  created_at: Timestamp,
  edited_at: Timestamp.nullable(),
  deleted: z.boolean(),
})
export type ChatMessage = z.infer<typeof ChatMessage>

export const CHAT_MESSAGE_MAX = 4000
export const CHAT_PAGE_MAX = 100

const ChatName = RequiredText(80)
const MemberIds = z.array(Id).max(100, 'Choose at most 100 people')

/** A custom channel (someone who runs the schedule makes it); its members besides its maker. */
export const CreateChatChannelBody = z.object({ name: ChatName, member_ids: MemberIds.default([]) })
export type CreateChatChannelBody = z.infer<typeof CreateChatChannelBody>

/** Archive a channel again or take it out of the archive; rename a custom one, change its members. */
export const UpdateChatChannelBody = z.object({ archived: z.boolean().optional(), name: ChatName.optional(), member_ids: MemberIds.optional() })
export type UpdateChatChannelBody = z.infer<typeof UpdateChatChannelBody>

/** The conversation of the signed-in user with these people (found again, or started). */
export const DirectChatBody = z.object({ member_ids: z.array(Id).min(1, 'Choose someone').max(20, 'Choose at most 20 people') })
export type DirectChatBody = z.infer<typeof DirectChatBody>

/** `GET /chat/channel/{id}/message?before=seq&limit=50`: newest first, older ones before `before`. */
export const ChatMessageQuery = z.object({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(50),
})
export type ChatMessageQuery = z.infer<typeof ChatMessageQuery>

/** A page of a conversation: newest first; `has_more` when older messages remain. */
export const ChatMessagePage = z.object({ rows: z.array(ChatMessage), has_more: z.boolean() })
export type ChatMessagePage = z.infer<typeof ChatMessagePage>

const MessageText = z.string().max(CHAT_MESSAGE_MAX, `Use at most ${CHAT_MESSAGE_MAX} characters`)

/**
 * A new message: text, the people it mentions (they are notified) and attached files. `client_id`
 * makes sending again harmless: the same sender's same `client_id` answers the first message.
 */
export const SendChatMessageBody = z
  .object({
    client_id: z.string().trim().min(1).max(64),
    body: MessageText.default(''),
    mentions: z.array(Id).max(50).default([]),
    attachments: z.array(ChatAttachment).max(10).default([]),
  })
  .refine((message) => message.body.trim() !== '' || message.attachments.length > 0, { message: 'Write something or attach a file', path: ['body'] })
export type SendChatMessageBody = z.infer<typeof SendChatMessageBody>

export const UpdateChatMessageBody = z.object({ body: MessageText.refine((text) => text.trim() !== '', 'Required') })
export type UpdateChatMessageBody = z.infer<typeof UpdateChatMessageBody>

/** The user has read the channel up to this message's position. */
export const ReadChatBody = z.object({ seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) })
export const ChatUnread = z.object({ total: z.number().int().min(0), channels: z.array(z.object({ id: Id, unread_count: z.number().int().min(0) })) })
export type ChatUnread = z.infer<typeof ChatUnread>

export const ChatPeopleQuery = z.object({ q: z.string().trim().max(100).optional() })

/** `GET /chat/channel`: the reader's list, or the channels whose name holds `q`, or the one channel `id`. */
export const ChatChannelsQuery = z.object({ q: z.string().trim().max(100).optional(), id: Id.optional() })
export const ChatPeople = z.array(Person)

/** What the live stream (`GET /events`) carries for chat: a message, new or changed (`id:` its change's position). */
export const CHAT_MESSAGE_EVENT = 'chat.message'
/** A channel the user is in changed (created, archived, members): lists refresh. */
export const CHAT_CHANNEL_EVENT = 'chat.channel'

// ---------------------------------------------------------------------------------------------
// Announcements
// ---------------------------------------------------------------------------------------------

/**
 * A notice from someone who runs the business to everyone or to some roles, optionally pinned
 * and asking to be acknowledged. `read_at` / `acknowledged_at` are the signed-in user's;
 * `recipients`, `read` and `acknowledged` are counts the author (and whoever may post) sees.
 */
export const Announcement = z.object({
  id: Id,
  title: z.string(),
  body: z.string(),
  roles: z.array(z.object({ id: Id, name: z.string() })),
  pinned: z.boolean(),
  requires_ack: z.boolean(),
  author: Person,
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
  addressed_to_me: z.boolean(),
  read_at: Timestamp.nullable(),
  acknowledged_at: Timestamp.nullable(),
  stats: z.object({ recipients: z.number().int(), read: z.number().int(), acknowledged: z.number().int() }).nullable(),
})
export type Announcement = z.infer<typeof Announcement>

const announcementFields = {
  title: z.string().trim().min(1, 'Required').max(200, 'Use at most 200 characters'),
  body: z.string().trim().min(1, 'Required').max(10_000, 'Use at most 10,000 characters'),
  /** The roles it is for; none: everyone. */
  role_ids: z.array(Id).max(50),
  pinned: z.boolean(),
  requires_ack: z.boolean(),
}

export const CreateAnnouncementBody = z.object({
  ...announcementFields,
  role_ids: announcementFields.role_ids.default([]),
  pinned: announcementFields.pinned.default(false),
  requires_ack: announcementFields.requires_ack.default(false),
})
export type CreateAnnouncementBody = z.infer<typeof CreateAnnouncementBody>

/** Pin or unpin, or correct the text; the recipients stay who they were. */
export const UpdateAnnouncementBody = z.object({ title: announcementFields.title.optional(), body: announcementFields.body.optional(), pinned: z.boolean().optional(), version: Version })
export type UpdateAnnouncementBody = z.infer<typeof UpdateAnnouncementBody>

export const AnnouncementQuery = ListQuery.extend({ filter: z.object({ unacknowledged: z.enum(['true']).optional() }).optional() })

/** Who an announcement went to, and when each read and acknowledged it. */
export const AnnouncementRecipient = z.object({ person: Person, read_at: Timestamp.nullable(), acknowledged_at: Timestamp.nullable() })
export type AnnouncementRecipient = z.infer<typeof AnnouncementRecipient>

/** `read` marks it read; `acknowledge` also acknowledges it (when asked for). */
export const AnnouncementReceiptBody = z.object({ acknowledge: z.boolean().default(false) })

// ---------------------------------------------------------------------------------------------
// FAQ and support
// ---------------------------------------------------------------------------------------------

/** A question and its answer (Markdown, sanitised when shown), in a category, at a position. */
export const Faq = z.object({
  id: Id,
  category: z.string(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
  version: Version,
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Faq = z.infer<typeof Faq>

const faqFields = {
  category: z.string().trim().min(1, 'Required').max(80, 'Use at most 80 characters'),
  question: z.string().trim().min(1, 'Required').max(300, 'Use at most 300 characters'),
  answer: z.string().trim().min(1, 'Required').max(20_000, 'Use at most 20,000 characters'),
  position: z.number().int().min(0).max(100_000),
}
export const CreateFaqBody = z.object({ ...faqFields, position: faqFields.position.optional() })
export type CreateFaqBody = z.infer<typeof CreateFaqBody>
export const UpdateFaqBody = z.object(faqFields).partial().extend({ version: Version })
export type UpdateFaqBody = z.infer<typeof UpdateFaqBody>

/** `GET /faq?q=`: every question (by category, then position), or those matching `q`. */
export const FaqQuery = z.object({ q: z.string().trim().max(200).optional() })

/** How to get help: the business's administrators, Rota's own help, and the version running. */
export const SupportInfo = z.object({
  administrators: z.array(z.object({ name: z.string(), email: z.string() })),
  help_url: z.string(),
  version: z.string(),
})
export type SupportInfo = z.infer<typeof SupportInfo>
