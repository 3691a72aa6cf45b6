import { foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { editableColumns, tenantColumns } from './columns.ts'
import { locations } from './records.ts'
import { users } from './users.ts'

/** The clients a person would rather work at: the fill's preference goal. */
export const userPreferredLocations = pgTable(
  'user_preferred_locations',
  {
    business_id: text('business_id').notNull(),
    user_id: uuid('user_id').notNull(),
    location_id: uuid('location_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.user_id, t.location_id] }),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.location_id], foreignColumns: [locations.business_id, locations.id] }).onDelete('cascade'),
  ],
)

/** What a proposal remembers of each shift it staffs: the version it read, so that applying it can tell a change. */
export interface ProposedShift {
  shift_id: string
  staff_id: string
  version: number
}

/**
 * A fill proposal (issue 18): the answer of `POST /schedule/fill` as given (`answer`), and the
 * shifts and versions it would staff. `status`: proposed, then applied (or left to age).
 */
export const fillProposals = pgTable(
  'fill_proposals',
  {
    ...tenantColumns(),
    status: text('status').notNull().default('proposed'),
    assignments: jsonb('assignments').$type<ProposedShift[]>().notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    created_by: uuid('created_by'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    index('fill_proposals_created').on(t.business_id, t.created_at),
  ],
)
