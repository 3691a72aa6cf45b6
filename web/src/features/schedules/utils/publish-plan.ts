import type { Shift } from '@rota/core'

/** What publishing a week would do: the shifts to publish and what their staff will hear. */
export interface PublishPlan {
  ids: string[]
  created: number
  changed: number
  cancelled: number
  /** The people with something to hear (an open shift tells nobody until it is taken). */
  people: number
}

/**
 * The week's shifts whose next publish tells someone something (`pending_change`) and that the
 * machine lets the viewer publish, counted the way the summary says them: "14 new, 3 changed,
 * 1 cancelled, 6 people will be notified".
 * @example
 * const plan = publishPlan(weekShifts)
 * if (plan.ids.length > 0) publish.mutate(plan.ids)
 */
export function publishPlan(shifts: readonly Shift[]): PublishPlan {
  const pending = shifts.filter((shift) => shift.pending_change !== null && shift.allowed_events.includes('shift.publish'))
  const count = (change: Shift['pending_change']) => pending.filter((shift) => shift.pending_change === change).length
  return {
    ids: pending.map((shift) => shift.id),
    created: count('new'),
    changed: count('changed'),
    cancelled: count('cancelled'),
    people: new Set(pending.flatMap((shift) => (shift.staff ? [shift.staff.id] : []))).size,
  }
}
