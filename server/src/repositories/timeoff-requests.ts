import { isAway } from '@rota/machines'
import { and, asc, eq, exists, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/database.ts'
import { anyId } from './listing.ts'
import { locations, services, shifts, timeoffCategories, timeoffRequests, users } from '../db/schema/index.ts'
import type { ShiftRow } from './shifts.ts'

export type TimeoffRequestRow = typeof timeoffRequests.$inferSelect
export type NewTimeoffRequest = Omit<typeof timeoffRequests.$inferInsert, 'business_id' | 'id' | 'version' | 'created_at' | 'updated_at'>

/** The statuses in which time off keeps the person away: what blocks the schedule and spends a balance. */
export const AWAY_STATUSES = ['approved', 'cancellation_requested'] as const
/** The statuses of a request that still stands (asked for, or away). */
export const STANDING_STATUSES = ['pending', ...AWAY_STATUSES] as const

/** A request with what its answer shows of the people and the category it involves. */
export interface TimeoffRequestWithParts {
  request: TimeoffRequestRow
  staff: { id: string; firstname: string; lastname: string }
  category: { id: string; name: string; colour: string; unit: string; day_minutes: number; paid: boolean }
  requester: { firstname: string; lastname: string } | null
  decider: { firstname: string; lastname: string } | null
}

const requester = alias(users, 'requester')
const decider = alias(users, 'decider')

/** Requests (with their parts) matching `where`, in order, at most `limit`; with `total`, each row carries it as `count`. */
export async function requestsWhere(
  db: Db,
  businessId: string,
  where: SQL | undefined,
  page?: { limit: number; offset: number; order?: SQL[] },
  total?: SQL<number>,
): Promise<(TimeoffRequestWithParts & { count?: number })[]> {
  const query = db
    .select({
      request: timeoffRequests,
      staff: { id: users.id, firstname: users.firstname, lastname: users.lastname },
      category: {
        id: timeoffCategories.id,
        name: timeoffCategories.name,
        colour: timeoffCategories.colour,
        unit: timeoffCategories.unit,
        day_minutes: timeoffCategories.day_minutes,
        paid: timeoffCategories.paid,
      },
      requester: { firstname: requester.firstname, lastname: requester.lastname },
      decider: { firstname: decider.firstname, lastname: decider.lastname },
      ...(total ? { count: total } : {}),
    })
    .from(timeoffRequests)
    .innerJoin(users, and(eq(users.business_id, timeoffRequests.business_id), eq(users.id, timeoffRequests.staff_id)))
    .innerJoin(timeoffCategories, and(eq(timeoffCategories.business_id, timeoffRequests.business_id), eq(timeoffCategories.id, timeoffRequests.category_id)))
    .leftJoin(requester, and(eq(requester.business_id, timeoffRequests.business_id), eq(requester.id, timeoffRequests.requested_by)))
    .leftJoin(decider, and(eq(decider.business_id, timeoffRequests.business_id), eq(decider.id, timeoffRequests.decided_by)))
    .where(and(eq(timeoffRequests.business_id, businessId), where))
    .orderBy(...(page?.order ?? [asc(timeoffRequests.starts_at), asc(timeoffRequests.id)]))
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query
  return rows as (TimeoffRequestWithParts & { count?: number })[]
}

export async function insertRequest(db: Db, businessId: string, values: NewTimeoffRequest): Promise<TimeoffRequestRow> {
  const [row] = await db.insert(timeoffRequests).values({ ...values, business_id: businessId }).returning()
  return row!
}

/** Changes a request (already locked by the caller), its version moving on. */
export async function writeRequest(db: Db, businessId: string, id: string, patch: Partial<NewTimeoffRequest>): Promise<TimeoffRequestRow> {
  const [row] = await db
    .update(timeoffRequests)
    .set({ ...patch, version: sql`${timeoffRequests.version} + 1`, updated_at: new Date() })
    .where(and(eq(timeoffRequests.business_id, businessId), eq(timeoffRequests.id, id)))
    .returning()
  return row!
}

/**
 * The approved time off of some people between two instants, as instants by person: what
 * refuses a shift of theirs then.
 */
export async function awayBetween(db: Db, businessId: string, staffIds: string[], from: Date, to: Date): Promise<Map<string, { from: Date; to: Date }[]>> {
  const away = new Map<string, { from: Date; to: Date }[]>()
  if (staffIds.length === 0) return away
  const rows = await db
    .select({ staff_id: timeoffRequests.staff_id, from: timeoffRequests.starts_at, to: timeoffRequests.ends_at })
    .from(timeoffRequests)
    .where(
      and(
        eq(timeoffRequests.business_id, businessId),
        anyId(timeoffRequests.staff_id, staffIds),
        inArray(timeoffRequests.status, [...AWAY_STATUSES]),
        lt(timeoffRequests.starts_at, to),
        gt(timeoffRequests.ends_at, from),
      ),
    )
  for (const row of rows) away.set(row.staff_id, [...(away.get(row.staff_id) ?? []), { from: row.from, to: row.to }])
  return away
}

/** A person's requests still standing (pending or away) that overlap an instant range, other than `exceptId`. */
export async function standingOverlaps(db: Db, businessId: string, staffId: string, from: Date, to: Date, exceptId?: string): Promise<TimeoffRequestRow[]> {
  return db
    .select()
    .from(timeoffRequests)
    .where(
      and(
        eq(timeoffRequests.business_id, businessId),
        eq(timeoffRequests.staff_id, staffId),
        inArray(timeoffRequests.status, [...STANDING_STATUSES]),
        lt(timeoffRequests.starts_at, to),
        gt(timeoffRequests.ends_at, from),
        exceptId ? ne(timeoffRequests.id, exceptId) : undefined,
      ),
    )
}

/** A shift that time off touches, with its place and service. */
export interface TouchedShift {
  shift: ShiftRow
  location: { id: string; name: string }
  service: { id: string; name: string; colour: string }
}

/**
 * The shifts that some requests touch: their person's, overlapping them, still to be worked or
 * being worked (draft, published, in progress).
 */
export async function shiftsTouching(db: Db, businessId: string, requestIds: string[], options: { drafts: boolean }): Promise<TouchedShift[]> {
  if (requestIds.length === 0) return []
  return db
    .select({ shift: shifts, location: { id: locations.id, name: locations.name }, service: { id: services.id, name: services.name, colour: services.colour } })
    .from(shifts)
    .innerJoin(locations, and(eq(locations.business_id, shifts.business_id), eq(locations.id, shifts.location_id)))
    .innerJoin(services, and(eq(services.business_id, shifts.business_id), eq(services.id, shifts.service_id)))
    .where(
      and(
        eq(shifts.business_id, businessId),
        inArray(shifts.status, options.drafts ? ['draft', 'published', 'in_progress'] : ['published', 'in_progress']),
        exists(
          db
            .select({ one: sql`1` })
            .from(timeoffRequests)
            .where(
              and(
                eq(timeoffRequests.business_id, shifts.business_id),
                inArray(timeoffRequests.id, requestIds),
                eq(timeoffRequests.staff_id, shifts.staff_id),
                lt(timeoffRequests.starts_at, shifts.ends_at),
                gt(timeoffRequests.ends_at, shifts.starts_at),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(shifts.starts_at), asc(shifts.id))
}

/** What a person's balances are computed from: per category and year, minutes used and pending; per year, minutes worked. */
export interface LeaveFigures {
  /** The calendar year they joined, on the business's clock. */
  joined: number
  used: { category_id: string; year: number; minutes: number }[]
  pending: { category_id: string; year: number; minutes: number }[]
  worked: { year: number; minutes: number }[]
}

/**
 * A person's leave figures. Time off counts toward the year it starts in; work toward the year
 * an approved timesheet starts in, its paid minutes: hours really worked and approved, not the
 * plan (a pending or rejected timesheet earns nothing yet).
 */
export async function leaveFigures(db: Db, businessId: string, staffId: string, timeZone: string): Promise<LeaveFigures> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows
  const [joined] = rows<{ year: number }>(
    await db.execute(sql`select extract(year from created_at at time zone ${timeZone})::int as year from users where business_id = ${businessId} and id = ${staffId}`),
  )
  const requests = rows<{ category_id: string; year: number; status: string; minutes: number }>(
    await db.execute(sql`
      select category_id, extract(year from start_date)::int as year, status, sum(minutes)::int as minutes
      from timeoff_requests
      where business_id = ${businessId} and staff_id = ${staffId} and status in ('pending', 'approved', 'cancellation_requested')
      group by 1, 2, 3`),
  )
  const worked = rows<{ year: number; minutes: number }>(
    await db.execute(sql`
      select extract(year from started_at at time zone ${timeZone})::int as year, sum(paid_minutes)::int as minutes
      from timesheets
      where business_id = ${businessId} and staff_id = ${staffId} and status = 'approved'
      group by 1`),
  )
  const sum = (status: (s: string) => boolean) => {
    const totals = new Map<string, { category_id: string; year: number; minutes: number }>()
    for (const row of requests.filter((r) => status(r.status))) {
      const key = `${row.category_id}/${row.year}`
      const total = totals.get(key) ?? { category_id: row.category_id, year: row.year, minutes: 0 }
      total.minutes += row.minutes
      totals.set(key, total)
    }
    return [...totals.values()]
  }
  return { joined: joined?.year ?? new Date().getUTCFullYear(), used: sum(isAway), pending: sum((s) => s === 'pending'), worked }
}
