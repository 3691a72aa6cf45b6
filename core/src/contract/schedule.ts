import { z } from 'zod'
import { isLocalTime } from '../domain/local-date.ts'
import { Email, Id, INT32_MAX, ListQuery, LocalDateField, Timestamp, Version } from './common.ts'
import { Province } from './account.ts'

export { LocalDateField }
/** A wall-clock time in the business's time zone, `HH:mm` (24-hour). */
export const LocalTimeField = z.string().refine(isLocalTime, 'Use a time such as 09:30')

/** A shift's status: a state of the shift machine (machines/src/shift-machine.ts). */
export const SHIFT_STATUSES = ['draft', 'published', 'in_progress', 'completed', 'cancelled'] as const
export const ShiftStatus = z.enum(SHIFT_STATUSES)
export type ShiftStatus = z.infer<typeof ShiftStatus>

/** What the next publish tells the staff about a shift: new to them, changed, or cancelled. */
export const ShiftChange = z.enum(['new', 'changed', 'cancelled'])

/**
 * Why a shift cannot be, or may not best be, where it is. Errors refuse the save
 * (422): the same person twice at once, a shift inside approved time off. Warnings are
 * the scheduler's call: outside the person's availability, over their weekly hours,
 * less rest between two shifts than the business asks.
 */
export const SHIFT_CONFLICTS = ['overlap', 'time_off', 'availability', 'weekly_hours', 'rest', 'service'] as const
export const ShiftConflict = z.object({
  kind: z.enum(SHIFT_CONFLICTS),
  severity: z.enum(['error', 'warning']),
  /** The other shift involved (overlap, rest), if any. */
  shift_id: Id.nullable(),
  /** Minutes that matter for the warning: over the weekly limit by, rest short of, … */
  minutes: z.number().int().nullable(),
})
export type ShiftConflict = z.infer<typeof ShiftConflict>

/** Staff asking about a published shift: to take an open one, to drop theirs, to swap theirs for another's. */
export const ShiftRequestKind = z.enum(['take', 'drop', 'swap'])
export const ShiftRequest = z.object({
  id: Id,
  kind: ShiftRequestKind,
  requester: z.object({ id: Id, name: z.string() }),
  /** For a swap: the shift offered in exchange. */
  swap_shift_id: Id.nullable(),
  /** For a swap: whose that shift is, where and when, so the swap is judged knowing both sides. */
  swap_shift: z
    .object({ id: Id, staff: z.object({ id: Id, name: z.string() }).nullable(), location: z.object({ id: Id, name: z.string() }), starts_at: Timestamp, ends_at: Timestamp })
    .nullable(),
  status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']),
  note: z.string().nullable(),
  created_at: Timestamp,
})
export type ShiftRequest = z.infer<typeof ShiftRequest>

/**
 * Where a shift is worked: the client's name and address, and its map coordinates when the
 * client has them. Carried on the shift because staff, who must find the door, may not read
 * clients (locations:read); only what gets them there, none of the client's contacts or billing.
 * @example
 * ShiftLocation.parse({ id, name: 'Casa Martínez', street: '12 Rue Saint-Denis', city: 'Montréal', province: 'QC',
 *   postal_code: 'H2X 3K8', latitude: 45.5154, longitude: -73.5687 })
 */
export const ShiftLocation = z.object({
  id: Id,
  name: z.string(),
  street: z.string(),
  city: z.string(),
  province: Province,
  postal_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type ShiftLocation = z.infer<typeof ShiftLocation>

/**
 * A shift: a staff member (or nobody: an open shift) at a client location for a service,
 * from `starts_at` to `ends_at` (it may cross midnight), with unpaid break minutes.
 * `date`, `start_time` and `end_time` are the same instants on the business's clock.
 * Its cost is its paid minutes at the staff member's pay rate (or the service's), its
 * value its paid minutes at the service's bill rate.
 */
export const Shift = z.object({
  id: Id,
  staff: z.object({ id: Id, name: z.string() }).nullable(),
  location: ShiftLocation,
  service: z.object({ id: Id, name: z.string(), colour: z.string() }),
  starts_at: Timestamp,
  ends_at: Timestamp,
  date: LocalDateField,
  start_time: LocalTimeField,
  end_time: LocalTimeField,
  break_minutes: z.number().int(),
  paid_minutes: z.number().int(),
  cost_cents: z.number().int(),
  value_cents: z.number().int(),
  notes: z.string().nullable(),
  status: ShiftStatus,
  series_id: Id.nullable(),
  pending_change: ShiftChange.nullable(),
  /**
   * Swaps a colleague asked for that would give them this shift for theirs, to whoever runs the
   * schedule: decided on the colleague's shift, shown here so this side knows.
   */
  swap_offers: z.array(
    z.object({
      request_id: Id,
      requester: z.object({ id: Id, name: z.string() }),
      shift: z.object({ id: Id, location: z.object({ id: Id, name: z.string() }), starts_at: Timestamp, ends_at: Timestamp }),
    }),
  ),
  /** While the shift is in progress, when its staff member clocked in (null otherwise). */
  clocked_in_at: Timestamp.nullable(),
  requests: z.array(ShiftRequest),
  conflicts: z.array(ShiftConflict),
  allowed_events: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type Shift = z.infer<typeof Shift>

/**
 * A colleague's published shift that one's own could be exchanged for (`shift.swap`): each of
 * the two people is free for the other's shift and may work its service. Names, times and
 * places only — what a swap needs, nothing of the colleague's pay or other shifts.
 */
export const SwapOption = Shift.pick({ id: true, staff: true, starts_at: true, ends_at: true, date: true, start_time: true, end_time: true }).extend({
  staff: z.object({ id: Id, name: z.string() }),
  location: z.object({ id: Id, name: z.string() }),
  service: z.object({ id: Id, name: z.string() }),
})
export type SwapOption = z.infer<typeof SwapOption>

const editable = {
  /** Nobody (null) makes an open shift. */
  staff_id: Id.nullable(),
  location_id: Id,
  service_id: Id,
  date: LocalDateField,
  start: LocalTimeField,
  /** At or before `start`: the shift ends the next day. */
  end: LocalTimeField,
  break_minutes: z.number().int('Use whole minutes').min(0, 'Use zero or more').max(720, 'Use at most 720 minutes'),
  notes: z.string().trim().max(2000, 'Use at most 2000 characters').nullable(),
}

/** A repeat rule (RFC 5545): weekly on some days, until a date or a number of times. */
export const RepeatRule = z.object({
  /** e.g. `FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10` or `…;UNTIL=20261231`. */
  rrule: z.string().trim().min(10).max(300).regex(/^FREQ=(DAILY|WEEKLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/, 'Use a daily or weekly repeat rule'),
})

/**
 * A new shift, drafted; on the business's clock. With `repeat`, one shift per
 * occurrence (at most a year's), each editable on its own or with the ones after it.
 * @example
 * CreateShiftBody.parse({ staff_id: null, location_id, service_id, date: '2026-03-09', start: '22:00', end: '06:00' })
 */
export const CreateShiftBody = z.object({
  ...editable,
  staff_id: editable.staff_id.default(null),
  break_minutes: editable.break_minutes.default(0),
  notes: editable.notes.default(null),
  repeat: RepeatRule.optional(),
})
export type CreateShiftBody = z.infer<typeof CreateShiftBody>

/** Changes to a shift; `scope: 'following'` applies them to this shift and the later ones of its series. */
export const UpdateShiftBody = z
  .object(editable)
  .partial()
  .extend({ version: Version, scope: z.enum(['this', 'following']).default('this') })
export type UpdateShiftBody = z.infer<typeof UpdateShiftBody>

/** A week of 200 people is about 2,800 shifts: a board asks for a bounded range in one answer. */
export const SCHEDULE_RANGE_DAYS = 42
export const SCHEDULE_PAGE_MAX = 5000

/**
 * `GET /schedule?from=2026-03-09&to=2026-03-15`: the shifts starting on those days (business
 * clock, both included), by staff (`open` for open shifts), client, service, status, role.
 * With a range of at most six weeks, `page_size` may go up to 5,000 (a whole board at once).
 */
export const ShiftQuery = ListQuery.extend({
  from: LocalDateField.optional(),
  to: LocalDateField.optional(),
  page_size: z.coerce.number().int().min(1).max(SCHEDULE_PAGE_MAX).default(20),
  sort: z.enum(['starts_at', 'staff', 'location']).optional(),
  filter: z
    .object({
      staff: z.union([Id, z.literal('open')]).optional(),
      location: Id.optional(),
      service: Id.optional(),
      status: ShiftStatus.optional(),
      role: Id.optional(),
      /** Shifts whose next publish would tell someone something. */
      pending: z.enum(['true']).optional(),
    })
    .optional(),
}).superRefine((query, ctx) => {
  if (query.from && query.to && query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
  const bounded = query.from && query.to && daysBetween(query.from, query.to) < SCHEDULE_RANGE_DAYS
  if (query.page_size > 100 && !bounded) {
    ctx.addIssue({ code: 'custom', path: ['page_size'], message: `Use at most 100, or give from and to at most ${SCHEDULE_RANGE_DAYS} days apart` })
  }
})
export type ShiftQuery = z.infer<typeof ShiftQuery>

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/**
 * Where the browser says its person stands, sent with a clock-in or clock-out when they
 * consent; anywhere on Earth (the check against the client's coordinates flags, never refuses).
 */
export const ClockPosition = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy_m: z.number().min(0).max(1_000_000).nullable().optional(),
})
export type ClockPosition = z.infer<typeof ClockPosition>

/**
 * `POST /schedule/{id}/events`: a shift machine event, with the version read and what the event
 * needs. Clocking in and out (`shift.clock_in`, `shift.complete`) may carry the browser's
 * position; they and the breaks write the shift's timesheet in the same transaction.
 */
export const ShiftEventBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('shift.publish'), version: Version }),
  z.object({ type: z.literal('shift.cancel'), version: Version, note: z.string().trim().max(500).optional() }),
  z.object({ type: z.literal('shift.assign'), version: Version, staff_id: Id }),
  z.object({ type: z.literal('shift.unassign'), version: Version }),
  z.object({ type: z.literal('shift.request'), version: Version, note: z.string().trim().max(500).optional() }),
  z.object({ type: z.literal('shift.drop'), version: Version, note: z.string().trim().max(500).optional() }),
  z.object({ type: z.literal('shift.swap'), version: Version, with_shift_id: Id, note: z.string().trim().max(500).optional() }),
  z.object({ type: z.literal('shift.withdraw'), version: Version, request_id: Id }),
  z.object({ type: z.literal('shift.approve'), version: Version, request_id: Id }),
  z.object({ type: z.literal('shift.reject'), version: Version, request_id: Id, note: z.string().trim().max(500).optional() }),
  z.object({ type: z.literal('shift.clock_in'), version: Version, position: ClockPosition.nullable().optional() }),
  z.object({ type: z.literal('shift.break_start'), version: Version }),
  z.object({ type: z.literal('shift.break_end'), version: Version }),
  z.object({ type: z.literal('shift.complete'), version: Version, position: ClockPosition.nullable().optional(), note: z.string().trim().max(500).optional() }),
])
export type ShiftEventBody = z.infer<typeof ShiftEventBody>

/** `POST /schedule/events`: publish or cancel many shifts at once (a week, a client's week), all or none. */
export const BulkShiftEventsBody = z.object({
  type: z.enum(['shift.publish', 'shift.cancel']),
  ids: z.array(Id).min(1).max(SCHEDULE_PAGE_MAX),
})
export const BulkShiftEventsResult = z.object({ shifts: z.array(Shift), notified: z.number().int() })

/** `POST /schedule/check`: what a shift would conflict with, before it is saved (`id` leaves the shift itself out). */
export const CheckShiftBody = z.object({ ...editable, staff_id: editable.staff_id.default(null), break_minutes: editable.break_minutes.default(0), notes: editable.notes.default(null), id: Id.optional() })
export const CheckShiftResult = z.object({ conflicts: z.array(ShiftConflict), paid_minutes: z.number().int(), cost_cents: z.number().int(), value_cents: z.number().int() })

/** `POST /schedule/copy`: a week (or a day) to another, as drafts, skipping what would conflict. */
export const CopyScheduleBody = z.object({
  from: LocalDateField,
  to: LocalDateField,
  days: z.union([z.literal(1), z.literal(7)]).default(7),
  filter: z.object({ location: Id.optional(), staff: Id.optional() }).optional(),
})
export const CopyScheduleResult = z.object({
  created: z.number().int(),
  /** `clock_gap`: its start or end would fall in the hour the clocks skip that day (spring forward). */
  skipped: z.array(z.object({ shift_id: Id, date: LocalDateField, staff: z.string().nullable(), reason: z.enum([...SHIFT_CONFLICTS, 'clock_gap']) })),
})

/**
 * A row of a shifts file (`rota shifts import`): who (an e-mail, or nobody for an open
 * shift), where and what by name, and when on the business's clock. The names and the
 * e-mail are matched to the business's clients, services and team at the commit.
 * @example
 * ShiftImportRow.parse({ staff_email: 'zoe@acme.ca', client: 'Harbour Tower', service: 'Night watch', date: '2026-03-09', start: '22:00', end: '06:00' })
 */
export const ShiftImportRow = z.object({
  staff_email: Email.nullable().default(null),
  client: z.string().trim().min(1, 'Required').max(200, 'Use at most 200 characters'),
  service: z.string().trim().min(1, 'Required').max(200, 'Use at most 200 characters'),
  date: LocalDateField,
  start: LocalTimeField,
  end: LocalTimeField,
  break_minutes: editable.break_minutes.default(0),
  notes: editable.notes.default(null),
})
export type ShiftImportRow = z.infer<typeof ShiftImportRow>

/** The longest range one `GET /schedule/export` answers for: a year. */
export const SCHEDULE_EXPORT_DAYS = 366

/**
 * `GET /schedule/export?from=2026-03-01&to=2026-03-31`: the shifts starting on those days
 * (business clock, both included), a page at a time (up to 5,000 rows).
 */
export const ShiftExportQuery = z
  .object({
    from: LocalDateField,
    to: LocalDateField,
    page: ListQuery.shape.page,
    page_size: z.coerce.number().int().min(1).max(SCHEDULE_PAGE_MAX).default(1000),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
    else if (daysBetween(query.from, query.to) >= SCHEDULE_EXPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Use a range of at most ${SCHEDULE_EXPORT_DAYS} days` })
  })

/** A shift as a shifts file holds it: the import's columns (so an export imports again), and its status. */
export const ShiftExportRow = z.object({
  staff_email: z.string().nullable(),
  client: z.string(),
  service: z.string(),
  date: LocalDateField,
  start: LocalTimeField,
  end: LocalTimeField,
  break_minutes: z.number().int(),
  notes: z.string().nullable(),
  status: ShiftStatus,
})
export type ShiftExportRow = z.infer<typeof ShiftExportRow>

/** A weekly window a person can work (business clock): `weekday` 0 Sunday … 6 Saturday. */
export const AvailabilityWindow = z.object({ weekday: z.number().int().min(0).max(6), start: LocalTimeField, end: LocalTimeField })
/** A dated exception: unavailable all day, or available only between `start` and `end`. */
export const AvailabilityException = z.object({
  date: LocalDateField,
  available: z.boolean(),
  start: LocalTimeField.nullable(),
  end: LocalTimeField.nullable(),
  note: z.string().trim().max(200).nullable(),
})
/**
 * When a person can work: weekly windows (none at all means any time) and dated exceptions.
 * Set by the person or a scheduler, as a whole.
 */
export const Availability = z.object({
  user_id: Id,
  windows: z.array(AvailabilityWindow).max(70),
  exceptions: z.array(AvailabilityException).max(400),
  version: z.number().int().min(0).max(INT32_MAX),
})
export type Availability = z.infer<typeof Availability>
export const UpdateAvailabilityBody = Availability.omit({ user_id: true })
export const UserIdParams = z.object({ user_id: Id })

/** A person's private calendar feed (iCalendar) of their published shifts: a signed address, revocable. */
export const CalendarFeed = z.object({ url: z.string() })
