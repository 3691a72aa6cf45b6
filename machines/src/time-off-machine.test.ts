import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { nextStatus } from './lifecycle.ts'
import { timeOffMachine } from './time-off-machine.ts'

describeLifecycle(timeOffMachine, {
  inputs: [undefined],
  allowed: {
    pending: () => ['timeoff.approve', 'timeoff.reject', 'timeoff.cancel'],
    approved: () => ['timeoff.cancel'],
    cancellation_requested: () => ['timeoff.cancellation.approve', 'timeoff.cancellation.refuse'],
    rejected: () => [],
    cancelled: () => [],
  },
})

describe('time-off lifecycle, as the server asks it', () => {
  it('cancels a pending request at once, but only asks to cancel an approved one', () => {
    expect(nextStatus(timeOffMachine, 'pending', { type: 'timeoff.cancel' })).toBe('cancelled')
    expect(nextStatus(timeOffMachine, 'approved', { type: 'timeoff.cancel' })).toBe('cancellation_requested')
  })

  it('keeps the time off approved when the cancellation is refused', () => {
    expect(nextStatus(timeOffMachine, 'cancellation_requested', { type: 'timeoff.cancellation.refuse' })).toBe('approved')
  })
})
