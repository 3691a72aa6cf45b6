import { setup } from 'xstate'

/** What the requester or a manager does to a time-off request. */
export type TimeOffEvent =
  | { type: 'timeoff.approve' }
  | { type: 'timeoff.reject' }
  /** The requester withdraws: at once while pending; once approved, a manager must agree. */
  | { type: 'timeoff.cancel' }
  | { type: 'timeoff.cancellation.approve' }
  | { type: 'timeoff.cancellation.refuse' }

/**
 * A time-off request's lifecycle (DESIGN.md §7): pending until approved or rejected, or
 * cancelled by the requester. Approved time off has been planned around, so cancelling
 * it is a request of its own that a manager approves (cancelled) or refuses (approved
 * again).
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
