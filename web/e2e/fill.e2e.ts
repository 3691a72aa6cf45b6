import type { LocalDate } from '@rota/core'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, screenshot } from './support/browser.ts'
import { longDay, scheduleWorld, signedInPage, type ScheduleWorld } from './support/schedule-world.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The board's row of a person (or "Open shifts"). */
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })
/** A card on the board, by its time and day. */
const card = (where: Page | Locator, time: string, date: LocalDate, who = '') => where.getByRole('button', { name: new RegExp(`^${time}\\s+${longDay(date)},\\s*${who}`) })
/** A proposed assignment (a ghost card) in a person's row, by its day (and whether it is kept). */
const ghost = (page: Page, who: string, date: LocalDate, pressed?: boolean) =>
  row(page, who).getByRole('button', { name: new RegExp(`${longDay(date)}, proposed for ${who}`), ...(pressed === undefined ? {} : { pressed }) })

/** Who works which shift of the week, as the API sees it: `Sam Lee 2026-03-09 09:00 draft`. */
async function placed(world: ScheduleWorld): Promise<string[]> {
  const { rows } = await world.admin.api.listShifts({ query: { from: world.week.firstDay, to: world.week.lastDay, page_size: 5000 } }, { silent: true })
  return rows.map((shift) => `${shift.staff?.name ?? 'open'} ${shift.date} ${shift.start_time} ${shift.status}`).sort()
}

describe('filling open shifts from the week board', () => {
  let world: ScheduleWorld
  let days: LocalDate[]
  beforeAll(async () => {
    world = await scheduleWorld(3)
    days = [...world.week.dates]
    const { api } = world.admin
    // Sam is paid less than Kim and aims at 24 h; the owner works the office only; nobody may work the concierge desk.
    for (const [person, pay, target] of [[world.sam, 2000, 1440], [world.kim, 2600, null]] as const) {
      const { version } = await api.getUser({ params: { id: person.id } }, { silent: true })
      await api.updateUser({ params: { id: person.id }, body: { pay_rate_cents: pay, target_weekly_minutes: target, service_ids: [world.serviceId], version } }, { silent: true })
    }
    const me = (await api.listUsers({ query: { q: world.owner.email } }, { silent: true })).rows[0]!
    const desk = await api.createService({ body: { name: 'Concierge', bill_rate_cents: 5000, pay_rate_cents: 2500 } }, { silent: true })
    const office = await api.createService({ body: { name: 'Office', bill_rate_cents: 5000, pay_rate_cents: 2500 } }, { silent: true })
    await api.updateUser({ params: { id: me.id }, body: { service_ids: [office.id], version: me.version } }, { silent: true })
    for (const date of days.slice(1, 4)) await api.createShift({ body: { staff_id: null, location_id: world.clientId, service_id: world.serviceId, date, start: '09:00', end: '17:00' } }, { silent: true })
    await api.createShift({ body: { staff_id: null, location_id: world.clientId, service_id: desk.id, date: days[4]!, start: '09:00', end: '17:00' } }, { silent: true })
  })

  it('proposes people as ghost cards with their reasons, keeps some, and puts those on the board as drafts; axe clean', async () => {
    const [, monday, tuesday, wednesday, thursday] = days as [LocalDate, LocalDate, LocalDate, LocalDate, LocalDate]
    const owner = await signedInPage(browser, world.owner, { width: 1366, height: 1100 })
    const { page } = owner
    await page.goto(`/schedules?date=${monday}`)
    await row(page, 'Sam Lee').waitFor()

    await page.getByRole('button', { name: 'Fill open shifts' }).click()
    const bar = page.getByRole('region', { name: 'Fill open shifts' })
    await bar.getByRole('button', { name: 'Propose' }).click()
    await bar.getByText('3 of 4 open shifts staffed.').waitFor()
    await bar.getByText(`${longDay(thursday)} 09:00–17:00 · ${world.clientName} · Concierge: nobody may work this service`).waitFor()

    // The cheaper person, each ghost saying why (on hover, and to a screen reader in its name).
    for (const date of [monday, tuesday, wednesday]) await ghost(page, 'Sam Lee', date, true).waitFor()
    const mondays = ghost(page, 'Sam Lee', monday)
    await mondays.hover()
    expect(await mondays.getAttribute('title')).toBe('available · 24 h this week of a 24 h target')
    expect(await mondays.textContent()).toContain('available · 24 h this week of a 24 h target')
    await page.waitForTimeout(200)
    await screenshot(page, 'fill-proposal')
    expect(await seriousViolations(page)).toEqual([])

    // Tuesday dropped from the keyboard; the two kept are accepted.
    await ghost(page, 'Sam Lee', tuesday).focus()
    await page.keyboard.press('Space')
    await ghost(page, 'Sam Lee', tuesday, false).waitFor()
    await bar.getByRole('button', { name: 'Accept the ones kept (2)' }).click()
    await bar.getByText('Shifts on the schedule as drafts: 2.').waitFor()
    await bar.getByRole('button', { name: 'Close' }).click()
    await bar.waitFor({ state: 'detached' })

    const sams = row(page, 'Sam Lee')
    for (const date of [monday, wednesday]) await card(sams, '09:00–17:00', date, 'Sam Lee').filter({ hasText: 'Draft' }).waitFor()
    await card(row(page, 'Open shifts'), '09:00–17:00', tuesday, 'Open shift').waitFor()
    expect(await placed(world)).toEqual([`Sam Lee ${monday} 09:00 draft`, `Sam Lee ${wednesday} 09:00 draft`, `open ${thursday} 09:00 draft`, `open ${tuesday} 09:00 draft`].sort())
    expect(await seriousViolations(page)).toEqual([])
    expect(owner.problems(), owner.problems().join('\n')).toEqual([])
    await owner.context.close()
  })
})
