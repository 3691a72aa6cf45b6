import {
  addLocalDays,
  localDateOf,
  businessWeek,
  businessWeekAt,
  earnings,
  isPrivileged,
  overtimeRuleOn,
  TOP_CLIENTS,
  TREND_WEEKS,
  weekStartFor,
  type BusinessWeek,
  type Settings,
  type WeekFigure,
  type WeekStart,
} from '@rota/core'
import { forbidden } from '../../errors.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { attentionCounts, firstRequestedShift, hasWork, hoursTrend, invoicedByWeek, topClients, weekHoursAndPay, type WorkedAtRate } from '../../repositories/dashboard.ts'
import type { Handlers } from '../handler.ts'

/** The `count` business weeks ending with `week`, oldest first. */
function weeksUpTo(week: BusinessWeek, count: number, settings: Settings, weekStart: WeekStart): BusinessWeek[] {
  return Array.from({ length: count }, (_, index) => businessWeek(addLocalDays(week.firstDay, -7 * (count - 1 - index)), settings.timezone, weekStart))
}

/** Consecutive weeks as their bounds: each week's start, then the last one's end. */
const boundsOf = (weeks: readonly BusinessWeek[]) => [...weeks.map((week) => week.from), weeks.at(-1)!.to]

/** What a week's worked minutes cost: each person's lines at their rate under the week's overtime rule, rounded once per line. */
function labourCost(pay: readonly WorkedAtRate[], weekIndex: number, week: BusinessWeek, settings: Settings): number {
  const rule = overtimeRuleOn({ jurisdiction: settings.overtime_jurisdiction }, week.firstDay)
  return pay
    .filter((line) => line.week === weekIndex)
    .reduce((total, line) => total + earnings({ regularMinutes: line.regular_minutes, overtimeMinutes: line.overtime_minutes, doubleTimeMinutes: line.double_time_minutes }, line.rate_cents, rule).gross, 0)
}

const dayRange = (week: BusinessWeek) => ({ first_day: week.firstDay, last_day: week.lastDay })

/**
 * `GET /dashboard`: for administrators (SPEC.md §6: anyone else is sent to their profile), the
 * business's week on its own clock: what needs attention, the week against the last, the trend.
 */
export const dashboardHandlers: Handlers<'getDashboard'> = {
  async getDashboard(_input, ctx) {
    if (!isPrivileged(ctx.auth)) throw forbidden()
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const weekStart = weekStartFor(settings.locale, settings.week_start)
    const week = businessWeekAt(ctx.clock.now(), settings.timezone, weekStart)
    const [lastWeek] = weeksUpTo(week, 2, settings, weekStart)
    const trendWeeks = weeksUpTo(week, TREND_WEEKS, settings, weekStart)

    // One after the other: on PostgreSQL a request's handle is one connection.
    const now = ctx.clock.now()
    const attention = await attentionCounts(ctx.db, businessId, week, localDateOf(now, settings.timezone), now)
    const requested = attention.shift_requests > 0 ? await firstRequestedShift(ctx.db, businessId, now) : null
    const numbers = await weekHoursAndPay(ctx.db, businessId, boundsOf([lastWeek!, week]))
    const trend = await hoursTrend(ctx.db, businessId, boundsOf(trendWeeks))
    // The trend's weeks as business days, with the day after the last (the invoiced weeks end there).
    const afterThisWeek = addLocalDays(week.lastDay, 1)
    const invoiced = await invoicedByWeek(ctx.db, businessId, [...trendWeeks.map((entry) => entry.firstDay), afterThisWeek])
    const clients = await topClients(ctx.db, businessId, trendWeeks[0]!.firstDay, afterThisWeek, TOP_CLIENTS)
    const started = await hasWork(ctx.db, businessId)
    const labour = [labourCost(numbers.pay, 0, lastWeek!, settings), labourCost(numbers.pay, 1, week, settings)]
    const [invoicedLastWeek, invoicedThisWeek] = invoiced.slice(-2) as [number, number]
    const figures: WeekFigure[] = [
      { key: 'scheduled_minutes', unit: 'minutes', last_week: numbers.scheduled[0]!, this_week: numbers.scheduled[1]! },
      { key: 'worked_minutes', unit: 'minutes', last_week: numbers.worked[0]!, this_week: numbers.worked[1]! },
      { key: 'labour_cost_cents', unit: 'cents', last_week: labour[0]!, this_week: labour[1]! },
      { key: 'invoiced_cents', unit: 'cents', last_week: invoicedLastWeek, this_week: invoicedThisWeek },
      { key: 'margin_cents', unit: 'cents', last_week: invoicedLastWeek - labour[0]!, this_week: invoicedThisWeek - labour[1]! },
    ]
    return {
      timezone: settings.timezone,
      week: dayRange(week),
      last_week: dayRange(lastWeek!),
      first_run: !started,
      attention: Object.entries(attention).map(([key, count]) => ({ key: key as keyof typeof attention, count, ...(key === 'shift_requests' && requested ? { date: localDateOf(requested, settings.timezone) } : {}) })),
      figures,
      trend_weeks: trendWeeks.map((entry) => entry.firstDay),
      trends: [
        { key: 'hours', unit: 'minutes', series: [{ key: 'scheduled', values: trend.scheduled }, { key: 'worked', values: trend.worked }] },
        { key: 'revenue', unit: 'cents', series: [{ key: 'invoiced', values: invoiced }] },
      ],
      top_clients: clients,
    }
  },
}
