import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { nextStatus } from './lifecycle.ts'
import { payrollMachine } from './payroll-machine.ts'

describeLifecycle(payrollMachine, {
  inputs: [{}, { future: true }],
  allowed: {
    draft: (facts) => (facts?.future ? [] : ['payroll.approve']),
    approved: (facts) => (facts?.future ? [] : ['payroll.pay']),
    paid: () => [],
  },
})

describe('payroll lifecycle, as the server asks it', () => {
  it('pays only an approved payroll', () => {
    expect(nextStatus(payrollMachine, 'draft', { type: 'payroll.pay' })).toBeNull()
    expect(nextStatus(payrollMachine, 'approved', { type: 'payroll.pay' })).toBe('paid')
  })

  it('approves and pays a period only once it has started', () => {
    expect(nextStatus(payrollMachine, 'draft', { type: 'payroll.approve' }, { future: true })).toBeNull()
    expect(nextStatus(payrollMachine, 'approved', { type: 'payroll.pay' }, { future: true })).toBeNull()
    expect(nextStatus(payrollMachine, 'draft', { type: 'payroll.approve' }, { future: false })).toBe('approved')
  })
})
