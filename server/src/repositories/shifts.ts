import type { Shift, ShiftRequest } from '@rota/core'
import { alias } from 'drizzle-orm/pg-core'
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { anyId } from './listing.ts'
import { availability, availabilityVersions, locations, locationServiceRates, services, shiftRequests, shifts, userServices, users, type PublishedShift } from '../db/schema/index.ts'
import { billRateCents, clientRateJoin } from './location-rates.ts'

export type ShiftRow = typeof shifts.$inferSelect

/** A shift with what its answer shows of the people, place and service it involves. */
export interface ShiftWithParts {
  shift: ShiftRow
  /** The shift as it is, when `shift` is what its staff were told of it (`toldOf`). */
  live?: ShiftRow
  staff: { id: string; firstname: string; lastname: string; pay_rate_cents: number | null } | null
  /** With its address: staff, who may not read clients, find their way by the shift alone. */
  location: { id: string; name: string; street: string; city: string; province: string; postal_code: string; latitude: number | null; longitude: number | null }
  service: { id: string; name: string; colour: string; pay_rate_cents: number }
  /** What an hour of it bills its client: the client's own rate for the service, else the service's (`billRateCents`). */
  bill_rate_cents: number
}

/**
 * A shift as one JSON array per row (read back by `shiftFromJson`). PGlite decodes each field
 * of a result on its own (a copy and a text decoding each, about 2 µs): a board's week of 2,800
 * shifts joined to their parts was 78,000 fields and most of its answer's time. One JSON value
 * per row is written by the database and read by `JSON.parse`, several times faster; the parts,
 * a few hundred rows at most, come apart instead of once per shift. Timestamps as JSON writes
 * them (ISO 8601 with an offset), which `Date` reads as the columns were read (to the ms).
 */
const shiftJson = sql<unknown[]>`json_build_array(${shifts.business_id}, ${shifts.id}, ${shifts.staff_id}, ${shifts.location_id}, ${shifts.service_id},
  ${shifts.starts_at}, ${shifts.ends_at}, ${shifts.break_minutes}, ${shifts.notes}, ${shifts.status}, ${shifts.series_id}, ${shifts.published},
  ${shifts.created_by}, ${shifts.version}, ${shifts.created_at}, ${shifts.updated_at})`

function shiftFromJson(values: unknown[]): ShiftRow {
  const [business_id, id, staff_id, location_id, service_id, starts_at, ends_at, break_minutes, notes, status, series_id, published, created_by, version, created_at, updated_at] = values
  return {
    business_id,
    id,
    staff_id,
    location_id,
    service_id,
    starts_at: new Date(starts_at as string),
    ends_at: new Date(ends_at as string),
    break_minutes,
    notes,
    status,
    series_id,
    published,
    created_by,
    version,
    created_at: new Date(created_at as string),
    updated_at: new Date(updated_at as string),
  } as ShiftRow
}

/** Whether the business has a shift matching `where` (a shift's id and who may see it, say). */
export async function hasShift(db: Db, businessId: string, where: SQL | undefined): Promise<boolean> {
  const [row] = await db.select({ id: shifts.id }).from(shifts).where(and(eq(shifts.business_id, businessId), where)).limit(1)
  return row !== undefined
}

/** The open shifts (no one on them, not cancelled) starting in `[from, to)`: what a copy compares its open shifts with. */
export async function openShiftsStarting(db: Db, businessId: string, from: Date, to: Date): Promise<Pick<ShiftRow, 'location_id' | 'service_id' | 'starts_at' | 'ends_at'>[]> {
  return db
    .select({ location_id: shifts.location_id, service_id: shifts.service_id, starts_at: shifts.starts_at, ends_at: shifts.ends_at })
    .from(shifts)
    .where(and(eq(shifts.business_id, businessId), isNull(shifts.staff_id), ne(shifts.status, 'cancelled'), gte(shifts.starts_at, from), lt(shifts.starts_at, to)))
}

/**
 * Shifts (with their parts) matching `where`, in order, at most `limit`; with `total`, each row carries it as `count` (a list's page).
 * With `told`, each shift is what its staff were told of it (`toldOf`), with the parts it names then, and the row as it is in `live`.
 */
export async function shiftsWhere(
  db: Db,
  businessId: string,
  where: SQL | undefined,
  page?: { limit: number; offset: number; order?: SQL[] },
  total?: SQL<number>,
  options: { told?: boolean } = {},
): Promise<(ShiftWithParts & { count?: number })[]> {
  const query = db
    .select(total ? { row: shiftJson, count: total } : { row: shiftJson })
    .from(shifts)
    .where(and(eq(shifts.business_id, businessId), where))
    .orderBy(...(page?.order ?? [asc(options.told ? toldSql.starts_at : shifts.starts_at), asc(shifts.id)]))
  const found = (page ? await query.limit(page.limit).offset(page.offset) : await query) as { row: unknown[]; count?: number }[]
  const rows = found.map(({ row, count }) => {
    const live = shiftFromJson(row)
    return options.told ? { shift: toldOf(live), live, count } : { shift: live, count }
  })
  const distinct = (ids: (string | null)[]) => [...new Set(ids)].filter((id): id is string => id !== null)
  const people = await partsById<NonNullable<ShiftWithParts['staff']>>(db, users, businessId, distinct(rows.map(({ shift }) => shift.staff_id)), {
    id: users.id,
    firstname: users.firstname,
    lastname: users.lastname,
    pay_rate_cents: users.pay_rate_cents,
  })
  const places = await partsById<ShiftWithParts['location']>(db, locations, businessId, distinct(rows.map(({ shift }) => shift.location_id)), {
    id: locations.id,
    name: locations.name,
    street: locations.street,
    city: locations.city,
    province: locations.province,
    postal_code: locations.postal_code,
    latitude: locations.latitude,
    longitude: locations.longitude,
  })
  const kinds = await partsById<ShiftWithParts['service']>(db, services, businessId, distinct(rows.map(({ shift }) => shift.service_id)), {
    id: services.id,
    name: services.name,
    colour: services.colour,
    pay_rate_cents: services.pay_rate_cents,
  })
  const billRates = await billRatesOf(db, businessId, rows.map(({ shift }) => shift))
  return rows.map(({ shift, live, count }) => ({
    shift,
    ...(live ? { live } : {}),
    staff: shift.staff_id ? people.get(shift.staff_id)! : null,
    location: places.get(shift.location_id)!,
    service: kinds.get(shift.service_id)!,
    bill_rate_cents: billRates.get(`${shift.location_id}|${shift.service_id}`)!,
    ...(count === undefined ? {} : { count }),
  }))
}

/**
 * What an hour bills at each client and service these shifts pair (`billRateCents`), by
 * `location_id|service_id`: one row per pair, not per shift (a board's week repeats a few pairs
 * thousands of times).
 */
async function billRatesOf(db: Db, businessId: string, rows: readonly Pick<ShiftRow, 'location_id' | 'service_id'>[]): Promise<Map<string, number>> {
  const pairs = [...new Set(rows.map((row) => `${row.location_id}|${row.service_id}`))].map((pair) => pair.split('|') as [string, string])
  if (pairs.length === 0) return new Map()
  const ids = (index: 0 | 1) => `{${pairs.map((pair) => pair[index]).join(',')}}`
  const client = sql<string>`pair.location_id`
  const found = await db
    .select({ location_id: client, service_id: services.id, bill_rate_cents: billRateCents().mapWith(Number) })
    .from(sql`unnest(${ids(0)}::uuid[], ${ids(1)}::uuid[]) as pair(location_id, service_id)`)
    .innerJoin(services, and(eq(services.business_id, businessId), sql`${services.id} = pair.service_id`))
    .leftJoin(locationServiceRates, clientRateJoin(client))
  return new Map(found.map((row) => [`${row.location_id}|${row.service_id}`, row.bill_rate_cents]))
}

/** Some of a tenant table's rows by id, with the columns asked for (one of them `id`). */
async function partsById<T extends { id: string }>(
  db: Db,
  table: typeof users | typeof locations | typeof services,
  businessId: string,
  ids: string[],
  columns: Record<keyof T, AnyColumn>,
): Promise<Map<string, T>> {
  if (ids.length === 0) return new Map()
  const rows = (await db
    .select(columns as never)
    .from(table)
    .where(and(eq(table.business_id, businessId), anyId(table.id, ids)))) as T[]
  return new Map(rows.map((row) => [row.id, row]))
}

/** A shift as an export writes it: its person by e-mail, its client and service by name. */
export interface ExportedShift {
  staff_email: string | null
  client: string
  service: string
  starts_at: Date
  ends_at: Date
  break_minutes: number
  notes: string | null
  status: string
  count?: number
}

/**
 * A page of shifts matching `where` for an export, in time order; with `total`, each row carries it as `count`.
 * With `told`, each shift as its staff were told of it (`toldSql`).
 */
export async function exportedShifts(
  db: Db,
  businessId: string,
  where: SQL | undefined,
  page: { limit: number; offset: number },
  total?: SQL<number>,
  options: { told?: boolean } = {},
): Promise<ExportedShift[]> {
  const field = options.told ? toldSql : shifts
  const columns = {
    staff_email: users.email,
    client: locations.name,
    service: services.name,
    starts_at: field.starts_at,
    ends_at: field.ends_at,
    break_minutes: field.break_minutes,
    notes: shifts.notes,
    status: field.status,
  }
  return db
    .select(total ? { ...columns, count: total } : columns)
    .from(shifts)
    .leftJoin(users, and(eq(users.business_id, shifts.business_id), eq(users.id, field.staff_id)))
    .innerJoin(locations, and(eq(locations.business_id, shifts.business_id), eq(locations.id, field.location_id)))
    .innerJoin(services, and(eq(services.business_id, shifts.business_id), eq(services.id, field.service_id)))
    .where(and(eq(shifts.business_id, businessId), where))
    .orderBy(asc(field.starts_at), asc(shifts.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function shiftById(db: Db, businessId: string, id: string): Promise<ShiftWithParts | undefined> {
  const [row] = await shiftsWhere(db, businessId, eq(shifts.id, id))
  return row
}

/** What the conflict rules read of a person's other shifts. */
export type OtherShift = Pick<ShiftRow, 'id' | 'staff_id' | 'service_id' | 'starts_at' | 'ends_at' | 'break_minutes' | 'status'>
/** An other shift as one JSON array per row, for the reason `shiftJson` gives. */
const otherShiftJson = sql<[string, string, string, string, string, number, string]>`json_build_array(${shifts.id}, ${shifts.staff_id}, ${shifts.service_id},
  ${shifts.starts_at}, ${shifts.ends_at}, ${shifts.break_minutes}, ${shifts.status})`

/**
 * The shifts of some people between two instants (any that overlaps, cancelled ones left
 * out): what the conflict rules compare a shift with. `except`: leave out those that start
 * within it, which the caller holds already (a listed week).
 */
export async function staffShiftsBetween(db: Db, businessId: string, staffIds: string[], from: Date, to: Date, except?: { from: Date; to: Date }): Promise<OtherShift[]> {
  if (staffIds.length === 0) return []
  const rows = await db
    .select({ row: otherShiftJson })
    .from(shifts)
    .where(
      and(
        eq(shifts.business_id, businessId),
        anyId(shifts.staff_id, staffIds),
        ne(shifts.status, 'cancelled'),
        lt(shifts.starts_at, to),
        gt(shifts.ends_at, from),
        except ? or(lt(shifts.starts_at, except.from), gte(shifts.starts_at, except.to)) : undefined,
      ),
    )
  return rows.map(({ row: [id, staff_id, service_id, starts_at, ends_at, break_minutes, status] }) => ({
    id,
    staff_id,
    service_id,
    starts_at: new Date(starts_at),
    ends_at: new Date(ends_at),
    break_minutes,
    status,
  }))
}

/** What the scheduling rules need to know about some people: limits, services, availability. */
export interface StaffRules {
  maxWeeklyMinutes: number | null
  serviceIds: string[]
  availability: { windows: { weekday: number; start: string; end: string }[]; exceptions: { date: string; available: boolean; start: string | null; end: string | null; note: string | null }[] }
}

export async function staffRules(db: Db, businessId: string, staffIds: string[]): Promise<Map<string, StaffRules>> {
  const rules = new Map<string, StaffRules>()
  if (staffIds.length === 0) return rules
  const people = await db
    .select({ id: users.id, max: users.max_weekly_minutes })
    .from(users)
    .where(and(eq(users.business_id, businessId), anyId(users.id, staffIds)))
  for (const person of people) rules.set(person.id, { maxWeeklyMinutes: person.max, serviceIds: [], availability: { windows: [], exceptions: [] } })
  const allowed = await db
    .select()
    .from(userServices)
    .where(and(eq(userServices.business_id, businessId), anyId(userServices.user_id, staffIds)))
  for (const row of allowed) rules.get(row.user_id)?.serviceIds.push(row.service_id)
  const windows = await db
    .select()
    .from(availability)
    .where(and(eq(availability.business_id, businessId), anyId(availability.user_id, staffIds)))
  for (const row of windows) {
    const person = rules.get(row.user_id)
    if (!person) continue
    const start = row.start_time?.slice(0, 5) ?? null
    const end = row.end_time?.slice(0, 5) ?? null
    if (row.weekday !== null && start && end) person.availability.windows.push({ weekday: row.weekday, start, end })
    if (row.date !== null) person.availability.exceptions.push({ date: row.date, available: row.available, start, end, note: row.note })
  }
  return rules
}

const swapShift = alias(shifts, 'swap_shift')
const swapStaff = alias(users, 'swap_staff')
const swapLocation = alias(locations, 'swap_location')

/** The pending requests of some shifts (all of them, or one requester's), by the shift asked for; a swap with the shift it offers. */
export async function pendingRequests(db: Db, businessId: string, shiftIds: string[], requesterId?: string): Promise<Map<string, ShiftRequest[]>> {
  const byShift = new Map<string, ShiftRequest[]>()
  if (shiftIds.length === 0) return byShift
  const rows = await db
    .select({
      request: shiftRequests,
      firstname: users.firstname,
      lastname: users.lastname,
      swap: { starts_at: swapShift.starts_at, ends_at: swapShift.ends_at, staff_id: swapShift.staff_id, location_id: swapShift.location_id },
      swapStaff: { firstname: swapStaff.firstname, lastname: swapStaff.lastname },
      swapLocation: swapLocation.name,
    })
    .from(shiftRequests)
    .innerJoin(users, and(eq(users.business_id, shiftRequests.business_id), eq(users.id, shiftRequests.requester_id)))
    .leftJoin(swapShift, and(eq(swapShift.business_id, shiftRequests.business_id), eq(swapShift.id, shiftRequests.swap_shift_id)))
    .leftJoin(swapStaff, and(eq(swapStaff.business_id, swapShift.business_id), eq(swapStaff.id, swapShift.staff_id)))
    .leftJoin(swapLocation, and(eq(swapLocation.business_id, swapShift.business_id), eq(swapLocation.id, swapShift.location_id)))
    .where(
      and(
        eq(shiftRequests.business_id, businessId),
        anyId(shiftRequests.shift_id, shiftIds),
        eq(shiftRequests.status, 'pending'),
        requesterId ? eq(shiftRequests.requester_id, requesterId) : undefined,
      ),
    )
    .orderBy(asc(shiftRequests.created_at))
  for (const { request, firstname, lastname, swap, swapStaff: colleague, swapLocation: place } of rows) {
    const answer: ShiftRequest = {
      id: request.id,
      kind: request.kind as ShiftRequest['kind'],
      requester: { id: request.requester_id, name: `${firstname} ${lastname}`.trim() },
      swap_shift_id: request.swap_shift_id,
      swap_shift:
        request.swap_shift_id && swap?.starts_at && swap.ends_at && swap.location_id && place !== null
          ? {
              id: request.swap_shift_id,
              staff: swap.staff_id && colleague?.firstname != null ? { id: swap.staff_id, name: `${colleague.firstname} ${colleague.lastname ?? ''}`.trim() } : null,
              location: { id: swap.location_id, name: place },
              starts_at: swap.starts_at.toISOString(),
              ends_at: swap.ends_at.toISOString(),
            }
          : null,
      status: request.status as ShiftRequest['status'],
      note: request.note,
      created_at: request.created_at.toISOString(),
    }
    byShift.set(request.shift_id, [...(byShift.get(request.shift_id) ?? []), answer])
  }
  return byShift
}

/** One pending swap that offers a colleague's shift for the shift it names: see `swapOffers`. */
export type SwapOffer = Shift['swap_offers'][number]

const offeredShift = alias(shifts, 'offered_shift')
const offeredLocation = alias(locations, 'offered_location')

/**
 * The pending swaps that ask for these shifts in exchange for the requester's own, by the shift
 * asked for: who asks, and their shift (when and where).
 */
export async function swapOffers(db: Db, businessId: string, shiftIds: string[]): Promise<Map<string, SwapOffer[]>> {
  const byShift = new Map<string, SwapOffer[]>()
  if (shiftIds.length === 0) return byShift
  const rows = await db
    .select({
      request_id: shiftRequests.id,
      wanted: shiftRequests.swap_shift_id,
      requester_id: shiftRequests.requester_id,
      firstname: users.firstname,
      lastname: users.lastname,
      shift_id: offeredShift.id,
      starts_at: offeredShift.starts_at,
      ends_at: offeredShift.ends_at,
      location_id: offeredLocation.id,
      location: offeredLocation.name,
    })
    .from(shiftRequests)
    .innerJoin(users, and(eq(users.business_id, shiftRequests.business_id), eq(users.id, shiftRequests.requester_id)))
    .innerJoin(offeredShift, and(eq(offeredShift.business_id, shiftRequests.business_id), eq(offeredShift.id, shiftRequests.shift_id)))
    .innerJoin(offeredLocation, and(eq(offeredLocation.business_id, offeredShift.business_id), eq(offeredLocation.id, offeredShift.location_id)))
    .where(and(eq(shiftRequests.business_id, businessId), anyId(shiftRequests.swap_shift_id, shiftIds), eq(shiftRequests.status, 'pending'), eq(shiftRequests.kind, 'swap')))
    .orderBy(asc(shiftRequests.created_at))
  for (const row of rows) {
    const offer: SwapOffer = {
      request_id: row.request_id,
      requester: { id: row.requester_id, name: `${row.firstname} ${row.lastname}`.trim() },
      shift: { id: row.shift_id, location: { id: row.location_id, name: row.location }, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString() },
    }
    byShift.set(row.wanted!, [...(byShift.get(row.wanted!) ?? []), offer])
  }
  return byShift
}

export type NewShift = Omit<typeof shifts.$inferInsert, 'business_id' | 'id' | 'version' | 'created_at' | 'updated_at'>

export async function insertShifts(db: Db, businessId: string, rows: NewShift[]): Promise<ShiftRow[]> {
  if (rows.length === 0) return []
  return db.insert(shifts).values(rows.map((row) => ({ ...row, business_id: businessId }))).returning()
}

/** Changes a shift (already locked by the caller), its version moving on. */
export async function writeShift(db: Db, businessId: string, id: string, patch: Partial<NewShift>): Promise<ShiftRow> {
  const [row] = await db
    .update(shifts)
    .set({ ...patch, version: sql`${shifts.version} + 1`, updated_at: new Date() })
    .where(and(eq(shifts.business_id, businessId), eq(shifts.id, id)))
    .returning()
  return row!
}

export async function deleteShift(db: Db, businessId: string, id: string): Promise<void> {
  await db.delete(shifts).where(and(eq(shifts.business_id, businessId), eq(shifts.id, id)))
}

/** The shifts of a series from an instant on (this one and the later ones), not started or cancelled. */
export async function laterInSeries(db: Db, businessId: string, seriesId: string, from: Date): Promise<ShiftRow[]> {
  return db
    .select()
    .from(shifts)
    .where(and(eq(shifts.business_id, businessId), eq(shifts.series_id, seriesId), sql`${shifts.starts_at} >= ${from}`, inArray(shifts.status, ['draft', 'published'])))
    .orderBy(asc(shifts.starts_at))
    .for('update')
}

export async function createRequest(db: Db, request: typeof shiftRequests.$inferInsert): Promise<void> {
  await db.insert(shiftRequests).values(request)
}

export async function requestById(db: Db, businessId: string, id: string): Promise<typeof shiftRequests.$inferSelect | undefined> {
  const [row] = await db.select().from(shiftRequests).where(and(eq(shiftRequests.business_id, businessId), eq(shiftRequests.id, id)))
  return row
}

/** Ends a request (approved, rejected, withdrawn) by whoever decided. */
export async function closeRequest(db: Db, businessId: string, id: string, status: 'approved' | 'rejected' | 'withdrawn', decidedBy: string): Promise<void> {
  await db
    .update(shiftRequests)
    .set({ status, decided_by: decidedBy, decided_at: new Date() })
    .where(and(eq(shiftRequests.business_id, businessId), eq(shiftRequests.id, id)))
}

/** Every other pending request on a shift, closed as rejected (the shift was given to someone). */
export async function rejectOtherRequests(db: Db, businessId: string, shiftId: string, exceptId: string, decidedBy: string): Promise<void> {
  await db
    .update(shiftRequests)
    .set({ status: 'rejected', decided_by: decidedBy, decided_at: new Date() })
    .where(and(eq(shiftRequests.business_id, businessId), eq(shiftRequests.shift_id, shiftId), eq(shiftRequests.status, 'pending'), ne(shiftRequests.id, exceptId)))
}

/** What its staff were told of a shift, as the snapshot kept for the next publish to compare with. */
export function publishedState(row: Pick<ShiftRow, 'staff_id' | 'location_id' | 'service_id' | 'starts_at' | 'ends_at' | 'break_minutes' | 'status'>): PublishedShift {
  return {
    staff_id: row.staff_id,
    location_id: row.location_id,
    service_id: row.service_id,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    break_minutes: row.break_minutes,
    status: row.status,
  }
}

/**
 * A shift as its staff were told of it (decision 024): who, where, what and when as the last
 * publish (or an approved request) said, until the next publish tells them otherwise. Its status
 * is the told one too (a cancellation not yet published is not one to them), except once started
 * or done, which the time clock decides. A shift never told of (a draft) is as it is.
 */
export function toldOf(row: ShiftRow): ShiftRow {
  const told = row.published
  if (!told) return row
  return {
    ...row,
    staff_id: told.staff_id,
    location_id: told.location_id,
    service_id: told.service_id,
    starts_at: new Date(told.starts_at),
    ends_at: new Date(told.ends_at),
    break_minutes: told.break_minutes,
    status: row.status === 'in_progress' || row.status === 'completed' ? row.status : told.status,
  }
}

/** A snapshot field in SQL, or the live column when there is no snapshot (`toldOf`). */
const toldField = (column: AnyColumn, field: keyof PublishedShift, type: 'uuid' | 'timestamptz' | 'integer') =>
  sql`(case when ${shifts.published} is null then ${column} else (${shifts.published}->>${sql.raw(`'${field}'`)})::${sql.raw(type)} end)`

/** `toldOf` in SQL: a shift's columns as its staff were told them, for what staff list, export and subscribe to. */
export const toldSql = {
  staff_id: toldField(shifts.staff_id, 'staff_id', 'uuid'),
  location_id: toldField(shifts.location_id, 'location_id', 'uuid'),
  service_id: toldField(shifts.service_id, 'service_id', 'uuid'),
  starts_at: toldField(shifts.starts_at, 'starts_at', 'timestamptz').mapWith(shifts.starts_at),
  ends_at: toldField(shifts.ends_at, 'ends_at', 'timestamptz').mapWith(shifts.ends_at),
  break_minutes: toldField(shifts.break_minutes, 'break_minutes', 'integer').mapWith(Number),
  status: sql<string>`(case when ${shifts.published} is null or ${shifts.status} in ('in_progress', 'completed') then ${shifts.status} else ${shifts.published}->>'status' end)`,
}

/**
 * Whether a shift starts in `[from, to)` (either end optional): as it is, or with `told` as its
 * staff were told of it. The snapshot's instant is compared as the text `publishedState` wrote
 * (ISO 8601 in UTC sorts as time), which halves the cost of a staff member's list over casting it
 * on every row of the business (decision 024).
 */
export function startsIn(from: Date | undefined, to: Date | undefined, told = false): SQL | undefined {
  const live = and(from ? gte(shifts.starts_at, from) : undefined, to ? lt(shifts.starts_at, to) : undefined)
  if (!told || !live) return live
  const start = sql`(${shifts.published}->>'starts_at')`
  // Two halves joined by `or`, not a `case`: each has an index (`shifts_range`, `shifts_told_range`).
  return sql`((${shifts.published} is null and ${live})
    or ${and(from ? sql`${start} >= ${from.toISOString()}` : undefined, to ? sql`${start} < ${to.toISOString()}` : undefined)})`
}

/** A shift's own columns in the shape of `toldSql`, so that one query reads either. */
export const liveSql: typeof toldSql = {
  staff_id: sql`${shifts.staff_id}`,
  location_id: sql`${shifts.location_id}`,
  service_id: sql`${shifts.service_id}`,
  starts_at: sql`${shifts.starts_at}`.mapWith(shifts.starts_at),
  ends_at: sql`${shifts.ends_at}`.mapWith(shifts.ends_at),
  break_minutes: sql`${shifts.break_minutes}`.mapWith(Number),
  status: sql<string>`${shifts.status}`,
}

/**
 * A shift's rates: the person's pay rate (or the service's when they have none, or for an open
 * shift) and the bill rate (`billRateCents`: the client's own for the service, given `locationId`).
 */
export async function ratesFor(db: Db, businessId: string, staffId: string | null, serviceId: string, locationId: string): Promise<{ pay: number; bill: number }> {
  const [service] = await db
    .select({ pay: services.pay_rate_cents, bill: billRateCents().mapWith(Number) })
    .from(services)
    .leftJoin(locationServiceRates, clientRateJoin(sql`${locationId}::uuid`))
    .where(and(eq(services.business_id, businessId), eq(services.id, serviceId)))
  const [person] = staffId
    ? await db.select({ pay: users.pay_rate_cents }).from(users).where(and(eq(users.business_id, businessId), eq(users.id, staffId)))
    : []
  return { pay: person?.pay ?? service?.pay ?? 0, bill: service?.bill ?? 0 }
}

/** Which of these people are the business's members who can be scheduled (not disabled). */
export async function schedulableStaff(db: Db, businessId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.business_id, businessId), inArray(users.id, ids), ne(users.status, 'disabled')))
  return rows.map((row) => row.id)
}

/** Whether a client location of the business exists. */
/** Whether a client of the business is active; undefined when it has none by that id. */
export async function locationActive(db: Db, businessId: string, id: string): Promise<boolean | undefined> {
  const [row] = await db.select({ active: locations.active }).from(locations).where(and(eq(locations.business_id, businessId), eq(locations.id, id)))
  return row?.active
}

/** A member's name as notifications write it. */
export async function personName(db: Db, businessId: string, userId: string): Promise<string> {
  const [row] = await db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(and(eq(users.business_id, businessId), eq(users.id, userId)))
  return row ? `${row.firstname} ${row.lastname}`.trim() : ''
}

/** A person's availability as a whole, and its version. */
export async function availabilityOf(db: Db, businessId: string, userId: string) {
  const rules = (await staffRules(db, businessId, [userId])).get(userId)
  const [version] = await db
    .select({ version: availabilityVersions.version })
    .from(availabilityVersions)
    .where(and(eq(availabilityVersions.business_id, businessId), eq(availabilityVersions.user_id, userId)))
  return { rules, version: version?.version ?? 0 }
}

/** Replaces a person's availability if `version` is still current (else false). */
export async function replaceAvailability(
  db: Db,
  businessId: string,
  userId: string,
  version: number,
  set: { windows: { weekday: number; start: string; end: string }[]; exceptions: { date: string; available: boolean; start: string | null; end: string | null; note: string | null }[] },
): Promise<boolean> {
  const [current] = await db
    .select({ version: availabilityVersions.version })
    .from(availabilityVersions)
    .where(and(eq(availabilityVersions.business_id, businessId), eq(availabilityVersions.user_id, userId)))
    .for('update')
  if ((current?.version ?? 0) !== version) return false
  await db
    .insert(availabilityVersions)
    .values({ business_id: businessId, user_id: userId, version: version + 1 })
    .onConflictDoUpdate({ target: [availabilityVersions.business_id, availabilityVersions.user_id], set: { version: version + 1 } })
  await db.delete(availability).where(and(eq(availability.business_id, businessId), eq(availability.user_id, userId)))
  const values = [
    ...set.windows.map((w) => ({ business_id: businessId, user_id: userId, weekday: w.weekday, available: true, start_time: w.start, end_time: w.end })),
    ...set.exceptions.map((e) => ({ business_id: businessId, user_id: userId, date: e.date, available: e.available, start_time: e.start, end_time: e.end, note: e.note })),
  ]
  if (values.length > 0) await db.insert(availability).values(values)
  return true
}

/** The business a person belongs to, by their id alone (ids are unique across businesses): for the calendar feed, whose address names only the person. */
export async function businessOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ businessId: users.business_id }).from(users).where(eq(users.id, userId))
  return row?.businessId
}

/** The version of a person's calendar feed (its address names it), if they are a member. */
export async function feedVersion(db: Db, businessId: string, userId: string): Promise<number | undefined> {
  const [row] = await db.select({ version: users.calendar_feed_version }).from(users).where(and(eq(users.business_id, businessId), eq(users.id, userId), ne(users.status, 'disabled')))
  return row?.version
}

/** A new version of a person's calendar feed: every earlier address stops working. */
export async function bumpFeedVersion(db: Db, businessId: string, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ calendar_feed_version: sql`${users.calendar_feed_version} + 1` })
    .where(and(eq(users.business_id, businessId), eq(users.id, userId)))
    .returning({ version: users.calendar_feed_version })
  return row!.version
}

/** Shifts whose next publish would tell someone something (drafts, changed, announced cancellations) (GET /schedule?filter[pending]=true, the dashboard). */
export const pendingSql = sql`(${shifts.status} = 'draft' or (${shifts.status} = 'cancelled' and ${shifts.published} is not null and ${shifts.published}->>'status' <> 'cancelled')
  or (${shifts.status} = 'published' and (${shifts.published} is null or ${shifts.published} <> jsonb_build_object('staff_id', ${shifts.staff_id}, 'location_id', ${shifts.location_id},
    'service_id', ${shifts.service_id}, 'starts_at', to_char(${shifts.starts_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'ends_at', to_char(${shifts.ends_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'break_minutes', ${shifts.break_minutes}, 'status', 'published'))))`
