import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

/**
 * The administrators' home of a business at work (what needs attention, the week, the trend),
 * and the audit log's account of one change: before and after side by side.
 */
let browser: Browser
let owner: Owner
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' })

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Harbour Watch', firstname: 'Ana' })
  const { api } = apiClient(owner.tokens)
  const location = await api.createLocation({ body: { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' } }, { silent: true })
  const service = await api.createService({ body: { name: 'Security', bill_rate_cents: 6000, pay_rate_cents: 3000 } }, { silent: true })
  const [open] = await api.createShift({ body: { staff_id: null, location_id: location.id, service_id: service.id, date: today, start: '09:00', end: '17:00', break_minutes: 30 } }, { silent: true })
  await api.shiftEvent({ params: { id: open!.id }, body: { type: 'shift.publish', version: open!.version } }, { silent: true })
  await api.createShift({ body: { staff_id: null, location_id: location.id, service_id: service.id, date: today, start: '18:00', end: '22:00' } }, { silent: true })
  await api.updateLocation({ params: { id: location.id }, body: { version: location.version, city: 'Mississauga' } }, { silent: true })
})

afterAll(async () => {
  await browser?.close()
})

describe('the dashboard and the audit log', () => {
  it('shows what needs attention and the week in numbers, accessibly, then one change in the audit log', async () => {
    const { page, problems, context } = await openPage(browser)
    const tokens = await signIn(owner)
    await page.goto('/auth')
    await page.evaluate((pair) => {
      localStorage.setItem('rota.token', pair.token)
      localStorage.setItem('rota.refresh_token', pair.refresh_token)
    }, tokens)

    await page.goto('/dashboard')
    const attention = page.getByRole('region', { name: 'Needs attention' })
    await attention.waitFor()
    expect(await attention.getByRole('link', { name: /Open shifts this week/ }).textContent()).toMatch(/^1/)
    expect(await attention.getByRole('link', { name: /Shift changes not published yet/ }).textContent()).toMatch(/^1/)
    await page.getByRole('figure', { name: /Hours over the last 12 weeks/ }).waitFor()
    await page.getByText('Hours scheduled').waitFor()
    await screenshot(page, 'dashboard-week')
    expect(await seriousViolations(page), 'dashboard-week').toEqual([])

    await page.goto('/audit-logs')
    await page.getByRole('heading', { level: 1, name: 'Audit' }).waitFor()
    // The client's move, as the log says it: the action, the area and the field in words.
    const update = page.getByRole('row').filter({ hasText: 'Changed' }).filter({ hasText: 'Clients' }).filter({ hasText: 'City' })
    await update.waitFor()
    await screenshot(page, 'audit-log')
    await update.getByRole('button').click()
    const panel = page.getByRole('dialog', { name: 'Changed · Clients' })
    const values = panel.getByRole('table', { name: 'Values before and after' })
    const city = values.getByRole('row').filter({ hasText: 'Changed' })
    // The panel draws its values once the entry is read: wait for them before reading them all.
    await city.first().waitFor()
    expect((await city.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(['CityChangedTorontoMississauga'])
    await panel.getByRole('link', { name: 'Open the record' }).waitFor()
    await screenshot(page, 'audit-entry')
    expect(await seriousViolations(page), 'audit-entry').toEqual([])
    await panel.getByRole('button', { name: 'Close' }).click()
    await page.waitForURL((url) => url.pathname === '/audit-logs' && !url.search.includes('entry'))
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()
  })
})
