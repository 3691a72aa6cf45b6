import { createActor, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate'
import { modelMachine, type MachinePath } from './model.ts'

/**
 * Names a transition by where it starts, what triggers it and its place among the
 * transitions for that trigger (guarded alternatives are separate transitions):
 * `session.signingIn on xstate.done.actor.login #2 → session.awaitingOtp`.
 */
function label(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? source.always : source.transitions.get(eventType)
  const index = (siblings ?? []).indexOf(transition) + 1
  const targets = transition.target?.map((target) => target.id).join(', ') ?? '(stays)'
  return `${source.id} on ${eventType === '' ? 'always' : eventType} #${index} → ${targets}`
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)]
}

/** The transition definitions of every state node: `on`, invocation endings, `always`, each guarded alternative. */
export function transitionsOf(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return stateNodes(machine.root).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
}

/**
 * Every transition the machine defines, named: for each state node, each `on` event,
 * each invocation's done and error, each `always`, and every guarded alternative of them.
 * @example
 * allTransitions(shiftMachine) // ['shift.draft on shift.publish #1 → shift.published', …]
 */
export function allTransitions(machine: AnyStateMachine): string[] {
  return transitionsOf(machine).map(label)
}

/** The transitions that walking `paths` takes, found by replaying them on the model and watching each microstep. */
export function coveredTransitions(machine: AnyStateMachine, paths: readonly MachinePath[], input?: unknown): Set<string> {
  const covered = new Set<string>()
  const model = modelMachine(machine)
  for (const path of paths) {
    const actor = createActor(model, {
      input,
      inspect: (inspection) => {
        if (inspection.type === '@xstate.microstep') inspection._transitions.forEach((transition) => covered.add(label(transition)))
      },
    })
    actor.start()
    for (const step of path.steps.slice(1)) actor.send(step.event)
    actor.stop()
  }
  return covered
}

/** The walks of one model: its paths and the input its machine started with. */
export interface Walks {
  paths: readonly MachinePath[]
  input?: unknown
}

/**
 * The transitions of `machine` that none of the walks takes. Empty means full
 * transition coverage; several models (one per input) may share the work.
 * @example
 * expect(missingTransitions(inviteMachine, [{ paths, input }])).toEqual([])
 */
export function missingTransitions(machine: AnyStateMachine, walks: readonly Walks[]): string[] {
  const covered = new Set(walks.flatMap(({ paths, input }) => [...coveredTransitions(machine, paths, input)]))
  return allTransitions(machine).filter((transition) => !covered.has(transition))
}
