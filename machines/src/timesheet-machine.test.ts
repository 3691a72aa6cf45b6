import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { nextStatus } from './lifecycle.ts'
import { timesheetMachine } from './timesheet-machine.ts'

describeLifecycle(timesheetMachine, {
  inputs: [
    { inApprovedPayroll: false, open: false, proposed: false },
    { inApprovedPayroll: true, open: false, proposed: false },
    { inApprovedPayroll: false, open: true, proposed: false },
    { inApprovedPayroll: false, open: false, proposed: true },
  ],
  allowed: {
    pending: ({ open, proposed }) => (open || proposed ? [] : ['timesheet.approve', 'timesheet.reject']),
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

  it('waits for a correction its staff member proposed to be decided before it is judged', () => {
    expect(nextStatus(timesheetMachine, 'pending', { type: 'timesheet.approve' }, { proposed: true })).toBeNull()
    expect(nextStatus(timesheetMachine, 'pending', { type: 'timesheet.reject' }, { proposed: true })).toBeNull()
    expect(nextStatus(timesheetMachine, 'pending', { type: 'timesheet.reject' }, { proposed: false })).toBe('rejected')
  })

  it('does not approve twice', () => {
    expect(nextStatus(timesheetMachine, 'approved', { type: 'timesheet.approve' })).toBeNull()
  })
})
