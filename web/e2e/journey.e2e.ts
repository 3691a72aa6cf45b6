import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, signIn } from './support/rota.ts'

const owner = {
  business_name: 'Érable Ménage',
  business_id: `erable-${Date.now().toString(36)}`,
  firstname: 'Jeanne',
  lastname: 'Tremblay',
  email: `jeanne-${Date.now().toString(36)}@maple.test`,
  password: 'maple syrup every morning',
}

let browser: Browser
let session: Awaited<ReturnType<typeof openPage>>
let page: Page

const stored = (key: string) => page.evaluate((name) => localStorage.getItem(`rota.${name}`), key)

async function signInThroughTheForm(target: Page, account: { business_id?: string; email: string; password: string }) {
  if (account.business_id) await target.getByLabel('Business ID').fill(account.business_id)
  await target.getByLabel('E-mail address').fill(account.email)
  await target.getByLabel('Password', { exact: true }).fill(account.password)
  await target.getByRole('button', { name: 'Sign in' }).click()
}

beforeAll(async () => {
  browser = await launchBrowser()
  session = await openPage(browser)
  page = session.page
})

afterAll(async () => {
  await browser?.close()
})

describe('a business owner\'s first visit', () => {
  it('registers the business and lands on the dashboard, signed in', async () => {
    await page.goto('/register')
    // Sent empty first: the errors show and the first field in error has the focus. Then every key typed
    // there is kept as its error goes (a re-check during the key's own event once threw the first one away).
    await page.getByRole('button', { name: 'Create my business' }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('business_name')
    await page.keyboard.type(owner.business_name, { delay: 20 })
    expect(await page.getByLabel('Business name').inputValue()).toBe(owner.business_name)
    await expect.poll(() => page.getByLabel('Business ID').inputValue()).toBe('erable-menage')
    await page.getByLabel('Business ID').fill(owner.business_id)
    await page.getByLabel('First name').fill(owner.firstname)
    await page.getByLabel('Last name').fill(owner.lastname)
    await page.getByLabel('E-mail address').fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill(owner.password)
    await screenshot(page, 'register-filled')
    await page.getByRole('button', { name: 'Create my business' }).click()

    await page.waitForURL('**/dashboard')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard')
    expect(await page.getByRole('link', { name: owner.business_name, exact: true }).first().isVisible()).toBe(true)
    expect(await stored('token')).toMatch(/\S/)
    await page.getByText('Welcome to Rota! Your business is ready.').first().waitFor()
    await screenshot(page, 'dashboard')
  })

  it('opens the setup guide from its badge; a step opens its page and counts as done', async () => {
    await page.getByRole('button', { name: 'Setup guide: 0 of 6 steps done' }).click()
    const guide = page.getByRole('dialog', { name: 'Set up Rota' })
    await guide.waitFor()
    await screenshot(page, 'setup-guide')
    await guide.getByRole('button', { name: /Business settings/ }).click()
    await page.waitForURL('**/settings')
    await page.getByRole('button', { name: 'Setup guide: 1 of 6 steps done' }).waitFor()
    const settings = await apiClient(await signIn(owner)).api.getSettings()
    expect(settings.completed_guided_setup).toBe('settings')
  })

  it('signs out from the user menu and lands on sign-in with nothing of the session left', async () => {
    await page.getByRole('button', { name: /Account menu: Jeanne Tremblay/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '')
    expect(await stored('token')).toBeNull()
    expect(await stored('user')).toBeNull()
    expect(await stored('settings')).toBeNull()
  })

  it('signs in again with the business id, e-mail and password', async () => {
    session.expectRefusal({ status: 401, path: '/auth/login' })
    await signInThroughTheForm(page, { ...owner, password: 'not the password' })
    await page.getByRole('alert').filter({ hasText: 'The business, e-mail or password is incorrect.' }).waitFor()
    await page.getByLabel('Password', { exact: true }).fill(owner.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/dashboard')
  })

  it('sends a deep link through sign-in and back to the page asked for, query included', async () => {
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/auth')
    await page.goto('/finances/invoices?status=sent&page=1')
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/finances/invoices?status=sent&page=1')
    await page.getByRole('heading', { level: 1, name: 'Sign in to Rota' }).waitFor()
    await screenshot(page, 'sign-in-with-redirect')
    await signInThroughTheForm(page, owner)
    await page.waitForURL((url) => url.pathname === '/finances/invoices' && url.searchParams.get('status') === 'sent')
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor()
  })

  it('lets an invited staff member in, and keeps them to the pages their role may see', async () => {
    const admin = apiClient(await signIn(owner))
    const invited = await admin.api.createUser({ body: { email: `omar-${Date.now().toString(36)}@maple.test`, firstname: 'Omar', role: 'Staff' } }, { silent: true })
    expect(invited.invite_link).toMatch(/\/auth\/accept\//)
    const staff = await openPage(browser)
    await staff.page.goto(new URL(invited.invite_link!).pathname)
    await staff.page.getByText(`You have been invited to ${owner.business_name} on Rota.`, { exact: false }).waitFor()
    await screenshot(staff.page, 'accept-invite')
    await staff.page.getByLabel('Last name').fill('Haddad')
    await staff.page.getByLabel('Password', { exact: true }).fill('omar joins the team today')
    await staff.page.getByRole('button', { name: 'Accept and sign in' }).click()
    await staff.page.waitForURL((url) => url.pathname === '/schedules' || url.pathname === '/profile')

    const nav = staff.page.getByRole('navigation', { name: 'Main' })
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
    expect(await nav.getByRole('button', { name: 'User Management' }).count()).toBe(0)
    expect(await staff.page.getByRole('button', { name: /Setup guide/ }).count()).toBe(0)
    for (const forbidden of ['/users/create', '/dashboard', '/settings', '/audit-logs']) {
      await staff.page.goto(forbidden)
      await staff.page.waitForURL('**/profile')
    }
    await staff.page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor()
    await screenshot(staff.page, 'route-guard-profile')
    expect(staff.problems(), staff.problems().join('\n')).toEqual([])
    await staff.context.close()
  })

  it('answers an unknown page with SPEC.md\'s 404 and logs it to the console', async () => {
    session.expectConsoleError(/^404: no page at \/no\/such\/page$/)
    const logged = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().startsWith('404:'))
    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: "Oops! The page you're looking for doesn't exist." }).waitFor()
    expect((await logged).text()).toBe('404: no page at /no/such/page')
    await screenshot(page, 'not-found')
  })

  it('switches to French and Spanish from the footer, and remembers the choice', async () => {
    await page.goto('/dashboard')
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr')
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr')
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Horaires' }).waitFor()
    await screenshot(page, 'dashboard-fr')
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor()
    await expect.poll(async () => (await apiClient(await signIn(owner)).api.getProfile()).locale).toBe('fr')

    await page.goto('/profile?lng=es')
    await page.getByRole('heading', { level: 1, name: 'Perfil' }).waitFor()
    await page.getByRole('combobox', { name: 'Idioma', exact: true }).selectOption('en')
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor()
  })

  it('renews an expired access token without the person noticing', async () => {
    const before = await stored('token')
    await page.waitForTimeout((inject('accessTokenTtl') + 1.5) * 1000)
    const renewed = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/refresh_token') && response.ok())
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('en')
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr')
    await renewed
    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor()
    await expect.poll(() => stored('token')).not.toBe(before)
    expect(page.url()).toMatch(/\/profile/)
    await page.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('en')
    expect(session.problems(), session.problems().join('\n')).toEqual([])
  })
})
