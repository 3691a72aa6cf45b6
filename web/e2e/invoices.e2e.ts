import { addLocalDays, dollarsFromCents, localDateOf } from '@rota/core'
import { invoiceMachine } from '@rota/machines'
import { createActor } from 'xstate'
import { machineModel, missingTransitions } from '@rota/machines/testing'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shownText } from '@rota/core/testing/pdf-text'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

/**
 * From approved hours to a sent invoice the client opens: the owner bills last month's approved
 * hours of a client in the editor, with a billable expense of Sam's for that client on its own
 * line (totals worked out as they are chosen), sends it, and the client opens the e-mailed link
 * in a fresh browser without signing in, reads it in English, French and Spanish, and downloads
 * its PDF, whose text says the same; the expense then says which invoice bills it.
 */
const TIME_ZONE = 'America/Toronto'

let browser: Browser
let owner: Owner
let location: string
let expense: string

async function signedInAt(page: Page, path: string): Promise<void> {
  const tokens = await signIn(owner)
  await page.goto('/auth')
  await page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)
  await page.goto(path)
}

/** The first and last days of last month, in Toronto. */
function lastMonth(): { from: string; to: string } {
  const today = localDateOf(new Date(), TIME_ZONE)
  const to = addLocalDays(`${today.slice(0, 8)}01`, -1)
  return { from: `${to.slice(0, 8)}01`, to }
}

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Maple Facturation', firstname: 'Maude' })
  const admin = apiClient(owner.tokens).api
  location = (
    await admin.createLocation(
      { body: { name: 'Harbour Tower', contact_person: 'Anne', email: 'anne@harbour.test', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' } },
      { silent: true },
    )
  ).id
  const service = (await admin.createService({ body: { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 } }, { silent: true })).id
  const staff = await admin.createUser({ body: { email: `sam-${Date.now().toString(36)}@maple.test`, firstname: 'Sam', lastname: 'Li', role: 'Staff' } }, { silent: true })
  const month = lastMonth()
  // Two days of approved hours last month: 8 h and 4.5 h at $60.
  const ids: string[] = []
  for (const [day, end] of [
    [3, '17:00'],
    [4, '13:30'],
  ] as const) {
    const sheet = await admin.createTimesheet({ body: { staff_id: staff.user.id, location_id: location, service_id: service, date: addLocalDays(month.from, day), start: '09:00', end } }, { silent: true })
    ids.push(sheet.id)
  }
  await admin.timesheetEvents({ body: { type: 'timesheet.approve', ids } }, { silent: true })
  // Sam bought supplies for the client: $40.00 before tax, approved, to be billed to it.
  const claim = await admin.createExpense(
    { body: { staff_id: staff.user.id, date: addLocalDays(month.from, 4), category: 'supplies', description: 'Mop heads', amount_cents: 4000, tax_cents: 520, location_id: location, billable: true } },
    { silent: true },
  )
  expense = (await admin.expenseEvent({ params: { id: claim.id }, body: { type: 'expense.approve', version: claim.version } }, { silent: true })).id
})

afterAll(async () => {
  await browser?.close()
})

describe('an invoice from approved hours', () => {
  it('is drafted from the hours, sent, and opened by the client in a fresh browser with its PDF', async () => {
    const month = lastMonth()
    const { page, problems } = await openPage(browser)
    await signedInAt(page, '/finances/invoices/create')
    await page.getByRole('option', { name: 'Harbour Tower' }).waitFor({ state: 'attached' })
    await page.getByRole('combobox', { name: /Client/ }).selectOption({ label: 'Harbour Tower' })
    await page.getByLabel(/Period from/).fill(month.from)
    await page.getByLabel(/Period to/).fill(month.to)
    const totals = page.getByRole('region', { name: 'Totals' })
    await page.getByRole('region', { name: 'Expenses to re-bill' }).getByRole('checkbox', { name: /Supplies · Mop heads · \$40\.00/ }).waitFor()
    // 12.5 h at $60 = $750.00, the $40.00 expense before tax, and HST 13 % = $102.70.
    await totals.getByText('$892.70').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'invoice-editor')
    await page.getByRole('button', { name: 'Create the draft' }).click()
    await page.getByRole('article', { name: 'Invoice Draft' }).waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const ask = page.getByRole('alertdialog', { name: 'Send this invoice?' })
    await ask.getByText('anne@harbour.test', { exact: false }).waitFor()
    await ask.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('article', { name: 'Invoice INV-000001' }).waitFor()
    const link = await page.getByRole('textbox', { name: "The client's link" }).inputValue()
    expect(link).toMatch(/\/frontend\/invoice\/[^/]+\/[0-9a-f-]{36}$/)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'invoice-sent')
    expect(problems()).toEqual([])

    // The client: a fresh browser context, nobody signed in.
    for (const [locale, title, total] of [
      ['en-CA', 'Invoice INV-000001', '$892.70'],
      ['fr-CA', 'Facture INV-000001', '892,70 $'],
      ['es-ES', 'Factura INV-000001', '892,70 $'],
    ] as const) {
      const client = await openPage(browser, { locale })
      await client.page.goto(new URL(link).pathname)
      const document = client.page.getByRole('article', { name: title })
      await document.waitFor()
      expect((await document.innerText()).replace(/\s/g, ' ')).toContain(total)
      expect(await seriousViolations(client.page)).toEqual([])
      await screenshot(client.page, `invoice-preview-${locale.slice(0, 2)}`)
      if (locale === 'en-CA') {
        // On a phone the document scrolls, the buttons stay reachable.
        await client.page.setViewportSize({ width: 390, height: 844 })
        await screenshot(client.page, 'invoice-preview-phone')
        expect(await seriousViolations(client.page)).toEqual([])
        const [download] = await Promise.all([client.page.waitForEvent('download'), client.page.getByRole('link', { name: 'Download the PDF' }).click()])
        const text = (await shownText(readFileSync((await download.path())!))).join('\n')
        expect(text).toContain('Invoice INV-000001')
        expect(text).toContain('Harbour Tower')
        expect(text).toContain('Front desk')
        expect(text).toMatch(/Supplies — \d{4}-\d{2}-\d{2} · Sam Li: Mop heads/)
        expect(text).toContain('HST (13 %)')
        expect(text).toContain('$892.70')
      }
      expect(client.problems()).toEqual([])
      await client.context.close()
    }

    // The client's visit shows on the invoice, and the expense names the invoice that bills it.
    await page.reload()
    await page.getByText(/Opened by the client on/).waitFor()
    await page.goto(`/finances/expenses?id=${expense}`)
    await page.getByRole('dialog').getByRole('link', { name: 'Billed on invoice INV-000001' }).click()
    await page.getByRole('article', { name: 'Invoice INV-000001' }).waitFor()
    await page.context().close()
  })
})

/**
 * The invoice machine's paths, walked through the real UI: each path starts from a draft of
 * $100.00 plus HST ($113.00) and each event is done on the invoice's page as the owner would —
 * Send (and its question), Record a payment (with the amount), Void (with a reason), Take back a
 * payment (with a reason, from the payment's row). After each
 * step the invoice stands where the machine says; together the walks take every transition.
 */
describe('the invoice machine, walked through the real UI', () => {
  const TOTAL = 11300
  const input = { total_cents: TOTAL, paid_cents: 0 }
  const walks = [
    { name: 'send, paid in full', events: [{ type: 'invoice.send' }, { type: 'invoice.payment' }] },
    { name: 'send, paid in parts', events: [{ type: 'invoice.send' }, { type: 'invoice.payment', amount_cents: 3000 }, { type: 'invoice.payment', amount_cents: 3000 }, { type: 'invoice.payment' }] },
    { name: 'void a draft', events: [{ type: 'invoice.void' }] },
    { name: 'send, void', events: [{ type: 'invoice.send' }, { type: 'invoice.void' }] },
    { name: 'send, paid in full, taken back', events: [{ type: 'invoice.send' }, { type: 'invoice.payment' }, { type: 'invoice.payment_reverse' }] },
    {
      name: 'send, payments taken back one by one',
      events: [
        { type: 'invoice.send' },
        { type: 'invoice.payment', amount_cents: 3000 },
        { type: 'invoice.payment', amount_cents: 3000 },
        { type: 'invoice.payment_reverse', amount_cents: 3000 },
        { type: 'invoice.payment' },
        { type: 'invoice.payment_reverse', amount_cents: 3000 },
        { type: 'invoice.payment_reverse' },
      ],
    },
  ].map((walk) => ({ ...walk, input, paths: machineModel(invoiceMachine, { input, events: () => ({}) }).getPathsFromEvents(walk.events) }))

  it('takes every transition of the machine', () => {
    expect(missingTransitions(invoiceMachine, walks)).toEqual([])
  })

  it.each(walks.map((walk) => [walk.name, walk] as const))('%s', async (_, walk) => {
    const admin = apiClient(await signIn(owner)).api
    const draft = await admin.createInvoice({ body: { location_id: location, period_from: '2026-01-01', period_to: '2026-01-31', items: [{ description: 'Keys cut', quantity: '4', unit_price_cents: 2500 }] } }, { silent: true })
    expect(draft.total_cents).toBe(TOTAL)
    const { page, problems } = await openPage(browser)
    await signedInAt(page, `/finances/invoices/preview/${draft.id}`)
    await page.getByRole('heading', { level: 1, name: /^Invoice/ }).waitFor()
    let paid = 0
    // Where the machine stands after each event, from the invoice's own facts.
    const machine = createActor(invoiceMachine, { input }).start()
    for (const { event } of walk.paths[0]!.steps.slice(1)) {
      machine.send(event as never)
      switch (event.type) {
        case 'invoice.send': {
          await page.getByRole('button', { name: 'Send', exact: true }).click()
          await page.getByRole('alertdialog', { name: 'Send this invoice?' }).getByRole('button', { name: 'Send', exact: true }).click()
          break
        }
        case 'invoice.payment': {
          const amount = (event as { amount_cents?: number }).amount_cents ?? TOTAL - paid
          paid += amount
          await page.getByRole('button', { name: 'Record a payment' }).click()
          const dialog = page.getByRole('dialog', { name: 'Record a payment' })
          await dialog.getByRole('textbox', { name: /Amount/ }).fill(dollarsFromCents(amount))
          await dialog.getByRole('button', { name: 'Record a payment' }).click()
          await dialog.waitFor({ state: 'detached' })
          break
        }
        case 'invoice.void': {
          await page.getByRole('button', { name: 'Void' }).click()
          const question = page.getByRole('alertdialog')
          await question.getByRole('textbox', { name: /Why void it/ }).fill('Walked by the model')
          await question.getByRole('button', { name: 'Void' }).click()
          await question.waitFor({ state: 'detached' })
          break
        }
        case 'invoice.payment_reverse': {
          // A payment of that amount still counted (all that is paid, by default) is taken back from its own row.
          const amount = (event as { amount_cents?: number }).amount_cents ?? paid
          paid -= amount
          const row = page.getByRole('listitem').filter({ hasText: `$${dollarsFromCents(amount)}` }).filter({ has: page.getByRole('button', { name: 'Take back this payment' }) }).last()
          await row.getByRole('button', { name: 'Take back this payment' }).click()
          const question = page.getByRole('alertdialog')
          await question.getByRole('textbox', { name: /Why is it taken back/ }).fill('Walked by the model')
          await question.getByRole('button', { name: 'Take back this payment' }).click()
          await question.waitFor({ state: 'detached' })
          break
        }
        default:
          throw new Error(`The walk has no way to cause ${event.type} in the browser`)
      }
      await expect.poll(async () => (await admin.getInvoice({ params: { id: draft.id } }, { silent: true })).status).toBe(machine.getSnapshot().value)
      // Money has been received: voiding, which would lose it, is no longer offered.
      if (machine.getSnapshot().value === 'partially_paid') await expect.poll(() => page.getByRole('button', { name: 'Void' }).count()).toBe(0)
    }
    const last = await admin.getInvoice({ params: { id: draft.id } }, { silent: true })
    expect(last.paid_cents).toBe(paid)
    expect(problems(), problems().join('\n')).toEqual([])
    await page.context().close()
  })
})
