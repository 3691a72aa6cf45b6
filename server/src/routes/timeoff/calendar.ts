import { localDay, type TimeoffCalendarEntry } from '@rota/core'
import { and, asc, eq, gt, inArray, lt, or } from 'drizzle-orm'
import { timeoffRequests } from '../../db/schema/index.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { AWAY_STATUSES, requestsWhere } from '../../repositories/timeoff-requests.ts'
import type { Handlers } from '../handler.ts'
import { timeoffViewerOf } from './present.ts'

/**
 * Who is away between two days: everyone's approved time off, and the pending requests the
 * viewer could see anyway (their own; everyone's for someone who decides). Why someone is
 * away is theirs and their managers' to know: colleagues see no category.
 */
export const timeoffCalendarHandlers: Handlers<'getTimeoffCalendar'> = {
  async getTimeoffCalendar({ query }, ctx) {
    const { businessId } = ctx.auth
    const viewer = timeoffViewerOf(ctx.auth)
    const settings = await getSettings(ctx.db, businessId)
    const pendingSeen = viewer.decides ? eq(timeoffRequests.status, 'pending') : and(eq(timeoffRequests.status, 'pending'), eq(timeoffRequests.staff_id, viewer.userId))
    const rows = await requestsWhere(
      ctx.db,
      businessId,
      and(
        gt(timeoffRequests.ends_at, localDay(query.from, settings.timezone).from),
        lt(timeoffRequests.starts_at, localDay(query.to, settings.timezone).to),
        or(inArray(timeoffRequests.status, [...AWAY_STATUSES]), pendingSeen),
      ),
      { limit: 10_000, offset: 0, order: [asc(timeoffRequests.starts_at), asc(timeoffRequests.id)] },
    )
    return rows.map(({ request: row, staff, category }): TimeoffCalendarEntry => ({
      id: row.id,
      staff: { id: staff.id, name: `${staff.firstname} ${staff.lastname}`.trim() },
      category: viewer.decides || row.staff_id === viewer.userId ? { id: category.id, name: category.name, colour: category.colour } : null,
      status: row.status as TimeoffCalendarEntry['status'],
      period: row.period as TimeoffCalendarEntry['period'],
      start_date: row.start_date,
      end_date: row.end_date,
      half: row.half as TimeoffCalendarEntry['half'],
      start_time: row.start_time?.slice(0, 5) ?? null,
      end_time: row.end_time?.slice(0, 5) ?? null,
      starts_at: row.starts_at.toISOString(),
      ends_at: row.ends_at.toISOString(),
    }))
  },
}
