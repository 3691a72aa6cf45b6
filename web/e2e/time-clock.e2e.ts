import { readFile } from 'node:fs/promises'
import { localDateOf, localTimeOf, type AuthTokens, type Shift } from '@rota/core'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

/**
 * The time clock on a phone, end to end against the real server's clock: two staff members
 * each clock in to a shift that has just started, take a break and clock out — one sharing
 * their location at the client, one refusing — and the manager approves the week.
 */
const TIME_ZONE = 'America/Toronto'
const PHONE = { width: 390, height: 844 }
const TOWER = { latitude: 43.6426, longitude: -79.3871 }

let browser: Browser
let owner: Owner
let location: string
let service: string

/** The owner's API, freshly signed in (the suite's access tokens last seconds). */
const asOwner = async () => apiClient(await signIn(owner)).api

/** A staff member signed in, with a shift of theirs that started two minutes ago and ends in three hours, published. */
async function staffWithShift(firstname: string): Promise<{ tokens: AuthTokens; shift: Shift; email: string; password: string }> {
  const admin = await asOwner()
  const email = `${firstname.toLowerCase()}-${Date.now().toString(36)}@maple.test`
  const password = `${firstname} keeps a long passphrase`
  const invited = await admin.createUser({ body: { email, firstname, lastname: 'Clock', role: 'Staff' } }, { silent: true })
  await apiClient().api.acceptInvite({ body: { token: invited.invite_link!.split('/').at(-1)!, password } }, { silent: true })
  const started = new Date(Date.now() - 2 * 60_000)
  const ends = new Date(started.getTime() + 3 * 3_600_000)
  const [draft] = await admin.createShift(
    { body: { staff_id: invited.user.id, location_id: location, service_id: service, date: localDateOf(started, TIME_ZONE), start: localTimeOf(started, TIME_ZONE), end: localTimeOf(ends, TIME_ZONE) } },
    { silent: true },
  )
  const shift = await admin.shiftEvent({ params: { id: draft!.id }, body: { type: 'shift.publish', version: draft!.version } }, { silent: true })
  return { tokens: await signIn({ business_id: owner.business_id, email, password }), shift, email, password }
}

async function signedInAt(page: Page, tokens: AuthTokens, path: string): Promise<void> {
  await page.goto('/auth')
  await page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)
  await page.goto(path)
}

/** Clocks in, takes a break and clocks out on the phone, as the staff member would; `clockedIn` checks what the clock says then. */
async function workShift(page: Page, shift: Shift, clockedIn: (clock: Locator) => Promise<void> = async () => {}): Promise<void> {
  const when = `${localTimeOf(shift.starts_at, TIME_ZONE)} – ${localTimeOf(shift.ends_at, TIME_ZONE)}`
  const clock = page.getByRole('region', { name: `Shift ${when} at Harbour Tower` })
  await clock.getByText('Not started').waitFor()
  await clock.getByRole('button', { name: 'Clock in' }).click()
  await clock.getByText('Clocked in', { exact: true }).waitFor()
  await clockedIn(clock)
  await clock.getByRole('button', { name: 'Start break' }).click()
  await clock.getByText('On a break').waitFor()
  await clock.getByRole('button', { name: 'End break' }).click()
  await clock.getByRole('button', { name: 'Start break' }).waitFor()
  await clock.getByRole('button', { name: 'Clock out' }).click()
  // Hours before the planned end: the clock asks first, and one tap no longer ends the shift.
  const early = page.getByRole('alertdialog', { name: 'Clock out early?' })
  await early.getByRole('button', { name: 'Clock out' }).click()
  await early.waitFor({ state: 'hidden' })
  // A completed shift leaves the time clock; its hours are in the list below.
  await page.getByText('No shift to clock into today.').waitFor()
}

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Horloge Maple', firstname: 'Maude' })
  const admin = apiClient(owner.tokens).api
  location = (await admin.createLocation({ body: { name: 'Harbour Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9', ...TOWER } }, { silent: true })).id
  service = (await admin.createService({ body: { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 } }, { silent: true })).id
})

afterAll(async () => {
  await browser?.close()
})

describe('the time clock on a phone', () => {
  it('clocks a staff member in and out at the client with their location shared, then a colleague who refuses it, and the manager approves the week', async () => {
    const sam = await staffWithShift('Sam')
    const { page, context, problems } = await openPage(browser, { viewport: PHONE })
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation({ ...TOWER, accuracy: 20 })
    await signedInAt(page, sam.tokens, '/timesheets')
    await page.getByRole('heading', { level: 1, name: 'Timesheets' }).waitFor()
    await screenshot(page, 'time-clock-phone')
    expect(await seriousViolations(page), 'time-clock-phone').toEqual([])
    await workShift(page, sam.shift)
    const hours = page.getByRole('table', { name: 'Your hours' })
    await hours.getByText('Pending').waitFor()
    // At the client, where the browser said: nothing to check but leaving three hours early.
    const [samsHours] = (await (await asOwner()).listTimesheets({ query: { filter: { shift: sam.shift.id } } }, { silent: true })).rows
    expect(samsHours?.flags.map((flag) => flag.kind)).toEqual(['early_clock_out'])
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()

    const lea = await staffWithShift('Lea')
    const refused = await openPage(browser, { viewport: PHONE })
    await signedInAt(refused.page, lea.tokens, '/timesheets')
    // Lea answers the browser's question with Block.
    const cdp = await refused.context.newCDPSession(refused.page)
    await cdp.send('Browser.setPermission', { permission: { name: 'geolocation' }, setting: 'denied', origin: new URL(refused.page.url()).origin })
    await workShift(refused.page, lea.shift, (clock) => clock.getByText('Your location was not shared: your manager will see this clocking as unverified.').waitFor())
    await screenshot(refused.page, 'time-clock-phone-denied')
    expect(refused.problems(), refused.problems().join('\n')).toEqual([])
    await refused.context.close()

    const manager = await openPage(browser)
    await signedInAt(manager.page, await signIn(owner), '/timesheets')
    const week = manager.page.getByRole('table', { name: /Hours of the week of/ })
    await week.getByText('Sam Clock').waitFor()
    await week.getByText('Lea Clock').waitFor()
    // Lea's location could not be checked: her timesheet says so.
    await week.getByRole('button', { name: /^Lea Clock, .*Pending/ }).click()
    const panel = manager.page.getByRole('dialog', { name: /^Lea Clock, / })
    await panel.getByText('Location not verified at clock-in: no location shared').waitFor()
    await panel.getByRole('button', { name: 'Close' }).click()
    await manager.page.getByRole('button', { name: 'Approve the week (2)' }).click()
    await manager.page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click()
    await week.getByRole('button', { name: /^Sam Clock, .*Approved/ }).waitFor()
    await week.getByRole('button', { name: /^Lea Clock, .*Approved/ }).waitFor()
    await manager.page.getByRole('button', { name: 'Approve the week (0)' }).waitFor()
    await screenshot(manager.page, 'timesheets-week-approved')
    expect(await seriousViolations(manager.page), 'timesheets-week').toEqual([])

    // The report counts the approved hours by person, and its CSV says the same.
    await manager.page.goto('/report/timesheets')
    await manager.page.getByLabel('Hours counted').selectOption('approved')
    const report = manager.page.getByRole('table', { name: 'Hours planned and worked' })
    await report.getByRole('row', { name: /^Sam Clock 1 / }).waitFor()
    await report.getByRole('row', { name: /^Lea Clock 1 / }).waitFor()
    await report.getByRole('row', { name: /^Total 2 / }).waitFor()
    // The chart stands beside the table, which is its text alternative.
    await manager.page.getByRole('heading', { name: 'Planned and worked hours' }).waitFor()
    await screenshot(manager.page, 'timesheet-report')
    expect(await seriousViolations(manager.page), 'timesheet-report').toEqual([])
    const [download] = await Promise.all([manager.page.waitForEvent('download'), manager.page.getByRole('button', { name: 'Export CSV' }).click()])
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv.split(/\r?\n/).filter((line) => /Clock/.test(line)).map((line) => line.split(',')[1]).sort()).toEqual(['Lea Clock', 'Sam Clock'])
    expect(manager.problems(), manager.problems().join('\n')).toEqual([])
    await manager.context.close()
  })
})
