import { localDateOf, localDay, localTimeOf, type ShiftExportRow, type ShiftStatus } from '@rota/core'
import { and } from 'drizzle-orm'
import { shifts } from '../../db/schema/index.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { pageOf, pageWithTotal } from '../../repositories/listing.ts'
import { exportedShifts, startsIn } from '../../repositories/shifts.ts'
import { audit } from '../audit.ts'
import type { Handlers } from '../handler.ts'
import { viewerOf } from './present.ts'
import { visibleTo } from './shifts.ts'

/**
 * `GET /schedule/export`: the shifts starting between two business days as a shifts file
 * holds them, on the business's clock, so that an export imports again; what the caller
 * may see of the schedule, a page at a time. The first page is audited as an export.
 */
export const shiftExportHandlers: Handlers<'exportShifts'> = {
  async exportShifts({ query }, ctx) {
    const { businessId } = ctx.auth
    const { timezone } = await getSettings(ctx.db, businessId)
    const viewer = viewerOf(ctx.auth)
    // Staff export the shifts as they were told of them, as they list them (decision 024).
    const told = !viewer.schedules
    const [from, to] = [localDay(query.from, timezone).from, localDay(query.to, timezone).to]
    const where = and(startsIn(from, to, told), visibleTo(viewer))
    const { limit, offset } = pageOf(query)
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: shifts, businessId, where, offset }, (total) => exportedShifts(ctx.db, businessId, where, { limit, offset }, total, { told }))
    if (query.page === 1) await audit(ctx, { action: 'shifts.export', model: 'schedules', after: { from: query.from, to: query.to, shifts: count } })
    return {
      count,
      rows: rows.map(
        (row): ShiftExportRow => ({
          staff_email: row.staff_email,
          client: row.client,
          service: row.service,
          date: localDateOf(row.starts_at, timezone),
          start: localTimeOf(row.starts_at, timezone),
          end: localTimeOf(row.ends_at, timezone),
          break_minutes: row.break_minutes,
          notes: row.notes,
          status: row.status as ShiftStatus,
        }),
      ),
    }
  },
}
