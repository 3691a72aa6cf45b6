import type { AuthTokens } from '@rota/core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

/**
 * Time off end to end: a staff member asks on a phone, the manager sees that it touches a
 * published shift, approves taking the shift off them, and the shift becomes an open shift.
 */
let browser: Browser
let owner: Owner
let staff: { id: string; tokens: AuthTokens }
let shiftId: string

/** A day some weeks ahead (YYYY-MM-DD), so the request is in the future whenever the suite runs. */
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const first = ahead(21)
const last = ahead(22)

async function signedIn(page: Page, tokens: AuthTokens) {
  await page.goto('/auth')
  await page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)
}

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Maple Time Off', firstname: 'Mia' })
  const { api } = apiClient(owner.tokens)
  const invited = await api.createUser({ body: { email: `omar-${Date.now().toString(36)}@maple.test`, firstname: 'Omar', lastname: 'Haddad', role: 'Staff' } }, { silent: true })
  const tokens = await apiClient().api.acceptInvite({ body: { token: invited.invite_link!.split('/').at(-1)!, password: 'a staff passphrase of mine' } }, { silent: true })
  staff = { id: invited.user.id, tokens }
  const location = await api.createLocation({ body: { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' } }, { silent: true })
  const service = await api.createService({ body: { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000 } }, { silent: true })
  const [shift] = await api.createShift({ body: { staff_id: staff.id, location_id: location.id, service_id: service.id, date: first, start: '09:00', end: '17:00' } }, { silent: true })
  await api.shiftEvent({ params: { id: shift!.id }, body: { type: 'shift.publish', version: shift!.version } }, { silent: true })
  shiftId = shift!.id
})

afterAll(async () => {
  await browser?.close()
})

describe('time off', () => {
  it('is asked for on a phone, approved with the shift it touches taken off the person, and the shift is open', async () => {
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 } })
    await signedIn(phone.page, staff.tokens)
    await phone.page.goto('/timeoff')
    await phone.page.getByRole('heading', { level: 1, name: 'Time Off Requests' }).waitFor()
    await phone.page.getByRole('button', { name: 'Ask for time off' }).click()
    const form = phone.page.getByRole('dialog', { name: 'Ask for time off' })
    await form.getByLabel('Kind of time off').selectOption({ label: 'Vacation' })
    await form.getByLabel('First day').fill(first)
    await form.getByLabel('Last day').fill(last)
    await form.getByText('This request takes 2 days.').waitFor()
    // Ten days of vacation a year; more when the days fall next year and this year's carry over.
    await form.getByText(/^You will have \d+ days left\.$/).waitFor()
    await form.getByLabel('Note').fill('My sister’s wedding')
    await screenshot(phone.page, 'timeoff-request-phone')
    expect(await seriousViolations(phone.page), 'timeoff-request-phone').toEqual([])
    await form.getByRole('button', { name: 'Send the request' }).click()
    await form.waitFor({ state: 'detached' })
    // On a phone the request is a card of the list.
    const list = phone.page.getByRole('table', { name: 'Time-off requests' })
    await list.getByText('Pending').waitFor()
    await list.getByText('1 to cover').waitFor()
    await screenshot(phone.page, 'timeoff-requests-phone')

    const desk = await openPage(browser)
    await signedIn(desk.page, await signIn(owner))
    await desk.page.goto('/timeoff?status=pending')
    await desk.page.getByRole('heading', { level: 1, name: 'Time Off Requests' }).waitFor()
    await desk.page.getByRole('button', { name: 'Omar Haddad' }).click()
    const panel = desk.page.getByRole('dialog', { name: 'Vacation: Omar Haddad' })
    const touched = panel.getByRole('region', { name: 'Shifts in this time' })
    await touched.getByText('Night watch · Harbour Tower').waitFor()
    await touched.getByText('Published').waitFor()
    await panel.getByRole('button', { name: 'Approve' }).click()
    const question = desk.page.getByRole('alertdialog', { name: 'Approve this time off?' })
    const unassign = question.getByRole('checkbox', { name: 'Take these shifts off Omar Haddad' })
    expect(await unassign.isChecked()).toBe(true)
    await screenshot(desk.page, 'timeoff-approve')
    expect(await seriousViolations(desk.page), 'timeoff-approve').toEqual([])
    await question.getByRole('button', { name: 'Approve' }).click()
    await question.waitFor({ state: 'detached' })
    await panel.getByText('Approved', { exact: true }).waitFor()
    await panel.getByText('No shifts in this time.').waitFor()

    const shift = await apiClient(owner.tokens).api.getShift({ params: { id: shiftId } }, { silent: true })
    expect(shift).toMatchObject({ staff: null, status: 'published', pending_change: null })

    await desk.page.goto(`/timeoff?view=calendar&month=${first.slice(0, 7)}`)
    await desk.page.getByRole('table', { name: /Who is away in/ }).getByRole('button', { name: /Omar Haddad/ }).first().waitFor()
    expect(await seriousViolations(desk.page), 'timeoff-calendar').toEqual([])

    expect(phone.problems(), phone.problems().join('\n')).toEqual([])
    expect(desk.problems(), desk.problems().join('\n')).toEqual([])
    await phone.context.close()
    await desk.context.close()
  })
})
