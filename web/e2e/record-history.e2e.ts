import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

/** A record screen end to end: the list, the record in its panel at ?id=…, a change, and the change in its History tab. */
let browser: Browser
let owner: Owner

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Érable Historique', firstname: 'Ana' })
  await apiClient(owner.tokens).api.createLocation(
    { body: { name: 'Maison Saint-Gabriel', contact_person: 'Luc Ouellet', street: '2146 place Dublin', city: 'Montréal', province: 'QC', postal_code: 'H3K 2A2' } },
    { silent: true },
  )
})

afterAll(async () => {
  await browser?.close()
})

describe('a client\'s history', () => {
  it('opens a client from the list, saves a change, and shows who changed what in its History tab', async () => {
    const { page, problems, context } = await openPage(browser)
    const tokens = await signIn(owner)
    await page.goto('/auth')
    await page.evaluate((pair) => {
      localStorage.setItem('rota.token', pair.token)
      localStorage.setItem('rota.refresh_token', pair.refresh_token)
    }, tokens)
    await page.goto('/locations')
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor()

    await page.getByRole('button', { name: 'Maison Saint-Gabriel', exact: true }).click()
    await page.waitForURL(/\/locations\?id=[0-9a-f-]{36}$/)
    const address = page.url()
    let panel = page.getByRole('dialog', { name: 'Maison Saint-Gabriel' })
    await panel.getByRole('tab', { name: 'Details', selected: true }).waitFor()
    await panel.getByLabel('Contact person').fill('Mireille Roy')
    await panel.getByLabel('Billing notes').fill('Bill on the first of the month')
    await panel.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL((url) => url.pathname === '/locations' && url.search === '')
    await page.getByRole('row', { name: /Maison Saint-Gabriel/ }).getByText('Mireille Roy').waitFor()

    // The address of a record opens it again, as a link or a notification would.
    await page.goto(address)
    panel = page.getByRole('dialog', { name: 'Maison Saint-Gabriel' })
    await panel.getByRole('tab', { name: 'History' }).click()
    const entries = panel.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem')
    await entries.first().getByText('Changed by Ana Tremblay').waitFor()
    expect(await entries.count()).toBe(2)
    const change = entries.first()
    const said = (texts: string[]) => texts.map((text) => text.replace(/\s+/g, ' ').trim())
    expect(said(await change.getByRole('term').allTextContents())).toEqual(['Contact person', 'Billing notes'])
    expect(said(await change.getByRole('definition').allTextContents())).toEqual(['Luc Ouellet → changed to Mireille Roy', '—empty → changed to Bill on the first of the month'])
    await entries.nth(1).getByText('Created by Ana Tremblay').waitFor()
    await screenshot(page, 'location-history')
    expect(await seriousViolations(page), 'location-history').toEqual([])

    await panel.getByRole('button', { name: 'Close' }).click()
    await page.waitForURL((url) => url.pathname === '/locations' && url.search === '')
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()
  })
})
