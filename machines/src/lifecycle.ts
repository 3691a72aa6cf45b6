import {
  getNextTransitions,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type StateValueFrom,
} from 'xstate'

/** A record's status: a state of its lifecycle machine, spelled as the database stores it. */
export type StatusOf<M extends AnyStateMachine> = Extract<StateValueFrom<M>, string>

/** The record's facts a lifecycle's guards read: whether a shift has staff, an invoice's amounts… */
export type FactsOf<M extends AnyStateMachine> = InputFrom<M>

/** A snapshot of `machine` standing at `status`, its context made from `facts` as the machine's input would be. */
function snapshotAt<M extends AnyStateMachine>(machine: M, status: StatusOf<M>, facts?: FactsOf<M>): AnyMachineSnapshot {
  const [initial] = initialTransition(machine as AnyStateMachine, facts)
  return (machine as AnyStateMachine).resolveState({ value: status, context: initial.context })
}

/**
 * The events a record in `status` accepts, given its facts: the actions the UI offers.
 * An event whose payload the guards read is judged with none (an invoice payment then
 * means "the balance due").
 * @example
 * allowedEvents(shiftMachine, 'published', { staffed: false }) // ['shift.cancel', 'shift.assign'] — an open shift cannot be clocked into
 */
export function allowedEvents<M extends AnyStateMachine>(machine: M, status: StatusOf<M>, facts?: FactsOf<M>): EventFromLogic<M>['type'][] {
  // The answer depends on the status and the facts alone, which are few: a board of thousands
  // of shifts asks the same handful of questions, so each is worked out once per machine.
  let answers = remembered.get(machine)
  if (!answers) remembered.set(machine, (answers = new Map()))
  const key = `${String(status)}\u0000${JSON.stringify(facts ?? null)}`
  let types = answers.get(key)
  if (!types) {
    const snapshot = snapshotAt(machine, status, facts)
    const candidates = new Set(getNextTransitions(snapshot).map((candidate) => candidate.eventType))
    types = [...candidates].filter((type) => !type.startsWith('xstate.') && type !== '' && snapshot.can({ type }))
    if (answers.size > 10_000) answers.clear()
    answers.set(key, types)
  }
  return [...types] as EventFromLogic<M>['type'][]
}

const remembered = new WeakMap<AnyStateMachine, Map<string, string[]>>()

/**
 * The status a record moves to when `event` happens, or null when its lifecycle refuses
 * the event: what the server runs before writing a status change.
 * @example
 * nextStatus(invoiceMachine, 'sent', { type: 'invoice.payment', amount_cents: 5000 }, { total_cents: 12000, paid_cents: 0 }) // 'partially_paid'
 * nextStatus(payrollMachine, 'draft', { type: 'payroll.pay' }) // null
 */
export function nextStatus<M extends AnyStateMachine>(
  machine: M,
  status: StatusOf<M>,
  event: EventFromLogic<M>,
  facts?: FactsOf<M>,
): StatusOf<M> | null {
  const snapshot = snapshotAt(machine, status, facts)
  if (!snapshot.can(event)) return null
  const [next] = transition(machine as AnyStateMachine, snapshot, event)
  return next.value as StatusOf<M>
}
