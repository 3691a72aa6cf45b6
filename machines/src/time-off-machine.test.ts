import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { allowedEvents, nextStatus } from './lifecycle.ts'
import { isAway, TIMEOFF_DECIDER_EVENTS, timeOffMachine } from './time-off-machine.ts'

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

describe('time off that keeps the person away', () => {
  it('is approved time off, until a cancellation is agreed', () => {
    expect(['pending', 'approved', 'cancellation_requested', 'rejected', 'cancelled'].filter(isAway)).toEqual(['approved', 'cancellation_requested'])
  })

  it('leaves every decision but cancelling to a manager', () => {
    const all = ['pending', 'approved', 'cancellation_requested'].flatMap((status) => allowedEvents(timeOffMachine, status as never))
    expect(new Set(all.filter((type) => !(TIMEOFF_DECIDER_EVENTS as readonly string[]).includes(type)))).toEqual(new Set(['timeoff.cancel']))
  })
})
