import { IMPORT_ERRORS_SHOWN, localDateOf, localTimeOf, sortByColumn, type CellError, type ImportRowError, type Settings, type ShiftConflict } from '@rota/core'
import { randomUUID } from 'node:crypto'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { completeGuideStep, getSettings } from '../../repositories/businesses.ts'
import { copyShifts, refusedShifts, shiftsStartingBetween, stagedShifts, type ImportedShift, type RefusedShift, type ShiftFields, type StagedShift } from '../../repositories/import-shifts.ts'
import { stagedTally, type CommitCounts, type JobRow } from '../../repositories/imports.ts'
import { publishedState, type OtherShift } from '../../repositories/shifts.ts'
import { plannedId, verdicts } from '../schedules/judge.ts'
import type { Surroundings } from '../schedules/present.ts'
import { auditMany } from '../audit.ts'
import { tellAll } from '../schedules/tell.ts'

/** A shifts import's outcome: the counts of any import, its warnings, and the people told (or who would be). */
export interface ShiftCommit extends CommitCounts {
  warned: number
  warnings: ImportRowError[]
  notified: number
}

type Placed = StagedShift & { location_id: string; service_id: string }

const UNKNOWN = {
  staff: { column: 'staff_email', code: 'unknown_staff', message: 'No team member has this e-mail (or they are disabled)' },
  client: { column: 'client', code: 'unknown_client', message: 'No client has this name' },
  service: { column: 'service', code: 'unknown_service', message: 'No service has this name' },
  archivedClient: { column: 'client', code: 'archived_client', message: 'This client is archived: restore it to schedule it' },
  archivedService: { column: 'service', code: 'archived_service', message: 'This service is archived: restore it to schedule it' },
} as const satisfies Record<string, CellError>

/** Which people, clients and services a row names that the business does not have, or has archived. */
function unknownParts(row: RefusedShift | StagedShift): CellError[] {
  return [
    ...(row.staff_key && !row.staff_id ? [UNKNOWN.staff] : []),
    ...(row.location_key && !row.location_id ? [UNKNOWN.client] : row.location_active === false ? [UNKNOWN.archivedClient] : []),
    ...(row.service_key && !row.service_id ? [UNKNOWN.service] : row.service_active === false ? [UNKNOWN.archivedService] : []),
  ]
}

/** The refused rows' errors, each with the unknown people, clients and services its row also names: all a row's problems are told at once. */
async function refusedWithUnknowns(tx: Db, job: JobRow, shown: readonly ImportRowError[]): Promise<ImportRowError[]> {
  const unknown = new Map<number, CellError[]>()
  for (const row of await refusedShifts(tx, job)) {
    const parts = unknownParts(row)
    if (parts.length > 0) unknown.set(row.line, parts)
  }
  return shown.map((row) => (unknown.has(row.line) ? { line: row.line, errors: sortByColumn('shifts', [...row.errors, ...unknown.get(row.line)!]) } : row))
}

const sameness = (shift: ShiftFields) =>
  `${shift.staff_id ?? ''}|${shift.location_id}|${shift.service_id}|${shift.starts_at.getTime()}|${shift.ends_at.getTime()}|${shift.break_minutes}|${shift.notes ?? ''}`

/**
 * The rows the schedule already holds as they are (same person or none, client, service,
 * times, break and notes, whatever became of the shift since): importing an export again
 * changes nothing. Each existing shift answers for one row.
 */
async function alreadyThere(tx: Db, businessId: string, rows: readonly Placed[]): Promise<Set<Placed>> {
  const found = new Set<Placed>()
  if (rows.length === 0) return found
  const first = new Date(Math.min(...rows.map((row) => row.starts_at.getTime())))
  const last = new Date(Math.max(...rows.map((row) => row.starts_at.getTime())))
  const existing = new Map<string, number>()
  for (const shift of await shiftsStartingBetween(tx, businessId, first, last)) existing.set(sameness(shift), (existing.get(sameness(shift)) ?? 0) + 1)
  for (const row of rows) {
    const left = existing.get(sameness(row)) ?? 0
    if (left === 0) continue
    existing.set(sameness(row), left - 1)
    found.add(row)
  }
  return found
}

/** A conflict of a row as the import reports it: by the line it clashes with, or the existing shift's day and times. */
function problemOf(conflict: ShiftConflict, lineOf: Map<string, number>, shiftOf: (id: string) => OtherShift | undefined, settings: Settings): CellError {
  const column = 'staff_email'
  switch (conflict.kind) {
    case 'overlap': {
      const line = conflict.shift_id ? lineOf.get(conflict.shift_id) : undefined
      if (line !== undefined) return { column, code: 'shift_overlap_line', params: { line }, message: `The same person is on line ${line} at the same time` }
      // Not a row of the file: one of the person's shifts that the row was judged against.
      const other = shiftOf(conflict.shift_id!)!
      const tz = settings.timezone
      const when = { date: localDateOf(other.starts_at, tz), start: localTimeOf(other.starts_at, tz), end: localTimeOf(other.ends_at, tz) }
      return { column, code: 'shift_overlap', params: when, message: `This person already has a shift then (${when.date} ${when.start}–${when.end})` }
    }
    case 'time_off':
      return { column, code: 'shift_time_off', message: 'This person is on approved time off then' }
    case 'availability':
      return { column, code: 'shift_availability', message: 'Outside this person’s availability' }
    case 'weekly_hours':
      return { column, code: 'shift_weekly_hours', params: { minutes: conflict.minutes ?? 0 }, message: `Past this person’s weekly hours by ${conflict.minutes} minutes` }
    case 'rest':
      return { column, code: 'shift_rest', params: { minutes: conflict.minutes ?? 0 }, message: `${conflict.minutes} minutes short of the rest between two shifts` }
    case 'service':
      return { column, code: 'shift_service', message: 'Not a service this person works' }
  }
}

/** Finds a shift among those the rows were judged against. */
function shiftsIn(around: Surroundings): (id: string) => OtherShift | undefined {
  let byId: Map<string, OtherShift> | undefined
  return (id) => (byId ??= new Map([...around.others.values()].flat().map((shift) => [shift.id, shift]))).get(id)
}

const byLine = (a: ImportRowError, b: ImportRowError) => a.line - b.line

/**
 * Commits (or, without `write`, dry-runs) a shifts import in the caller's transaction,
 * with the schedule's own rules: each row's person, client and service must be the
 * business's; a row the schedule already holds as it is stays as it is; the others are
 * judged as one save (`verdicts`), against the shifts there and each other: the same
 * person twice at once or on time off refuses a row, a warning (availability, weekly
 * hours, rest, service) is reported with it. With refused rows and `requireAllValid`,
 * nothing is written. With `publish` the new shifts are published as they are written
 * and each person told once, as publishing a week does.
 */
export async function commitShifts(
  ctx: HandlerContext<Auth>,
  tx: Db,
  job: JobRow,
  options: { requireAllValid: boolean; write: boolean; publish: boolean },
): Promise<ShiftCommit> {
  const { businessId, userId } = ctx.auth
  const tally = await stagedTally(tx, job)
  const settings = await getSettings(tx, businessId)
  const refused = new Map<number, CellError[]>()
  const placed: Placed[] = []
  for (const row of await stagedShifts(tx, job)) {
    const unknown = unknownParts(row)
    if (unknown.length > 0) refused.set(row.line, unknown)
    else placed.push(row as Placed)
  }
  const there = await alreadyThere(tx, businessId, placed)
  const fresh = placed.filter((row) => !there.has(row))
  const { conflicts, around } = await verdicts({ ...ctx, db: tx }, fresh.map((row) => ({ ...row, id: null })), settings)
  const lineOf = new Map(fresh.map((row, index) => [plannedId(index), row.line]))
  const shiftOf = shiftsIn(around)
  const warnings: ImportRowError[] = []
  const kept: Placed[] = []
  fresh.forEach((row, index) => {
    const found = conflicts[index]!
    const errors = found.filter((conflict) => conflict.severity === 'error')
    if (errors.length > 0) return void refused.set(row.line, errors.map((conflict) => problemOf(conflict, lineOf, shiftOf, settings)))
    kept.push(row)
    if (found.length > 0) warnings.push({ line: row.line, errors: found.map((conflict) => problemOf(conflict, lineOf, shiftOf, settings)) })
  })

  const invalid = tally.invalid + refused.size
  const errors = [...(await refusedWithUnknowns(tx, job, tally.errors)), ...[...refused].map(([line, problems]) => ({ line, errors: problems }))].sort(byLine).slice(0, IMPORT_ERRORS_SHOWN)
  const shown = { warned: warnings.length, warnings: warnings.slice(0, IMPORT_ERRORS_SHOWN) }
  if (invalid > 0 && options.requireAllValid && options.write) return { created: 0, updated: 0, unchanged: 0, invalid, errors, ...shown, notified: 0 }
  const counts = { created: kept.length, updated: 0, unchanged: there.size, invalid, errors, ...shown }
  const people = new Set(kept.flatMap((row) => (row.staff_id ? [row.staff_id] : [])))
  if (!options.write) return { ...counts, notified: options.publish ? people.size : 0 }

  const status = options.publish ? 'published' : 'draft'
  const written: ImportedShift[] = kept.map((row) => {
    const fields = { staff_id: row.staff_id, location_id: row.location_id, service_id: row.service_id, starts_at: row.starts_at, ends_at: row.ends_at, break_minutes: row.break_minutes, notes: row.notes }
    return { ...fields, id: randomUUID(), status, published: options.publish ? publishedState({ ...fields, status }) : null, created_by: userId }
  })
  await copyShifts(tx, businessId, written)
  // Each shift's history starts with its import, as one made by hand starts with its creation.
  await auditMany(
    ctx,
    written.map(({ id, staff_id, location_id, service_id, starts_at, ends_at, break_minutes, notes }) => ({
      action: 'shifts.import',
      model: 'schedules',
      recordId: id,
      after: { staff_id, location_id, service_id, starts_at: starts_at.toISOString(), ends_at: ends_at.toISOString(), break_minutes, notes, status, file_name: job.file_name },
    })),
    tx,
  )
  if (!options.publish || written.length === 0) return { ...counts, notified: 0 }
  await completeGuideStep(tx, businessId, 'schedules')
  const notified = await tellAll(tx, businessId, written.flatMap((shift) => (shift.staff_id ? [{ userId: shift.staff_id, change: 'new' as const, shift }] : [])))
  return { ...counts, notified }
}
