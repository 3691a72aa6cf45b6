import { sessionMachine } from '@rota/machines'
import { missingTransitions, pathName, sessionModel, type MachinePath } from '@rota/machines/testing'
import type { Browser, Page } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, openPage } from './support/browser.ts'
import { apiClient, logLength, signInCode } from './support/rota.ts'
import { LABELS, sessionWorld, uiSessionScenario, type SessionWorld } from './support/session-world.ts'

/** States a person can see and stay in; the others last as long as a request. */
const STABLE = new Set(['signedOut', 'choosingBusiness', 'awaitingOtp', 'signedIn'])

/**
 * Events the browser cannot cause on purpose: a settings reload is offered only after the
 * settings failed to load, and a session cannot be made to expire in the instant between
 * a sign-in and the user loading. The stubbed suite of the machines package walks these.
 */
const NOT_FROM_THE_BROWSER = (path: MachinePath) =>
  path.steps.some(
    ({ event }, index) =>
      event.type === 'session.settings.reload' ||
      (event.type === 'session.expired' && !(path.steps[index - 1]?.state.matches('signedIn') ?? false)),
  )

const paths = sessionModel(uiSessionScenario).getShortestPaths()
const walkable = paths.filter((path) => !NOT_FROM_THE_BROWSER(path))

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(`rota.${name}`), key)

/** The language's change saved to the profile, as the server answers it. */
const profileSaved = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/v1/profile') && response.request().method() === 'PUT')

/** Spanish, then English again, on whichever page shows the language: signed in, each change is saved to the profile. */
async function switchLanguageTwice(page: Page) {
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('es')
  await page.getByRole('combobox', { name: 'Idioma', exact: true }).selectOption('en')
}

/** What the person does for each event of the model, or nothing when it is the server's answer. */
async function perform(page: Page, world: SessionWorld, event: AnyEventObject, next: AnyEventObject | undefined, otpSince: { lines: number }) {
  switch (event.type) {
    case 'xstate.done.actor.restore': {
      const output = event['output'] as { token: string } | null
      const tokens = output === null ? null : output.token === 'kept' ? await world.kept() : await world.revoked()
      await page.goto('/auth')
      await page.evaluate((pair) => {
        localStorage.clear()
        if (pair) {
          localStorage.setItem('rota.token', pair.token)
          localStorage.setItem('rota.refresh_token', pair.refresh_token)
        }
      }, tokens)
      await page.goto('/profile')
      return
    }
    case 'session.login': {
      const businessId = world.businessId(event['business_id'] as string | undefined)
      const account = businessId === world.first.business_id || businessId === world.guarded.business_id || !businessId ? world.first : world.owner
      await page.getByLabel('Business ID').fill(businessId ?? '')
      await page.getByLabel('E-mail address').fill(world.email(event['email'] as string))
      await page.getByLabel('Password', { exact: true }).fill(world.password(account, event['password'] as string))
      otpSince.lines = logLength()
      await page.getByRole('button', { name: 'Sign in' }).click()
      return
    }
    case 'session.business.choose':
      otpSince.lines = logLength()
      await page.getByRole('radio', { name: new RegExp(world.businessName(event['business_id'] as string)) }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      return
    case 'session.cancel':
      await page.getByRole('button', { name: /^(Back|Use another account)$/ }).click()
      return
    case 'session.otp.submit': {
      const code = await signInCode(world.guarded.email, otpSince.lines)
      const accepted = next?.type === 'xstate.done.actor.verifyOtp'
      await page.getByLabel('6-digit code').fill(accepted ? code : code === '000000' ? '111111' : '000000')
      await page.getByRole('button', { name: 'Verify and sign in' }).click()
      return
    }
    case 'session.otp.resend':
      otpSince.lines = logLength()
      await page.getByRole('button', { name: 'Send a new code' }).click()
      return
    case 'session.tokens':
      await page.getByRole('link', { name: 'Register your business' }).click()
      await page.getByLabel('Business name').fill(`Registered ${world.owner.business_id}`)
      await page.getByLabel('First name').fill('Reg')
      await page.getByLabel('Last name').fill('Istered')
      await page.getByLabel('E-mail address').fill(`registered-${world.owner.email}`)
      await page.getByLabel('Password', { exact: true }).fill('a registration password')
      await page.getByRole('button', { name: 'Create my business' }).click()
      return
    case 'session.refreshed': {
      const before = await stored(page, 'token')
      await page.waitForTimeout((inject('accessTokenTtl') + 1.5) * 1000)
      const renewed = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/refresh_token') && response.ok())
      const saved = profileSaved(page)
      await switchLanguageTwice(page)
      await Promise.all([renewed, saved])
      await expect.poll(() => stored(page, 'token')).not.toBe(before)
      return
    }
    case 'session.user.updated': {
      const saved = profileSaved(page)
      await switchLanguageTwice(page)
      expect((await saved).ok()).toBe(true)
      await expect.poll(async () => JSON.parse((await stored(page, 'user')) ?? '{}').locale).toBe('en')
      return
    }
    case 'session.settings.updated': {
      const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/settings') && response.request().method() === 'PUT')
      await page.getByRole('button', { name: /Setup guide/ }).click()
      await page.getByRole('dialog', { name: 'Set up Rota' }).getByRole('button', { name: /Team members/ }).click()
      expect((await saved).ok()).toBe(true)
      await expect.poll(async () => JSON.parse((await stored(page, 'settings')) ?? '{}').completed_guided_setup).toContain('staffs')
      return
    }
    case 'session.expired': {
      // Signed out elsewhere: the server refuses the session's next request with a 401.
      const refreshToken = await stored(page, 'refresh_token')
      await apiClient().api.logout({ body: { refresh_token: refreshToken! } }, { silent: true })
      // The app hears of it from its next request (the language saved, refused), unless its live updates told it
      // first: the server ends a signed-out session's stream, and the stream's reconnection is refused. Either
      // way the language is changed and changed back, on the shell or on the sign-in page it was sent to.
      await switchLanguageTwice(page)
      return
    }
    case 'session.logout':
      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitem', { name: 'Sign out' }).click()
      return
    default:
      if (!event.type.startsWith('xstate.')) throw new Error(`The walk has no way to cause ${event.type} in the browser`)
  }
}

/** What each stable state looks like to the person, and what the browser keeps of it. */
async function check(page: Page, state: string, reachedBy: AnyEventObject) {
  if (state === 'signedOut') {
    await page.getByRole('heading', { level: 1, name: 'Sign in to Rota' }).waitFor()
    expect(await stored(page, 'token')).toBeNull()
    expect(await stored(page, 'user')).toBeNull()
    if (reachedBy.type === 'xstate.error.actor.login') await page.getByRole('alert').filter({ hasText: 'The business, e-mail or password is incorrect.' }).waitFor()
  } else if (state === 'choosingBusiness') {
    await page.getByRole('heading', { level: 1, name: 'Choose a business' }).waitFor()
    await page.getByRole('radio').first().waitFor()
    expect(await page.getByRole('radio').count()).toBe(2)
    expect(await stored(page, 'token')).toBeNull()
  } else if (state === 'awaitingOtp') {
    await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor()
    expect(await stored(page, 'token')).toBeNull()
    if (reachedBy.type === 'xstate.error.actor.verifyOtp') await page.getByRole('alert').filter({ hasText: 'The code is incorrect.' }).waitFor()
    if (reachedBy.type === 'xstate.done.actor.resendOtp') await page.getByText('A new code is on its way.').waitFor()
  } else if (state === 'signedIn') {
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(await stored(page, 'token')).toMatch(/\S/)
    expect(JSON.parse((await stored(page, 'user')) ?? '{}').email).toMatch(/@/)
    expect(JSON.parse((await stored(page, 'settings')) ?? '{}').business_name).toMatch(/\S/)
  }
}

/** Where the app settles after a path that ends while a request is out. */
function settlesIn(path: MachinePath): string {
  const last = path.steps.at(-1)!.event
  if (path.state.matches('signingIn') && last['business_id'] === 'guarded') return 'awaitingOtp'
  return 'signedIn'
}

describe('the session machine, walked through the real UI', () => {
  // Google's button needs Google: signing in with it is walked by the stubbed suite and the web's component tests.
  it('walks every transition the browser can cause', () => {
    expect(missingTransitions(sessionMachine, [{ paths: walkable }]).sort()).toEqual(
      [
        'session.signedOut on session.google #1 → session.signingIn.withGoogle',
        'session.signingIn.withGoogle on xstate.done.actor.googleLogin #1 → session.loadingUser',
        'session.signingIn.withGoogle on xstate.done.actor.googleLogin #2 → session.choosingBusiness',
        'session.signingIn.withGoogle on xstate.done.actor.googleLogin #3 → session.awaitingOtp',
        'session.signingIn.withGoogle on xstate.error.actor.googleLogin #1 → session.signedOut',
        'session.choosingBusiness on session.business.choose #1 → session.signingIn.withGoogle',
        'session.checking on xstate.error.actor.restore #1 → session.signedOut',
        'session.loadingSettings on session.expired #1 → session.signedOut',
        'session.loadingSettings on xstate.error.actor.fetchSettings #1 → session.signedIn',
        'session.loadingUser on session.expired #1 → session.signedOut',
        'session.resendingOtp on xstate.error.actor.resendOtp #1 → session.awaitingOtp',
        'session.signedIn on session.settings.reload #1 → session.loadingSettings',
        'session.signingOut on xstate.error.actor.logout #1 → session.signedOut',
      ].sort(),
    )
  })

  it.each(walkable.map((path) => [pathName(path), path] as const))('%s', async (_, path) => {
    const world = await sessionWorld()
    const { page, context, problems, expectRefusal } = await openPage(browser)
    expectRefusal({ status: 401, path: '/' }, { status: 400, path: '/auth/otp/verify' })
    const otpSince = { lines: 0 }
    try {
      const steps = path.steps.slice(1)
      for (const [index, step] of steps.entries()) {
        await perform(page, world, step.event, steps[index + 1]?.event, otpSince)
        const state = String(step.state.value)
        if (STABLE.has(state)) await check(page, state, step.event)
      }
      const end = String(path.state.value)
      if (!STABLE.has(end)) await check(page, settlesIn(path), path.steps.at(-1)!.event)
      expect(problems(), problems().join('\n')).toEqual([])
    } finally {
      await context.close()
    }
  })
})
