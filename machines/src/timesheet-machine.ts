import { setup } from 'xstate'

/** What a timesheet's lifecycle needs to know beyond its status. */
export interface TimesheetFacts {
  /** Whether the timesheet is part of an approved payroll, which locks it. */
  inApprovedPayroll: boolean
  /** Whether its staff member is still clocked in: hours not yet worked cannot be judged. */
  open: boolean
  /** Whether its staff member proposed a correction a manager has not decided: that comes first. */
  proposed: boolean
}

/** What a manager does to a timesheet. */
export type TimesheetEvent =
  | { type: 'timesheet.approve' }
  | { type: 'timesheet.reject' }
  /** Back to pending for a correction: an approved one until it is paid through payroll, a rejected one always. */
  | { type: 'timesheet.reopen' }

/**
 * A timesheet's lifecycle (DESIGN.md §7): pending until approved or rejected, which
 * waits until its staff member has clocked out and until a correction they proposed has
 * been accepted or declined (decision 038). Either can be reopened for a
 * correction, except an approved timesheet that an approved payroll has counted: that
 * one is locked, so the pay already decided stays true.
 * @example
 * nextStatus(timesheetMachine, 'approved', { type: 'timesheet.reopen' }, { inApprovedPayroll: true }) // null
 * nextStatus(timesheetMachine, 'pending', { type: 'timesheet.approve' }, { open: true }) // null
 * nextStatus(timesheetMachine, 'pending', { type: 'timesheet.approve' }, { proposed: true }) // null
 */
export const timesheetMachine = setup({
  types: {
    context: {} as TimesheetFacts,
    events: {} as TimesheetEvent,
    input: {} as Partial<TimesheetFacts> | undefined,
  },
  guards: {
    unlocked: ({ context }) => !context.inApprovedPayroll,
    judgeable: ({ context }) => !context.open && !context.proposed,
  },
}).createMachine({
  id: 'timesheet',
  context: ({ input }) => ({ inApprovedPayroll: input?.inApprovedPayroll ?? false, open: input?.open ?? false, proposed: input?.proposed ?? false }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        'timesheet.approve': { guard: 'judgeable', target: 'approved' },
        'timesheet.reject': { guard: 'judgeable', target: 'rejected' },
      },
    },
    approved: {
      on: { 'timesheet.reopen': { guard: 'unlocked', target: 'pending' } },
    },
    rejected: {
      on: { 'timesheet.reopen': 'pending' },
    },
  },
})
