import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { nextStatus } from './lifecycle.ts'
import { timesheetMachine } from './timesheet-machine.ts'

describeLifecycle(timesheetMachine, {
  inputs: [
    { inApprovedPayroll: false, open: false },
    { inApprovedPayroll: true, open: false },
    { inApprovedPayroll: false, open: true },
  ],
  allowed: {
    pending: ({ open }) => (open ? [] : ['timesheet.approve', 'timesheet.reject']),
    approved: ({ inApprovedPayroll }) => (inApprovedPayroll ? [] : ['timesheet.reopen']),
    rejected: () => ['timesheet.reopen'],
  },
})

describe('timesheet lifecycle, as the server asks it', () => {
  it('locks an approved timesheet once an approved payroll counts it', () => {
    expect(nextStatus(timesheetMachine, 'approved', { type: 'timesheet.reopen' }, { inApprovedPayroll: false })).toBe('pending')
    expect(nextStatus(timesheetMachine, 'approved', { type: 'timesheet.reopen' }, { inApprovedPayroll: true })).toBeNull()
  })

  it('waits for its staff member to clock out before it is judged', () => {
    expect(nextStatus(timesheetMachine, 'pending', { type: 'timesheet.approve' }, { inApprovedPayroll: false, open: true })).toBeNull()
    expect(nextStatus(timesheetMachine, 'pending', { type: 'timesheet.reject' }, { inApprovedPayroll: false, open: true })).toBeNull()
    expect(nextStatus(timesheetMachine, 'pending', { type: 'timesheet.approve' }, { inApprovedPayroll: false, open: false })).toBe('approved')
  })

  it('does not approve twice', () => {
    expect(nextStatus(timesheetMachine, 'approved', { type: 'timesheet.approve' })).toBeNull()
  })
})
