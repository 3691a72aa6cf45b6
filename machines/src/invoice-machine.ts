import { assign, setup } from 'xstate'

/** An invoice's amounts in cents, as its lifecycle needs them. */
export interface InvoiceFacts {
  total_cents: number
  paid_cents: number
}

/** What happens to an invoice: sent to the client, paid (in part or in full), voided. */
export type InvoiceEvent =
  | { type: 'invoice.send' }
  /** A payment received; without an amount, the balance due. */
  | { type: 'invoice.payment'; amount_cents?: number }
  | { type: 'invoice.void' }
  /** A payment recorded in error taken back; without an amount, all that was paid. */
  | { type: 'invoice.payment_reverse'; amount_cents?: number }

type Payment = { context: InvoiceFacts; event: InvoiceEvent }

const balanceDue = (facts: InvoiceFacts) => facts.total_cents - facts.paid_cents

const amountOf = ({ context, event }: Payment) =>
  event.type === 'invoice.payment' ? (event.amount_cents ?? balanceDue(context)) : 0

const reversedOf = ({ context, event }: Payment) => (event.type === 'invoice.payment_reverse' ? (event.amount_cents ?? context.paid_cents) : 0)

/**
 * An invoice's lifecycle (DESIGN.md §7): a draft until sent, then partially paid and
 * paid as payments arrive; void ends it while nothing is paid (voiding would lose the money
 * received: a partly paid invoice is settled, not voided). A payment larger than the
 * balance due, or of nothing, is refused. A payment recorded in error is taken back (the
 * invoice owes it again), never deleted. Overdue is not a status: see `isOverdue`.
 * @example
 * nextStatus(invoiceMachine, 'partially_paid', { type: 'invoice.payment' }, { total_cents: 12000, paid_cents: 5000 }) // 'paid'
 */
export const invoiceMachine = setup({
  types: {
    context: {} as InvoiceFacts,
    events: {} as InvoiceEvent,
    input: {} as Partial<InvoiceFacts> | undefined,
  },
  guards: {
    paysInFull: (payment) => amountOf(payment) > 0 && amountOf(payment) === balanceDue(payment.context),
    paysInPart: (payment) => amountOf(payment) > 0 && amountOf(payment) < balanceDue(payment.context),
    reversesAll: (reversal) => reversedOf(reversal) > 0 && reversedOf(reversal) === reversal.context.paid_cents,
    reversesPart: (reversal) => reversedOf(reversal) > 0 && reversedOf(reversal) < reversal.context.paid_cents,
  },
  actions: {
    recordPayment: assign({ paid_cents: (payment) => payment.context.paid_cents + amountOf(payment) }),
    reversePayment: assign({ paid_cents: (reversal) => reversal.context.paid_cents - reversedOf(reversal) }),
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({ total_cents: input?.total_cents ?? 0, paid_cents: input?.paid_cents ?? 0 }),
  initial: 'draft',
  states: {
    draft: {
      on: { 'invoice.send': 'sent', 'invoice.void': 'void' },
    },
    sent: {
      on: {
        'invoice.payment': [
          { guard: 'paysInFull', target: 'paid', actions: 'recordPayment' },
          { guard: 'paysInPart', target: 'partially_paid', actions: 'recordPayment' },
        ],
        'invoice.void': 'void',
      },
    },
    partially_paid: {
      on: {
        'invoice.payment': [
          { guard: 'paysInFull', target: 'paid', actions: 'recordPayment' },
          { guard: 'paysInPart', actions: 'recordPayment' },
        ],
        'invoice.payment_reverse': [
          { guard: 'reversesAll', target: 'sent', actions: 'reversePayment' },
          { guard: 'reversesPart', actions: 'reversePayment' },
        ],
      },
    },
    // Paid in full until a payment recorded in error is taken back.
    paid: {
      on: {
        'invoice.payment_reverse': [
          { guard: 'reversesAll', target: 'sent', actions: 'reversePayment' },
          { guard: 'reversesPart', target: 'partially_paid', actions: 'reversePayment' },
        ],
      },
    },
    void: { type: 'final' },
  },
})

/**
 * Whether an invoice is overdue: still owed (sent or partially paid) after its due
 * date. Both dates are calendar days (YYYY-MM-DD); `today` is the day in the business's
 * time zone, which only the caller knows.
 * @example
 * isOverdue('sent', '2025-01-31', '2025-02-01') // true
 */
export function isOverdue(status: string, dueDate: string, today: string): boolean {
  return (status === 'sent' || status === 'partially_paid') && dueDate < today
}
