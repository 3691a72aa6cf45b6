import { setup } from 'xstate'

/** What a shift's lifecycle needs to know beyond its status. */
export interface ShiftFacts {
  /** Whether a staff member is assigned. */
  staffed: boolean
}

/** What a scheduler or the staff member does to a shift. */
export type ShiftEvent =
  | { type: 'shift.publish' }
  | { type: 'shift.clock_in' }
  | { type: 'shift.complete' }
  | { type: 'shift.cancel' }

/**
 * A shift's lifecycle (DESIGN.md §7): drafted, published for staff to see, in progress
 * once its staff member clocks in, then completed; a shift not yet started can be
 * cancelled. The server runs it through `nextStatus` to accept a status change; the UI
 * asks `allowedEvents` which buttons to show.
 * @example
 * nextStatus(shiftMachine, 'published', { type: 'shift.clock_in' }, { staffed: true }) // 'in_progress'
 */
export const shiftMachine = setup({
  types: {
    context: {} as ShiftFacts,
    events: {} as ShiftEvent,
    input: {} as Partial<ShiftFacts> | undefined,
  },
  guards: {
    staffed: ({ context }) => context.staffed,
  },
}).createMachine({
  id: 'shift',
  context: ({ input }) => ({ staffed: input?.staffed ?? false }),
  initial: 'draft',
  states: {
    draft: {
      on: { 'shift.publish': 'published', 'shift.cancel': 'cancelled' },
    },
    published: {
      on: {
        'shift.clock_in': { guard: 'staffed', target: 'in_progress' },
        'shift.cancel': 'cancelled',
      },
    },
    in_progress: {
      on: { 'shift.complete': 'completed' },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
  },
})

/**
 * An open shift is a published one that nobody has taken yet: a view of the status and
 * the facts, not a status of its own.
 * @example
 * isOpenShift('published', { staffed: false }) // true
 */
export function isOpenShift(status: string, facts: ShiftFacts): boolean {
  return status === 'published' && !facts.staffed
}
