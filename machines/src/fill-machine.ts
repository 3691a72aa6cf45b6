import { assign, setup } from 'xstate'
import type { ApplyFillResult, FillProposal, FillWeights } from '@rota/core'
import { errorMessage, notProvided } from './placeholders.ts'

/** The range to fill (business days, both included) and any weights that differ from the settings'. */
export interface FillRequest {
  from: string
  to: string
  weights?: Partial<FillWeights>
}

/** What applying sends: the proposal, and the shifts kept (all of them when the manager kept everything). */
export interface ApplyRequest {
  proposal: FillProposal
  shiftIds: string[]
}

export interface FillContext {
  request: FillRequest | null
  proposal: FillProposal | null
  /** The proposed shifts the manager keeps: all of them at first. */
  kept: string[]
  result: ApplyFillResult | null
  error: string | null
}

export type FillEvent =
  | { type: 'fill.choose'; from: string; to: string; weights?: Partial<FillWeights> }
  | { type: 'fill.keep'; shift_ids: string[]; kept: boolean }
  | { type: 'fill.apply' }
  | { type: 'fill.discard' }
  | { type: 'fill.retry' }
  | { type: 'fill.cancel' }

/**
 * Filling open shifts (issue 18), as the week board and `rota schedule fill` walk it: choose a
 * range, the server solves (`propose`), the proposal is shown (ghost cards, or a table) and the
 * manager keeps all or some of it, then applies it (`apply`: draft assignments, all or
 * nothing) — or discards it and chooses again, or cancels. A failed solve or apply (a shift
 * changed meanwhile: 409) is an error the manager may retry, which solves the range again.
 * @example
 * const fill = createActor(fillMachine.provide({ actors: { propose, apply } })).start()
 * fill.send({ type: 'fill.choose', from: '2026-03-09', to: '2026-03-15' })
 */
export const fillMachine = setup({
  types: {
    context: {} as FillContext,
    events: {} as FillEvent,
  },
  actors: {
    propose: notProvided<FillProposal, FillRequest>('propose'),
    apply: notProvided<ApplyFillResult, ApplyRequest>('apply'),
  },
  guards: {
    keepsSome: ({ context }) => context.kept.length > 0,
  },
}).createMachine({
  id: 'fill',
  context: { request: null, proposal: null, kept: [], result: null, error: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'fill.cancel': 'cancelled',
        'fill.choose': {
          target: 'solving',
          actions: assign({ request: ({ event }) => ({ from: event.from, to: event.to, ...(event.weights ? { weights: event.weights } : {}) }), error: null }),
        },
      },
    },
    solving: {
      // The server may still answer; nothing is stored until an apply.
      on: { 'fill.cancel': 'cancelled' },
      invoke: {
        id: 'propose',
        src: 'propose',
        input: ({ context }) => context.request!,
        onDone: { target: 'proposal', actions: assign({ proposal: ({ event }) => event.output, kept: ({ event }) => event.output.assignments.map((a) => a.shift_id) }) },
        onError: { target: 'error', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    proposal: {
      on: {
        'fill.keep': {
          actions: assign({
            kept: ({ context, event }) => {
              const proposed = new Set(context.proposal!.assignments.map((a) => a.shift_id))
              const changing = new Set(event.shift_ids.filter((id) => proposed.has(id)))
              const others = context.kept.filter((id) => !changing.has(id))
              return event.kept ? context.proposal!.assignments.map((a) => a.shift_id).filter((id) => others.includes(id) || changing.has(id)) : others
            },
          }),
        },
        'fill.apply': { guard: 'keepsSome', target: 'applying', actions: assign({ error: null }) },
        'fill.discard': { target: 'choosing', actions: assign({ proposal: null, kept: [] }) },
        'fill.cancel': 'cancelled',
      },
    },
    applying: {
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ proposal: context.proposal!, shiftIds: context.kept }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'error', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    error: {
      on: { 'fill.retry': { target: 'solving', actions: assign({ error: null, proposal: null, kept: [] }) }, 'fill.cancel': 'cancelled' },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
})
