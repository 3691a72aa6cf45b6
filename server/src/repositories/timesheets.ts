import { and, asc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { locations, services, settings, shifts, timesheets, users } from '../db/schema/index.ts'

export type TimesheetRow = typeof timesheets.$inferSelect
export type NewTimesheet = Omit<typeof timesheets.$inferInsert, 'id' | 'version' | 'created_at' | 'updated_at'>

/** A timesheet with what its answer shows of its person, place, service and planned shift. */
export interface TimesheetWithParts {
  timesheet: TimesheetRow
  staff: { id: string; firstname: string; lastname: string }
  location: { id: string; name: string }
  service: { id: string; name: string; colour: string }
  shift: { starts_at: Date; ends_at: Date; break_minutes: number } | null
}

const parts = {
  timesheet: timesheets,
  staff: { id: users.id, firstname: users.firstname, lastname: users.lastname },
  location: { id: locations.id, name: locations.name },
  service: { id: services.id, name: services.name, colour: services.colour },
  shift: { starts_at: shifts.starts_at, ends_at: shifts.ends_at, break_minutes: shifts.break_minutes },
}

/** Timesheets (with their parts) matching `where`, in order, at most `limit`; with `total`, each row carries it as `count`. */
export async function timesheetsWhere(
  db: Db,
  businessId: string,
  where: SQL | undefined,
  page?: { limit: number; offset: number; order?: SQL[] },
  total?: SQL<number>,
): Promise<(TimesheetWithParts & { count?: number })[]> {
  const query = db
    .select(total ? { ...parts, count: total } : parts)
    .from(timesheets)
    .innerJoin(users, and(eq(users.business_id, timesheets.business_id), eq(users.id, timesheets.staff_id)))
    .innerJoin(locations, and(eq(locations.business_id, timesheets.business_id), eq(locations.id, timesheets.location_id)))
    .innerJoin(services, and(eq(services.business_id, timesheets.business_id), eq(services.id, timesheets.service_id)))
    .leftJoin(shifts, and(eq(shifts.business_id, timesheets.business_id), eq(shifts.id, timesheets.shift_id)))
    .where(and(eq(timesheets.business_id, businessId), where))
    .orderBy(...(page?.order ?? [asc(timesheets.started_at), asc(timesheets.id)]))
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query
  return rows.map((row) => ({ ...row, shift: row.shift?.starts_at ? row.shift : null })) as (TimesheetWithParts & { count?: number })[]
}

export async function insertTimesheet(db: Db, row: NewTimesheet): Promise<TimesheetRow> {
  const [created] = await db.insert(timesheets).values(row).returning()
  return created!
}

/** Changes a timesheet (already locked by the caller), its version moving on. */
export async function writeTimesheet(db: Db, businessId: string, id: string, patch: Partial<NewTimesheet>): Promise<TimesheetRow> {
  const [row] = await db
    .update(timesheets)
    .set({ ...patch, version: sql`${timesheets.version} + 1`, updated_at: new Date() })
    .where(and(eq(timesheets.business_id, businessId), eq(timesheets.id, id)))
    .returning()
  return row!
}

export async function timesheetRow(db: Db, businessId: string, id: string): Promise<TimesheetRow | undefined> {
  const [row] = await db.select().from(timesheets).where(and(eq(timesheets.business_id, businessId), eq(timesheets.id, id)))
  return row
}

/** The timesheet of a shift, locked for a change in the caller's transaction. */
export async function shiftTimesheet(db: Db, businessId: string, shiftId: string): Promise<TimesheetRow | undefined> {
  const [row] = await db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.business_id, businessId), eq(timesheets.shift_id, shiftId)))
    .for('update')
  return row
}

/** The timesheet a person is clocked in on, if any. */
export async function openTimesheetOf(db: Db, businessId: string, staffId: string): Promise<TimesheetRow | undefined> {
  const [row] = await db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.business_id, businessId), eq(timesheets.staff_id, staffId), isNull(timesheets.ended_at)))
  return row
}

/** Of these shifts, those clocked into now: since when, and whether a break is going on. */
export async function clockedShifts(db: Db, businessId: string, shiftIds: string[]): Promise<Map<string, { since: Date; onBreak: boolean }>> {
  if (shiftIds.length === 0) return new Map()
  const rows = await db
    .select({
      shift_id: timesheets.shift_id,
      since: sql<Date>`coalesce(${timesheets.clock_in_at}, ${timesheets.started_at})`.mapWith(timesheets.started_at),
      onBreak: sql<boolean>`jsonb_path_exists(${timesheets.breaks}, '$[*] ? (@.ended_at == null)')`,
    })
    .from(timesheets)
    .where(and(eq(timesheets.business_id, businessId), inArray(timesheets.shift_id, shiftIds), isNull(timesheets.ended_at)))
  return new Map(rows.map((row) => [row.shift_id!, { since: row.since, onBreak: row.onBreak }]))
}

/** What the overtime count reads of a person's timesheets. */
export type CountedTimesheet = Pick<TimesheetRow, 'id' | 'staff_id' | 'started_at' | 'ended_at' | 'break_minutes' | 'paid_minutes' | 'regular_minutes' | 'overtime_minutes' | 'double_time_minutes' | 'locked_at'>

const countedColumns = {
  id: timesheets.id,
  staff_id: timesheets.staff_id,
  started_at: timesheets.started_at,
  ended_at: timesheets.ended_at,
  break_minutes: timesheets.break_minutes,
  paid_minutes: timesheets.paid_minutes,
  regular_minutes: timesheets.regular_minutes,
  overtime_minutes: timesheets.overtime_minutes,
  double_time_minutes: timesheets.double_time_minutes,
  locked_at: timesheets.locked_at,
}

/**
 * A person's timesheets that count toward their hours between two instants (by start):
 * clocked out, not rejected. Locked for the count, so two changes in one week queue.
 */
export async function countedTimesheets(db: Db, businessId: string, staffId: string, from: Date, to: Date): Promise<CountedTimesheet[]> {
  return db
    .select(countedColumns)
    .from(timesheets)
    .where(
      and(
        eq(timesheets.business_id, businessId),
        eq(timesheets.staff_id, staffId),
        gte(timesheets.started_at, from),
        lt(timesheets.started_at, to),
        ne(timesheets.status, 'rejected'),
        sql`${timesheets.ended_at} is not null`,
      ),
    )
    .orderBy(asc(timesheets.started_at), asc(timesheets.id))
    .for('update')
}

/** Every timesheet of the business that counts toward hours, locked for the count. */
export async function allCountedTimesheets(db: Db, businessId: string): Promise<CountedTimesheet[]> {
  return db
    .select(countedColumns)
    .from(timesheets)
    .where(and(eq(timesheets.business_id, businessId), ne(timesheets.status, 'rejected'), sql`${timesheets.ended_at} is not null`))
    .orderBy(asc(timesheets.staff_id), asc(timesheets.started_at), asc(timesheets.id))
    .for('update')
}


export interface HoursOf {
  id: string
  paid_minutes: number
  regular_minutes: number
  overtime_minutes: number
  double_time_minutes: number
}

/**
 * Writes worked-out hours in one statement. These are derived numbers, not an edit: the
 * version stays, so someone correcting another timesheet of the week is not refused as stale.
 */
export async function writeHours(db: Db, businessId: string, hours: readonly HoursOf[]): Promise<void> {
  if (hours.length === 0) return
  const values = sql.join(
    hours.map((h) => sql`(${h.id}::uuid, ${h.paid_minutes}::integer, ${h.regular_minutes}::integer, ${h.overtime_minutes}::integer, ${h.double_time_minutes}::integer)`),
    sql`, `,
  )
  await db.execute(sql`
    update timesheets t set paid_minutes = v.paid, regular_minutes = v.regular, overtime_minutes = v.overtime, double_time_minutes = v.double
    from (values ${values}) as v(id, paid, regular, overtime, double)
    where t.business_id = ${businessId} and t.id = v.id`)
}

/** Whether the person has another timesheet (not rejected) overlapping `[from, to)`. */
export async function overlappingTimesheet(db: Db, businessId: string, staffId: string, from: Date, to: Date, exceptId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.business_id, businessId),
        eq(timesheets.staff_id, staffId),
        ne(timesheets.status, 'rejected'),
        lt(timesheets.started_at, to),
        sql`coalesce(${timesheets.ended_at}, 'infinity'::timestamptz) > ${from}`,
        exceptId ? ne(timesheets.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return row?.id
}

/**
 * Clocked-in timesheets whose shift ended longer ago than the business's grace period:
 * forgotten clock-outs to close. Of one business, or of every business (the sweeper, in the
 * system scope). Rows another transaction is closing are skipped.
 */
export async function overdueTimesheets(db: Db, businessId: string | null, now: Date): Promise<{ business_id: string; id: string; shift_id: string }[]> {
  return db
    .select({ business_id: timesheets.business_id, id: timesheets.id, shift_id: shifts.id })
    .from(timesheets)
    .innerJoin(shifts, and(eq(shifts.business_id, timesheets.business_id), eq(shifts.id, timesheets.shift_id)))
    .innerJoin(settings, eq(settings.business_id, timesheets.business_id))
    .where(
      and(
        businessId === null ? undefined : eq(timesheets.business_id, businessId),
        isNull(timesheets.ended_at),
        sql`${shifts.ends_at} + make_interval(mins => ${settings.forgotten_clock_out_grace_minutes}) < ${now}`,
      ),
    )
}

/** A shift's client's coordinates, when it has them. */
export async function locationCoordinates(db: Db, businessId: string, locationId: string): Promise<{ latitude: number; longitude: number } | null> {
  const [row] = await db
    .select({ latitude: locations.latitude, longitude: locations.longitude })
    .from(locations)
    .where(and(eq(locations.business_id, businessId), eq(locations.id, locationId)))
  return row && row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null
}

/**
 * Locks approved timesheets into a payroll (what approving a payroll does): from then on
 * they cannot change (422 `locked`). Returns the ids locked; ones not approved are left out.
 */
export async function lockTimesheets(db: Db, businessId: string, ids: string[], payrollId: string, at: Date): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .update(timesheets)
    .set({ payroll_id: payrollId, locked_at: at })
    .where(and(eq(timesheets.business_id, businessId), inArray(timesheets.id, ids), eq(timesheets.status, 'approved'), isNull(timesheets.locked_at)))
    .returning({ id: timesheets.id })
  return rows.map((row) => row.id)
}

/** Whether the business has this member (not disabled): who a timesheet may be for. */
export async function activeMember(db: Db, businessId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.business_id, businessId), eq(users.id, id), ne(users.status, 'disabled')))
  return row !== undefined
}

