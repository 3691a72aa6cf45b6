import { describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import { allTransitions, missingTransitions } from './coverage.ts'
import { machineModel } from './model.ts'

const doorMachine = setup({
  types: { context: {} as { locked: boolean }, input: {} as { locked: boolean }, events: {} as { type: 'door.open' } | { type: 'door.close' } | { type: 'door.lock' } },
  actors: { unlock: fromPromise(async () => true) },
  guards: { isLocked: ({ context }) => context.locked },
}).createMachine({
  id: 'door',
  context: ({ input }) => ({ locked: input.locked }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'isLocked', target: 'locked' }, { target: 'closed' }] },
    locked: { invoke: { id: 'unlock', src: 'unlock', onDone: 'closed', onError: 'locked' } },
    closed: { on: { 'door.open': 'open', 'door.lock': 'locked' } },
    open: { on: { 'door.close': 'closed' } },
  },
})

describe('transition coverage', () => {
  it('lists every transition: always alternatives, invocation endings and events', () => {
    expect(allTransitions(doorMachine)).toEqual([
      'door.deciding on always #1 → door.locked',
      'door.deciding on always #2 → door.closed',
      'door.locked on xstate.done.actor.unlock #1 → door.closed',
      'door.locked on xstate.error.actor.unlock #1 → door.locked',
      'door.closed on door.open #1 → door.open',
      'door.closed on door.lock #1 → door.locked',
      'door.open on door.close #1 → door.closed',
    ])
  })

  it('names what the paths leave out, and counts the walks of several models together', () => {
    const walks = [true, false].map((locked) => {
      const input = { locked }
      return { input, paths: machineModel(doorMachine, { input, events: () => ({}) }).getShortestPaths() }
    })
    expect(missingTransitions(doorMachine, walks.slice(0, 1))).toEqual(['door.deciding on always #2 → door.closed'])
    expect(missingTransitions(doorMachine, walks)).toEqual([])
  })
})
