import { FillWeights, isLocalDate, type ApplyFillResult, type FillProposal, type Shift } from '@rota/core'
import { fillMachine } from '@rota/machines'
import { createActor, fromPromise, waitFor } from 'xstate'
import { notSignedIn, usageError } from '../errors.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'

export interface ScheduleFillOptions extends CommandContext {
  from: string
  to: string
  apply?: boolean
  /** `cost=3,fairness=900`: the goals weighed differently from the business's settings for this fill. */
  weights?: string
}

const GOALS = Object.keys(FillWeights.shape) as (keyof FillWeights)[]

/**
 * `--weights cost=3,fairness=900` as the body's `weights`: each goal at most once, each a number
 * within what the server takes (`cost` a multiple of the labour cost; the others in cents).
 * @example
 * parseWeights('cost=2, continuity=0') // { cost: 2, continuity: 0 }
 */
export function parseWeights(text: string): Partial<FillWeights> {
  const weights: Partial<FillWeights> = {}
  for (const part of text.split(',').map((piece) => piece.trim())) {
    const [goal, value, ...rest] = part.split('=').map((piece) => piece.trim())
    if (!goal || value === undefined || rest.length > 0) throw usageError(`--weights takes goal=number pairs separated by commas, such as cost=2,fairness=900, not ${JSON.stringify(part)}`)
    if (!GOALS.includes(goal as keyof FillWeights)) throw usageError(`--weights: ${JSON.stringify(goal)} is not a goal: use ${GOALS.join(', ')}`)
    const name = goal as keyof FillWeights
    if (name in weights) throw usageError(`--weights: ${name} is given twice`)
    const schema = FillWeights.shape[name]
    const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN
    if (!schema.safeParse(number).success) throw usageError(`--weights: ${name} takes a number from ${schema.minValue} to ${schema.maxValue}, not ${JSON.stringify(value)}`)
    weights[name] = number
  }
  return weights
}

/** A proposed or unfilled shift as the CLI names it: its day, times, client and service. */
export interface NamedShift {
  shift_id: string
  date: string
  start: string
  end: string
  client: string
  service: string
}

/** What `rota schedule fill` did, as `--json` prints it. */
export interface ScheduleFillOutcome {
  proposal: FillProposal
  shifts: Record<string, NamedShift>
  /** With --apply: how many shifts were written as drafts. */
  applied: number | null
}

/**
 * `rota schedule fill --from --to [--weights] [--apply]`: asks the server to staff the open shifts of the
 * range through the fill machine (the web board's), prints the proposal with a reason per
 * assignment and the blocking rule per unfilled shift, and with `--apply` writes it as draft
 * assignments (all or nothing: a shift changed meanwhile refuses the apply).
 * @example
 * const outcome = await scheduleFill({ io, global: {}, from: '2026-03-09', to: '2026-03-15', apply: true })
 */
export async function scheduleFill(options: ScheduleFillOptions): Promise<ScheduleFillOutcome> {
  const { io, global, from, to } = options
  for (const [name, value] of [['--from', from], ['--to', to]] as const) {
    if (!isLocalDate(value)) throw usageError(`${name} takes a date such as 2026-03-09, not ${JSON.stringify(value)}`)
  }
  if (to < from) throw usageError('--to comes before --from: give the range in order')
  const weights = options.weights === undefined ? undefined : parseWeights(options.weights)
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const connection = connect(target)
  const { api } = connection.client
  let failure: unknown = null
  const remember = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (error) {
      failure = error
      throw error
    }
  }
  const actor = createActor(
    fillMachine.provide({
      actors: {
        // Ctrl-C ends the request, and the server stops solving.
        propose: fromPromise(({ input }) => remember(() => api.fillSchedule({ body: input }, { silent: true, signal: io.interrupt }))),
        apply: fromPromise(({ input }) => remember(() => api.applyFill({ params: { id: input.proposal.id }, body: {} }, { silent: true }))),
      },
    }),
  ).start()
  try {
    actor.send({ type: 'fill.choose', from, to, ...(weights ? { weights } : {}) })
    let snapshot = await waitFor(actor, (s) => !s.matches('solving'), { timeout: Infinity })
    if (snapshot.matches('error')) throw failure
    const proposal = snapshot.context.proposal!
    // Named while they are still open (an apply staffs them).
    const open = await api.listShifts({ query: { from, to, page_size: 5000, filter: { staff: 'open' } } }, { silent: true })
    const named = (shift: Shift): NamedShift => ({ shift_id: shift.id, date: shift.date, start: shift.start_time, end: shift.end_time, client: shift.location.name, service: shift.service.name })
    const mentioned = new Set([...proposal.assignments.map((a) => a.shift_id), ...proposal.unfilled.map((u) => u.shift_id)])
    const shifts = Object.fromEntries(open.rows.filter((shift) => mentioned.has(shift.id)).map((shift) => [shift.id, named(shift)]))
    let applied: ApplyFillResult | null = null
    if (options.apply && proposal.assignments.length > 0) {
      actor.send({ type: 'fill.apply' })
      snapshot = await waitFor(actor, (s) => !s.matches('applying'), { timeout: Infinity })
      if (snapshot.matches('error')) throw failure
      applied = snapshot.context.result
    }
    return { proposal, shifts, applied: applied?.applied ?? (options.apply ? 0 : null) }
  } finally {
    actor.stop()
    connection.close()
  }
}
