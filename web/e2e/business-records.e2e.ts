import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

let browser: Browser
let owner: Owner
let session: Awaited<ReturnType<typeof openPage>>
let page: Page

/** The page as it stands, saved and checked by axe. */
async function expectAccessible(target: Page, name: string) {
  await target.waitForTimeout(200)
  await screenshot(target, name)
  expect(await seriousViolations(target), name).toEqual([])
}

/** A page of the app, once its heading is there. */
async function open(path: string, heading: string) {
  await page.goto(path)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

/** An 8 × 8 teal PNG. */
function png(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPgndKBFTEMLQkA5KxKQUOZlFYAAAAASUVORK5CYII=',
    'base64',
  )
}

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Maple Records' })
  session = await openPage(browser)
  page = session.page
  const tokens = await signIn(owner)
  await page.goto('/auth')
  await page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)
})

afterAll(async () => {
  await browser?.close()
})

describe('an owner sets up the team', () => {
  let link = ''
  const dispatcher = { email: `dispatch-${Date.now().toString(36)}@maple.test`, password: 'dispatching all week long' }

  it('creates a role and chooses its rights in the permission matrix', async () => {
    await open('/users/roles', 'Roles')
    await expectAccessible(page, 'roles')
    await page.getByRole('button', { name: 'New role' }).click()
    const dialog = page.getByRole('dialog', { name: 'New role' })
    await dialog.getByLabel('Name').fill('Dispatcher')
    await dialog.getByRole('button', { name: 'Create and set rights' }).click()
    await page.getByText('Permissions of Dispatcher').waitFor()
    await page.getByRole('checkbox', { name: 'Every right on Clients' }).check()
    await page.getByRole('checkbox', { name: 'Clients: Update' }).uncheck()
    await page.getByRole('checkbox', { name: 'Clients: Delete' }).uncheck()
    await page.getByRole('checkbox', { name: 'Services: Read', exact: true }).check()
    await expectAccessible(page, 'role-permissions')
    await page.getByRole('button', { name: 'Save permissions' }).click()
    await page.getByText('All changes are saved.').waitFor()
    await page.getByRole('button', { name: 'Setup guide: 1 of 6 steps done' }).waitFor()
  })

  it('invites someone with that role and copies the invitation link, since this Rota sends no e-mail', async () => {
    await open('/users/create', 'Invite a team member')
    await page.getByLabel('E-mail address').fill(dispatcher.email)
    await page.getByLabel('First name').fill('Dana')
    await page.getByLabel('Role').selectOption({ label: 'Dispatcher' })
    await page.getByLabel('Pay rate per hour ($)').fill('26,50')
    await expectAccessible(page, 'invite')
    await page.getByRole('button', { name: 'Send the invitation' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share the invitation link' })
    await dialog.waitFor()
    link = await dialog.getByLabel('Invitation link').inputValue()
    expect(link).toMatch(/\/auth\/accept\/\S+$/)
    await expectAccessible(page, 'invite-link')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await page.waitForURL('**/users')
    const row = page.getByRole('row', { name: /Dana/ })
    await row.getByText('Invitation sent').waitFor()
    await row.getByText('Dispatcher').waitFor()
    await page.getByRole('button', { name: 'Setup guide: 2 of 6 steps done' }).waitFor()
    await expectAccessible(page, 'users')
    await row.getByRole('link', { name: 'Dana', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Edit a team member' }).waitFor()
    await page.getByRole('button', { name: 'Send again' }).waitFor()
    await expectAccessible(page, 'users-edit')
  })

  it('lets the invitee accept in a browser of their own, and shows them only what their role allows', async () => {
    const invitee = await openPage(browser)
    const target = invitee.page
    await target.goto(new URL(link).pathname)
    await target.getByLabel('Last name').fill('Okafor')
    await target.getByLabel('Password', { exact: true }).fill(dispatcher.password)
    await target.getByRole('button', { name: 'Accept and sign in' }).click()
    await target.waitForURL('**/profile')

    await target.getByRole('button', { name: /Account menu/ }).click()
    await target.getByRole('menuitem', { name: 'Sign out' }).click()
    await target.waitForURL((url) => url.pathname === '/auth')
    await target.getByLabel('Business ID').fill(owner.business_id)
    await target.getByLabel('E-mail address').fill(dispatcher.email)
    await target.getByLabel('Password', { exact: true }).fill(dispatcher.password)
    await target.getByRole('button', { name: 'Sign in' }).click()
    await target.waitForURL('**/profile')

    const nav = target.getByRole('navigation', { name: 'Main' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Clients', 'Services', 'Communications', 'Profile', 'Support', 'FAQ'])
    for (const forbidden of ['/users', '/users/roles', '/settings', '/schedules', '/dashboard']) {
      await target.goto(forbidden)
      await target.waitForURL('**/profile')
    }
    await target.goto('/locations')
    await target.getByRole('heading', { level: 1, name: 'Clients' }).waitFor()
    await target.getByRole('button', { name: 'Add a client' }).waitFor()
    expect(await target.getByRole('button', { name: 'Import CSV' }).count()).toBe(0)
    expect(await target.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0)
    await target.goto('/services')
    await target.getByRole('heading', { level: 1, name: 'Services' }).waitFor()
    expect(await target.getByRole('button', { name: 'Add a service' }).count()).toBe(0)
    await screenshot(target, 'restricted-services')
    expect(invitee.problems(), invitee.problems().join('\n')).toEqual([])
    await invitee.context.close()

    await open('/users', 'Team Members')
    await page.getByRole('row', { name: /Dana Okafor/ }).getByText('Active').waitFor()
  })
})

describe('an owner imports clients from a CSV file', () => {
  const csv = [
    'name,contact_person,email,phone,street,city,province,postal_code,active',
    'Résidence Les Érables,Marie-Ève Tremblay,marie@example.com,514-555-0142,"1250, rue Sainte-Catherine Ouest",Montréal,QC,H3G 1P1,oui',
    'Harbourfront Centre,Daniel Chen,,416-555-0198,627 Queens Quay W,Toronto,ON,M5V 3G3,yes',
    'Nowhere Clinic,,,,1 Main St,Banff,AB,ZZZ 999,yes',
    ',Nobody,,,2 Main St,Banff,Alberta,T1L 1A1,yes',
  ].join('\r\n')

  it('previews the bad rows, offers to skip them or fix the file, then lists the good ones', async () => {
    await open('/locations', 'Clients')
    await page.getByRole('button', { name: 'Import CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import clients from a CSV file' })
    await dialog.getByText('Choose a CSV file, or drop it here').waitFor()
    await expectAccessible(page, 'import-choose')
    await dialog.locator('input[type=file]').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) })

    const errors = dialog.getByRole('table', { name: 'Rows with errors' })
    await errors.waitFor()
    expect(await errors.getByRole('rowheader').allTextContents()).toEqual(['Line 4', 'Line 5'])
    await errors.getByRole('row', { name: /Line 4/ }).getByText('postal_code').waitFor()
    await errors.getByRole('row', { name: /Line 5/ }).getByText('name').waitFor()
    await expectAccessible(page, 'import-preview')

    expect(await dialog.getByRole('button', { name: /^Import \d+ rows$/ }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Fix the file' }).waitFor()
    await dialog.getByRole('button', { name: 'Import only the rows without errors (2)' }).click()
    await dialog.getByText('Import finished').waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()

    await page.getByRole('button', { name: 'Résidence Les Érables', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Harbourfront Centre', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Nowhere Clinic', exact: true }).count()).toBe(0)
    await page.getByRole('button', { name: 'Setup guide: 3 of 6 steps done' }).waitFor()
    await expectAccessible(page, 'locations')
    const listed = await apiClient(await signIn(owner)).api.listLocations({ query: { page: 1, page_size: 20 } })
    expect(listed.rows.map((row) => row.postal_code).sort()).toEqual(['H3G 1P1', 'M5V 3G3'])
  })

  it('changes a client in its panel', async () => {
    await page.getByRole('button', { name: 'Edit Harbourfront Centre' }).click()
    const dialog = page.getByRole('dialog', { name: 'Harbourfront Centre' })
    await dialog.getByLabel('Postal code').fill('m5v3g4')
    await expectAccessible(page, 'location-panel')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Toronto, ON M5V 3G4').waitFor()
  })
})

describe('an owner adds services and settles the business', () => {
  it('adds a service with its rates in dollars', async () => {
    await open('/services', 'Services')
    await page.getByRole('button', { name: 'Add a service' }).click()
    const dialog = page.getByRole('dialog', { name: 'New service' })
    await dialog.getByLabel('Service name').fill('Snow removal')
    await dialog.getByLabel('Bill rate ($/h)').fill('65')
    await dialog.getByLabel('Pay rate ($/h)').fill('28,50')
    await dialog.getByText('Margin: $36.50 per hour.').waitFor()
    await expectAccessible(page, 'service-dialog')
    await dialog.getByRole('button', { name: 'Add a service' }).click()
    const row = page.getByRole('row', { name: /Snow removal/ })
    await row.getByText('$65.00').waitFor()
    await row.getByText('$28.50').waitFor()
    await expectAccessible(page, 'services')
  })

  it('saves the settings and an onboarding step', async () => {
    await open('/settings', 'Settings')
    await page.getByLabel('Invoice prefix').fill('MR-')
    await page.getByLabel('Next invoice number').fill('1001')
    await page.getByLabel('Home province').selectOption('QC')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Settings saved.').first().waitFor()
    await page.getByRole('button', { name: 'Add a step' }).click()
    const dialog = page.getByRole('dialog', { name: 'New onboarding step' })
    await dialog.getByLabel('Title').fill('Read the safety guide')
    await dialog.getByRole('button', { name: 'Add a step' }).click()
    await page.getByText('Read the safety guide').waitFor()
    await expectAccessible(page, 'settings')
    const settings = await apiClient(await signIn(owner)).api.getSettings()
    expect(settings).toMatchObject({ invoice_prefix: 'MR-', next_invoice_number: 1001, tax_province: 'QC' })
  })

  it('uploads a picture on the profile, which the user menu shows, and ticks off onboarding', async () => {
    await open('/profile', 'Profile')
    await page.getByLabel('Upload a picture: Your picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() })
    await page.getByRole('img', { name: 'Your picture' }).waitFor()
    await page.getByRole('button', { name: /Account menu/ }).locator('img').waitFor()
    await page.getByRole('checkbox', { name: 'Read the safety guide' }).click()
    await page.getByText('1 of 1 done').waitFor()
    await expectAccessible(page, 'profile')
    expect(session.problems(), session.problems().join('\n')).toEqual([])
  })
})
