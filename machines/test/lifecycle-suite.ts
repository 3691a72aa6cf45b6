import { describe, expect, it } from 'vitest'
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { allowedEvents, nextStatus, type FactsOf, type StatusOf } from '../src/lifecycle.ts'
import { machineModel, missingTransitions, pathName, transitionsOf, walk, type EventSamples, type Meanings, type World } from '../src/testing/index.ts'

/** For each status, the actions a record offers given its facts: the product's table. */
export type AllowedTable<M extends AnyStateMachine> = Record<StatusOf<M>, (facts: FactsOf<M>) => string[]>

/**
 * A lifecycle's model-based suite: from each starting set of facts, every shortest path
 * is walked on a real actor, and at each step the pure API the server uses must agree
 * with it: `nextStatus` predicts where the actor goes (or that it refuses), and
 * `allowedEvents` lists exactly the actions of the table.
 * @example
 * describeLifecycle(payrollMachine, { inputs: [undefined], allowed: { draft: () => ['payroll.approve'], … } })
 */
export function describeLifecycle<M extends AnyStateMachine>(
  machine: M,
  options: { inputs: FactsOf<M>[]; events?: EventSamples; allowed: AllowedTable<M> },
) {
  const walks = options.inputs.map((input) => ({
    input,
    paths: machineModel(machine, { input, events: () => options.events ?? {} }).getShortestPaths(),
  }))

  const predicted = (event: AnyEventObject, actor: AnyActorRef) => {
    const before = actor.getSnapshot() as AnyMachineSnapshot
    const expected = nextStatus(machine, before.value as StatusOf<M>, event as never, before.context as FactsOf<M>)
    actor.send(event)
    expect(actor.getSnapshot().value).toBe(expected ?? before.value)
  }
  const eventTypes = new Set(transitionsOf(machine).map((transition) => transition.eventType))
  const world: World = { events: Object.fromEntries([...eventTypes].map((type) => [type, predicted])) }

  const statuses = Object.keys(options.allowed) as StatusOf<M>[]
  const meanings: Meanings<World> = Object.fromEntries(
    statuses.map((status) => [
      status,
      (snapshot: AnyMachineSnapshot) => {
        const facts = snapshot.context as FactsOf<M>
        expect(allowedEvents(machine, status, facts).sort()).toEqual(options.allowed[status](facts).sort())
      },
    ]),
  )

  describe(`${machine.id} lifecycle (model)`, () => {
    it('walks every transition', () => {
      expect(missingTransitions(machine, walks)).toEqual([])
    })

    const cases = walks.flatMap(({ input, paths }) => paths.map((path) => [`${JSON.stringify(input) ?? 'new'}: ${pathName(path)}`, input, path] as const))
    it.each(cases)('%s', (_, input, path) => walk(path, { machine, world, meanings, input }))
  })
}
