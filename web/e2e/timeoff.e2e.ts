import type { AuthTokens } from '@rota/core'
import { timeOffMachine } from '@rota/machines'
import { machineModel, missingTransitions } from '@rota/machines/testing'
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
let staff: { id: string; tokens: AuthTokens; email: string; password: string }
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
  const email = `omar-${Date.now().toString(36)}@maple.test`
  const password = 'a staff passphrase of mine'
  const invited = await api.createUser({ body: { email, firstname: 'Omar', lastname: 'Haddad', role: 'Staff' } }, { silent: true })
  const tokens = await apiClient().api.acceptInvite({ body: { token: invited.invite_link!.split('/').at(-1)!, password } }, { silent: true })
  staff = { id: invited.user.id, tokens, email, password }
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

    // Back on the phone, the decision is on the bell, whose panel opens inside the screen (the bell is not at its edge).
    await phone.page.getByRole('button', { name: /^Notifications, [1-9]/ }).click()
    const bell = phone.page.locator('[data-headlessui-state~="open"]', { has: phone.page.getByRole('heading', { level: 2, name: /^Notifications/ }) }).last()
    await bell.getByText(/approved/i).first().waitFor()
    const box = (await bell.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await screenshot(phone.page, 'notifications-phone')

    expect(phone.problems(), phone.problems().join('\n')).toEqual([])
    expect(desk.problems(), desk.problems().join('\n')).toEqual([])
    await phone.context.close()
    await desk.context.close()
  })
})

/**
 * The time-off machine's paths, walked through the real UI: each path starts from a request
 * the staff member has just sent, and each event is done by whoever would do it — the manager
 * in the request's panel, the staff member in their own (withdrawing, or asking to cancel).
 * After each step the request stands where the machine says.
 */
/** The staff member's API, freshly signed in (the suite's access tokens last seconds). */
const asStaff = async () => apiClient(await signIn({ business_id: owner.business_id, email: staff.email, password: staff.password })).api

describe('the time-off machine, walked through the real UI', () => {
  const walks = [
    { name: 'approved, a cancellation asked for and agreed', events: ['timeoff.approve', 'timeoff.cancel', 'timeoff.cancellation.approve'] },
    { name: 'approved, a cancellation asked for and refused', events: ['timeoff.approve', 'timeoff.cancel', 'timeoff.cancellation.refuse'] },
    { name: 'declined with a reason', events: ['timeoff.reject'] },
    { name: 'withdrawn while pending', events: ['timeoff.cancel'] },
  ].map((walk) => ({ ...walk, paths: machineModel(timeOffMachine, { events: () => ({}) }).getPathsFromEvents(walk.events.map((type) => ({ type }))) }))

  let manager: Awaited<ReturnType<typeof openPage>>
  let requester: Awaited<ReturnType<typeof openPage>>
  let vacation: string
  beforeAll(async () => {
    manager = await openPage(browser)
    await signedIn(manager.page, await signIn(owner))
    requester = await openPage(browser, { viewport: { width: 390, height: 844 } })
    await signedIn(requester.page, await signIn({ business_id: owner.business_id, email: staff.email, password: staff.password }))
    const categories = await (await asStaff()).listTimeoffCategories({ query: {} }, { silent: true })
    vacation = categories.rows.find((category) => category.name === 'Vacation')!.id
  })
  afterAll(async () => {
    expect(manager.problems(), manager.problems().join('\n')).toEqual([])
    expect(requester.problems(), requester.problems().join('\n')).toEqual([])
    await manager.context.close()
    await requester.context.close()
  })

  it('takes every transition of the machine', () => {
    expect(missingTransitions(timeOffMachine, walks)).toEqual([])
  })

  /** The request's panel, opened from its link, with the event's button pressed and any question answered. */
  async function perform(event: string, id: string) {
    const mine = event === 'timeoff.cancel'
    const { page } = mine ? requester : manager
    await page.goto(`/timeoff?id=${id}`)
    const panel = page.getByRole('dialog', { name: 'Vacation: Omar Haddad' })
    await panel.getByRole('tab', { name: 'Details' }).waitFor()
    const press = async (button: string) => panel.getByRole('button', { name: button, exact: true }).click()
    switch (event) {
      case 'timeoff.approve':
        return press('Approve')
      case 'timeoff.cancellation.approve':
        return press('Approve cancellation')
      case 'timeoff.reject': {
        await press('Reject')
        const question = page.getByRole('alertdialog', { name: 'Reject' })
        await question.getByLabel('Why is it declined?').fill('The week is short-staffed already')
        return question.getByRole('button', { name: 'Reject' }).click()
      }
      case 'timeoff.cancellation.refuse': {
        await press('Refuse cancellation')
        const question = page.getByRole('dialog', { name: 'Refuse cancellation' })
        await question.getByLabel('Why does it stay approved? (optional)').fill('Your replacement has left')
        return question.getByRole('button', { name: 'Refuse cancellation' }).click()
      }
      case 'timeoff.cancel': {
        await press('Cancel time off')
        const question = page.getByRole('alertdialog', { name: /^(Withdraw this request|Ask to cancel this time off)\?$/ })
        return question.getByRole('button', { name: /^(Withdraw the request|Ask to cancel)$/ }).click()
      }
      default:
        throw new Error(`The walk has no way to cause ${event} in the browser`)
    }
  }

  it.each(walks.map((walk, index) => [walk.name, walk, index] as const))('%s', async (_, walk, index) => {
    const day = ahead(40 + index * 3)
    const { id } = await (await asStaff()).createTimeoffRequest({ body: { category_id: vacation, start_date: day, end_date: day, note: null } }, { silent: true })
    for (const { event, state } of walk.paths[0]!.steps.slice(1)) {
      await perform(event.type, id)
      await expect.poll(async () => (await apiClient(await signIn(owner)).api.getTimeoffRequest({ params: { id } }, { silent: true })).status).toBe(state.value)
    }
  })
})
