import { z } from 'zod'
import { LocalDateField } from './schedule.ts'

/**
 * What needs attention, each answered by a filtered list: open shifts this week, shifts whose
 * next publish would tell someone something, staff's requests (take, drop, swap) about shifts still
 * to come, time off waiting for a decision, finished
 * timesheets waiting for approval (and those among them with flags), active people with no
 * shift this week, expense claims waiting for a decision, sent invoices still owed after their
 * due date. A feature that lands adds its key here and one query on the server.
 */
export const ATTENTION_KEYS = [
  'open_shifts',
  'unpublished_shifts',
  'shift_requests',
  'pending_timeoff',
  'timesheets_to_approve',
  'flagged_timesheets',
  'unscheduled_people',
  'expenses_to_approve',
  'overdue_invoices',
] as const
export const AttentionKey = z.enum(ATTENTION_KEYS)
export type AttentionKey = z.infer<typeof AttentionKey>

/** `date`: the day the list to open starts on, when the item's list is the board (the first shift asked about). */
export const AttentionItem = z.object({ key: AttentionKey, count: z.number().int().min(0), date: LocalDateField.optional() })
export type AttentionItem = z.infer<typeof AttentionItem>

/** How a figure is counted: minutes (shown as hours) or cents (CAD). */
export const FigureUnit = z.enum(['minutes', 'cents'])
export type FigureUnit = z.infer<typeof FigureUnit>

/**
 * The week in numbers: hours scheduled (published shifts, breaks out), hours worked (finished
 * timesheets not rejected) and their labour cost (each person's regular, overtime and double
 * time at their rate, or the service's, rounded once per line as a payslip is), the value
 * invoiced (sent invoices issued that week, before tax) and the margin (invoiced less labour).
 */
export const FIGURE_KEYS = ['scheduled_minutes', 'worked_minutes', 'labour_cost_cents', 'invoiced_cents', 'margin_cents'] as const
export const FigureKey = z.enum(FIGURE_KEYS)
export type FigureKey = z.infer<typeof FigureKey>

export const WeekFigure = z.object({ key: FigureKey, unit: FigureUnit, this_week: z.number().int(), last_week: z.number().int() })
export type WeekFigure = z.infer<typeof WeekFigure>

/** A chart over the trend's weeks: one or more series of one unit, a value per week (hours scheduled and worked; revenue invoiced). */
export const TREND_KEYS = ['hours', 'revenue'] as const
export const TrendKey = z.enum(TREND_KEYS)
export const Trend = z.object({
  key: TrendKey,
  unit: FigureUnit,
  series: z.array(z.object({ key: z.string(), values: z.array(z.number().int()) })),
})
export type Trend = z.infer<typeof Trend>

/** How many clients the revenue by client lists, the most invoiced first. */
export const TOP_CLIENTS = 5

/** A client and what was invoiced to it (sent invoices, before tax) over the trend's weeks. */
export const ClientRevenue = z.object({ id: z.string(), name: z.string(), cents: z.number().int() })
export type ClientRevenue = z.infer<typeof ClientRevenue>

/** A business week by its first and last day. */
export const DashboardWeek = z.object({ first_day: LocalDateField, last_day: LocalDateField })

/** How many weeks the trend charts show, this one included. */
export const TREND_WEEKS = 12

/**
 * `GET /dashboard`: the administrators' home, on the business's clock. `first_run` until the
 * business has any shift or timesheet (the setup guide's steps show instead of empty numbers).
 */
export const Dashboard = z.object({
  timezone: z.string(),
  week: DashboardWeek,
  last_week: DashboardWeek,
  first_run: z.boolean(),
  attention: z.array(AttentionItem),
  figures: z.array(WeekFigure),
  /** The first day of each week of the trends, oldest first, this week last. */
  trend_weeks: z.array(LocalDateField),
  trends: z.array(Trend),
  /** Revenue by client over the trend's weeks: the `TOP_CLIENTS` most invoiced. */
  top_clients: z.array(ClientRevenue),
})
export type Dashboard = z.infer<typeof Dashboard>
