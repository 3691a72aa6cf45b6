import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

/**
 * What a new user tripped over in the screens that exist, as they would meet it: on a
 * 390 × 844 phone and on a desktop, as an owner and as a Staff member.
 */
const PHONE = { width: 390, height: 844 }
const LONG_NAME = 'Les Entreprises de Nettoyage Commercial et Résidentiel du Grand Montréal'

let browser: Browser
let owner: Owner

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: LONG_NAME })
  const { api } = apiClient(owner.tokens)
  // Created out of order: the list must put Client 2 before Client 10.
  for (const n of [10, 2, 1, ...Array.from({ length: 21 }, (_, i) => i + 11)]) {
    await api.createLocation({ body: { name: `Client ${n}`, street: `${n} King St W`, city: 'Toronto', province: 'ON', postal_code: 'M5H 1A1' } }, { silent: true })
  }
  await api.createLocation({ body: { name: 'Résidence Les Érables', street: '1250 rue Sainte-Catherine O', city: 'Montréal', province: 'QC', postal_code: 'H3G 1P1' } }, { silent: true })
})

afterAll(async () => {
  await browser?.close()
})

/** A browser signed in as the owner, on a phone or a desktop. */
async function signedIn(viewport?: { width: number; height: number }, account: Pick<Owner, 'business_id' | 'email' | 'password'> = owner) {
  const session = await openPage(browser, viewport ? { viewport } : {})
  const tokens = await signIn(account)
  await session.page.goto('/auth')
  await session.page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)
  return session
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return box
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Whether the element is across the window's whole width: nothing of it cut off to the side. */
const withinWidth = (locator: Locator) => locator.evaluate((element) => {
  const rect = element.getBoundingClientRect()
  return rect.width > 0 && rect.left >= 0 && rect.right <= window.innerWidth
})

/** Whether the element is inside the window, whole. */
const inView = (locator: Locator) => locator.evaluate((element) => {
  const rect = element.getBoundingClientRect()
  return rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight && rect.right <= window.innerWidth
})

async function expectAccessible(page: Page, name: string) {
  await page.waitForTimeout(200)
  await screenshot(page, name)
  expect(await seriousViolations(page), name).toEqual([])
}

describe('a list on a phone', () => {
  it('shows each client as a card with its status and actions in view, nothing scrolling sideways, and a readable search box', async () => {
    const { page, problems, context } = await signedIn(PHONE)
    await page.goto('/locations')
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor()
    const first = page.getByRole('row', { name: /Client 1\b/ }).first()
    await first.waitFor()

    for (const name of ['Client 1', 'Client 2', 'Client 10']) {
      const row = page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) })
      for (const control of [row.getByText('Active'), row.getByRole('button', { name: `Edit ${name}` }), row.getByRole('button', { name: `Delete ${name}` })]) {
        expect(await withinWidth(control), `${name}: ${await control.textContent()}`).toBe(true)
      }
    }
    const sideways = await page.getByRole('table', { name: 'Clients' }).evaluate((table) => {
      const card = table.parentElement!
      return { card: card.scrollWidth - card.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth }
    })
    expect(sideways).toEqual({ card: 0, page: 0 })

    const search = page.getByRole('searchbox', { name: 'Search by name, city or contact' })
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input)
      const context2d = document.createElement('canvas').getContext('2d')!
      context2d.font = `${style.fontSize} ${style.fontFamily}`
      const text = context2d.measureText(input.placeholder).width
      return { text, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) }
    })
    expect(room.room).toBeGreaterThan(room.text)
    await expectAccessible(page, 'phone-locations')

    // The toast of a save sits under the top bar, covering none of its controls.
    await first.getByRole('button', { name: 'Edit Client 1' }).click()
    const dialog = page.getByRole('dialog', { name: 'Client 1' })
    await dialog.getByLabel('City').fill('North York')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    const toast = page.locator('.Toastify__toast').first()
    await toast.waitFor()
    const controls = [page.getByRole('button', { name: /^Setup guide/ }), page.getByRole('button', { name: /^Notifications/ }), page.getByRole('button', { name: /^Account menu/ })]
    for (const control of controls) expect(overlaps(await boxOf(toast), await boxOf(control))).toBe(false)
    await screenshot(page, 'phone-toast')
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()
  })

  it('brings the stale-version alert into view and focus when a scrolled panel\'s save is refused', async () => {
    const { page, problems, context, expectRefusal } = await signedIn(PHONE)
    await page.goto('/locations?q=residence')
    const row = page.getByRole('row', { name: /Résidence Les Érables/ })
    await row.getByRole('button', { name: 'Edit Résidence Les Érables' }).click()
    const dialog = page.getByRole('dialog', { name: 'Résidence Les Érables' })
    await dialog.getByLabel('Billing notes').fill('Bill on the first of the month')
    // Someone else saves the same client in between.
    const { api } = apiClient(await signIn(owner))
    const [stored] = (await api.listLocations({ query: { q: 'residence' } })).rows
    await api.updateLocation({ params: { id: stored!.id }, body: { contact_person: 'Marie-Ève Tremblay', version: stored!.version } })

    expectRefusal({ status: 409, path: '/location/' })
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    const alert = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this record' })
    await alert.waitFor()
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert')
    expect(await inView(alert)).toBe(true)
    await screenshot(page, 'phone-stale-alert')
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()
  })
})

describe('the clients list', () => {
  it('sorts names with numbers naturally, finds accented names typed without accents, and Back returns to the previous page', async () => {
    const { page, problems, context } = await signedIn()
    await page.goto('/locations')
    const names = page.getByRole('table', { name: 'Clients' }).getByRole('row').locator('td:first-child button')
    await page.getByRole('button', { name: 'Client 10', exact: true }).waitFor()
    expect((await names.allTextContents()).slice(0, 4)).toEqual(['Client 1', 'Client 2', 'Client 10', 'Client 11'])

    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL('**/locations?page=2')
    await page.getByRole('button', { name: 'Résidence Les Érables', exact: true }).waitFor()
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/locations' && url.search === '')
    await page.getByRole('button', { name: 'Client 1', exact: true }).waitFor()

    await page.getByRole('searchbox', { name: 'Search by name, city or contact' }).fill('montreal')
    await page.getByRole('button', { name: 'Résidence Les Érables', exact: true }).waitFor()
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1)
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()
  })
})

describe('the layout', () => {
  it('ends a long business name with an ellipsis in the sidebar, whole on hover', async () => {
    const { page, problems, context } = await signedIn()
    await page.goto('/profile')
    const name = page.locator('aside').getByTitle(LONG_NAME)
    await name.waitFor()
    expect(await name.evaluate((element) => ({ ellipsis: getComputedStyle(element).textOverflow, cut: element.scrollWidth > element.clientWidth }))).toEqual({
      ellipsis: 'ellipsis',
      cut: true,
    })
    expect(await inView(name)).toBe(true)
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()
  })

  it('opens the setup guide from the welcome notification', async () => {
    const newcomer = await registerBusiness({ business_name: 'Érable Ménage' })
    const { page, problems, context } = await signedIn(undefined, newcomer)
    await page.goto('/profile')
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click()
    await page.getByRole('button', { name: /Welcome to Rota/ }).click()
    await page.getByRole('dialog', { name: 'Set up Rota' }).waitFor()
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '')
    await expectAccessible(page, 'welcome-guide')
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()
  })
})

describe('someone sent away from a page', () => {
  it('is told why on arrival', async () => {
    const { api } = apiClient(owner.tokens)
    const invited = await api.createUser({ body: { email: `staff-${Date.now().toString(36)}@maple.test`, firstname: 'Sam', role: 'Staff' } }, { silent: true })
    const token = invited.invite_link!.split('/').at(-1)!
    await apiClient().api.acceptInvite({ body: { token, password: 'a staff passphrase of mine' } }, { silent: true })
    const { page, problems, context } = await signedIn(undefined, { business_id: owner.business_id, email: invited.user.email, password: 'a staff passphrase of mine' })
    await page.goto('/settings')
    await page.waitForURL('**/profile')
    await page.getByText('You do not have access to Settings. Ask an administrator if you need it.').waitFor()
    await expectAccessible(page, 'refused-settings')
    expect(problems(), problems().join('\n')).toEqual([])
    await context.close()
  })
})
