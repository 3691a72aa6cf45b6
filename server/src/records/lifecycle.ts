import { allowedEvents, nextStatus, type FactsOf, type StatusOf } from '@rota/machines'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AnyStateMachine, EventFromLogic } from 'xstate'
import type { Db } from '../db/database.ts'
import { AppError, conflict, notFound, unprocessable } from '../errors.ts'

/**
 * The one way a record's status changes (DESIGN.md §9): its lifecycle machine decides.
 * A refused event is a 422 `transition_not_allowed` naming the status, the event and what
 * the record does allow, so a client that raced with someone else can say what happened.
 * @example
 * const next = transition(shiftMachine, row.status, body, facts) // 'published', or throws 422
 */
export function transition<M extends AnyStateMachine>(machine: M, status: StatusOf<M>, event: EventFromLogic<M>, facts: FactsOf<M>): StatusOf<M> {
  const next = nextStatus(machine, status, event, facts)
  if (next === null) {
    throw unprocessable('transition_not_allowed', { status, event: event.type, allowed: allowedEvents(machine, status, facts) })
  }
  return next
}

/**
 * The events a record offers the person asking: what its machine allows given the facts,
 * less what this person's role or relation to the record does not permit.
 * @example
 * shift.allowed_events = offeredEvents(shiftMachine, row.status, facts, (type) => canSchedule || !SCHEDULER_EVENTS.includes(type))
 */
export function offeredEvents<M extends AnyStateMachine>(machine: M, status: StatusOf<M>, facts: FactsOf<M>, permitted: (type: string) => boolean): string[] {
  return allowedEvents(machine, status, facts).filter(permitted)
}

/** A versioned tenant table: what `lockForChange` reads. */
interface VersionedColumns {
  business_id: PgColumn
  id: PgColumn
  version: PgColumn
}

/**
 * Reads a record for a change inside the caller's transaction, locking its row until the
 * transaction ends (two changes of one record queue rather than both read the same
 * version): 404 for an id the business does not have, 409 `stale_version` when the version
 * sent is not the current one.
 */
export async function lockForChange<Row>(db: Db, table: PgTable & VersionedColumns, businessId: string, id: string, version: number | undefined): Promise<Row> {
  const [row] = (await db
    .select()
    .from(table)
    .where(and(eq(table.business_id, businessId), eq(table.id, id)))
    .for('update')) as unknown as (Row & { version: number })[]
  if (!row) throw notFound()
  if (version !== undefined && row.version !== version) throw conflict('stale_version', { version: `The current version is ${row.version}` })
  return row
}

/** `version = version + 1`, `updated_at = now()`: what every change of a versioned record sets. */
export function nextVersion(table: { version: PgColumn }): { version: SQL; updated_at: Date } {
  return { version: sql`${table.version} + 1`, updated_at: new Date() }
}

/**
 * Runs `work` on each of many records in the caller's transaction, all or none: the first
 * refusal stops it (the transaction rolls back) and answers which record was refused and why.
 */
export async function eachOrNone<T, R>(items: readonly T[], idOf: (item: T) => string, work: (item: T) => Promise<R>): Promise<R[]> {
  const done: R[] = []
  for (const item of items) {
    try {
      done.push(await work(item))
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.status, error.code, { id: idOf(item), ...(isRecord(error.details) ? error.details : {}) }, error.headers)
      throw error
    }
  }
  return done
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
