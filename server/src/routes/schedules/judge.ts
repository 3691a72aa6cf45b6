import { localDateOf, minutesBetween, type Settings, type ShiftConflict } from '@rota/core'
import type { Auth, HandlerContext } from '../../context.ts'
import { unprocessable } from '../../errors.ts'
import type { ShiftRow } from '../../repositories/shifts.ts'
import { conflictsOf, spanOf, surroundings, viewerOf, type Surroundings } from './present.ts'

/** A shift as it would be, on the business's clock, with its instants. */
export interface Planned {
  id: string | null
  staff_id: string | null
  location_id: string
  service_id: string
  starts_at: Date
  ends_at: Date
  break_minutes: number
}

/** The stand-in id of the planned shift at `index` (one not saved yet), as `verdicts` names it in conflicts. */
export const plannedId = (index: number) => `new-${index}`

/**
 * The conflicts of shifts about to be saved, each judged against the person's other
 * shifts and against the others being saved with it (a planned shift without an id is
 * named `plannedId(index)` in the conflicts of the others), with what they were judged
 * against.
 */
export async function verdicts(ctx: HandlerContext<Auth>, planned: readonly Planned[], settings: Settings): Promise<{ conflicts: ShiftConflict[][]; around: Surroundings }> {
  const viewer = viewerOf(ctx.auth)
  const asRows = planned.map((p, index) => ({ ...p, id: p.id ?? plannedId(index), status: 'draft' }) as unknown as ShiftRow)
  const around = await surroundings(ctx.db, ctx.auth.businessId, asRows, viewer, settings, ctx.clock.now())
  // Each person's shifts once, planned ones in place of their saved selves: a file of thousands of shifts stays linear.
  const moved = new Set(asRows.map((row) => row.id))
  for (const [staffId, theirs] of around.others) around.others.set(staffId, theirs.filter((other) => !moved.has(other.id)))
  for (const row of asRows) {
    if (!row.staff_id) continue
    const theirs = around.others.get(row.staff_id)
    if (theirs) theirs.push(row)
    else around.others.set(row.staff_id, [row])
  }
  return { conflicts: asRows.map((row) => conflictsOf(spanOf(row), row.staff_id, around)), around }
}

/**
 * The conflicts of shifts about to be saved (see `verdicts`). Errors refuse the whole
 * save (422 naming the first refused shift's day); warnings come back with the shifts.
 */
export async function judge(ctx: HandlerContext<Auth>, planned: Planned[], settings: Settings): Promise<ShiftConflict[][]> {
  // A break as long as the shift leaves nothing to work or pay.
  for (const shift of planned) {
    const minutes = minutesBetween(shift.starts_at, shift.ends_at)
    // Start and end inside the hour the clocks skip are the same instant (decision 014), as the shift import says.
    if (minutes === 0) throw unprocessable('shift_no_time', { end: 'The shift lasts no time: the clocks skip this hour' })
    if (shift.break_minutes >= minutes) throw unprocessable('break_too_long', { break_minutes: `Less than the shift's ${minutes} minutes` })
  }
  const { conflicts } = await verdicts(ctx, planned, settings)
  conflicts.forEach((found, index) => {
    const refused = found.find((conflict) => conflict.severity === 'error')
    if (refused) {
      const date = localDateOf(planned[index]!.starts_at, settings.timezone)
      throw unprocessable(refused.kind === 'overlap' ? 'shift_overlap' : 'shift_time_off', { date, conflicts: found.filter((c) => c.severity === 'error') })
    }
  })
  return conflicts
}
