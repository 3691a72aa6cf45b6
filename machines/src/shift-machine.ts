import { setup } from 'xstate'

/**
 * What a shift's lifecycle needs to know beyond its status: the shift's own facts, and
 * the facts of whoever looks at it (the server asks on behalf of each person, so staff
 * and schedulers are offered different actions on the same shift).
 */
export interface ShiftFacts {
  /** Whether a staff member is assigned (an unassigned published shift is an open shift). */
  staffed: boolean
  /** Whether it changed (or was cancelled) since its staff were last told: the next publish tells them. */
  changed: boolean
  /** Whether the person asking is its staff member. */
  mine: boolean
  /** Whether the person asking may work its service and is free to ask for it. */
  eligible: boolean
  /** Whether the person asking has a request pending on it. */
  requested: boolean
  /** Whether anyone has a request pending on it (for the scheduler to decide). */
  pendingRequests: boolean
  /** Whether its staff member, clocked in, is on a break now. */
  onBreak: boolean
  /**
   * Whether its start is past (on the server's clock), clocked into or not: too late to ask for
   * it, to be let off it or to swap it — whoever would take it over could no longer be there.
   */
  started: boolean
  /**
   * Whether it is past its planned end by more than the business's grace period while still
   * in progress: its staff member forgot to clock out, and it may be closed at its planned end.
   */
  overdue: boolean
}

/** What a scheduler or the staff member does to a shift. */
export type ShiftEvent =
  | { type: 'shift.publish' }
  | { type: 'shift.cancel' }
  | { type: 'shift.assign'; staff_id?: string }
  | { type: 'shift.unassign' }
  /** A staff member asks to take an open shift. */
  | { type: 'shift.request' }
  /** Its staff member asks to be let off it. */
  | { type: 'shift.drop' }
  /** Its staff member asks to exchange it for someone else's. */
  | { type: 'shift.swap'; with_shift_id?: string }
  /** The requester takes their request back. */
  | { type: 'shift.withdraw'; request_id?: string }
  /** The scheduler grants a request (assigning, letting off or exchanging). */
  | { type: 'shift.approve'; request_id?: string }
  | { type: 'shift.reject'; request_id?: string }
  /** Its staff member clocks in (the time clock), with where they are if they let the browser say. */
  | { type: 'shift.clock_in' }
  | { type: 'shift.break_start' }
  | { type: 'shift.break_end' }
  /** Its staff member clocks out; once overdue, anyone may close it at its planned end. */
  | { type: 'shift.complete' }

/**
 * A shift's lifecycle (DESIGN.md §7): drafted, published for staff to see, in progress
 * once its staff member clocks in (breaks come and go), then completed when they clock
 * out — or, when they forgot, once it is overdue; a shift not yet started can be
 * cancelled. Around a published shift not yet started, staff ask (take an open one, drop or
 * swap theirs) and the scheduler decides; those leave the status where it is. The server runs it
 * through `nextStatus` to accept a change; the UI asks `allowedEvents` which buttons to show.
 * @example
 * nextStatus(shiftMachine, 'published', { type: 'shift.clock_in' }, { staffed: true, mine: true }) // 'in_progress'
 * allowedEvents(shiftMachine, 'published', { staffed: false, eligible: true }) // […, 'shift.request']
 */
export const shiftMachine = setup({
  types: {
    context: {} as ShiftFacts,
    events: {} as ShiftEvent,
    input: {} as Partial<ShiftFacts> | undefined,
  },
  guards: {
    staffed: ({ context }) => context.staffed,
    changed: ({ context }) => context.changed,
    takeable: ({ context }) => !context.staffed && context.eligible && !context.requested && !context.started,
    ownAndFree: ({ context }) => context.staffed && context.mine && !context.requested && !context.started,
    requested: ({ context }) => context.requested,
    pendingRequests: ({ context }) => context.pendingRequests,
    mine: ({ context }) => context.mine,
    working: ({ context }) => context.staffed && context.mine,
    breakable: ({ context }) => context.mine && !context.onBreak,
    onBreak: ({ context }) => context.mine && context.onBreak,
    overdue: ({ context }) => context.overdue,
  },
}).createMachine({
  id: 'shift',
  context: ({ input }) => ({
    staffed: input?.staffed ?? false,
    changed: input?.changed ?? false,
    mine: input?.mine ?? false,
    eligible: input?.eligible ?? false,
    requested: input?.requested ?? false,
    pendingRequests: input?.pendingRequests ?? false,
    onBreak: input?.onBreak ?? false,
    started: input?.started ?? false,
    overdue: input?.overdue ?? false,
  }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        'shift.publish': 'published',
        'shift.cancel': 'cancelled',
        'shift.assign': 'draft',
        'shift.unassign': { guard: 'staffed', target: 'draft' },
      },
    },
    published: {
      on: {
        'shift.publish': { guard: 'changed', target: 'published' },
        'shift.cancel': 'cancelled',
        'shift.assign': 'published',
        'shift.unassign': { guard: 'staffed', target: 'published' },
        'shift.request': { guard: 'takeable', target: 'published' },
        'shift.drop': { guard: 'ownAndFree', target: 'published' },
        'shift.swap': { guard: 'ownAndFree', target: 'published' },
        'shift.withdraw': { guard: 'requested', target: 'published' },
        'shift.approve': { guard: 'pendingRequests', target: 'published' },
        'shift.reject': { guard: 'pendingRequests', target: 'published' },
        'shift.clock_in': { guard: 'working', target: 'in_progress' },
      },
    },
    // Breaks leave the status where it is; the time clock keeps them on the timesheet.
    in_progress: {
      on: {
        'shift.break_start': { guard: 'breakable', target: 'in_progress' },
        'shift.break_end': { guard: 'onBreak', target: 'in_progress' },
        'shift.complete': [
          { guard: 'overdue', target: 'completed' },
          { guard: 'mine', target: 'completed' },
        ],
      },
    },
    completed: { type: 'final' },
    // Publishing a cancelled shift that its staff were told about tells them it is off.
    cancelled: {
      on: { 'shift.publish': { guard: 'changed', target: 'cancelled' } },
    },
  },
})

/** The events a scheduler decides (schedules:update); the others are the staff member's own. */
export const SCHEDULER_SHIFT_EVENTS = ['shift.publish', 'shift.cancel', 'shift.assign', 'shift.unassign', 'shift.approve', 'shift.reject'] as const

/**
 * An open shift is a published one that nobody has taken yet: a view of the status and
 * the facts, not a status of its own.
 * @example
 * isOpenShift('published', { staffed: false }) // true
 */
export function isOpenShift(status: string, facts: Pick<ShiftFacts, 'staffed'>): boolean {
  return status === 'published' && !facts.staffed
}

/** How much of a planned shift may be left when clocking out before it is called leaving early. */
const EARLY_GRACE_MS = 15 * 60_000

/**
 * Whether clocking out now leaves more than a quarter of an hour of the planned shift
 * unworked: the one clock-out worth asking about first (one tap would end the day's hours).
 * @example
 * leavesEarly({ ends_at: '2026-03-09T21:00:00Z' }, Date.parse('2026-03-09T13:27:00Z')) // true
 */
export function leavesEarly(shift: { ends_at: string }, now = Date.now()): boolean {
  return now < Date.parse(shift.ends_at) - EARLY_GRACE_MS
}
