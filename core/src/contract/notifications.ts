import { z } from 'zod'
import { Id, ListQuery, Timestamp } from './common.ts'

/** Something that happened that a user should see: the bell lists the unread ones. */
export const Notification = z.object({
  id: Id,
  title: z.string(),
  body: z.string().nullable(),
  /** The permission model it is about (`schedules`, `timeoff-requests`, …). */
  model: z.string(),
  /** What happened: created, updated, deleted, published, approved, … */
  operation: z.string(),
  created_at: Timestamp,
  read_status: z.boolean(),
  /**
   * What it is about, which decides where it leads: a schedule opens `/schedules?id={schedule_id}`,
   * a team member (`user_id`) their page.
   */
  extra: z.object({ schedule_id: Id.optional(), user_id: Id.optional() }).catchall(z.string()),
})
export type Notification = z.infer<typeof Notification>

/** `GET /notification?filter[read_status]=false&page_size=10` is what the bell asks. */
export const NotificationQuery = ListQuery.extend({
  filter: z.object({ read_status: z.enum(['true', 'false']).optional() }).optional(),
})

export const UpdateNotificationBody = z.object({ id: Id.optional(), read_status: z.boolean() })

/**
 * What the live stream (`GET /events`) carries when some of the user's notifications were read
 * elsewhere (the bell of another tab or device, a mention read in its conversation): the bell
 * reads its list again. A new notification comes as `notification`, with the notification.
 */
export const NOTIFICATIONS_READ_EVENT = 'notifications.read'

/** `POST /notification/read_all`: how many unread notifications it marked read. */
export const ReadAllResult = z.object({ updated: z.number().int().min(0) })

/** A standing notice for administrators (pending requests, setup left to do…). */
export const Alert = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning']),
  /** A stable key the web app translates; `values` fill its placeholders. */
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  link: z.string().nullable(),
})
export type Alert = z.infer<typeof Alert>
