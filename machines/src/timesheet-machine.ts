import { setup } from 'xstate'

/** What a timesheet's lifecycle needs to know beyond its status. */
export interface TimesheetFacts {
  /** Whether the timesheet is part of an approved payroll, which locks it. */
  inApprovedPayroll: boolean
  /** Whether its staff member is still clocked in: hours not yet worked cannot be judged. */
  open: boolean
}

/** What a manager does to a timesheet. */
export type TimesheetEvent =
  | { type: 'timesheet.approve' }
  | { type: 'timesheet.reject' }
  /** Back to pending for a correction: an approved one until it is paid through payroll, a rejected one always. */
  | { type: 'timesheet.reopen' }

/**
 * A timesheet's lifecycle (DESIGN.md §7): pending until approved or rejected, which
 * waits until its staff member has clocked out. Either can be reopened for a
 * correction, except an approved timesheet that an approved payroll has counted: that
 * one is locked, so the pay already decided stays true.
 * @example
 * nextStatus(timesheetMachine, 'approved', { type: 'timesheet.reopen' }, { inApprovedPayroll: true }) // null
 * nextStatus(timesheetMachine, 'pending', { type: 'timesheet.approve' }, { open: true }) // null
 */
export const timesheetMachine = setup({
  types: {
    context: {} as TimesheetFacts,
    events: {} as TimesheetEvent,
    input: {} as Partial<TimesheetFacts> | undefined,
  },
  guards: {
    unlocked: ({ context }) => !context.inApprovedPayroll,
    closed: ({ context }) => !context.open,
  },
}).createMachine({
  id: 'timesheet',
  context: ({ input }) => ({ inApprovedPayroll: input?.inApprovedPayroll ?? false, open: input?.open ?? false }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        'timesheet.approve': { guard: 'closed', target: 'approved' },
        'timesheet.reject': { guard: 'closed', target: 'rejected' },
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
