import { importKey, shiftRange, type CellError, type ShiftImportRow } from '@rota/core'
import { and, asc, eq, gte, isNotNull, isNull, lte, ne, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { importRows, locations, services, shifts, users, type PublishedShift } from '../db/schema/index.ts'
import { copyField, copyRows } from './import-copy.ts'
import type { Field, Stager } from './import-stagers.ts'
import type { JobRow } from './imports.ts'

/*
 * The shifts import's rows in the database: staged with their person, client and
 * service by key and their instants, matched to the business's records at the commit,
 * and written by COPY.
 */

/** What a staged shift holds, and the CSV column each comes from. */
const SOURCES = { staff_key: 'staff_email', location_key: 'client', service_key: 'service', starts_at: 'start', ends_at: 'end', break_minutes: 'break_minutes', notes: 'notes' } as const

/**
 * Stages a shifts file's rows: placed on the business's clock (`timeZone`), the person by
 * e-mail and the client and service by name key, as the commit matches them. A shift
 * lasting no time (inside the hour the clocks skip) or no longer than its break is refused.
 * A refused row keeps the keys of the person, client and service it names, so that the
 * commit reports an unknown one with the row's other errors, not on the next run.
 * @example
 * shiftStager('America/Toronto').stage({ …row, date: '2027-03-14', start: '02:30', end: '03:00' })
 * // { errors: [{ column: 'end', code: 'shift_no_time', … }] }
 */
export function shiftStager(timeZone: string): Stager {
  return {
    columns: Object.keys(SOURCES),
    stage(value) {
      const row = value as ShiftImportRow
      const range = shiftRange(row.date, row.start, row.end, timeZone)
      if (range.minutes === 0) return { errors: [{ column: 'end', code: 'shift_no_time', message: 'The shift lasts no time: the clocks skip this hour' }] }
      if (row.break_minutes >= range.minutes) return { errors: [{ column: 'break_minutes', code: 'break_minutes', message: 'Use a break shorter than the shift' }] }
      const fields: Record<string, Field> = {
        staff_key: row.staff_email,
        location_key: importKey('locations', { name: row.client }),
        service_key: importKey('services', { name: row.service }),
        starts_at: range.from.toISOString(),
        ends_at: range.to.toISOString(),
        break_minutes: row.break_minutes,
        notes: row.notes,
      }
      return { key: null, recordId: null, field: (column) => fields[column] ?? null }
    },
    refused(partial) {
      const row = partial as Partial<ShiftImportRow>
      return {
        staff_key: row.staff_email ?? null,
        location_key: row.client ? importKey('locations', { name: row.client }) : null,
        service_key: row.service ? importKey('services', { name: row.service }) : null,
      }
    },
    source: (column) => SOURCES[column as keyof typeof SOURCES] ?? column,
  }
}

/** A valid staged shift, with the ids its person (when it names one), client and service have in the business: null when it has none by that key. */
export interface StagedShift {
  line: number
  staff_key: string | null
  staff_id: string | null
  location_key: string | null
  location_id: string | null
  /** Whether the client it names is active (an archived one takes no new shifts). */
  location_active: boolean | null
  service_key: string | null
  service_id: string | null
  service_active: boolean | null
  starts_at: Date
  ends_at: Date
  break_minutes: number
  notes: string | null
}

/**
 * The job's valid staged shifts in line order, matched to the business's team (by
 * e-mail, disabled members left out), clients and services (by name key).
 */
export async function stagedShifts(db: Db, job: JobRow): Promise<StagedShift[]> {
  return (await matchedRows(db, job, isNull(importRows.errors))) as StagedShift[]
}

/** A refused staged shift: its errors, and the ids of what it names, matched as a valid row's are (a key left out when its cell was itself in error). */
export type RefusedShift = Pick<StagedShift, 'line' | 'staff_key' | 'staff_id' | 'location_key' | 'location_id' | 'location_active' | 'service_key' | 'service_id' | 'service_active'> & { errors: CellError[] }

/** The job's refused staged shifts in line order, matched as `stagedShifts` matches the valid ones. */
export async function refusedShifts(db: Db, job: JobRow): Promise<RefusedShift[]> {
  return (await matchedRows(db, job, isNotNull(importRows.errors))) as RefusedShift[]
}

async function matchedRows(db: Db, job: JobRow, which: SQL) {
  return db
    .select({
      line: importRows.line,
      errors: importRows.errors,
      staff_key: importRows.staff_key,
      staff_id: users.id,
      location_key: importRows.location_key,
      location_id: locations.id,
      location_active: locations.active,
      service_key: importRows.service_key,
      service_id: services.id,
      service_active: services.active,
      starts_at: importRows.starts_at,
      ends_at: importRows.ends_at,
      break_minutes: importRows.break_minutes,
      notes: importRows.notes,
    })
    .from(importRows)
    .leftJoin(users, and(eq(users.business_id, importRows.business_id), eq(users.email, importRows.staff_key), ne(users.status, 'disabled')))
    .leftJoin(locations, and(eq(locations.business_id, importRows.business_id), eq(locations.name_key, importRows.location_key)))
    .leftJoin(services, and(eq(services.business_id, importRows.business_id), eq(services.name_key, importRows.service_key)))
    .where(and(eq(importRows.business_id, job.business_id), eq(importRows.import_id, job.id), which))
    .orderBy(asc(importRows.line))
}

/** What makes two shifts the same for an import: the same person (or none), client, service, instants, break and notes. */
export type ShiftFields = Pick<typeof shifts.$inferSelect, 'staff_id' | 'location_id' | 'service_id' | 'starts_at' | 'ends_at' | 'break_minutes' | 'notes'>

/** The business's shifts (whatever their status) starting between two instants, both included. */
export async function shiftsStartingBetween(db: Db, businessId: string, from: Date, to: Date): Promise<ShiftFields[]> {
  return db
    .select({
      staff_id: shifts.staff_id,
      location_id: shifts.location_id,
      service_id: shifts.service_id,
      starts_at: shifts.starts_at,
      ends_at: shifts.ends_at,
      break_minutes: shifts.break_minutes,
      notes: shifts.notes,
    })
    .from(shifts)
    .where(and(eq(shifts.business_id, businessId), gte(shifts.starts_at, from), lte(shifts.starts_at, to)))
}

/** A shift an import writes: its id drawn beforehand, so that what it tells people can name it. */
export interface ImportedShift extends ShiftFields {
  id: string
  status: 'draft' | 'published'
  published: PublishedShift | null
  created_by: string
}

const WRITTEN = ['business_id', 'id', 'staff_id', 'location_id', 'service_id', 'starts_at', 'ends_at', 'break_minutes', 'notes', 'status', 'published', 'created_by'] as const

/** Appends imported shifts by COPY, in the caller's transaction (the tenant policy checks them on PostgreSQL). */
export async function copyShifts(tx: Db, businessId: string, rows: readonly ImportedShift[]): Promise<void> {
  if (rows.length === 0) return
  const business = copyField(businessId)
  let text = ''
  for (const row of rows) {
    text += `${business}\t${row.id}\t${copyField(row.staff_id)}\t${row.location_id}\t${row.service_id}\t${row.starts_at.toISOString()}\t${row.ends_at.toISOString()}\t${row.break_minutes}\t${copyField(row.notes)}\t${row.status}\t${copyField(row.published ? JSON.stringify(row.published) : null)}\t${row.created_by}\n`
  }
  await copyRows(tx, 'shifts', WRITTEN, text)
}
