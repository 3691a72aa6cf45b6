import type { LocationDetail, LocationRate, SetLocationRatesBody } from '@rota/core'
import { and, asc, eq, inArray, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { isDeepStrictEqual } from 'node:util'
import type { Db } from '../db/database.ts'
import { locations, locationServiceRates, services } from '../db/schema/index.ts'
import { unprocessable } from '../errors.ts'
import { lockForChange, nextVersion } from '../records/lifecycle.ts'
import { toLocation } from './locations.ts'

/**
 * What an hour of a service bills a client (decision 037): the client's own rate for the
 * service, else the service's. Every price of a client's hours reads it — invoice lines, the
 * month-end list, a shift's value — so they cannot drift apart. For a query joined to
 * `services` and left-joined to `location_service_rates` by `clientRateJoin`.
 * @example
 * db.select({ rate: billRateCents() }).from(timesheets).innerJoin(services, …).leftJoin(locationServiceRates, clientRateJoin(timesheets.location_id))
 */
export const billRateCents = () => sql<number>`coalesce(${locationServiceRates.bill_rate_cents}, ${services.bill_rate_cents})`

/** The left join that brings the client's own rate (if any) beside the joined service, for the client `locationId` of each row. */
export const clientRateJoin = (locationId: AnyColumn | SQL) =>
  and(eq(locationServiceRates.business_id, services.business_id), eq(locationServiceRates.location_id, locationId), eq(locationServiceRates.service_id, services.id))

/** A client's own rates, by service name. */
export async function ratesOf(db: Db, businessId: string, locationId: string): Promise<LocationRate[]> {
  return db
    .select({ service_id: services.id, service_name: services.name, bill_rate_cents: locationServiceRates.bill_rate_cents })
    .from(locationServiceRates)
    .innerJoin(services, and(eq(services.business_id, locationServiceRates.business_id), eq(services.id, locationServiceRates.service_id)))
    .where(and(eq(locationServiceRates.business_id, businessId), eq(locationServiceRates.location_id, locationId)))
    .orderBy(asc(services.sort_key), asc(services.id))
}

/** A client as its own answer shows it: the location and its rates. */
export async function locationDetail(db: Db, businessId: string, row: typeof locations.$inferSelect): Promise<LocationDetail> {
  return { ...toLocation(row), rates: await ratesOf(db, businessId, row.id) }
}

/** Refuses (422 `service_not_found`, on each rate's `service_id`) rates for services the business does not have. */
async function requireServices(db: Db, businessId: string, rates: SetLocationRatesBody['rates']): Promise<void> {
  if (rates.length === 0) return
  const ids = rates.map((rate) => rate.service_id)
  const found = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.business_id, businessId), inArray(services.id, ids)))
  const known = new Set(found.map((row) => row.id))
  const unknown = rates.flatMap((rate, index) => (known.has(rate.service_id) ? [] : [[`rates.${index}.service_id`, 'No such service'] as const]))
  if (unknown.length > 0) throw unprocessable('service_not_found', Object.fromEntries(unknown))
}

/**
 * Replaces a client's own rates with `body.rates` in the caller's transaction, as a versioned
 * record changes: the client locked, a stale version 409, an unknown client 404. A service
 * left out loses its rate; a rate kept as it was keeps its row. The client's version moves on
 * only when the set changed (nothing changed: before and after are the same).
 */
export async function replaceRates(db: Db, businessId: string, locationId: string, body: SetLocationRatesBody): Promise<{ before: LocationDetail; after: LocationDetail }> {
  const before = await locationDetail(db, businessId, await lockForChange<typeof locations.$inferSelect>(db, locations, businessId, locationId, body.version))
  await requireServices(db, businessId, body.rates)
  const asked = new Map(body.rates.map((rate) => [rate.service_id, rate.bill_rate_cents]))
  const had = new Map(before.rates.map((rate) => [rate.service_id, rate.bill_rate_cents]))
  if (isDeepStrictEqual(asked, had)) return { before, after: before }

  const ofClient = and(eq(locationServiceRates.business_id, businessId), eq(locationServiceRates.location_id, locationId))
  await db.delete(locationServiceRates).where(and(ofClient, asked.size > 0 ? notInArray(locationServiceRates.service_id, [...asked.keys()]) : undefined))
  if (asked.size > 0) {
    await db
      .insert(locationServiceRates)
      .values([...asked].map(([serviceId, cents]) => ({ business_id: businessId, location_id: locationId, service_id: serviceId, bill_rate_cents: cents })))
      .onConflictDoUpdate({
        target: [locationServiceRates.business_id, locationServiceRates.location_id, locationServiceRates.service_id],
        set: { bill_rate_cents: sql`excluded.bill_rate_cents`, ...nextVersion(locationServiceRates) },
        setWhere: sql`${locationServiceRates.bill_rate_cents} <> excluded.bill_rate_cents`,
      })
  }
  const [moved] = await db
    .update(locations)
    .set(nextVersion(locations))
    .where(and(eq(locations.business_id, businessId), eq(locations.id, locationId)))
    .returning()
  return { before, after: await locationDetail(db, businessId, moved!) }
}
