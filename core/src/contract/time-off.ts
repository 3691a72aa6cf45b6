import { z } from 'zod'
import { isDecimal } from '../domain/money.ts'
import { isLocalDate, localDaysBetween } from '../domain/local-date.ts'
import { Id, ListQuery, RequiredText, Timestamp, Version } from './common.ts'
import { LocalDateField, LocalTimeField, SCHEDULE_PAGE_MAX, SCHEDULE_RANGE_DAYS, ShiftStatus } from './schedule.ts'
import { HexColour } from './service.ts'

/** Days from one date to another, or null when either is not a date (its own field says so). */
const daysFrom = (from: string | undefined, to: string | undefined) => (from && to && isLocalDate(from) && isLocalDate(to) ? localDaysBetween(from, to) : null)

/** A year of minutes (366 days): the most any amount of leave can be. */
export const LEAVE_MINUTES_MAX = 527_040
const LeaveMinutes = z.number().int('Use whole minutes').min(0, 'Use zero or more').max(LEAVE_MINUTES_MAX, 'Use at most a year')

/** How a category counts its leave: in days (of `day_minutes`) or in hours. */
export const TimeoffUnit = z.enum(['days', 'hours'])
/** How a balance grows: not kept, an allowance each calendar year, or earned per hour worked. */
export const TimeoffAccrual = z.enum(['none', 'yearly', 'per_hour_worked'])

/** Hours earned per hour worked, as exact decimal text: `'0.04'` is 4 % (about 2 weeks a year full-time). */
export const AccrualRate = z
  .string()
  .trim()
  .refine((value) => isDecimal(value) && Number(value) > 0 && Number(value) <= 1, 'Use a number of hours per hour worked such as 0.04')

const categoryFields = {
  name: RequiredText(80),
  colour: HexColour,
  /** Paid leave is paid at the person's rate; unpaid only keeps them off the schedule. */
  paid: z.boolean(),
  unit: TimeoffUnit,
  /** How long a day off counts for (8 hours unless the business says otherwise). */
  day_minutes: z.number().int('Use whole minutes').min(60, 'Use at least an hour').max(1440, 'Use at most 24 hours'),
  accrual: TimeoffAccrual,
  yearly_allowance_minutes: LeaveMinutes.nullable(),
  accrual_rate: AccrualRate.nullable(),
  /** The most of a year's leftover that goes into the next; null: all of it. */
  carry_over_max_minutes: LeaveMinutes.nullable(),
  /** Whether a request may take more than is left (the balance goes below zero). */
  allow_negative: z.boolean(),
  /** An archived category takes no new requests; its past requests keep it. */
  active: z.boolean(),
}

/**
 * A kind of time off (vacation, sick leave, unpaid leave…): its colour on calendars, paid or
 * not, counted in days or hours, and how its balance is kept.
 */
export const TimeoffCategory = z.object({
  id: Id,
  ...categoryFields,
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type TimeoffCategory = z.infer<typeof TimeoffCategory>

type CategoryRules = Pick<TimeoffCategory, 'accrual' | 'yearly_allowance_minutes' | 'accrual_rate'>

/**
 * What a category's accrual needs and a record with it must have: a yearly allowance, or a
 * rate per hour worked. By field, or nothing when it holds.
 * @example
 * categoryProblems({ accrual: 'yearly', yearly_allowance_minutes: null, accrual_rate: null }) // { yearly_allowance_minutes: 'Required…' }
 */
export function categoryProblems(category: CategoryRules): Record<string, string> | undefined {
  if (category.accrual === 'yearly' && category.yearly_allowance_minutes === null) return { yearly_allowance_minutes: 'Required for a yearly allowance' }
  if (category.accrual === 'per_hour_worked' && category.accrual_rate === null) return { accrual_rate: 'Required for leave earned per hour worked' }
  return undefined
}

function refineCategory(category: Partial<CategoryRules>, ctx: z.RefinementCtx) {
  if (category.accrual === undefined) return
  const problems = categoryProblems({ accrual: category.accrual, yearly_allowance_minutes: category.yearly_allowance_minutes ?? null, accrual_rate: category.accrual_rate ?? null })
  for (const [path, message] of Object.entries(problems ?? {})) ctx.addIssue({ code: 'custom', path: [path], message })
}

/**
 * A new category; what is not given is an active, paid, day-counted category keeping no balance.
 * @example
 * CreateTimeoffCategoryBody.parse({ name: 'Vacation', accrual: 'yearly', yearly_allowance_minutes: 4800 })
 */
export const CreateTimeoffCategoryBody = z
  .object({
    ...categoryFields,
    colour: categoryFields.colour.default('#0d9488'),
    paid: categoryFields.paid.default(true),
    unit: categoryFields.unit.default('days'),
    day_minutes: categoryFields.day_minutes.default(480),
    accrual: categoryFields.accrual.default('none'),
    yearly_allowance_minutes: categoryFields.yearly_allowance_minutes.default(null),
    accrual_rate: categoryFields.accrual_rate.default(null),
    carry_over_max_minutes: categoryFields.carry_over_max_minutes.default(null),
    allow_negative: categoryFields.allow_negative.default(false),
    active: categoryFields.active.default(true),
  })
  .superRefine(refineCategory)
export type CreateTimeoffCategoryBody = z.infer<typeof CreateTimeoffCategoryBody>

/** Changes to a category (archive it with `active: false`); the version read guards against lost updates. */
export const UpdateTimeoffCategoryBody = z.object(categoryFields).partial().extend({ version: Version })
export type UpdateTimeoffCategoryBody = z.infer<typeof UpdateTimeoffCategoryBody>

/** `GET /timeoff_category`: search by name, `filter[active]`, sort by name or creation. */
export const TimeoffCategoryQuery = ListQuery.extend({
  sort: z.enum(['name', 'created_at']).optional(),
  filter: z.object({ active: z.enum(['true', 'false']).optional() }).optional(),
})
export type TimeoffCategoryQuery = z.infer<typeof TimeoffCategoryQuery>

/** A request's status: a state of the time-off machine (machines/src/time-off-machine.ts). */
export const TIMEOFF_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'cancellation_requested'] as const
export const TimeoffStatus = z.enum(TIMEOFF_STATUSES)
export type TimeoffStatus = z.infer<typeof TimeoffStatus>

export const TimeoffPeriod = z.enum(['days', 'half_day', 'hours'])
export const TimeoffHalf = z.enum(['morning', 'afternoon'])

/** A person named in an answer. */
const PersonRef = z.object({ id: Id, name: z.string() })

/** A shift of the person inside the time asked for: what approving touches. */
export const TimeoffShift = z.object({
  id: Id,
  date: LocalDateField,
  start_time: LocalTimeField,
  end_time: LocalTimeField,
  starts_at: Timestamp,
  ends_at: Timestamp,
  location: z.object({ id: Id, name: z.string() }),
  service: z.object({ id: Id, name: z.string(), colour: z.string() }),
  /** draft, published (staff know of it) or in_progress (cannot be unassigned any more). */
  status: ShiftStatus,
})
export type TimeoffShift = z.infer<typeof TimeoffShift>

/**
 * A request for time off: whose, which category, when (whole days, a half day or hours on one
 * day, on the business's clock, with the instants they span) and how many minutes it takes from
 * the balance. `shifts` are the person's shifts in that time (for someone who decides, drafts
 * included), `allowed_events` what the viewer may do with it now.
 */
export const TimeoffRequest = z.object({
  id: Id,
  staff: PersonRef,
  category: z.object({ id: Id, name: z.string(), colour: z.string(), unit: TimeoffUnit, day_minutes: z.number().int(), paid: z.boolean() }),
  period: TimeoffPeriod,
  start_date: LocalDateField,
  end_date: LocalDateField,
  half: TimeoffHalf.nullable(),
  start_time: LocalTimeField.nullable(),
  end_time: LocalTimeField.nullable(),
  starts_at: Timestamp,
  ends_at: Timestamp,
  minutes: z.number().int(),
  note: z.string().nullable(),
  status: TimeoffStatus,
  /** Why it was declined (or a cancellation refused). */
  decision_note: z.string().nullable(),
  requested_by: PersonRef,
  decided_by: PersonRef.nullable(),
  decided_at: Timestamp.nullable(),
  shifts: z.array(TimeoffShift),
  /** How many of the person's shifts its approval made open: those still open go back to them if it is cancelled. */
  opened_shifts: z.number().int(),
  allowed_events: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type TimeoffRequest = z.infer<typeof TimeoffRequest>

/** The longest request: a year. */
export const TIMEOFF_DAYS_MAX = 366

/**
 * A new request, for oneself (or, for someone who decides time off, for a team member):
 * whole days from `start_date` to `end_date`, half of `start_date`, or hours on it.
 * @example
 * CreateTimeoffRequestBody.parse({ category_id, period: 'hours', start_date: '2026-06-01', start_time: '14:00', end_time: '16:00' })
 */
export const CreateTimeoffRequestBody = z
  .object({
    staff_id: Id.optional(),
    category_id: Id,
    period: TimeoffPeriod.default('days'),
    start_date: LocalDateField,
    end_date: LocalDateField.optional(),
    half: TimeoffHalf.optional(),
    start_time: LocalTimeField.optional(),
    end_time: LocalTimeField.optional(),
    note: z.string().trim().max(500, 'Use at most 500 characters').nullable().default(null),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (body.period !== 'days' && body.end_date !== undefined && body.end_date !== body.start_date) issue('end_date', 'A half day or hours are on one day')
    const length = daysFrom(body.start_date, body.end_date)
    if (body.period === 'days' && length !== null) {
      if (length < 0) issue('end_date', 'End on or after the first day')
      else if (length >= TIMEOFF_DAYS_MAX) issue('end_date', 'Ask for at most a year at a time')
    }
    if (body.period === 'half_day' && !body.half) issue('half', 'Choose the morning or the afternoon')
    if (body.period === 'hours') {
      if (!body.start_time) issue('start_time', 'Required')
      if (!body.end_time) issue('end_time', 'Required')
      if (body.start_time && body.end_time && body.end_time <= body.start_time) issue('end_time', 'End after the start, on the same day')
    }
  })
export type CreateTimeoffRequestBody = z.infer<typeof CreateTimeoffRequestBody>

/** A list of statuses, comma-separated: `filter[status]=approved,cancellation_requested`. */
const StatusList = z
  .string()
  .transform((text) => text.split(',').map((part) => part.trim()))
  .pipe(z.array(TimeoffStatus).min(1))

/**
 * `GET /timeoff_request`: the requests the viewer may see (their own; everyone's for someone
 * who decides), those touching `from`–`to` (business days, both included), by `filter[scope]`
 * (mine, team: other people's, all), status (one or several), category and person. With a range
 * of at most six weeks, `page_size` may go up to 5,000 (a schedule board's week at once).
 */
export const TimeoffRequestQuery = ListQuery.extend({
  from: LocalDateField.optional(),
  to: LocalDateField.optional(),
  page_size: z.coerce.number().int().min(1).max(SCHEDULE_PAGE_MAX).default(20),
  sort: z.enum(['start_date', 'created_at', 'staff', 'status']).optional(),
  filter: z
    .object({
      scope: z.enum(['mine', 'team', 'all']).optional(),
      status: StatusList.optional(),
      category: Id.optional(),
      staff: Id.optional(),
    })
    .optional(),
}).superRefine((query, ctx) => {
  if (query.from && query.to && query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
  const length = daysFrom(query.from, query.to)
  const bounded = length !== null && length < SCHEDULE_RANGE_DAYS
  if (query.page_size > 100 && !bounded) {
    ctx.addIssue({ code: 'custom', path: ['page_size'], message: `Use at most 100, or give from and to at most ${SCHEDULE_RANGE_DAYS} days apart` })
  }
})
export type TimeoffRequestQuery = z.infer<typeof TimeoffRequestQuery>

const Reason = z.string().trim().min(1, 'Say why').max(500, 'Use at most 500 characters')

/** `POST /timeoff_request/{id}/events`: a time-off machine event, with the version read and what the event needs. */
export const TimeoffEventBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('timeoff.approve'), version: Version, unassign_shifts: z.boolean().default(false) }),
  z.object({ type: z.literal('timeoff.reject'), version: Version, reason: Reason }),
  z.object({ type: z.literal('timeoff.cancel'), version: Version }),
  z.object({ type: z.literal('timeoff.cancellation.approve'), version: Version }),
  z.object({ type: z.literal('timeoff.cancellation.refuse'), version: Version, reason: Reason.optional() }),
])
export type TimeoffEventBody = z.infer<typeof TimeoffEventBody>

/** `POST /timeoff_request/events`: approve or reject many requests at once, all or none. */
export const BulkTimeoffEventsBody = z
  .object({
    type: z.enum(['timeoff.approve', 'timeoff.reject']),
    ids: z.array(Id).min(1).max(500),
    unassign_shifts: z.boolean().default(false),
    reason: Reason.optional(),
  })
  .refine((body) => body.type !== 'timeoff.reject' || body.reason !== undefined, { path: ['reason'], message: 'Say why' })
export const BulkTimeoffEventsResult = z.object({ requests: z.array(TimeoffRequest) })

/**
 * A person's balance of one category in the calendar year of `date`, in minutes: carried over
 * from the year before, earned (the allowance, or accrued on completed work), used (approved),
 * pending, what is left and what a new request may still take. `tracked: false` for a category
 * that keeps no balance (its figures are then what was used and asked for).
 */
export const TimeoffBalance = z.object({
  category: TimeoffRequest.shape.category,
  year: z.number().int(),
  tracked: z.boolean(),
  allow_negative: z.boolean(),
  carried_over_minutes: z.number().int(),
  earned_minutes: z.number().int(),
  used_minutes: z.number().int(),
  pending_minutes: z.number().int(),
  balance_minutes: z.number().int(),
  available_minutes: z.number().int(),
})
export type TimeoffBalance = z.infer<typeof TimeoffBalance>

/** `GET /timeoff_balance`: one's own balances (anyone's for someone who decides) on a day, today by default. */
export const TimeoffBalanceQuery = z.object({ staff_id: Id.optional(), date: LocalDateField.optional() })

/**
 * Who is away when, for a team calendar: approved time off of everyone (and pending requests,
 * marked, for one's own and for someone who decides). The category is named only on one's own
 * time off or to someone who decides: colleagues see that someone is away, not why.
 */
export const TimeoffCalendarEntry = z.object({
  id: Id,
  staff: PersonRef,
  category: z.object({ id: Id, name: z.string(), colour: z.string() }).nullable(),
  status: TimeoffStatus,
  period: TimeoffPeriod,
  start_date: LocalDateField,
  end_date: LocalDateField,
  half: TimeoffHalf.nullable(),
  start_time: LocalTimeField.nullable(),
  end_time: LocalTimeField.nullable(),
  starts_at: Timestamp,
  ends_at: Timestamp,
})
export type TimeoffCalendarEntry = z.infer<typeof TimeoffCalendarEntry>

/** `GET /timeoff_calendar?from=&to=`: at most six weeks (a month view with its edges). */
export const TimeoffCalendarQuery = z
  .object({ from: LocalDateField, to: LocalDateField })
  .superRefine((query, ctx) => {
    const length = daysFrom(query.from, query.to)
    if (length === null) return
    if (length < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
    else if (length >= SCHEDULE_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Ask for at most ${SCHEDULE_RANGE_DAYS} days` })
  })
