import { describe, expect, it } from 'vitest'
import { describeLifecycle } from '../test/lifecycle-suite.ts'
import { invoiceMachine, isOverdue } from './invoice-machine.ts'
import { allowedEvents, nextStatus } from './lifecycle.ts'

describeLifecycle(invoiceMachine, {
  inputs: [{ total_cents: 12000, paid_cents: 0 }],
  events: { 'invoice.payment': [{}, { amount_cents: 5000 }, { amount_cents: 20000 }], 'invoice.payment_reverse': [{}, { amount_cents: 5000 }] },
  allowed: {
    draft: () => ['invoice.send', 'invoice.void'],
    sent: () => ['invoice.payment', 'invoice.void'],
    partially_paid: () => ['invoice.payment', 'invoice.payment_reverse'],
    paid: () => ['invoice.payment_reverse'],
    void: () => [],
  },
})

describe('invoice lifecycle, as the server asks it', () => {
  const facts = { total_cents: 12000, paid_cents: 5000 }

  it('settles the invoice when a payment covers the balance due, and keeps it partly paid otherwise', () => {
    expect(nextStatus(invoiceMachine, 'partially_paid', { type: 'invoice.payment', amount_cents: 7000 }, facts)).toBe('paid')
    expect(nextStatus(invoiceMachine, 'partially_paid', { type: 'invoice.payment', amount_cents: 2000 }, facts)).toBe('partially_paid')
    expect(nextStatus(invoiceMachine, 'partially_paid', { type: 'invoice.payment' }, facts)).toBe('paid')
  })

  it('refuses a payment above the balance due, of nothing, or to a draft', () => {
    expect(nextStatus(invoiceMachine, 'partially_paid', { type: 'invoice.payment', amount_cents: 7001 }, facts)).toBeNull()
    expect(nextStatus(invoiceMachine, 'sent', { type: 'invoice.payment', amount_cents: 0 }, facts)).toBeNull()
    expect(nextStatus(invoiceMachine, 'draft', { type: 'invoice.payment' }, facts)).toBeNull()
  })

  it('cannot void a paid invoice, but takes back a payment recorded in error', () => {
    expect(allowedEvents(invoiceMachine, 'paid', { total_cents: 12000, paid_cents: 12000 })).toEqual(['invoice.payment_reverse'])
  })

  it('owes again what a payment taken back had paid: all of it, or part', () => {
    const paid = { total_cents: 12000, paid_cents: 12000 }
    expect(nextStatus(invoiceMachine, 'paid', { type: 'invoice.payment_reverse', amount_cents: 12000 }, paid)).toBe('sent')
    expect(nextStatus(invoiceMachine, 'paid', { type: 'invoice.payment_reverse', amount_cents: 5000 }, paid)).toBe('partially_paid')
    expect(nextStatus(invoiceMachine, 'partially_paid', { type: 'invoice.payment_reverse', amount_cents: 5000 }, facts)).toBe('sent')
    expect(nextStatus(invoiceMachine, 'partially_paid', { type: 'invoice.payment_reverse', amount_cents: 6000 }, facts)).toBeNull()
    expect(nextStatus(invoiceMachine, 'sent', { type: 'invoice.payment_reverse' }, { total_cents: 12000, paid_cents: 0 })).toBeNull()
  })

  it('is overdue only while owed after its due date', () => {
    expect(isOverdue('sent', '2025-01-31', '2025-02-01')).toBe(true)
    expect(isOverdue('partially_paid', '2025-01-31', '2025-01-31')).toBe(false)
    expect(isOverdue('paid', '2025-01-31', '2025-03-01')).toBe(false)
  })
})
