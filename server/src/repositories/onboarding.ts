import type { OnboardingEntry, OnboardingRecord } from '@rota/core'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { onboardingEntries, onboardingRecords } from '../db/schema/index.ts'
import { conflict, notFound, unprocessable } from '../errors.ts'
import { pageOf } from './listing.ts'

type EntryRow = typeof onboardingEntries.$inferSelect
type RecordRow = typeof onboardingRecords.$inferSelect

const toEntry = ({ business_id: _b, created_at, updated_at, ...rest }: EntryRow): OnboardingEntry => ({
  ...rest,
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
})

const toRecord = (row: RecordRow): OnboardingRecord => ({
  id: row.id,
  entry_id: row.entry_id,
  completed: row.completed_at !== null,
  completed_at: row.completed_at?.toISOString() ?? null,
  note: row.note,
  updated_at: row.updated_at.toISOString(),
  version: row.version,
})

const entryKey = (businessId: string, id: string) => and(eq(onboardingEntries.business_id, businessId), eq(onboardingEntries.id, id))

export async function listEntries(db: Db, businessId: string, query: { page: number; page_size: number }) {
  const where = eq(onboardingEntries.business_id, businessId)
  const [total] = await db.select({ count: count() }).from(onboardingEntries).where(where)
  const { limit, offset } = pageOf(query)
  const rows = await db.select().from(onboardingEntries).where(where).orderBy(asc(onboardingEntries.position), asc(onboardingEntries.created_at)).limit(limit).offset(offset)
  return { count: total?.count ?? 0, rows: rows.map(toEntry) }
}

export async function getEntry(db: Db, businessId: string, id: string): Promise<OnboardingEntry> {
  const [row] = await db.select().from(onboardingEntries).where(entryKey(businessId, id))
  if (!row) throw notFound()
  return toEntry(row)
}

export async function createEntry(db: Db, businessId: string, body: { title: string; description: string | null; required: boolean; position?: number | undefined }) {
  const position = body.position ?? (await db.select({ next: sql<number>`coalesce(max(${onboardingEntries.position}) + 1, 0)`.mapWith(Number) }).from(onboardingEntries).where(eq(onboardingEntries.business_id, businessId)))[0]?.next ?? 0
  const [row] = await db.insert(onboardingEntries).values({ business_id: businessId, title: body.title, description: body.description, required: body.required, position }).returning()
  return toEntry(row!)
}

export async function updateEntry(db: Db, businessId: string, id: string, patch: Partial<Pick<OnboardingEntry, 'title' | 'description' | 'required' | 'position'>>, version: number) {
  const [row] = await db
    .update(onboardingEntries)
    .set({ ...patch, version: sql`${onboardingEntries.version} + 1`, updated_at: new Date() })
    .where(and(entryKey(businessId, id), eq(onboardingEntries.version, version)))
    .returning()
  if (row) return toEntry(row)
  await getEntry(db, businessId, id)
  throw conflict()
}

export async function deleteEntry(db: Db, businessId: string, id: string): Promise<OnboardingEntry> {
  const [row] = await db.delete(onboardingEntries).where(entryKey(businessId, id)).returning()
  if (!row) throw notFound()
  return toEntry(row)
}

const mine = (businessId: string, userId: string) => and(eq(onboardingRecords.business_id, businessId), eq(onboardingRecords.user_id, userId))

export async function listRecords(db: Db, businessId: string, userId: string, query: { page: number; page_size: number }) {
  const [total] = await db.select({ count: count() }).from(onboardingRecords).where(mine(businessId, userId))
  const { limit, offset } = pageOf(query)
  const rows = await db.select().from(onboardingRecords).where(mine(businessId, userId)).orderBy(asc(onboardingRecords.created_at)).limit(limit).offset(offset)
  return { count: total?.count ?? 0, rows: rows.map(toRecord) }
}

/** The user's record on an entry; one per entry (a second answers 409). */
export async function createRecord(db: Db, businessId: string, userId: string, body: { entry_id: string; completed: boolean; note: string | null }) {
  await getEntry(db, businessId, body.entry_id).catch(() => {
    throw unprocessable('not_found', { entry_id: 'No such onboarding entry' })
  })
  const [row] = await db
    .insert(onboardingRecords)
    .values({ business_id: businessId, user_id: userId, entry_id: body.entry_id, completed_at: body.completed ? new Date() : null, note: body.note })
    .onConflictDoNothing()
    .returning()
  if (!row) throw conflict('duplicate')
  return toRecord(row)
}

export async function updateRecord(db: Db, businessId: string, userId: string, id: string, body: { completed?: boolean | undefined; note?: string | null | undefined; version: number }) {
  const key = and(mine(businessId, userId), eq(onboardingRecords.id, id))
  const [row] = await db
    .update(onboardingRecords)
    .set({
      ...(body.completed === undefined ? {} : { completed_at: body.completed ? sql`coalesce(${onboardingRecords.completed_at}, now())` : null }),
      ...(body.note === undefined ? {} : { note: body.note }),
      version: sql`${onboardingRecords.version} + 1`,
      updated_at: new Date(),
    })
    .where(and(key, eq(onboardingRecords.version, body.version)))
    .returning()
  if (row) return toRecord(row)
  const [exists] = await db.select({ id: onboardingRecords.id }).from(onboardingRecords).where(key)
  if (!exists) throw notFound()
  throw conflict()
}
