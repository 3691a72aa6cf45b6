import { createActor, fromPromise, type AnyActorLogic, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { transitionsOf } from './coverage.ts'
import type { MachinePath } from './model.ts'

/** Marks an actor whose answer the model gives: the stub of a world without a server. */
export const answeredByModel = Symbol('answered by the model')

/** The body of a promise actor, as a platform would provide it. */
export type ActorBody = ((input: never) => Promise<unknown>) | typeof answeredByModel

/**
 * What a platform gives a machine, for one walk: the bodies of its promise actors (stubs
 * answered by the model, or real API calls), its other implementations as
 * `machine.provide` takes them, and how to produce the events that an actor rather than
 * a person sends.
 */
export interface World {
  actors?: Record<string, ActorBody>
  provide?: { actors?: Record<string, AnyActorLogic>; actions?: Record<string, unknown> }
  events?: Record<string, (event: AnyEventObject, actor: AnyActorRef) => void | Promise<void>>
  /** Hears each invocation's input, for a world that keeps track of the requests it got. */
  invoked?: (id: string, input: unknown) => void
  /** Hears each answer that reaches the machine (the model's or a real one), for a world whose state follows from it. */
  answered?: (id: string, output: unknown) => void
  /** Runs after the walk, pass or fail: a world against a server signs out what the walk left signed in. */
  cleanup?: () => Promise<void>
}

/**
 * What a state means, checked against the running actor each time a path reaches it;
 * `event` is the model's event that led there. A meaning throws an Error saying what is wrong.
 */
export type Meanings<W> = Record<string, (snapshot: AnyMachineSnapshot, reached: { world: W; event: AnyEventObject }) => void | Promise<void>>

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

const outcomeOf = (body: (input: never) => Promise<unknown>, input: never): Promise<Outcome> =>
  body(input).then(
    (value): Outcome => ({ ok: true, value }),
    (error: unknown): Outcome => ({ ok: false, error }),
  )

// A report of a live walk may be shared: credentials never appear in it.
const masked = (value: unknown) => JSON.stringify(value, (key, field: unknown) => (/token|password/i.test(key) ? '…' : field))?.slice(0, 300)
const told = (outcome: Outcome) => (outcome.ok ? `answered ${masked(outcome.value)}` : `failed: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`)

/**
 * Holds each invoked actor's answer until the path says it arrives. A real body runs at
 * once (a real request is really sent) but the machine hears of it only at the step
 * `xstate.done.actor.<id>` or `xstate.error.actor.<id>`, which must agree with what
 * happened; a body answered by the model simply answers what that step carries. Without
 * the hold, an answer could race past the checks of the states in between.
 */
function gates(world: World) {
  const waiting = new Map<string, { outcome: Promise<Outcome> | null; open: (outcome: Outcome) => void }>()
  const wrap = (id: string, body: ActorBody) =>
    fromPromise(async ({ input, signal }: { input: never; signal: AbortSignal }) => {
      world.invoked?.(id, input)
      const outcome = body === answeredByModel ? null : outcomeOf(body, input)
      const result = await new Promise<Outcome>((open) => {
        waiting.set(id, { outcome, open })
        signal.addEventListener('abort', () => waiting.delete(id))
      })
      if (!result.ok) throw result.error
      return result.value
    })
  const release = async (id: string, event: AnyEventObject) => {
    const gate = waiting.get(id)
    if (!gate) throw new Error(`The path expects an answer from "${id}", which is not running`)
    const expected: Outcome = event.type.startsWith('xstate.done.') ? { ok: true, value: event.output } : { ok: false, error: event.error }
    const actual = gate.outcome ? await gate.outcome : expected
    if (actual.ok !== expected.ok) throw new Error(`"${id}" ${told(actual)}, but the path expects it to ${expected.ok ? 'answer' : 'fail'}`)
    waiting.delete(id)
    if (actual.ok) world.answered?.(id, actual.value)
    gate.open(actual)
  }
  return { wrap, release }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const ending = /^xstate\.(?:done|error)\.actor\.(.+)$/

/**
 * Walks one model path on a real actor of `machine`, provided with the world's
 * implementations: sends each event (or lets the actor's answer through), then checks
 * that the actor is in the state the model is in and that every meaning matching that
 * state holds. Throws a plain Error at the first difference, so it runs under any test
 * runner or none (`rota smoke`); the world's `cleanup` runs either way.
 * @example
 * for (const path of model.getShortestPaths()) await walk(path, { machine, world: stubWorld(), meanings })
 */
export async function walk<W extends World>(
  path: MachinePath,
  { machine, world, meanings, input }: { machine: AnyStateMachine; world: W; meanings: Meanings<W>; input?: unknown },
): Promise<void> {
  const { wrap, release } = gates(world)
  const wrapped = Object.fromEntries(Object.entries(world.actors ?? {}).map(([id, body]) => [id, wrap(id, body)]))
  const provided = machine.provide({
    actions: world.provide?.actions ?? {},
    actors: { ...world.provide?.actors, ...wrapped },
  } as never)
  const actor = createActor(provided, { input })
  let reachedBy: AnyEventObject = { type: 'xstate.init' }
  const perform = async (event: AnyEventObject) => {
    reachedBy = event
    const id = ending.exec(event.type)?.[1]
    if (id) await release(id, event)
    else if (world.events?.[event.type]) await world.events[event.type]?.(event, actor)
    else actor.send(event)
    await settle()
  }
  const check = async (expected: AnyMachineSnapshot) => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot
    const [reached, wanted] = [JSON.stringify(snapshot.value), JSON.stringify(expected.value)]
    if (reached !== wanted) throw new Error(`After ${reachedBy.type} the actor is in ${reached}, the model in ${wanted}`)
    for (const [state, meaning] of Object.entries(meanings)) if (snapshot.matches(state as never)) await meaning(snapshot, { world, event: reachedBy })
  }
  const eventTypes = new Set(transitionsOf(machine).map((transition) => transition.eventType))
  try {
    actor.start()
    await path.test({
      events: Object.fromEntries([...eventTypes].map((type) => [type, (step: { event: AnyEventObject }) => perform(step.event)])),
      states: { '*': check },
    })
  } finally {
    actor.stop()
    await world.cleanup?.()
  }
}
