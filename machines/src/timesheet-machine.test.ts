import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { nextStatus } from './lifecycle.ts'
import { timesheetMachine } from './timesheet-machine.ts'

describeLifecycle(timesheetMachine, {
  inputs: [{ inApprovedPayroll: false }, { inApprovedPayroll: true }],
  allowed: {
    pending: () => ['timesheet.approve', 'timesheet.reject'],
    approved: ({ inApprovedPayroll }) => (inApprovedPayroll ? [] : ['timesheet.reopen']),
    rejected: () => ['timesheet.reopen'],
  },
})

describe('timesheet lifecycle, as the server asks it', () => {
  it('locks an approved timesheet once an approved payroll counts it', () => {
    expect(nextStatus(timesheetMachine, 'approved', { type: 'timesheet.reopen' }, { inApprovedPayroll: false })).toBe('pending')
    expect(nextStatus(timesheetMachine, 'approved', { type: 'timesheet.reopen' }, { inApprovedPayroll: true })).toBeNull()
  })

  it('does not approve twice', () => {
    expect(nextStatus(timesheetMachine, 'approved', { type: 'timesheet.approve' })).toBeNull()
  })
})
