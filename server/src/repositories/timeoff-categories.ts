import { categoryProblems, foldText, type CreateTimeoffCategoryBody, type TimeoffCategory, type TimeoffCategoryQuery, type UpdateTimeoffCategoryBody } from '@rota/core'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { timeoffCategories } from '../db/schema/index.ts'
import { timeoffCategoryKeys } from '../db/text-keys.ts'
import { namedRecords } from './named-records.ts'

export type TimeoffCategoryRow = typeof timeoffCategories.$inferSelect

export function toTimeoffCategory(row: TimeoffCategoryRow): TimeoffCategory {
  return {
    id: row.id,
    name: row.name,
    colour: row.colour,
    paid: row.paid,
    unit: row.unit as TimeoffCategory['unit'],
    day_minutes: row.day_minutes,
    accrual: row.accrual as TimeoffCategory['accrual'],
    yearly_allowance_minutes: row.yearly_allowance_minutes,
    accrual_rate: row.accrual_rate,
    carry_over_max_minutes: row.carry_over_max_minutes,
    allow_negative: row.allow_negative,
    active: row.active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }
}

/** Time-off categories: unique by name (folded) per business, searched and sorted by name. */
export const timeoffCategoryRecords = namedRecords<TimeoffCategoryRow, TimeoffCategory, TimeoffCategoryQuery, CreateTimeoffCategoryBody, UpdateTimeoffCategoryBody>({
  table: timeoffCategories,
  keyOf: foldText,
  toApi: toTimeoffCategory,
  textKeys: (category) => {
    const { name_key: _key, ...keys } = timeoffCategoryKeys(category)
    return keys
  },
  sortable: { name: timeoffCategories.sort_key, created_at: timeoffCategories.created_at },
  defaultSort: 'name',
  filters: (query) => [query.filter?.active ? eq(timeoffCategories.active, query.filter.active === 'true') : undefined],
  check: categoryProblems,
  nameTaken: 'A time-off category with this name already exists',
})

/** One of the business's categories, or undefined. */
export async function categoryById(db: Db, businessId: string, id: string): Promise<TimeoffCategoryRow | undefined> {
  const [row] = await db.select().from(timeoffCategories).where(and(eq(timeoffCategories.business_id, businessId), eq(timeoffCategories.id, id)))
  return row
}

/** The business's categories that take requests, by name. */
export async function activeCategories(db: Db, businessId: string): Promise<TimeoffCategoryRow[]> {
  return db
    .select()
    .from(timeoffCategories)
    .where(and(eq(timeoffCategories.business_id, businessId), eq(timeoffCategories.active, true)))
    .orderBy(timeoffCategories.sort_key)
}
