import type { FillProposal } from '@rota/core'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { fillMachine, type ApplyRequest, type FillContext } from './fill-machine.ts'
import { answeredByModel, machineModel, missingTransitions, pathName, walk, type Meanings, type World } from './testing/index.ts'

const A = '5a0f3c1e-9b2d-4c7e-8f10-2a3b4c5d6e7a'
const B = '5a0f3c1e-9b2d-4c7e-8f10-2a3b4c5d6e7b'
const totals = { filled: 0, open: 2, cost_cents: 0, overtime_minutes: 0, fairness_spread_minutes: 0 }
const reason = { week_minutes: 480, target_minutes: null, preferred_minutes: null, recent_client: false, preferred_client: false, overtime: false, cost_cents: 14_400 }
const proposal: FillProposal = {
  id: '9a0f3c1e-9b2d-4c7e-8f10-2a3b4c5d6e7f',
  status: 'proposed',
  from: '2026-03-09',
  to: '2026-03-15',
  method: 'optimal',
  solve_ms: 40,
  weights: { cost: 1, over_preferred: 1000, fairness: 500, continuity: 500, preference: 500 },
  assignments: [A, B].map((shift_id) => ({ shift_id, staff: { id: '1a0f3c1e-9b2d-4c7e-8f10-2a3b4c5d6e7f', name: 'Sam Roy' }, reason })),
  unfilled: [],
  totals: { before: totals, after: { ...totals, filled: 2, open: 0, cost_cents: 28_800 } },
  created_at: '2026-03-01T12:00:00.000Z',
}
const applied = { applied: 2, proposal: { ...proposal, status: 'applied' as const } }

const meanings: Meanings<World> = {
  choosing: ({ context }: { context: FillContext }) => {
    expect(context.proposal).toBeNull()
    expect(context.kept).toEqual([])
  },
  solving: ({ context }: { context: FillContext }) => {
    expect(context.request).toMatchObject({ from: '2026-03-09', to: '2026-03-15' })
    expect(context.error).toBeNull()
  },
  proposal: (snapshot) => {
    const context = snapshot.context as FillContext
    expect(context.proposal).toEqual(proposal)
    // What is kept is always some of the proposal, in its order.
    const order = proposal.assignments.map((a) => a.shift_id)
    expect(context.kept).toEqual(order.filter((id) => context.kept.includes(id)))
    expect(snapshot.can({ type: 'fill.apply' })).toBe(context.kept.length > 0)
  },
  applying: ({ context }: { context: FillContext }) => {
    expect(context.kept.length).toBeGreaterThan(0)
  },
  error: ({ context }: { context: FillContext }) => {
    expect(context.error).toMatch(/\S/)
  },
  done: (snapshot) => {
    expect(snapshot.status).toBe('done')
    expect(snapshot.context.result).toEqual(applied)
  },
  cancelled: (snapshot) => {
    expect(snapshot.status).toBe('done')
    expect(snapshot.context.result).toBeNull()
  },
}

const failure = [{ error: new Error('Some shifts changed since the proposal was made.') }]
const paths = machineModel(fillMachine, {
  events: () => ({
    'fill.choose': [{ from: '2026-03-09', to: '2026-03-15' }],
    'fill.keep': [
      { shift_ids: [A], kept: false },
      { shift_ids: [A, B], kept: false },
      { shift_ids: [A], kept: true },
    ],
    'xstate.done.actor.propose': [{ output: proposal }],
    'xstate.error.actor.propose': failure,
    'xstate.done.actor.apply': [{ output: applied }],
    'xstate.error.actor.apply': failure,
  }),
}).getShortestPaths()

describe('fill machine (model)', () => {
  it('walks every transition', () => {
    expect(missingTransitions(fillMachine, [{ input: undefined, paths }])).toEqual([])
  })

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_, path) =>
    walk(path, { machine: fillMachine, world: { actors: { propose: answeredByModel, apply: answeredByModel } }, meanings }),
  )
})

describe('filling a week', () => {
  it('solves the range, keeps some of the proposal and applies only those', async () => {
    const sent: ApplyRequest[] = []
    const fill = createActor(
      fillMachine.provide({
        actors: {
          propose: fromPromise(async ({ input }) => ({ ...proposal, from: input.from, to: input.to })),
          apply: fromPromise(async ({ input }) => {
            sent.push(input)
            return applied
          }),
        },
      }),
    ).start()
    fill.send({ type: 'fill.choose', from: '2026-03-09', to: '2026-03-15', weights: { fairness: 900 } })
    await waitFor(fill, (snapshot) => snapshot.matches('proposal'))
    expect(fill.getSnapshot().context.request).toEqual({ from: '2026-03-09', to: '2026-03-15', weights: { fairness: 900 } })
    fill.send({ type: 'fill.keep', shift_ids: [B], kept: false })
    fill.send({ type: 'fill.apply' })
    const done = await waitFor(fill, (snapshot) => snapshot.status === 'done')
    expect(sent.map((request) => request.shiftIds)).toEqual([[A]])
    expect(done.context.result).toEqual(applied)
  })
})
