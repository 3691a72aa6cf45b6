import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { allowedEvents, nextStatus } from './lifecycle.ts'
import { isOpenShift, shiftMachine } from './shift-machine.ts'

describeLifecycle(shiftMachine, {
  inputs: [{ staffed: false }, { staffed: true }],
  allowed: {
    draft: () => ['shift.publish', 'shift.cancel'],
    published: ({ staffed }) => (staffed ? ['shift.clock_in', 'shift.cancel'] : ['shift.cancel']),
    in_progress: () => ['shift.complete'],
    completed: () => [],
    cancelled: () => [],
  },
})

describe('shift lifecycle, as the server asks it', () => {
  it('lets the assigned staff member clock in to a published shift, and nobody into an open one', () => {
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.clock_in' }, { staffed: true })).toBe('in_progress')
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.clock_in' }, { staffed: false })).toBeNull()
  })

  it('refuses to cancel a shift that has started', () => {
    expect(nextStatus(shiftMachine, 'in_progress', { type: 'shift.cancel' })).toBeNull()
    expect(allowedEvents(shiftMachine, 'in_progress')).toEqual(['shift.complete'])
  })

  it('calls a published shift without staff open', () => {
    expect(isOpenShift('published', { staffed: false })).toBe(true)
    expect(isOpenShift('published', { staffed: true })).toBe(false)
    expect(isOpenShift('draft', { staffed: false })).toBe(false)
  })
})
