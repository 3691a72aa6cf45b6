import {
  businessWeek,
  can,
  conflictsOfEach,
  lineAmount,
  localDateOf,
  localTimeOf,
  minutesBetween,
  shiftConflicts,
  type ConflictContext,
  type Settings,
  type Shift,
  type ShiftConflict,
  type ShiftRequest,
  type ShiftSpan,
} from '@rota/core'
import { SCHEDULER_SHIFT_EVENTS, shiftMachine, type ShiftFacts } from '@rota/machines'
import type { Auth } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import type { PublishedShift } from '../../db/schema/index.ts'
import { offeredEvents } from '../../records/lifecycle.ts'
import { isOverdue } from '../../records/time-clock.ts'
import { awayBetween } from '../../repositories/timeoff-requests.ts'
import { clockedShifts } from '../../repositories/timesheets.ts'
import { pendingRequests, staffRules, swapOffers, staffShiftsBetween, type OtherShift, type ShiftRow, type ShiftWithParts, type StaffRules } from '../../repositories/shifts.ts'

const DAY_MS = 86_400_000

/** Whoever asks: the events they are offered and what they may see depend on it. */
export interface Viewer {
  userId: string
  /** May draft, publish and assign (schedules:update). */
  schedules: boolean
}

export const viewerOf = (auth: Auth): Viewer => ({ userId: auth.userId, schedules: can(auth, 'schedules', 'update') })

/** A shift's minutes paid: its length on the clock (a 23- or 25-hour night counts as such) less its break. */
export const paidMinutesOf = (row: Pick<ShiftRow, 'starts_at' | 'ends_at' | 'break_minutes'>) => Math.max(0, minutesBetween(row.starts_at, row.ends_at) - row.break_minutes)

export const spanOf = (row: Pick<ShiftRow, 'id' | 'starts_at' | 'ends_at' | 'break_minutes' | 'service_id'>): ShiftSpan => ({
  id: row.id,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
  break_minutes: row.break_minutes,
  service_id: row.service_id,
})

/** What the next publish would tell the staff of a shift: new to them, changed, cancelled, or nothing. */
export function pendingChange(row: Pick<ShiftRow, 'status' | 'published' | 'staff_id' | 'location_id' | 'service_id' | 'starts_at' | 'ends_at' | 'break_minutes'>): Shift['pending_change'] {
  if (row.status === 'draft') return 'new'
  if (row.status === 'cancelled') return row.published && row.published.status !== 'cancelled' ? 'cancelled' : null
  if (row.status !== 'published') return null
  if (!row.published) return 'new'
  return differs(row.published, row) ? 'changed' : null
}

function differs(told: PublishedShift, row: Pick<ShiftRow, 'staff_id' | 'location_id' | 'service_id' | 'starts_at' | 'ends_at' | 'break_minutes'>): boolean {
  return (
    told.staff_id !== row.staff_id ||
    told.location_id !== row.location_id ||
    told.service_id !== row.service_id ||
    told.starts_at !== row.starts_at.toISOString() ||
    told.ends_at !== row.ends_at.toISOString() ||
    told.break_minutes !== row.break_minutes
  )
}

/** A saved shift's id (a uuid), as opposed to the stand-in of one being planned (`new-0`, `copy-…`). */
const SAVED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The people, their rules, their other shifts and their time off that the shifts in hand are judged against. */
export interface Surroundings {
  others: Map<string, OtherShift[]>
  /** Each person's approved time off around the shifts, as instants. */
  timeOff: Map<string, { from: Date; to: Date }[]>
  rules: Map<string, StaffRules>
  requests: Map<string, ShiftRequest[]>
  /** Swaps asked for these shifts against a colleague's own, for whoever runs the schedule. */
  swapOffers: Map<string, Shift['swap_offers']>
  settings: Settings
  /** The in-progress shifts clocked into: since when, and whether the staff member is on a break. */
  clocked: Map<string, { since: Date; onBreak: boolean }>
  /** The moment the shifts are judged at (a clocked-in shift may be overdue). */
  now: Date
}

/**
 * Loads, in a few queries for any number of shifts, what their answers need: every other
 * shift and the approved time off of their staff (and of the viewer) in the business weeks
 * around them, those people's rules, the pending requests (all of them for a scheduler, the
 * viewer's own otherwise), and when those in progress were clocked into and which are on a break. With `complete`,
 * `rows` are every shift that starts within it (a scheduler's unfiltered week): they are
 * the other shifts of that span, and only the days around it are read.
 */
export async function surroundings(
  db: Db,
  businessId: string,
  rows: readonly ShiftRow[],
  viewer: Viewer,
  settings: Settings,
  now: Date,
  complete?: { from: Date; to: Date },
): Promise<Surroundings> {
  const staffIds = [...new Set([viewer.userId, ...rows.flatMap((row) => (row.staff_id ? [row.staff_id] : []))])]
  const others = new Map<string, OtherShift[]>()
  let timeOff = new Map<string, { from: Date; to: Date }[]>()
  if (rows.length > 0) {
    const tz = settings.timezone
    const first = rows.reduce((min, row) => (row.starts_at < min ? row.starts_at : min), rows[0]!.starts_at)
    const last = rows.reduce((max, row) => (row.ends_at > max ? row.ends_at : max), rows[0]!.ends_at)
    // The business weeks they fall in (weekly hours), and a day either side (rest, overlap).
    const firstDay = localDateOf(first, tz)
    const lastDay = localDateOf(last, tz)
    const from = new Date(Math.min(businessWeek(firstDay, tz, settings.week_start).from.getTime(), first.getTime() - DAY_MS))
    const to = new Date(Math.max(businessWeek(lastDay, tz, settings.week_start).to.getTime(), last.getTime() + DAY_MS))
    const held = complete ? rows.filter((row) => row.staff_id !== null && row.status !== 'cancelled') : []
    for (const shift of [...held, ...(await staffShiftsBetween(db, businessId, staffIds, from, to, complete))]) {
      const theirs = others.get(shift.staff_id!)
      if (theirs) theirs.push(shift)
      else others.set(shift.staff_id!, [shift])
    }
    // In time order, so that a shift's overlaps are listed the same way whichever query found them.
    for (const theirs of others.values()) theirs.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    timeOff = await awayBetween(db, businessId, staffIds, from, to)
  }
  return {
    others,
    timeOff,
    rules: await staffRules(db, businessId, staffIds),
    requests: await pendingRequests(db, businessId, rows.map((row) => row.id).filter((id) => SAVED.test(id)), viewer.schedules ? undefined : viewer.userId),
    swapOffers: viewer.schedules ? await swapOffers(db, businessId, rows.map((row) => row.id).filter((id) => SAVED.test(id))) : new Map(),
    settings,
    clocked: await clockedShifts(db, businessId, rows.filter((row) => row.status === 'in_progress').map((row) => row.id)),
    now,
  }
}

/** What a shift of `staffId` would conflict with, given what surrounds it. */
export function conflictsOf(span: ShiftSpan, staffId: string | null, around: Surroundings): ShiftConflict[] {
  return staffId ? shiftConflicts(span, conflictContext(staffId, around)) : []
}

/**
 * The conflicts of each of many rows (none for an open, a cancelled or a completed one) by id:
 * each person's other shifts gathered once and compared with all of theirs in one pass.
 */
export function conflictsOfRows(rows: readonly ShiftRow[], around: Surroundings): Map<string, ShiftConflict[]> {
  const byPerson = new Map<string, ShiftRow[]>()
  for (const row of rows) {
    if (!row.staff_id || row.status === 'cancelled' || row.status === 'completed') continue
    const theirs = byPerson.get(row.staff_id)
    if (theirs) theirs.push(row)
    else byPerson.set(row.staff_id, [row])
  }
  const found = new Map<string, ShiftConflict[]>()
  for (const [staffId, theirs] of byPerson) {
    const conflicts = conflictsOfEach(theirs.map(spanOf), conflictContext(staffId, around))
    theirs.forEach((row, index) => found.set(row.id, conflicts[index]!))
  }
  return found
}

function conflictContext(staffId: string, around: Surroundings): ConflictContext {
  const rules = around.rules.get(staffId)
  return {
    others: (around.others.get(staffId) ?? []).filter((other) => other.status !== 'cancelled').map(spanOf),
    timeOff: around.timeOff.get(staffId) ?? [],
    availability: rules?.availability ?? null,
    maxWeeklyMinutes: rules?.maxWeeklyMinutes ?? null,
    serviceIds: rules?.serviceIds ?? [],
    minRestMinutes: around.settings.min_rest_minutes,
    timeZone: around.settings.timezone,
    weekStart: around.settings.week_start,
  }
}

/**
 * The shift machine's facts for this viewer, at `around.now` (the request's clock): a shift
 * whose start is past, as the viewer was told of it, is no longer one to ask about.
 */
export function factsFor(row: ShiftRow, viewer: Viewer, around: Surroundings): ShiftFacts {
  const requests = around.requests.get(row.id) ?? []
  const rules = around.rules.get(viewer.userId)
  const mine = row.staff_id === viewer.userId
  // Only staff take an open shift (`takeable`): whether the viewer is free for it is asked of those alone.
  const askable = row.staff_id === null && !viewer.schedules
  const servesIt = !rules || rules.serviceIds.length === 0 || rules.serviceIds.includes(row.service_id)
  const free = () => conflictsOf(spanOf(row), viewer.userId, around).every((conflict) => conflict.kind !== 'overlap' && conflict.kind !== 'time_off')
  return {
    staffed: row.staff_id !== null,
    changed: pendingChange(row) !== null,
    mine,
    eligible: askable && servesIt && free(),
    requested: requests.some((request) => request.requester.id === viewer.userId),
    pendingRequests: requests.length > 0,
    onBreak: around.clocked.get(row.id)?.onBreak ?? false,
    started: row.starts_at <= around.now,
    overdue: row.status === 'in_progress' && isOverdue(row, around.settings, around.now),
  }
}

const SCHEDULER = new Set<string>(SCHEDULER_SHIFT_EVENTS)
/** Asking for a shift is for staff; a scheduler assigns (themselves too) instead. */
const ASKING = new Set(['shift.request', 'shift.drop', 'shift.swap'])

/** Whether the viewer's role lets them send an event at all (the machine then decides by the facts). */
export function permitted(viewer: Viewer, type: string): boolean {
  return viewer.schedules ? !ASKING.has(type) : !SCHEDULER.has(type)
}

/**
 * Whether the shift as it is (`live`) holds back an event that a staff member, who sees the shift
 * as they were told of it, would otherwise be allowed (decision 024): asking about it (take, drop,
 * swap) while a change of it waits for the next publish, and clocking into it once it was
 * cancelled or given to someone else. Staff are not offered it, and the server refuses it.
 */
export function heldBack(type: string, live: ShiftRow, viewer: Viewer): boolean {
  if (viewer.schedules) return false
  if (ASKING.has(type)) return pendingChange(live) !== null
  if (type === 'shift.clock_in') return live.status !== 'published' || live.staff_id !== viewer.userId
  return false
}

/** The events this viewer may send on a shift, as it offers them (`live`: the shift as it is, when staff see it as told). */
export function eventsFor(status: string, facts: ShiftFacts, viewer: Viewer, live?: ShiftRow): string[] {
  return offeredEvents(shiftMachine, status as Shift['status'], facts, (type) => permitted(viewer, type) && !(live && heldBack(type, live, viewer)))
}

/**
 * Shifts as the viewer sees them: their parts, money, conflicts, requests and the events
 * offered. A week names the same people, places, services, instants and amounts over and
 * over: each is written once per answer and shared by the shifts that name it (a board of
 * 2,800 shifts made as many copies of each, and spent its time collecting them).
 */
export function presentShifts(items: readonly ShiftWithParts[], viewer: Viewer, around: Surroundings): Shift[] {
  const conflicts = conflictsOfRows(items.map((item) => item.shift), around)
  const tz = around.settings.timezone
  const people = new Map<string, NonNullable<Shift['staff']>>()
  const places = new Map<string, Shift['location']>()
  const kinds = new Map<string, Shift['service']>()
  const instants = new Map<number, string>()
  const dates = new Map<number, string>()
  const times = new Map<number, string>()
  const amounts = new Map<string, number>()
  const offered = new Map<string, string[]>()
  const once = <K, V>(known: Map<K, V>, key: K, make: () => V): V => {
    let value = known.get(key)
    if (value === undefined) known.set(key, (value = make()))
    return value
  }
  const iso = (at: Date) => once(instants, at.getTime(), () => at.toISOString())
  const amount = (minutes: number, rate: number) => once(amounts, `${minutes}|${rate}`, () => lineAmount(minutes, rate))

  return items.map(({ shift: row, live, staff, location, service, bill_rate_cents: billRate }) => {
    const paid = paidMinutesOf(row)
    const status = row.status as Shift['status']
    const facts = factsFor(row, viewer, around)
    const held = live ? `${+heldBack('shift.drop', live, viewer)}${+heldBack('shift.clock_in', live, viewer)}` : ''
    return {
      id: row.id,
      staff: staff ? once(people, staff.id, () => ({ id: staff.id, name: `${staff.firstname} ${staff.lastname}`.trim() })) : null,
      location: once(places, location.id, () => ({ ...location, province: location.province as Shift['location']['province'] })),
      service: once(kinds, service.id, () => ({ id: service.id, name: service.name, colour: service.colour })),
      starts_at: iso(row.starts_at),
      ends_at: iso(row.ends_at),
      date: once(dates, row.starts_at.getTime(), () => localDateOf(row.starts_at, tz)),
      start_time: once(times, row.starts_at.getTime(), () => localTimeOf(row.starts_at, tz)),
      end_time: once(times, row.ends_at.getTime(), () => localTimeOf(row.ends_at, tz)),
      break_minutes: row.break_minutes,
      paid_minutes: paid,
      cost_cents: amount(paid, staff?.pay_rate_cents ?? service.pay_rate_cents),
      value_cents: amount(paid, billRate),
      notes: row.notes,
      status,
      series_id: row.series_id,
      // What the next publish brings is the scheduler's to know; staff see the shift as they were told of it.
      pending_change: viewer.schedules ? pendingChange(row) : null,
      clocked_in_at: around.clocked.has(row.id) ? iso(around.clocked.get(row.id)!.since) : null,
      requests: around.requests.get(row.id) ?? NONE,
      swap_offers: around.swapOffers.get(row.id) ?? NONE,
      conflicts: conflicts.get(row.id) ?? NONE,
      allowed_events: once(offered, `${status}|${factsKey(facts)}|${held}`, () => eventsFor(status, facts, viewer, live)),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      version: row.version,
    }
  })
}

/** Facts as a number, one bit each: the events offered depend on them alone (with the status and the viewer). */
const factsKey = (facts: ShiftFacts) =>
  [facts.staffed, facts.changed, facts.mine, facts.eligible, facts.requested, facts.pendingRequests, facts.onBreak, facts.started, facts.overdue].reduce((key, fact, bit) => (fact ? key | (1 << bit) : key), 0)

/** What an answer shows for no requests or no conflicts: one empty list shared by every shift without any. */
const NONE: never[] = Object.freeze([]) as never[]
