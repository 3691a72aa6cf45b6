import { setup } from 'xstate'

/** What an approver or the payroll clerk does to an expense claim. */
export type ExpenseEvent = { type: 'expense.approve' } | { type: 'expense.reject' } | { type: 'expense.reimburse' }

/**
 * An expense claim's lifecycle (DESIGN.md §7): submitted, then approved or rejected;
 * an approved claim is reimbursed.
 * @example
 * allowedEvents(expenseMachine, 'approved') // ['expense.reimburse']
 */
export const expenseMachine = setup({
  types: {
    events: {} as ExpenseEvent,
  },
}).createMachine({
  id: 'expense',
  initial: 'submitted',
  states: {
    submitted: {
      on: { 'expense.approve': 'approved', 'expense.reject': 'rejected' },
    },
    approved: {
      on: { 'expense.reimburse': 'reimbursed' },
    },
    rejected: { type: 'final' },
    reimbursed: { type: 'final' },
  },
})
