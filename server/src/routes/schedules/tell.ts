import type { Db } from '../../db/database.ts'
import { notify } from '../../repositories/notifications.ts'
import type { ShiftRow } from '../../repositories/shifts.ts'

/** Someone a change must be told of: what it is to them, and which shift. */
export interface Tell {
  userId: string
  change: 'new' | 'changed' | 'cancelled'
  shift: Pick<ShiftRow, 'id' | 'starts_at'>
}

/**
 * One notification per person of what a publish told them (how many shifts are new,
 * changed, cancelled), linking to their earliest shift in it; answers how many people
 * were told. Publishing a week, or importing one with `publish`, goes through here.
 */
export async function tellAll(tx: Db, businessId: string, tells: readonly Tell[]): Promise<number> {
  const byPerson = new Map<string, Tell[]>()
  for (const tell of tells) {
    const theirs = byPerson.get(tell.userId)
    if (theirs) theirs.push(tell)
    else byPerson.set(tell.userId, [tell])
  }
  for (const [userId, theirs] of byPerson) {
    const count = (change: Tell['change']) => String(theirs.filter((tell) => tell.change === change).length)
    const first = theirs.reduce((earliest, tell) => (tell.shift.starts_at < earliest.shift.starts_at ? tell : earliest))
    await notify(tx, { businessId, userId, title: 'schedule_published', values: { new: count('new'), changed: count('changed'), cancelled: count('cancelled') }, model: 'schedules', operation: 'published', extra: { schedule_id: first.shift.id } })
  }
  return byPerson.size
}
