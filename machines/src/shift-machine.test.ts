import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { allowedEvents, nextStatus } from './lifecycle.ts'
import { isOpenShift, leavesEarly, shiftMachine, type ShiftFacts } from './shift-machine.ts'

const none: ShiftFacts = { staffed: false, changed: false, mine: false, eligible: false, requested: false, pendingRequests: false, onBreak: false, started: false, overdue: false }

describeLifecycle(shiftMachine, {
  inputs: [
    // the scheduler, an open shift, then one with requests, then a staffed one changed since publishing
    { ...none },
    { ...none, pendingRequests: true },
    { ...none, staffed: true, changed: true },
    // a staff member who may take an open shift, then the same once they asked
    { ...none, eligible: true },
    { ...none, eligible: true, requested: true, pendingRequests: true },
    // a staff member's own shift, then with their drop or swap pending
    { ...none, staffed: true, mine: true },
    { ...none, staffed: true, mine: true, requested: true, pendingRequests: true },
    // once started: an open shift they could have taken, their own not clocked into, and one they asked about before
    { ...none, eligible: true, started: true },
    { ...none, staffed: true, mine: true, started: true },
    { ...none, staffed: true, mine: true, requested: true, pendingRequests: true, started: true },
    // a staff member clocked in and on a break; one who forgot to clock out
    { ...none, staffed: true, mine: true, onBreak: true },
    { ...none, staffed: true, mine: true, overdue: true },
  ],
  allowed: {
    draft: ({ staffed }) => ['shift.publish', 'shift.cancel', 'shift.assign', ...(staffed ? ['shift.unassign'] : [])],
    published: (f) => [
      ...(f.changed ? ['shift.publish'] : []),
      'shift.cancel',
      'shift.assign',
      ...(f.staffed ? ['shift.unassign'] : []),
      ...(!f.staffed && f.eligible && !f.requested && !f.started ? ['shift.request'] : []),
      ...(f.staffed && f.mine && !f.requested && !f.started ? ['shift.drop', 'shift.swap'] : []),
      ...(f.requested ? ['shift.withdraw'] : []),
      ...(f.pendingRequests ? ['shift.approve', 'shift.reject'] : []),
      ...(f.staffed && f.mine ? ['shift.clock_in'] : []),
    ],
    in_progress: ({ mine, onBreak, overdue }) => [
      ...(mine || overdue ? ['shift.complete'] : []),
      ...(mine && !onBreak ? ['shift.break_start'] : []),
      ...(mine && onBreak ? ['shift.break_end'] : []),
    ],
    completed: () => [],
    cancelled: ({ changed }) => (changed ? ['shift.publish'] : []),
  },
})

describe('shift lifecycle, as the server asks it', () => {
  it('lets the assigned staff member clock in to a published shift, and nobody into an open one or someone else’s', () => {
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.clock_in' }, { ...none, staffed: true, mine: true })).toBe('in_progress')
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.clock_in' }, { ...none, staffed: false, mine: false })).toBeNull()
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.clock_in' }, { ...none, staffed: true, mine: false })).toBeNull()
  })

  it('lets its staff member take breaks one at a time and clock out, and anyone close it once overdue', () => {
    const working = { ...none, staffed: true, mine: true }
    expect(nextStatus(shiftMachine, 'in_progress', { type: 'shift.break_start' }, working)).toBe('in_progress')
    expect(nextStatus(shiftMachine, 'in_progress', { type: 'shift.break_start' }, { ...working, onBreak: true })).toBeNull()
    expect(nextStatus(shiftMachine, 'in_progress', { type: 'shift.break_end' }, working)).toBeNull()
    expect(nextStatus(shiftMachine, 'in_progress', { type: 'shift.complete' }, { ...none, staffed: true })).toBeNull()
    expect(nextStatus(shiftMachine, 'in_progress', { type: 'shift.complete' }, { ...none, staffed: true, overdue: true })).toBe('completed')
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.break_start' }, working)).toBeNull()
  })

  it('refuses to cancel a shift that has started', () => {
    expect(nextStatus(shiftMachine, 'in_progress', { type: 'shift.cancel' })).toBeNull()
    expect(allowedEvents(shiftMachine, 'in_progress', { ...none, staffed: true, mine: true }).sort()).toEqual(['shift.break_start', 'shift.complete'])
    expect(allowedEvents(shiftMachine, 'in_progress', { ...none, staffed: true, overdue: true })).toEqual(['shift.complete'])
  })

  it('publishes a published shift again only when it changed since', () => {
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.publish' }, { ...none, changed: true })).toBe('published')
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.publish' }, none)).toBeNull()
  })

  it('lets staff ask for an open shift once, and drop or swap only their own', () => {
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.request' }, { ...none, eligible: true })).toBe('published')
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.request' }, { ...none, eligible: true, requested: true })).toBeNull()
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.request' }, { ...none, staffed: true, eligible: true })).toBeNull()
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.drop' }, { ...none, staffed: true })).toBeNull()
    expect(nextStatus(shiftMachine, 'draft', { type: 'shift.drop' }, { ...none, staffed: true, mine: true })).toBeNull()
  })

  it('stops staff asking about a shift once it started, still letting them clock in and take back what they asked', () => {
    const theirs = { ...none, staffed: true, mine: true, started: true }
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.drop' }, theirs)).toBeNull()
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.swap' }, theirs)).toBeNull()
    expect(nextStatus(shiftMachine, 'published', { type: 'shift.request' }, { ...none, eligible: true, started: true })).toBeNull()
    expect(allowedEvents(shiftMachine, 'published', { ...theirs, requested: true, pendingRequests: true }).sort()).toEqual([
      'shift.approve',
      'shift.assign',
      'shift.cancel',
      'shift.clock_in',
      'shift.reject',
      'shift.unassign',
      'shift.withdraw',
    ])
  })

  it('publishes a cancellation only when staff were told of the shift', () => {
    expect(nextStatus(shiftMachine, 'cancelled', { type: 'shift.publish' }, { ...none, changed: true })).toBe('cancelled')
    expect(nextStatus(shiftMachine, 'cancelled', { type: 'shift.publish' }, none)).toBeNull()
  })

  it('calls a published shift without staff open', () => {
    expect(isOpenShift('published', { staffed: false })).toBe(true)
    expect(isOpenShift('published', { staffed: true })).toBe(false)
    expect(isOpenShift('draft', { staffed: false })).toBe(false)
  })
})

describe('leavesEarly', () => {
  it('is true while more than a quarter of an hour of the shift is left', () => {
    const shift = { ends_at: '2026-03-09T21:00:00.000Z' }
    expect(leavesEarly(shift, Date.parse('2026-03-09T13:27:00Z'))).toBe(true)
    expect(leavesEarly(shift, Date.parse('2026-03-09T20:44:59Z'))).toBe(true)
    expect(leavesEarly(shift, Date.parse('2026-03-09T20:45:00Z'))).toBe(false)
    expect(leavesEarly(shift, Date.parse('2026-03-09T22:00:00Z'))).toBe(false)
  })
})
