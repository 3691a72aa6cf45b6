import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core'
import { inject } from 'vitest'

const CHROMIUM = process.env['ROTA_CHROMIUM'] ?? '/usr/bin/chromium'
export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts')

/** Debian's Chromium, headless, with nothing running in the background, and a profile of its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  })
}

let addresses = 0

/** Whether a request's `Authorization: Bearer <JWT>` had run out by now (its `exp`, in seconds). */
function carriedExpiredToken(authorization: string | undefined): boolean {
  const payload = /^Bearer [^.]+\.([^.]+)\./.exec(authorization ?? '')?.[1]
  if (!payload) return false
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof exp === 'number' && exp * 1000 <= Date.now()
  } catch {
    return false
  }
}

/** A request the page expects to be refused, so its console line is not a failure: `401 /auth/login`. */
export type ExpectedRefusal = { status: number; path: string }

/**
 * A fresh browser context (its own storage) speaking from an address of its own, and the
 * console errors, uncaught exceptions and CSP violations its pages produce. Tests end with
 * `expect(problems()).toEqual([])`; refusals the test provokes on purpose are declared first.
 * @example
 * const { page, problems, expectRefusal } = await openPage(browser)
 */
export async function openPage(browser: Browser, options: { viewport?: { width: number; height: number }; locale?: string } = {}) {
  addresses += 1
  const context: BrowserContext = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-CA',
    extraHTTPHeaders: { 'x-forwarded-for': `10.${Math.floor(addresses / 250) % 250}.${addresses % 250}.${process.pid % 250}` },
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
    })
  })
  const page = await context.newPage()
  // With the suite's short token lifetime any request may meet an expired token, which the app
  // renews silently; Chromium still logs the 403, so those answers are told apart: by the token
  // the request carried, run out by then (known at once, even if the page leaves before the
  // answer's body can be read), or else by the answer's code.
  const renewed = new Set<string>()
  page.on('response', async (response) => {
    if (response.status() !== 403) return
    if (carriedExpiredToken(response.request().headers()['authorization'])) {
      renewed.add(response.url())
      return
    }
    const body = (await response.json().catch(() => null)) as { code?: string } | null
    if (body?.code === 'token_expired') renewed.add(response.url())
  })
  const found: { text: string; url: string; status?: number }[] = []
  const expected: ExpectedRefusal[] = []
  const expectedErrors: RegExp[] = []
  const refusal = (message: ConsoleMessage) => {
    const status = /status of (\d{3})/.exec(message.text())?.[1]
    const path = new URL(message.location().url || 'http://x/').pathname.replace(/^\/api\/v1/, '')
    return status ? expected.find((entry) => entry.status === Number(status) && path.startsWith(entry.path)) : undefined
  }
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (refusal(message) || expectedErrors.some((pattern) => pattern.test(message.text()))) return
    const status = Number(/status of (\d{3})/.exec(message.text())?.[1] ?? 0)
    found.push({ text: message.text(), url: message.location().url, status })
  })
  page.on('pageerror', (error) => found.push({ text: `Uncaught: ${error.message}`, url: '' }))
  return {
    page,
    context,
    /** Console errors, uncaught errors and CSP violations not declared as expected. */
    problems: () => found.filter((problem) => !(problem.status === 403 && renewed.has(problem.url))).map((problem) => `${problem.text} (${problem.url})`),
    /** The server will refuse this on purpose (a wrong password, an expired token): not a failure. */
    expectRefusal: (...entries: ExpectedRefusal[]) => expected.push(...entries),
    /** A console error the app writes on purpose (the 404 page's log line). */
    expectConsoleError: (pattern: RegExp) => expectedErrors.push(pattern),
  }
}

/**
 * Saves the page as web/e2e/artifacts/<name>.png.
 * @example
 * await screenshot(page, 'sign-in')
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true, animations: 'disabled' })
}
