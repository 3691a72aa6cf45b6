import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { editableColumns, tenantColumns, timestamptz } from './columns.ts'
import { users } from './users.ts'

/** A step every new team member goes through, defined by the business. */
export const onboardingEntries = pgTable(
  'onboarding_entries',
  {
    ...tenantColumns(),
    title: text('title').notNull(),
    description: text('description'),
    required: boolean('required').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...editableColumns(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] }), foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade')],
)

/** One person's progress on one onboarding entry. */
export const onboardingRecords = pgTable(
  'onboarding_records',
  {
    ...tenantColumns(),
    user_id: uuid('user_id').notNull(),
    entry_id: uuid('entry_id').notNull(),
    completed_at: timestamptz('completed_at'),
    note: text('note'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.entry_id], foreignColumns: [onboardingEntries.business_id, onboardingEntries.id] }).onDelete('cascade'),
    uniqueIndex('onboarding_records_once').on(t.business_id, t.user_id, t.entry_id),
  ],
)

/** An uploaded file kept by Rota itself (no Cloudinary): stored under its id in the data folder. */
export const files = pgTable(
  'files',
  {
    ...tenantColumns(),
    folder: text('folder').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploaded_by: uuid('uploaded_by').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] }), index('files_id').on(t.id)],
)
