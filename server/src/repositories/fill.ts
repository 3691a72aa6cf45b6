import { PRIVILEGED_ROLES } from '@rota/core'
import { and, eq, gte, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { fillProposals, roles, services, shifts, userPreferredLocations, userServices, users, type ProposedShift } from '../db/schema/index.ts'
import { anyId } from './listing.ts'

export type FillProposalRow = typeof fillProposals.$inferSelect

/** The open shifts (nobody on them, draft or published) starting between two instants, or those of `ids` among them. */
export async function openShiftsBetween(db: Db, businessId: string, from: Date, to: Date, ids?: string[]) {
  return db
    .select({ id: shifts.id, starts_at: shifts.starts_at, ends_at: shifts.ends_at, break_minutes: shifts.break_minutes, service_id: shifts.service_id, location_id: shifts.location_id, version: shifts.version })
    .from(shifts)
    .where(
      and(
        eq(shifts.business_id, businessId),
        isNull(shifts.staff_id),
        inArray(shifts.status, ['draft', 'published']),
        gte(shifts.starts_at, from),
        lt(shifts.starts_at, to),
        ids ? anyId(shifts.id, ids) : undefined,
      ),
    )
    .orderBy(shifts.starts_at, shifts.id)
}

/**
 * The people the fill may staff, with their pay and the weeks they would like: members who
 * have joined (someone still invited cannot sign in to see a shift given to them), and an
 * administrator only once the services they work are listed — the owner who runs the
 * schedule is not handed the open shifts by default. A scheduler may still assign either by hand.
 */
export async function fillStaff(db: Db, businessId: string) {
  return db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      pay_rate_cents: users.pay_rate_cents,
      preferred_weekly_minutes: users.preferred_weekly_minutes,
      target_weekly_minutes: users.target_weekly_minutes,
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.business_id, users.business_id), eq(roles.id, users.role_id)))
    .where(
      and(
        eq(users.business_id, businessId),
        eq(users.status, 'active'),
        or(
          notInArray(roles.name, [...PRIVILEGED_ROLES]),
          sql`exists (select 1 from ${userServices} where ${userServices.business_id} = ${users.business_id} and ${userServices.user_id} = ${users.id})`,
        ),
      ),
    )
    .orderBy(users.sort_key, users.id)
}

/** Each person's clients worked at (shifts not cancelled) between two instants: continuity. */
export async function recentClients(db: Db, businessId: string, from: Date, to: Date): Promise<Map<string, string[]>> {
  const rows = await db
    .selectDistinct({ staff_id: shifts.staff_id, location_id: shifts.location_id })
    .from(shifts)
    .where(and(eq(shifts.business_id, businessId), sql`${shifts.staff_id} is not null`, ne(shifts.status, 'cancelled'), gte(shifts.starts_at, from), lt(shifts.starts_at, to)))
  const byPerson = new Map<string, string[]>()
  for (const row of rows) byPerson.set(row.staff_id!, [...(byPerson.get(row.staff_id!) ?? []), row.location_id])
  return byPerson
}

/** Each person's preferred clients. */
export async function preferredClients(db: Db, businessId: string): Promise<Map<string, string[]>> {
  const rows = await db.select().from(userPreferredLocations).where(eq(userPreferredLocations.business_id, businessId))
  const byPerson = new Map<string, string[]>()
  for (const row of rows) byPerson.set(row.user_id, [...(byPerson.get(row.user_id) ?? []), row.location_id])
  return byPerson
}

/** Each service's pay rate. */
export async function servicePay(db: Db, businessId: string): Promise<Map<string, number>> {
  const rows = await db.select({ id: services.id, pay: services.pay_rate_cents }).from(services).where(eq(services.business_id, businessId))
  return new Map(rows.map((row) => [row.id, row.pay ?? 0]))
}

export async function insertProposal(db: Db, businessId: string, values: { assignments: ProposedShift[]; answer: Record<string, unknown>; created_by: string }): Promise<FillProposalRow> {
  const [row] = await db
    .insert(fillProposals)
    .values({ business_id: businessId, ...values })
    .returning()
  return row!
}

/** A proposal, locked for the apply. */
export async function proposalForUpdate(db: Db, businessId: string, id: string): Promise<FillProposalRow | undefined> {
  const [row] = await db.select().from(fillProposals).where(and(eq(fillProposals.business_id, businessId), eq(fillProposals.id, id))).for('update')
  return row
}

export async function markApplied(db: Db, businessId: string, id: string): Promise<void> {
  await db
    .update(fillProposals)
    .set({ status: 'applied', version: sql`${fillProposals.version} + 1`, updated_at: new Date() })
    .where(and(eq(fillProposals.business_id, businessId), eq(fillProposals.id, id)))
}
