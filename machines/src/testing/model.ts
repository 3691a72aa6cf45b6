import { createMachine, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { createTestModel, type TestModel, type TestPath } from 'xstate/graph'

/** A test model of one of our machines, and the paths it walks. */
export type MachineModel = TestModel<AnyMachineSnapshot, AnyEventObject, unknown>
export type MachinePath = TestPath<AnyMachineSnapshot, AnyEventObject>
/** Which paths to take: `toState`, `filterEvents`, … as `getShortestPaths` reads them. */
export type PathOptions = Parameters<MachineModel['getShortestPaths']>[0]

/**
 * The events the model may send in a state, by type, as payloads without `type`.
 * A type mapped to `[]` cannot happen in that state (an account that signs in never
 * fails); a type left out is sent bare.
 */
export type EventSamples = Record<string, readonly object[]>

export interface ModelOptions {
  input?: unknown
  /** The events to try in a snapshot of the model. */
  events: (snapshot: AnyMachineSnapshot) => EventSamples
  /**
   * What of the context tells two states apart. Defaults to all of it; a counter that
   * could grow forever must be reduced to what the behaviour depends on.
   */
  context?: (context: AnyMachineSnapshot['context']) => unknown
}

type StateConfig = {
  invoke?: InvokeConfig | InvokeConfig[]
  on?: Record<string, unknown>
  states?: Record<string, StateConfig>
  [key: string]: unknown
}
type InvokeConfig = { id?: string; src: unknown; onDone?: unknown; onError?: unknown }

/**
 * The machine's config with every invocation replaced by the two events it ends with:
 * `xstate.done.actor.<id>` and `xstate.error.actor.<id>`, carrying the same transitions.
 * That is what `createTestModel` needs (it refuses machines that invoke), and it turns
 * "the login call answered X" into a step the model can choose, with X as its sample.
 */
function withoutInvocations(config: StateConfig): StateConfig {
  const { invoke, on, states, ...rest } = config
  const invocations = invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke]
  const endings: Record<string, unknown> = {}
  for (const invocation of invocations) {
    if (invocation.id === undefined) throw new Error(`Give the invocation of ${String(invocation.src)} an id`)
    if (invocation.onDone !== undefined) endings[`xstate.done.actor.${invocation.id}`] = invocation.onDone
    if (invocation.onError !== undefined) endings[`xstate.error.actor.${invocation.id}`] = invocation.onError
  }
  const children = states && Object.fromEntries(Object.entries(states).map(([key, child]) => [key, withoutInvocations(child)]))
  return { ...rest, on: { ...on, ...endings }, ...(children && { states: children }) }
}

/**
 * The machine the model walks: the same states, guards, context and actions as
 * `machine`, with invocations turned into events.
 * @example
 * modelMachine(sessionMachine).transition(snapshot, { type: 'xstate.done.actor.login', output }, scope)
 */
export function modelMachine(machine: AnyStateMachine): AnyStateMachine {
  return createMachine(withoutInvocations(machine.config as StateConfig) as never, machine.implementations as never) as AnyStateMachine
}

/**
 * A `createTestModel` of `machine` whose states are told apart by value, context and
 * the transition that led there, so that a transition that changes nothing visible
 * still ends a path of its own and `getShortestPaths()` takes every transition.
 * @example
 * const paths = machineModel(guideMachine, { input, events: () => ({ 'guide.step.complete': [{ step: 'roles' }] }) }).getShortestPaths()
 */
export function machineModel(machine: AnyStateMachine, options: ModelOptions): MachineModel {
  const { events, context = (value) => value, input } = options
  const samplesOf = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    Object.entries(events(snapshot)).flatMap(([type, payloads]) => payloads.map((payload) => ({ ...payload, type })))
  const ruledOut = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => events(snapshot)[event.type]?.length === 0
  return createTestModel(modelMachine(machine), {
    input,
    events: samplesOf,
    filterEvents: (snapshot, event) => !ruledOut(snapshot, event),
    serializeState: (snapshot, event, previous) =>
      JSON.stringify([snapshot.value, context(snapshot.context), event ?? null, previous?.value ?? null]),
    limit: 20_000,
  }) as MachineModel
}

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text)

const brief = ({ type, ...payload }: AnyEventObject) => {
  const ending = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)
  if (ending?.[1] === 'done') return `${ending[2]} answers ${shorten(JSON.stringify(payload.output) ?? '')}`
  if (ending) return `${ending[2]} fails`
  const shown = JSON.stringify(payload)
  return shown === '{}' ? type : `${type} ${shorten(shown)}`
}

/**
 * A test name for a path: its events, then the state it ends in.
 * @example
 * pathName(path) // 'restore answers null → session.login {"email":"ada@acme.test",…} → login fails ⇒ "signedOut"'
 */
export function pathName(path: MachinePath): string {
  const events = path.steps.slice(1).map((step) => brief(step.event))
  return `${events.join(' → ') || '(start)'} ⇒ ${JSON.stringify(path.state.value)}`
}
