import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { nextStatus } from './lifecycle.ts'
import { payrollMachine } from './payroll-machine.ts'

describeLifecycle(payrollMachine, {
  inputs: [undefined],
  allowed: {
    draft: () => ['payroll.approve'],
    approved: () => ['payroll.pay'],
    paid: () => [],
  },
})

describe('payroll lifecycle, as the server asks it', () => {
  it('pays only an approved payroll', () => {
    expect(nextStatus(payrollMachine, 'draft', { type: 'payroll.pay' })).toBeNull()
    expect(nextStatus(payrollMachine, 'approved', { type: 'payroll.pay' })).toBe('paid')
  })
})
