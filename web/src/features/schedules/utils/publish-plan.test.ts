import { describe, expect, it } from 'vitest'
import { shift } from '../../../testing/records.ts'
import { publishPlan } from './publish-plan.ts'

const ana = { id: 'ana', name: 'Ana Diaz' }
const ben = { id: 'ben', name: 'Ben Roy' }
const publishable = ['shift.publish', 'shift.cancel']

describe('the publish summary', () => {
  it('counts what the next publish tells, and the people who will hear it', () => {
    const plan = publishPlan([
      shift({ id: '1', staff: ana, pending_change: 'new', allowed_events: publishable }),
      shift({ id: '2', staff: ana, pending_change: 'new', allowed_events: publishable }),
      shift({ id: '3', staff: ben, status: 'published', pending_change: 'changed', allowed_events: publishable }),
      shift({ id: '4', staff: ben, status: 'cancelled', pending_change: 'cancelled', allowed_events: ['shift.publish'] }),
      shift({ id: '5', staff: null, pending_change: 'new', allowed_events: publishable }),
      shift({ id: '6', staff: ana, status: 'published', pending_change: null, allowed_events: ['shift.cancel'] }),
    ])
    expect(plan).toEqual({ ids: ['1', '2', '3', '4', '5'], created: 3, changed: 1, cancelled: 1, people: 2 })
  })

  it('leaves out what the machine would refuse to publish', () => {
    expect(publishPlan([shift({ pending_change: 'new', allowed_events: [] })]).ids).toEqual([])
  })
})
