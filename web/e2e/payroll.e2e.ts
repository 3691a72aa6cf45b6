import { addLocalDays, payPeriodContaining, type AuthTokens } from '@rota/core'
import type { Browser, Page } from 'playwright-core'
import { readFile } from 'node:fs/promises'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shownText } from '@rota/core/testing/pdf-text'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

/**
 * From approved hours to a paid run: a staff member's two approved days of a past pay period,
 * a claim they submit on a phone with a photo of the receipt, the manager approving it, counting
 * the period's draft, approving and paying it, and the staff member opening their payslip and
 * saving it as a PDF.
 */
let browser: Browser
let owner: Owner
let staff: { id: string; tokens: AuthTokens }
/** A bi-weekly period (the default schedule, from Monday 2026-01-05) that ended a few weeks ago. */
const period = payPeriodContaining(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), { frequency: 'biweekly', anchor: '2026-01-05' }, 'America/Toronto')

async function signedIn(page: Page, tokens: AuthTokens) {
  await page.goto('/auth')
  await page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)
}

/** A real 1×1 PNG, as a phone's camera would hand over a (much larger) photo. */
function tinyPng(): Buffer {
  const crc = (bytes: Buffer) => {
    let c = ~0
    for (const byte of bytes) {
      c ^= byte
      for (let bit = 0; bit < 8; bit++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
    }
    return ~c >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0)
  header.writeUInt32BE(1, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from([0, 200, 30, 30]))), chunk('IEND', Buffer.alloc(0))])
}

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Érable Ménage 🍁 Payroll', firstname: 'Paula' })
  const { api } = apiClient(owner.tokens)
  const invited = await api.createUser({ body: { email: `omar-${Date.now().toString(36)}@maple.test`, firstname: 'Omar', lastname: 'Haddad', role: 'Staff', pay_rate_cents: 2500 } }, { silent: true })
  const tokens = await apiClient().api.acceptInvite({ body: { token: invited.invite_link!.split('/').at(-1)!, password: 'a staff passphrase of mine' } }, { silent: true })
  staff = { id: invited.user.id, tokens }
  const location = await api.createLocation({ body: { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' } }, { silent: true })
  const service = await api.createService({ body: { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 } }, { silent: true })
  const ids: string[] = []
  for (const offset of [1, 2]) {
    const sheet = await api.createTimesheet({ body: { staff_id: staff.id, location_id: location.id, service_id: service.id, date: addLocalDays(period.firstDay, offset), start: '09:00', end: '17:00' } }, { silent: true })
    ids.push(sheet.id)
  }
  await api.timesheetEvents({ body: { type: 'timesheet.approve', ids } }, { silent: true })
})

afterAll(async () => {
  await browser?.close()
})

describe('a pay run', () => {
  it('pays approved hours and an approved claim, and the staff member opens their payslip', async () => {
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 } })
    await signedIn(phone.page, staff.tokens)
    await phone.page.goto('/finances/expenses/create')
    await phone.page.getByRole('heading', { level: 1, name: 'New expense' }).waitFor()
    await phone.page.getByLabel('Day', { exact: true }).fill(addLocalDays(period.firstDay, 2))
    await phone.page.getByLabel('What for').fill('Client lunch')
    await phone.page.getByLabel('Amount before tax').fill('40,00')
    await phone.page.getByLabel('Tax', { exact: true }).fill('5.20')
    await phone.page.getByLabel('Receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: tinyPng() })
    await phone.page.getByRole('img', { name: 'The receipt' }).waitFor()
    await screenshot(phone.page, 'expense-phone')
    expect(await seriousViolations(phone.page), 'expense-phone').toEqual([])
    await phone.page.getByRole('button', { name: 'Submit the claim' }).click()
    const claim = phone.page.getByRole('dialog', { name: 'Meals · Omar Haddad' })
    await claim.getByText('$45.20').waitFor()
    await claim.getByText('Submitted', { exact: true }).waitFor()

    const desk = await openPage(browser)
    await signedIn(desk.page, await signIn(owner))
    await desk.page.goto('/finances/expenses?status=submitted')
    await desk.page.getByRole('heading', { level: 1, name: 'Expenses' }).waitFor()
    await desk.page.getByRole('button', { name: /Client lunch/ }).click()
    const panel = desk.page.getByRole('dialog', { name: 'Meals · Omar Haddad' })
    await panel.getByRole('img', { name: 'The receipt' }).waitFor()
    await panel.getByRole('button', { name: 'Approve' }).click()
    await panel.getByText('Approved', { exact: true }).waitFor()
    expect(await seriousViolations(desk.page), 'expense-approve').toEqual([])

    await desk.page.goto('/finances/payrolls/create')
    await desk.page.getByLabel('A day of the period').fill(period.firstDay)
    await desk.page.getByRole('button', { name: 'Count the draft' }).click()
    await desk.page.waitForURL(/\/finances\/payrolls\/edit\//)
    const people = desk.page.getByRole('table', { name: 'Who is paid, and how much' })
    // 16 hours at Omar's $25.00, 4 % vacation pay, the lunch: $400.00 + $16.00 + $45.20.
    await people.getByRole('row', { name: /Omar Haddad/ }).getByText('$461.20').waitFor()
    await screenshot(desk.page, 'payroll-draft')
    expect(await seriousViolations(desk.page), 'payroll-draft').toEqual([])
    await desk.page.getByRole('button', { name: 'Approve' }).click()
    await desk.page.getByRole('alertdialog', { name: 'Approve this payroll?' }).getByRole('button', { name: 'Approve' }).click()
    await desk.page.getByText('Payroll 1', { exact: true }).waitFor()
    await desk.page.getByRole('button', { name: 'Mark paid' }).click()
    await desk.page.getByRole('alertdialog', { name: 'Mark this payroll paid?' }).getByRole('button', { name: 'Mark paid' }).click()
    await desk.page.getByText('Paid', { exact: true }).waitFor()

    await phone.page.goto('/profile/payslips')
    await phone.page.getByText('Net pay $461.20').waitFor()
    await phone.page.getByRole('link', { name: /–/ }).first().click()
    const payslip = phone.page.getByRole('article', { name: 'Payslip of Omar Haddad' })
    await payslip.getByText('Regular hours · 16 h at $25.00').waitFor()
    await payslip.getByText('Expense reimbursed · Client lunch').waitFor()
    await screenshot(phone.page, 'payslip-phone')
    expect(await seriousViolations(phone.page), 'payslip-phone').toEqual([])
    // Its PDF, made in the browser with the font it fetches from the app: the business's accents drawn, its emoji left out.
    const [download] = await Promise.all([phone.page.waitForEvent('download'), payslip.getByRole('button', { name: 'PDF of Omar Haddad’s payslip' }).click()])
    const pdf = await shownText(await readFile((await download.path())!))
    expect(pdf).toContain('Érable Ménage Payroll')
    expect(pdf).toContain('Expense reimbursed · Client lunch')
    // Printed, the payslip is alone on the paper: no bar, heading or buttons of the app around it.
    await phone.page.emulateMedia({ media: 'print' })
    expect(await payslip.isVisible()).toBe(true)
    for (const chrome of [phone.page.getByRole('heading', { level: 1, name: 'Payslip' }), phone.page.getByRole('button', { name: 'Print' }), phone.page.getByRole('banner'), phone.page.getByRole('contentinfo')]) {
      expect(await chrome.isVisible()).toBe(false)
    }
    await screenshot(phone.page, 'payslip-print')
    await phone.page.emulateMedia({ media: 'screen' })
    const { api } = apiClient(await signIn(owner))
    expect((await api.listExpenses({ query: {} }, { silent: true })).rows.map((row) => row.status)).toEqual(['reimbursed'])

    expect(phone.problems(), phone.problems().join('\n')).toEqual([])
    expect(desk.problems(), desk.problems().join('\n')).toEqual([])
    await phone.context.close()
    await desk.context.close()
  })
})
