import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { expenseMachine } from './expense-machine.ts'
import { nextStatus } from './lifecycle.ts'

describeLifecycle(expenseMachine, {
  inputs: [undefined],
  allowed: {
    submitted: () => ['expense.approve', 'expense.reject'],
    approved: () => ['expense.reimburse'],
    rejected: () => [],
    reimbursed: () => [],
  },
})

describe('expense lifecycle, as the server asks it', () => {
  it('reimburses only approved claims', () => {
    expect(nextStatus(expenseMachine, 'submitted', { type: 'expense.reimburse' })).toBeNull()
    expect(nextStatus(expenseMachine, 'approved', { type: 'expense.reimburse' })).toBe('reimbursed')
  })
})
