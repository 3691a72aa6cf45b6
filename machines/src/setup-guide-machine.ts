import { assign, not, raise, setup } from 'xstate'
import {
  completeAll,
  completeStep,
  isAdministrator,
  isGuideFinished,
  parseCompletedSteps,
  serializeCompletedSteps,
  SETUP_STEP_PATHS,
  type GuideMark,
  type MaybeSubject,
  type SetupStep,
} from '@rota/core'
import { errorMessage, notProvided } from './placeholders.ts'

/** Who is looking, and what the settings say is done. */
export interface SetupGuideInput {
  user: MaybeSubject
  /** The settings' `completed_guided_setup`, comma-separated. */
  completed: string
}

/** Whether the guide is for this user, and the steps done. */
export interface SetupGuideContext {
  administrator: boolean
  marks: GuideMark[]
  /** Why the last save failed; the next one sends every mark again. */
  error: string | null
}

/** What the administrator clicks in the guide. */
export type SetupGuideEvent =
  | { type: 'guide.step.complete'; step: SetupStep }
  | { type: 'guide.complete.all' }
  | { type: 'guide.remind.later' }
  /** Raised by the guide itself when the marks changed. */
  | { type: 'guide.save' }

const finishedWith = (marks: GuideMark[], step: SetupStep) => isGuideFinished(completeStep(marks, step))

/**
 * The setup guide of SPEC.md §4, for administrators: six steps; opening a step marks
 * it done and navigates to its page; once all six are done (or "Mark As Completed")
 * the `all` marker is added and the guide is finished for good. "Remind Me Later"
 * hides it for this session only, which is as long as the actor lives. What is shown
 * and what is saved are two regions, so hiding the guide never drops a save in flight.
 * The header badge shows `completedCount(context.marks)` out of six (from core).
 * @example
 * const guide = createActor(setupGuideMachine.provide({ actors: { save }, actions: { navigate: (_, { to }) => navigate(to) } }),
 *   { input: { user, completed: settings.completed_guided_setup } }).start()
 * guide.send({ type: 'guide.step.complete', step: 'roles' }) // opens /users/roles and saves "roles"
 */
export const setupGuideMachine = setup({
  types: {
    context: {} as SetupGuideContext,
    events: {} as SetupGuideEvent,
    input: {} as SetupGuideInput,
  },
  actors: {
    /** Stores the marks (`PUT /settings`), and lets the session know of the new settings. */
    save: notProvided<void, { completed_guided_setup: string }>('save'),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    administrator: ({ context }) => context.administrator,
    finished: ({ context }) => isGuideFinished(context.marks),
    alreadyDone: ({ context, event }) => event.type === 'guide.step.complete' && context.marks.includes(event.step),
    finishesGuide: ({ context, event }) => event.type === 'guide.step.complete' && finishedWith(context.marks, event.step),
  },
}).createMachine({
  id: 'setupGuide',
  context: ({ input }) => ({
    administrator: isAdministrator(input.user),
    marks: parseCompletedSteps(input.completed),
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: not('administrator'), target: 'notOffered' },
        { guard: 'finished', target: '#setupGuide.offered.display.finished' },
        { target: 'offered' },
      ],
    },
    notOffered: {},
    offered: {
      type: 'parallel',
      states: {
        display: {
          initial: 'shown',
          states: {
            shown: {
              on: {
                'guide.step.complete': [
                  { guard: 'alreadyDone', actions: { type: 'navigate', params: ({ event }) => ({ to: SETUP_STEP_PATHS[event.step] }) } },
                  {
                    guard: 'finishesGuide',
                    target: 'finished',
                    actions: [
                      assign({ marks: ({ context, event }) => completeStep(context.marks, event.step) }),
                      { type: 'navigate', params: ({ event }) => ({ to: SETUP_STEP_PATHS[event.step] }) },
                      raise({ type: 'guide.save' }),
                    ],
                  },
                  {
                    actions: [
                      assign({ marks: ({ context, event }) => completeStep(context.marks, event.step) }),
                      { type: 'navigate', params: ({ event }) => ({ to: SETUP_STEP_PATHS[event.step] }) },
                      raise({ type: 'guide.save' }),
                    ],
                  },
                ],
                'guide.complete.all': { target: 'finished', actions: [assign({ marks: () => completeAll() }), raise({ type: 'guide.save' })] },
                'guide.remind.later': { target: 'snoozed' },
              },
            },
            snoozed: {},
            finished: {},
          },
        },
        persistence: {
          initial: 'saved',
          states: {
            saved: {
              on: { 'guide.save': { target: 'saving' } },
            },
            saving: {
              invoke: {
                id: 'save',
                src: 'save',
                input: ({ context }) => ({ completed_guided_setup: serializeCompletedSteps(context.marks) }),
                onDone: { target: 'saved', actions: assign({ error: null }) },
                onError: { target: 'unsaved', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
              },
              on: { 'guide.save': { target: 'saving', reenter: true } },
            },
            unsaved: {
              on: { 'guide.save': { target: 'saving' } },
            },
          },
        },
      },
    },
  },
})
