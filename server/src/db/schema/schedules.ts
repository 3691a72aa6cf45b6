import { sql } from 'drizzle-orm'
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, time, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { editableColumns, tenantColumns, timestamptz } from './columns.ts'
import { locations, services } from './records.ts'
import { users } from './users.ts'

const tenant = (t: { business_id: any }) => foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade')

/** What a shift looked like when its staff were last told (the last publish): what the next publish compares with. */
export interface PublishedShift {
  staff_id: string | null
  location_id: string
  service_id: string
  starts_at: string
  ends_at: string
  break_minutes: number
  status: string
}

/**
 * A shift: a person (or nobody: open) at a client location for a service, between two
 * instants (UTC; the business's clock gives its day). `status` is a state of the shift
 * machine; `published` holds what its staff were last told, or null if never published.
 */
export const shifts = pgTable(
  'shifts',
  {
    ...tenantColumns(),
    staff_id: uuid('staff_id'),
    location_id: uuid('location_id').notNull(),
    service_id: uuid('service_id').notNull(),
    starts_at: timestamptz('starts_at').notNull(),
    ends_at: timestamptz('ends_at').notNull(),
    break_minutes: integer('break_minutes').notNull().default(0),
    notes: text('notes'),
    status: text('status').notNull().default('draft'),
    series_id: uuid('series_id'),
    published: jsonb('published').$type<PublishedShift>(),
    created_by: uuid('created_by'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    tenant(t),
    foreignKey({ columns: [t.business_id, t.staff_id], foreignColumns: [users.business_id, users.id] }),
    foreignKey({ columns: [t.business_id, t.location_id], foreignColumns: [locations.business_id, locations.id] }),
    foreignKey({ columns: [t.business_id, t.service_id], foreignColumns: [services.business_id, services.id] }),
    index('shifts_range').on(t.business_id, t.starts_at),
    // A published shift's start as its staff were told it: the range of staff's own schedule (startsIn).
    index('shifts_told_range').on(t.business_id, sql`(${t.published}->>'starts_at')`),
    index('shifts_staff').on(t.business_id, t.staff_id, t.starts_at),
    index('shifts_series').on(t.business_id, t.series_id, t.starts_at),
    check('shifts_ends_after_start', sql`${t.ends_at} > ${t.starts_at}`),
  ],
)

/** The repeat rule a series of shifts was made from (each occurrence is a shift of its own). */
export const shiftSeries = pgTable(
  'shift_series',
  {
    ...tenantColumns(),
    rrule: text('rrule').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] }), tenant(t)],
)

/** Staff asking about a published shift: take (an open one), drop or swap (their own). */
export const shiftRequests = pgTable(
  'shift_requests',
  {
    ...tenantColumns(),
    shift_id: uuid('shift_id').notNull(),
    kind: text('kind').notNull(),
    requester_id: uuid('requester_id').notNull(),
    swap_shift_id: uuid('swap_shift_id'),
    status: text('status').notNull().default('pending'),
    note: text('note'),
    decided_by: uuid('decided_by'),
    decided_at: timestamptz('decided_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.shift_id], foreignColumns: [shifts.business_id, shifts.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.requester_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    index('shift_requests_shift').on(t.business_id, t.shift_id, t.status),
    // The swaps that ask for a shift, read with every schedule a scheduler sees.
    index('shift_requests_swap').on(t.business_id, t.swap_shift_id).where(sql`${t.swap_shift_id} is not null and ${t.status} = 'pending'`),
  ],
)

/** The services a person may work; none listed means any. */
export const userServices = pgTable(
  'user_services',
  {
    business_id: text('business_id').notNull(),
    user_id: uuid('user_id').notNull(),
    service_id: uuid('service_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.user_id, t.service_id] }),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.service_id], foreignColumns: [services.business_id, services.id] }).onDelete('cascade'),
  ],
)

/**
 * When a person can work. Weekly windows (`weekday` 0 Sunday … 6 Saturday, local times),
 * and dated exceptions (`date`: unavailable, or available only in the window). No weekly
 * window at all means any time.
 */
export const availability = pgTable(
  'availability',
  {
    ...tenantColumns(),
    user_id: uuid('user_id').notNull(),
    weekday: smallint('weekday'),
    date: date('date', { mode: 'string' }),
    available: boolean('available').notNull().default(true),
    start_time: time('start_time'),
    end_time: time('end_time'),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    index('availability_user').on(t.business_id, t.user_id),
  ],
)

/** The version of a person's availability as a whole (it is saved as a whole). */
export const availabilityVersions = pgTable(
  'availability_versions',
  {
    business_id: text('business_id').notNull(),
    user_id: uuid('user_id').notNull(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.user_id] }),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
  ],
)
