import { setup } from 'xstate'

/** What the payroll clerk does to a payroll. */
export type PayrollEvent = { type: 'payroll.approve' } | { type: 'payroll.pay' }

/**
 * A payroll's lifecycle (DESIGN.md §7): a draft to review, approved (which locks the
 * timesheets it counts), then paid.
 * @example
 * nextStatus(payrollMachine, 'approved', { type: 'payroll.pay' }) // 'paid'
 */
export const payrollMachine = setup({
  types: {
    events: {} as PayrollEvent,
  },
}).createMachine({
  id: 'payroll',
  initial: 'draft',
  states: {
    draft: {
      on: { 'payroll.approve': 'approved' },
    },
    approved: {
      on: { 'payroll.pay': 'paid' },
    },
    paid: { type: 'final' },
  },
})
