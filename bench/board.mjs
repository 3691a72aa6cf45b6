// The schedule board in Chromium (Debian's, as the browser tests use it) for a week of 200 staff
// (2,800 shifts), on the embedded database: how long the first render takes — from the start of
// the navigation to the first shift card drawn — and how long a drag takes — from the mouse let go
// over another person's day to the frame that shows the card there (timed in the page, from the
// mouseup event to the first frame after the card is in its row: the driver asking the page by
// role and name while it draws added tens of milliseconds of its own), and to the server's
// confirmation. A bare page of the same server (its 404 page, no script) loaded in the same run is
// given for scale. Goals: first render ≤ 1 s, a drag ≤ 100 ms. Prints JSON.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { registerTokens, seedWeek, startProcess, tempDir } from './support.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const STAFF = 200
const MONDAY = '2027-01-04'
const RENDERS = 5
const DRAGS = 5
const CHROMIUM = process.env.ROTA_CHROMIUM ?? '/usr/bin/chromium'

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const summary = (values) => ({ median_ms: Math.round(median(values)), max_ms: Math.round(Math.max(...values)), runs: values.length })
const longDay = (date) => new Intl.DateTimeFormat('en-CA', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const data = tempDir('rota-bench-board-')
const rota = await startProcess(process.execPath, [join(root, 'server/dist/server.js')], {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ROTA_DATA_DIR: data.path,
  ROTA_WEB_DIR: join(root, 'web/dist'),
})
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] })
try {
  const tokens = await registerTokens(rota.base, 'bench-board')
  const week = await seedWeek(rota.base, tokens.token, { staff: STAFF, monday: MONDAY })
  // Open shifts in the evening, free to be dragged onto anyone's Monday without a conflict.
  for (let i = 0; i < DRAGS; i++) {
    await week.call('/schedule', { location_id: week.location, service_id: week.service, date: MONDAY, start: '18:00', end: `${19 + i}:00` })
  }

  const context = await browser.newContext({ baseURL: rota.base, viewport: { width: 1366, height: 1600 }, locale: 'en-CA' })
  const page = await context.newPage()
  await page.goto('/auth')
  await page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)

  const bare = []
  for (let i = 0; i < RENDERS; i++) {
    await page.goto('/api/v1/no-such-page')
    bare.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].responseEnd))
  }

  // The first card of the board: the open shifts' row comes first.
  const firstCard = page.getByRole('button', { name: new RegExp(`^18:00–19:00\\s+${escape(longDay(MONDAY))}`) })
  const renders = []
  // When the week's shifts had arrived, within the same navigations: the rest is drawing them.
  const answers = []
  for (let i = 0; i < RENDERS; i++) {
    await page.goto(`/schedules?date=${MONDAY}`)
    await firstCard.waitFor({ timeout: 60_000 }).catch(async (error) => {
      await page.screenshot({ path: join(data.path, '..', 'rota-bench-board-failed.png') })
      throw error
    })
    const [drawn, answered] = await page.evaluate(() => [
      performance.now(),
      Math.max(...performance.getEntriesByType('resource').filter((entry) => /\/api\/v1\/schedule\?/.test(entry.name)).map((entry) => entry.responseEnd)),
    ])
    renders.push(drawn)
    answers.push(answered)
  }

  const openDay = escape(longDay(MONDAY))
  const drops = []
  const confirmations = []
  // Each card goes to the first staff row (after the open shifts and the owner) on a day of its own,
  // Monday to Friday: the row grows once, by a card, and stays in view with the open shifts above it.
  await page.evaluate(() => document.querySelector('[role="table"]')?.scrollTo(0, 0))
  const who = await page.evaluate(() => [...document.querySelectorAll('[role="row"] > [role="rowheader"] > :first-child')].map((name) => name.textContent.trim()).find((name) => /^Staff \d+$/.test(name)))
  for (let i = 0; i < DRAGS; i++) {
    // A drag near the window's edge scrolls the board: start each from the top.
    await page.evaluate(() => {
      window.scrollTo(0, 0)
      document.querySelector('[role="table"]')?.scrollTo(0, 0)
    })
    const date = new Date(Date.parse(`${MONDAY}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)
    const time = `18:00–${19 + i}:00`
    const from = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Open shifts/ }) }).getByRole('button', { name: new RegExp(`^${time}\\s+${openDay}`) })
    const to = page.getByRole('button', { name: `Add a shift: ${who}, ${longDay(date)}`, exact: true }).locator('..')
    const id = await from.getAttribute('data-shift')
    const start = await from.boundingBox()
    const end = await to.boundingBox()
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2)
    await page.mouse.down()
    await page.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2 + 12, { steps: 4 })
    await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 })
    // The page notes when the mouse is let go and when the frame after the card reached the row is done.
    await page.evaluate(
      ({ id, who }) => {
        const timing = (window.__drop = { up: 0, drawn: 0 })
        document.addEventListener('pointerup', (event) => void (timing.up = event.timeStamp), { capture: true, once: true })
        const inRow = () => {
          const card = document.querySelector(`[data-shift="${id}"]`)
          return card?.closest('[role="row"]')?.querySelector('[role="rowheader"] > :first-child')?.textContent.trim() === who
        }
        const watch = new MutationObserver(() => {
          if (!timing.up || !inRow()) return
          watch.disconnect()
          requestAnimationFrame(() => setTimeout(() => void (timing.drawn = performance.now())))
        })
        watch.observe(document.body, { childList: true, subtree: true })
      },
      { id, who },
    )
    const dropped = performance.now()
    await page.mouse.up()
    await page.waitForFunction(() => window.__drop.drawn > 0, null, { timeout: 30_000 }).catch(async (error) => {
      await page.screenshot({ path: join(data.path, '..', 'rota-bench-board-failed.png') })
      throw error
    })
    drops.push(await page.evaluate(() => window.__drop.drawn - window.__drop.up))
    await page.getByText(`Shift moved to ${who}, ${longDay(date)}.`).waitFor()
    confirmations.push(performance.now() - dropped)
  }
  await context.close()

  console.log(
    JSON.stringify(
      {
        board: {
          staff: STAFF,
          shifts: STAFF * 14 + DRAGS,
          goals: { first_render_ms: 1000, drag_ms: 100 },
          bare_page_load: summary(bare),
          first_render: summary(renders),
          of_which_until_the_week_arrived: summary(answers),
          drag_to_card_drawn: summary(drops),
          drag_to_server_confirmed: summary(confirmations),
        },
      },
      null,
      2,
    ),
  )
} finally {
  await browser.close()
  await rota.stop()
  data.remove()
}
