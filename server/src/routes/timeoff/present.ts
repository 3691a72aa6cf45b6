import { can, isPrivileged, localDateOf, localTimeOf, type Settings, type TimeoffRequest, type TimeoffShift } from '@rota/core'
import { TIMEOFF_DECIDER_EVENTS, timeOffMachine } from '@rota/machines'
import { eq, type SQL } from 'drizzle-orm'
import type { Auth } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { timeoffRequests } from '../../db/schema/index.ts'
import { offeredEvents } from '../../records/lifecycle.ts'
import { STANDING_STATUSES, shiftsTouching, type TimeoffRequestRow, type TimeoffRequestWithParts, type TouchedShift } from '../../repositories/timeoff-requests.ts'

/** Whoever asks: what they may see of time off and do with it. */
export interface TimeoffViewer {
  userId: string
  /** Decides on other people's time off and sees everyone's (timeoff-requests:update). */
  decides: boolean
  /** An administrator, who may decide on their own time off too (someone must, in a business of one). */
  administrator: boolean
  /** Runs the schedule (schedules:update): sees draft shifts, and may have time off take shifts off people. */
  schedules: boolean
}

export const timeoffViewerOf = (auth: Auth): TimeoffViewer => ({
  userId: auth.userId,
  decides: can(auth, 'timeoff-requests', 'update'),
  administrator: isPrivileged(auth),
  schedules: can(auth, 'schedules', 'update'),
})

/** The requests a viewer may see: their own, or everyone's for someone who decides. */
export function visibleTo(viewer: TimeoffViewer): SQL | undefined {
  return viewer.decides ? undefined : eq(timeoffRequests.staff_id, viewer.userId)
}

const DECIDER = new Set<string>(TIMEOFF_DECIDER_EVENTS)

/**
 * Whether the viewer may send an event on this request at all (the machine then decides by
 * its status): decisions are for someone who decides, on other people's requests (an
 * administrator's own too). Withdrawing is the person's, or whoever recorded it for them; a
 * pending request of someone else's is rejected rather than withdrawn, but someone who
 * decides may ask to cancel approved time off on the person's behalf.
 */
export function permitted(viewer: TimeoffViewer, row: Pick<TimeoffRequestRow, 'staff_id' | 'requested_by' | 'status'>, type: string): boolean {
  if (DECIDER.has(type)) return viewer.decides && (row.staff_id !== viewer.userId || viewer.administrator)
  return row.staff_id === viewer.userId || row.requested_by === viewer.userId || (viewer.decides && row.status !== 'pending')
}

const name = (person: { firstname: string; lastname: string } | null) => (person ? `${person.firstname} ${person.lastname}`.trim() : '')

function presentShift(touched: TouchedShift, timeZone: string): TimeoffShift {
  const { shift, location, service } = touched
  return {
    id: shift.id,
    date: localDateOf(shift.starts_at, timeZone),
    start_time: localTimeOf(shift.starts_at, timeZone),
    end_time: localTimeOf(shift.ends_at, timeZone),
    starts_at: shift.starts_at.toISOString(),
    ends_at: shift.ends_at.toISOString(),
    location,
    service,
    status: shift.status as TimeoffShift['status'],
  }
}

/** A request as the viewer sees it, given the shifts of its person that it touches. */
export function presentRequest(item: TimeoffRequestWithParts, viewer: TimeoffViewer, touched: readonly TouchedShift[], settings: Settings): TimeoffRequest {
  const { request: row, staff, category } = item
  const standing = (STANDING_STATUSES as readonly string[]).includes(row.status)
  const mine = touched.filter(({ shift }) => shift.staff_id === row.staff_id && shift.starts_at < row.ends_at && shift.ends_at > row.starts_at)
  return {
    id: row.id,
    staff: { id: staff.id, name: name(staff) },
    category: { ...category, unit: category.unit as TimeoffRequest['category']['unit'] },
    period: row.period as TimeoffRequest['period'],
    start_date: row.start_date,
    end_date: row.end_date,
    half: row.half as TimeoffRequest['half'],
    start_time: row.start_time?.slice(0, 5) ?? null,
    end_time: row.end_time?.slice(0, 5) ?? null,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    minutes: row.minutes,
    note: row.note,
    status: row.status as TimeoffRequest['status'],
    decision_note: row.decision_note,
    requested_by: { id: row.requested_by, name: name(item.requester) },
    decided_by: row.decided_by ? { id: row.decided_by, name: name(item.decider) } : null,
    decided_at: row.decided_at?.toISOString() ?? null,
    shifts: (standing ? mine : []).map((touchedShift) => presentShift(touchedShift, settings.timezone)),
    opened_shifts: row.opened_shift_ids.length,
    allowed_events: offeredEvents(timeOffMachine, row.status as never, undefined, (type) => permitted(viewer, row, type)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }
}

/**
 * Presents requests for the viewer, the shifts that those still standing touch read in one
 * query (drafts only for someone who runs the schedule: staff see published shifts alone).
 */
export async function presentRequests(db: Db, businessId: string, items: readonly TimeoffRequestWithParts[], viewer: TimeoffViewer, settings: Settings): Promise<TimeoffRequest[]> {
  const standing = items.filter((item) => (STANDING_STATUSES as readonly string[]).includes(item.request.status)).map((item) => item.request.id)
  const touched = await shiftsTouching(db, businessId, standing, { drafts: viewer.schedules })
  return items.map((item) => presentRequest(item, viewer, touched, settings))
}
