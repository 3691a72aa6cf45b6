import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, lastMail, logLength, registerBusiness, signIn, type Owner } from './support/rota.ts'

let browser: Browser
let owner: Owner

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Maple Cleaning' })
})

afterAll(async () => {
  await browser?.close()
})

/** A link the server e-mailed (logged, in this suite), as a path of the web app. */
async function mailedPath(to: string, since: number, pattern: RegExp): Promise<string> {
  const text = await lastMail(to, (mail) => pattern.test(mail), since)
  return new URL(pattern.exec(text)![0]).pathname
}

async function expectAccessible(page: Page, name: string) {
  await page.waitForTimeout(150)
  await screenshot(page, name)
  expect(await seriousViolations(page), name).toEqual([])
}

describe('every public page', () => {
  it('is free of serious accessibility problems and of console errors', async () => {
    const admin = apiClient(owner.tokens)
    const resetSince = logLength()
    await apiClient().api.resetPasswordRequest({ body: { email: owner.email, business_id: owner.business_id } }, { silent: true })
    const resetPath = await mailedPath(owner.email, resetSince, /https?:\/\/\S+\/auth\/reset-password\/\S+/)
    const invite = await admin.api.createUser({ body: { email: `ana-${Date.now().toString(36)}@maple.test`, firstname: 'Ana', role: 'Manager' } }, { silent: true })
    const otpOwner = await registerBusiness({ business_name: 'Brite Homes' })
    await apiClient(otpOwner.tokens).api.updateSettings({ body: { require_otp: true } }, { silent: true })

    const pages: [name: string, path: string, ready: string][] = [
      ['sign-in', '/auth', 'Sign in to Rota'],
      ['register', '/register', 'Register your business'],
      ['forget-password', '/auth/forget-password', 'Reset your password'],
      ['reset-password', resetPath, 'Choose a new password'],
      ['accept-invite', new URL(invite.invite_link!).pathname, 'Join your team'],
      // A made-up link: the page says it is not valid (the API's 404 for it is expected).
      ['public-invoice', '/frontend/invoice/credentials-0123456789/inv-1', 'This link is not valid'],
    ]
    for (const [name, path, heading] of pages) {
      const { page, problems, context, expectRefusal } = await openPage(browser)
      if (name === 'public-invoice') expectRefusal({ status: 404, path: '/public/invoice/' }, { status: 400, path: '/public/invoice/' })
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await expectAccessible(page, name)
      expect(problems(), name).toEqual([])
      await context.close()
    }

    const { page, problems, context } = await openPage(browser, { viewport: { width: 390, height: 844 } })
    await page.goto('/auth')
    await page.getByLabel('Business ID').fill(otpOwner.business_id)
    await page.getByLabel('E-mail address').fill(otpOwner.email)
    await page.getByLabel('Password', { exact: true }).fill(otpOwner.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor()
    await expectAccessible(page, 'otp-mobile')
    await page.getByRole('button', { name: 'Use another account' }).click()
    await page.getByRole('heading', { level: 1, name: 'Sign in to Rota' }).waitFor()
    await expectAccessible(page, 'sign-in-mobile')
    expect(problems()).toEqual([])
    await context.close()
  })

  it('shows SPEC.md\'s 404 accessibly', async () => {
    const { page, problems, context, expectConsoleError } = await openPage(browser)
    expectConsoleError(/^404: no page at /)
    await page.goto('/somewhere/else')
    await page.getByRole('heading', { name: "Oops! The page you're looking for doesn't exist." }).waitFor()
    await expectAccessible(page, 'not-found')
    expect(problems()).toEqual([])
    await context.close()
  })
})

describe('the signed-in shell', () => {
  async function signedIn(viewport?: { width: number; height: number }) {
    const opened = await openPage(browser, viewport ? { viewport } : {})
    const tokens = await signIn(owner)
    await opened.page.goto('/auth')
    await opened.page.evaluate((pair) => {
      localStorage.setItem('rota.token', pair.token)
      localStorage.setItem('rota.refresh_token', pair.refresh_token)
    }, tokens)
    return opened
  }

  it('is accessible on a wide screen, with its menus and dialogs open too', async () => {
    const { page, problems, context } = await signedIn()
    await page.goto('/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    await expectAccessible(page, 'shell-dashboard')

    await page.getByRole('button', { name: /Notifications/ }).click()
    await page.getByRole('heading', { name: 'Notifications' }).waitFor()
    await expectAccessible(page, 'shell-bell')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor()
    await expectAccessible(page, 'shell-user-menu')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /Setup guide/ }).click()
    await page.getByRole('dialog', { name: 'Set up Rota' }).waitFor()
    await expectAccessible(page, 'shell-setup-guide')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Collapse the sidebar' }).click()
    await page.goto('/users')
    await page.getByRole('heading', { level: 1, name: 'Team Members' }).waitFor()
    await expectAccessible(page, 'shell-collapsed-users')
    await page.getByRole('button', { name: 'Expand the sidebar' }).click()
    expect(problems()).toEqual([])
    await context.close()
  })

  it('opens its menu from a button on a small screen', async () => {
    const { page, problems, context } = await signedIn({ width: 390, height: 844 })
    await page.goto('/profile')
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor()
    await expectAccessible(page, 'shell-mobile-profile')
    await page.getByRole('button', { name: 'Open the menu' }).click()
    const drawer = page.getByRole('dialog')
    await drawer.getByRole('link', { name: 'Schedules' }).click()
    await page.getByRole('heading', { level: 1, name: 'Schedules' }).waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await page.getByRole('button', { name: 'Open the menu' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Profile' }).waitFor()
    await expectAccessible(page, 'shell-mobile-menu')
    expect(problems()).toEqual([])
    await context.close()
  })

  it("can be added to a phone's home screen: its manifest and every icon it names are served", async () => {
    const { page, context } = await signedIn({ width: 390, height: 844 })
    await page.goto('/profile')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    const answer = await page.request.get(href!)
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/)
    const manifest = (await answer.json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; purpose: string }[] }
    expect(manifest).toMatchObject({ name: 'Rota', display: 'standalone', start_url: '/' })
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    for (const src of [...manifest.icons.map((icon) => icon.src), touchIcon!]) {
      const icon = await page.request.get(src)
      expect([src, icon.status(), icon.headers()['content-type']]).toEqual([src, 200, expect.stringMatching(/^image\//)])
    }
    await context.close()
  })

  it('shows every area with its heading', async () => {
    const { page, problems, context } = await signedIn()
    const areas: [string, string][] = [
      ['/schedules', 'Schedules'], ['/timesheets', 'Timesheets'], ['/locations', 'Clients'], ['/services', 'Services'], ['/users/roles', 'Roles'],
      ['/timeoff', 'Time Off Requests'], ['/finances/invoices', 'Invoices'], ['/finances/payrolls', 'Payrolls'], ['/finances/expenses', 'Expenses'],
      ['/report/timesheets', 'Timesheet Report'], ['/communications/chat', 'Chat'], ['/settings', 'Settings'], ['/audit-logs', 'Audit'],
      ['/support', 'Support'], ['/faq', 'FAQ'], ['/profile', 'Profile'],
    ]
    for (const [path, heading] of areas) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await screenshot(page, `area${path.replaceAll('/', '-')}`)
    }
    expect(problems()).toEqual([])
    await context.close()
  })
})
