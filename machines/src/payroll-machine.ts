import { setup } from 'xstate'

/** What the payroll clerk does to a payroll. */
export type PayrollEvent = { type: 'payroll.approve' } | { type: 'payroll.pay' }

/** What a payroll's lifecycle needs to know beyond its status. */
export interface PayrollFacts {
  /** Whether its period starts after today on the business's clock: nothing worked in it can be paid yet. */
  future: boolean
}

/**
 * A payroll's lifecycle (DESIGN.md §7): a draft to review, approved (which locks the
 * timesheets it counts), then paid — each once its period has started.
 * @example
 * nextStatus(payrollMachine, 'approved', { type: 'payroll.pay' }) // 'paid'
 * allowedEvents(payrollMachine, 'draft', { future: true }) // [] — a period still to come is approved once it starts
 */
export const payrollMachine = setup({
  types: {
    context: {} as PayrollFacts,
    events: {} as PayrollEvent,
    input: {} as Partial<PayrollFacts> | undefined,
  },
  guards: {
    begun: ({ context }) => !context.future,
  },
}).createMachine({
  id: 'payroll',
  context: ({ input }) => ({ future: input?.future ?? false }),
  initial: 'draft',
  states: {
    draft: {
      on: { 'payroll.approve': { guard: 'begun', target: 'approved' } },
    },
    approved: {
      on: { 'payroll.pay': { guard: 'begun', target: 'paid' } },
    },
    paid: { type: 'final' },
  },
})
