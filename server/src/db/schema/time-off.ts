import { sql } from 'drizzle-orm'
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, time, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { editableColumns, foldedText, tenantColumns, timestamptz } from './columns.ts'
import { users } from './users.ts'

/**
 * A kind of time off. Amounts are minutes (a day off counts `day_minutes`); `accrual` says how
 * a balance grows (none, yearly, per_hour_worked at `accrual_rate`, exact decimal text).
 * `name_key`, `search_key` and `sort_key` are core's folded keys of the name.
 */
export const timeoffCategories = pgTable(
  'timeoff_categories',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    name_key: text('name_key').notNull(),
    colour: text('colour').notNull().default('#0d9488'),
    paid: boolean('paid').notNull().default(true),
    unit: text('unit').notNull().default('days'),
    day_minutes: integer('day_minutes').notNull().default(480),
    accrual: text('accrual').notNull().default('none'),
    yearly_allowance_minutes: integer('yearly_allowance_minutes'),
    accrual_rate: text('accrual_rate'),
    carry_over_max_minutes: integer('carry_over_max_minutes'),
    allow_negative: boolean('allow_negative').notNull().default(false),
    active: boolean('active').notNull().default(true),
    search_key: foldedText('search_key'),
    sort_key: foldedText('sort_key'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    uniqueIndex('timeoff_categories_name_unique').on(t.business_id, sql`lower(${t.name})`),
    uniqueIndex('timeoff_categories_name_key').on(t.business_id, t.name_key),
    index('timeoff_categories_business').on(t.business_id),
  ],
)

/**
 * A request for time off by or for a person. `start_date`…`end_date` (local, included) with
 * `half` or `start_time`/`end_time` say when on the business's clock; `starts_at`/`ends_at` are
 * the instants that blocks on the schedule; `minutes` is what it takes from the balance, fixed
 * when asked. `status` is a state of the time-off machine.
 */
export const timeoffRequests = pgTable(
  'timeoff_requests',
  {
    ...tenantColumns(),
    staff_id: uuid('staff_id').notNull(),
    category_id: uuid('category_id').notNull(),
    period: text('period').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    half: text('half'),
    start_time: time('start_time'),
    end_time: time('end_time'),
    starts_at: timestamptz('starts_at').notNull(),
    ends_at: timestamptz('ends_at').notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    decision_note: text('decision_note'),
    requested_by: uuid('requested_by').notNull(),
    decided_by: uuid('decided_by'),
    decided_at: timestamptz('decided_at'),
    /** The person's shifts its approval made open: given back if it is cancelled while they still are. */
    opened_shift_ids: uuid('opened_shift_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.staff_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.category_id], foreignColumns: [timeoffCategories.business_id, timeoffCategories.id] }),
    index('timeoff_requests_staff').on(t.business_id, t.staff_id, t.starts_at),
    index('timeoff_requests_range').on(t.business_id, t.starts_at),
    index('timeoff_requests_status').on(t.business_id, t.status, t.starts_at),
    check('timeoff_requests_ends_after_start', sql`${t.ends_at} > ${t.starts_at}`),
  ],
)
