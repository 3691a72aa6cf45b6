import { addLocalDays, businessWeek, localDateOf, weekStartFor, type ApiClient, type AuthTokens, type BusinessWeek, type LocalDate } from '@rota/core'
import type { Browser } from 'playwright-core'
import { openPage } from './browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './rota.ts'

/** A team member who accepted their invitation and can sign in. */
export interface Member {
  id: string
  name: string
  email: string
  password: string
}

/** A business ready to schedule: its owner, one client, one service, two staff members and a week ahead. */
export interface ScheduleWorld {
  owner: Owner
  admin: ApiClient
  clientId: string
  clientName: string
  serviceId: string
  sam: Member
  kim: Member
  /** A business week a few weeks ahead, where no test meets "today". */
  week: BusinessWeek
  timezone: string
}

async function invite(admin: ApiClient, owner: Owner, firstname: string, lastname: string): Promise<Member> {
  const email = `${firstname.toLowerCase()}-${owner.business_id}@maple.test`
  const password = `${firstname} works the night shift`
  const { user, invite_link } = await admin.api.createUser({ body: { email, firstname, lastname, role: 'Staff' } }, { silent: true })
  const token = decodeURIComponent(new URL(invite_link!).pathname.split('/').at(-1)!)
  await apiClient().api.acceptInvite({ body: { token, password } }, { silent: true })
  return { id: user.id, name: `${firstname} ${lastname}`, email, password }
}

/**
 * Registers a business with what a schedule needs, through the API.
 * @example
 * const world = await scheduleWorld(3)
 */
export async function scheduleWorld(weeksAhead: number): Promise<ScheduleWorld> {
  const owner = await registerBusiness({ business_name: 'Maple Shifts' })
  const admin = apiClient(owner.tokens)
  const clientName = 'Harbour Tower'
  const client = await admin.api.createLocation({ body: { name: clientName, street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' } }, { silent: true })
  const service = await admin.api.createService({ body: { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000, colour: '#0d9488' } }, { silent: true })
  const sam = await invite(admin, owner, 'Sam', 'Lee')
  const kim = await invite(admin, owner, 'Kim', 'Tran')
  const settings = await admin.api.getSettings(undefined, { silent: true })
  const ahead = addLocalDays(localDateOf(new Date(), settings.timezone), 7 * weeksAhead)
  const week = businessWeek(ahead, settings.timezone, weekStartFor(settings.locale, settings.week_start))
  return { owner, admin, clientId: client.id, clientName, serviceId: service.id, sam, kim, week, timezone: settings.timezone }
}

/**
 * A browser page already signed in as someone (their tokens put where the app keeps them).
 * @example
 * const { page } = await signedInPage(browser, world.owner)
 */
export async function signedInPage(browser: Browser, account: Pick<Owner, 'business_id' | 'email' | 'password'>, viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, viewport ? { viewport } : {})
  const tokens: AuthTokens = await signIn(account)
  await opened.page.goto('/auth')
  await opened.page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)
  return opened
}

/**
 * A business day as the board names it in English: `Monday, March 9`.
 * @example
 * longDay('2026-03-09') // 'Monday, March 9'
 */
export function longDay(date: LocalDate): string {
  return new Intl.DateTimeFormat('en-CA', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))
}
