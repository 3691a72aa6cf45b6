import { allowedEvents, invoiceMachine } from '@rota/machines'
import { machineModel, missingTransitions, pathName, walk, type Meanings, type World } from '@rota/machines/testing'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser } from '../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../helpers/business.ts'

/**
 * The invoice machine walked path by path against a real Rota: every shortest path of its model
 * (payments of a quarter or of the balance, a quarter or all of it taken back) is a fresh $113.00 invoice, each step the event sent
 * through `POST /invoice/{id}/events` with what it needs, and at each state the server's invoice
 * must be where the machine is, with the amounts the machine counted, offering its owner exactly
 * what the machine allows and a manager (who may only read invoices) nothing.
 */
const TOTAL = 11300
const input = { total_cents: TOTAL, paid_cents: 0 }
/** A quarter of the invoice: every payment the walk makes is one, so any of them can be taken back. */
const PART = TOTAL / 4
const paths = machineModel(invoiceMachine, { input, events: () => ({ 'invoice.payment': [{ amount_cents: PART }, {}], 'invoice.payment_reverse': [{ amount_cents: PART }, {}] }) }).getShortestPaths()
const STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'void'] as const

let t: TestApp
let owner: Owner
let managerToken: string
let location: string
let current: { id: string; version: number; status: string; paid_cents: number; total_cents: number; balance_cents: number; allowed_events: string[]; payments: { id: string; amount_cents: number; reversed: unknown }[] }

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

/** Sends one event to the server as the owner, and keeps the invoice it answers. */
async function send(type: string, payload: object): Promise<void> {
  const response = await call('POST', `/invoice/${current.id}/events`, owner.tokens.token, { type, version: current.version, ...payload })
  expect(response.statusCode, response.body).toBe(200)
  current = response.json().data
}

const counted = () => current.payments.filter((payment) => payment.reversed === null)

/**
 * Each event as the server takes it. A payment has a date and method; one of the balance is
 * recorded as so many payments of a quarter (as a bookkeeper may), so that whatever paid the
 * invoice, a quarter is there to take back. A void says why. Taking back a quarter takes back one
 * payment; taking back all that was paid takes back each payment still counted.
 */
async function run(event: AnyEventObject): Promise<void> {
  const amount = (event as { amount_cents?: number }).amount_cents
  if (event.type === 'invoice.payment') {
    const parts = amount !== undefined ? [amount] : Array.from({ length: current.balance_cents / PART }, () => PART)
    for (const part of parts) await send(event.type, { amount_cents: part, paid_on: '2026-01-05', method: 'e_transfer' })
  } else if (event.type === 'invoice.payment_reverse') {
    const payments = amount !== undefined ? counted().filter((payment) => payment.amount_cents === amount).slice(-1) : counted().reverse()
    expect(payments.length, `a payment of ${amount} to take back`).toBeGreaterThan(0)
    for (const payment of payments) await send(event.type, { payment_id: payment.id, reason: 'Walked by the model' })
  } else {
    await send(event.type, event.type === 'invoice.void' ? { reason: 'Walked by the model' } : {})
  }
}

const world: World = {
  events: Object.fromEntries(
    ['invoice.send', 'invoice.payment', 'invoice.void', 'invoice.payment_reverse'].map((type) => [
      type,
      async (event: AnyEventObject, actor) => {
        await run(event)
        actor.send(event)
      },
    ]),
  ),
}

/** In every state: the invoice is there with the machine's amounts, and each reader is offered what they may do. */
const meanings: Meanings<World> = Object.fromEntries(
  STATUSES.map((status) => [
    status,
    async (snapshot: AnyMachineSnapshot) => {
      const facts = snapshot.context as typeof input
      expect(current.status).toBe(snapshot.value)
      expect(current.paid_cents).toBe(facts.paid_cents)
      expect(current.allowed_events.sort()).toEqual(allowedEvents(invoiceMachine, status as never, facts).sort())
      const asManager = (await call('GET', `/invoice/${current.id}`, managerToken)).json().data
      expect(asManager.allowed_events).toEqual([])
    },
  ]),
)

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  await addUser(t, owner.business_id, { email: 'mona@example.com', password: 'a long and unusual passphrase', role: 'Manager', firstname: 'Mona' })
  managerToken = (await login(t, 'mona@example.com', 'a long and unusual passphrase', owner.business_id)).body.data.token
  const created = await call('POST', '/location', owner.tokens.token, { name: 'Harbour Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })
  location = created.json().data.id
})
afterAll(() => t.close())

describe('the invoice machine against a real server', () => {
  it('walks every transition', () => {
    expect(missingTransitions(invoiceMachine, [{ paths, input }])).toEqual([])
  })

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_, path) => {
    const draft = await call('POST', '/invoice', owner.tokens.token, {
      location_id: location,
      period_from: '2028-01-01',
      period_to: '2028-01-31',
      items: [{ description: 'Keys cut', quantity: '4', unit_price_cents: 2500 }],
    })
    expect(draft.statusCode, draft.body).toBe(201)
    current = draft.json().data
    expect(current.total_cents).toBe(TOTAL)
    await walk(path, { machine: invoiceMachine, world, meanings, input })
  })
})
