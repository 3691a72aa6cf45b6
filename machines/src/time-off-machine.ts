import { setup } from 'xstate'

/** What the requester or a manager does to a time-off request. */
export type TimeOffEvent =
  /** A manager grants it; with `unassign_shifts`, the person's shifts in that time become open shifts. */
  | { type: 'timeoff.approve'; unassign_shifts?: boolean }
  /** A manager declines it, saying why. */
  | { type: 'timeoff.reject'; reason?: string }
  /** The requester withdraws: at once while pending; once approved, a manager must agree. */
  | { type: 'timeoff.cancel' }
  | { type: 'timeoff.cancellation.approve' }
  | { type: 'timeoff.cancellation.refuse'; reason?: string }

/**
 * A time-off request's lifecycle (DESIGN.md §7): pending until approved or rejected, or
 * cancelled by the requester. Approved time off has been planned around, so cancelling
 * it is a request of its own that a manager approves (cancelled) or refuses (approved
 * again). Time off whose cancellation is asked for still counts as approved: the person
 * is away and the balance spent until a manager agrees.
 * @example
 * nextStatus(timeOffMachine, 'approved', { type: 'timeoff.cancel' }) // 'cancellation_requested'
 */
export const timeOffMachine = setup({
  types: {
    events: {} as TimeOffEvent,
  },
}).createMachine({
  id: 'timeOff',
  initial: 'pending',
  states: {
    pending: {
      on: { 'timeoff.approve': 'approved', 'timeoff.reject': 'rejected', 'timeoff.cancel': 'cancelled' },
    },
    approved: {
      on: { 'timeoff.cancel': 'cancellation_requested' },
    },
    cancellation_requested: {
      on: { 'timeoff.cancellation.approve': 'cancelled', 'timeoff.cancellation.refuse': 'approved' },
    },
    rejected: { type: 'final' },
    cancelled: { type: 'final' },
  },
})

/** The events a manager decides (timeoff-requests:update); `timeoff.cancel` is the requester's. */
export const TIMEOFF_DECIDER_EVENTS = ['timeoff.approve', 'timeoff.reject', 'timeoff.cancellation.approve', 'timeoff.cancellation.refuse'] as const

/**
 * Whether time off in this status keeps the person away (and its balance spent): approved,
 * or approved with a cancellation not yet agreed.
 * @example
 * isAway('cancellation_requested') // true
 */
export function isAway(status: string): boolean {
  return status === 'approved' || status === 'cancellation_requested'
}
