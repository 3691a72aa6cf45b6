import { createActor, fromPromise, type AnyActorLogic, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import type { MachinePath } from '../../../machines/test/model.ts'

/**
 * What a walk runs against: the real bodies of the machine's promise actors (calls to
 * the deployment), the other implementations, and how to produce the events that the
 * platform rather than a person sends.
 */
export interface LiveWorld {
  bodies: Record<string, (input: never) => Promise<unknown>>
  provide?: { actors?: Record<string, AnyActorLogic>; actions?: Record<string, unknown> }
  events?: Record<string, (event: AnyEventObject, actor: AnyActorRef) => void | Promise<void>>
  /** Signs out what the walk left signed in, so a smoke run leaves no live session behind. */
  cleanup?(): Promise<void>
}

/** What a state means against the deployment; a check throws an Error saying what is wrong. */
export type Checks<W> = Record<string, (snapshot: AnyMachineSnapshot, reached: { world: W; event: AnyEventObject }) => void | Promise<void>>

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

const ending = /^xstate\.(done|error)\.actor\.(.+)$/
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const describe = (outcome: Outcome) => (outcome.ok ? 'answered' : `failed: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`)

/**
 * Walks one model path on a real actor whose calls reach the deployment. Each call
 * starts when the machine invokes it, but the machine hears its answer only at the
 * path's `xstate.done.actor.<id>` or `xstate.error.actor.<id>` step, which must agree
 * with what the deployment answered; after every step the actor must be in the
 * model's state and the checks of that state must hold. Throws at the first difference.
 * @example
 * await walkPath(path, { machine: sessionMachine, world, checks })
 */
export async function walkPath<W extends LiveWorld>(path: MachinePath, options: { machine: AnyStateMachine; world: W; checks: Checks<W> }): Promise<void> {
  const { machine, world, checks } = options
  const waiting = new Map<string, { outcome: Promise<Outcome>; open: (outcome: Outcome) => void }>()
  const gated = Object.fromEntries(
    Object.entries(world.bodies).map(([id, body]) => [
      id,
      fromPromise(async ({ input, signal }: { input: never; signal: AbortSignal }) => {
        const outcome = body(input).then(
          (value): Outcome => ({ ok: true, value }),
          (error: unknown): Outcome => ({ ok: false, error }),
        )
        const result = await new Promise<Outcome>((open) => {
          waiting.set(id, { outcome, open })
          signal.addEventListener('abort', () => waiting.delete(id))
        })
        if (!result.ok) throw result.error
        return result.value
      }),
    ]),
  )
  const provided = machine.provide({ actions: world.provide?.actions ?? {}, actors: { ...world.provide?.actors, ...gated } } as never)
  const actor = createActor(provided)
  actor.start()
  try {
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) {
        const match = ending.exec(step.event.type)
        if (match) {
          const gate = waiting.get(match[2]!)
          if (!gate) throw new Error(`expected an answer from "${match[2]}", which is not running`)
          const actual = await gate.outcome
          if (actual.ok !== (match[1] === 'done')) throw new Error(`"${match[2]}" ${describe(actual)}, but should ${match[1] === 'done' ? 'answer' : 'fail'}`)
          waiting.delete(match[2]!)
          gate.open(actual)
        } else if (world.events?.[step.event.type]) await world.events[step.event.type]!(step.event, actor)
        else actor.send(step.event)
        await settle()
      }
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot
      if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) {
        throw new Error(`reached ${JSON.stringify(snapshot.value)} instead of ${JSON.stringify(step.state.value)}`)
      }
      for (const [state, check] of Object.entries(checks)) if (snapshot.matches(state as never)) await check(snapshot, { world, event: step.event })
    }
  } finally {
    actor.stop()
    await world.cleanup?.()
  }
}

/**
 * The paths that are not the beginning of another: walking the longer one checks every
 * state of the shorter, with fewer sign-ins against the deployment's rate limits.
 * @example
 * maximalPaths(model.getShortestPaths())
 */
export function maximalPaths(paths: readonly MachinePath[]): MachinePath[] {
  const key = (path: MachinePath) => path.steps.map((step) => JSON.stringify(step.event))
  const keys = paths.map(key)
  const within = (mine: string[], other: string[]) => mine.length <= other.length && mine.every((part, k) => part === other[k])
  return paths.filter((_, index) => {
    const mine = keys[index]!
    // A path equal to an earlier one, or the start of a longer one, adds nothing.
    return !keys.some((other, j) => j !== index && within(mine, other) && (other.length > mine.length || j < index))
  })
}

/**
 * Fails a check with a message saying what the deployment did wrong.
 * @example
 * expectThat(stored.token === context.tokens.token, 'the stored token is not the session\'s')
 */
export function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}
