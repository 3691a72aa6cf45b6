import type { AuthTokens } from '@rota/core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchBrowser, openPage, screenshot } from './support/browser.ts'
import { apiClient, registerBusiness, signIn, type Owner } from './support/rota.ts'

/**
 * Communications end to end: two people in two browsers chat live in the business's channel,
 * one drops off the network, writes while away and comes back without losing or repeating a
 * message; an announcement asking for acknowledgement is acknowledged and its author sees it.
 */
let browser: Browser
let owner: Owner
/** Omar, signed in afresh for each page: refresh tokens rotate, so one pair serves one browser. */
let staff: () => Promise<AuthTokens>

async function signedIn(page: Page, tokens: AuthTokens) {
  await page.goto('/auth')
  await page.evaluate((pair) => {
    localStorage.setItem('rota.token', pair.token)
    localStorage.setItem('rota.refresh_token', pair.refresh_token)
  }, tokens)
}

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await registerBusiness({ business_name: 'Maple Talk', firstname: 'Mia' })
  const { api } = apiClient(owner.tokens)
  const email = `omar-${Date.now().toString(36)}@maple.test`
  const password = 'a staff passphrase of mine'
  const invited = await api.createUser({ body: { email, firstname: 'Omar', lastname: 'Haddad', role: 'Staff' } }, { silent: true })
  await apiClient().api.acceptInvite({ body: { token: invited.invite_link!.split('/').at(-1)!, password } }, { silent: true })
  staff = () => signIn({ business_id: owner.business_id, email, password })
})

afterAll(async () => {
  await browser?.close()
})

const conversation = (page: Page) => page.getByRole('log', { name: 'Messages in Everyone' })

describe('communications', () => {
  it('delivers messages live between two browsers, and a dropped connection resumes without losing or repeating one', async () => {
    const mia = await openPage(browser)
    await signedIn(mia.page, await signIn(owner))
    await mia.page.goto('/communications/chat')
    await conversation(mia.page).waitFor()
    const omar = await openPage(browser)
    omar.expectConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|network/i)
    await signedIn(omar.page, await staff())
    await omar.page.goto('/communications/chat')
    await conversation(omar.page).waitFor()

    await mia.page.getByRole('textbox', { name: 'Write a message' }).fill('Morning, the truck is at the dock')
    await mia.page.keyboard.press('Enter')
    await conversation(omar.page).getByText('Morning, the truck is at the dock').waitFor({ timeout: 5_000 })

    await omar.context.setOffline(true)
    await mia.page.getByRole('textbox', { name: 'Write a message' }).fill('Bring the keys please')
    await mia.page.keyboard.press('Enter')
    await omar.page.getByRole('textbox', { name: 'Write a message' }).fill('Sent from the lift')
    await omar.page.keyboard.press('Enter')
    await conversation(omar.page).getByText('sending…').waitFor()
    await screenshot(omar.page, 'chat-offline')
    await omar.context.setOffline(false)

    await conversation(omar.page).getByText('Bring the keys please').waitFor({ timeout: 15_000 })
    await conversation(mia.page).getByText('Sent from the lift').waitFor({ timeout: 15_000 })
    await expect.poll(() => conversation(omar.page).getByText('sending…').count(), { timeout: 15_000 }).toBe(0)
    for (const page of [mia.page, omar.page]) {
      expect(await conversation(page).getByText('Sent from the lift').count()).toBe(1)
      expect(await conversation(page).getByText('Bring the keys please').count()).toBe(1)
    }
    await screenshot(mia.page, 'chat')
    expect(await seriousViolations(mia.page), 'chat').toEqual([])
    expect(mia.problems()).toEqual([])
    expect(omar.problems()).toEqual([])
  })

  it('has an announcement acknowledged by its recipient, and shows its author who did', async () => {
    const mia = await openPage(browser)
    await signedIn(mia.page, await signIn(owner))
    await mia.page.goto('/communications/announcements')
    await mia.page.getByRole('button', { name: 'New announcement' }).click()
    const form = mia.page.getByRole('dialog', { name: 'New announcement' })
    await form.getByLabel('Title').fill('New uniforms')
    await form.getByLabel(/^Message/).fill('Pick them up on **Monday**.')
    await form.getByRole('checkbox', { name: 'Ask everyone to acknowledge it' }).check()
    await form.getByRole('button', { name: 'Post' }).click()
    await form.waitFor({ state: 'detached' })

    const omar = await openPage(browser)
    await signedIn(omar.page, await staff())
    await omar.page.goto('/communications/announcements')
    const card = omar.page.getByRole('article', { name: 'New uniforms' })
    await card.getByText('Monday').waitFor()
    expect(await seriousViolations(omar.page), 'announcement').toEqual([])
    await card.getByRole('button', { name: 'Acknowledge' }).click()
    await card.getByText('You acknowledged this.').waitFor()

    await mia.page.reload()
    await mia.page.getByRole('article', { name: 'New uniforms' }).getByText('Read by 1 of 1, acknowledged by 1').waitFor()
    await screenshot(mia.page, 'announcements')
    expect(mia.problems()).toEqual([])
    expect(omar.problems()).toEqual([])
  })

  it('speaks French and Spanish, and lists the conversations first on a phone', async () => {
    for (const [lng, channels, everyone] of [
      ['fr', 'Canaux et conversations', 'Tout le monde'],
      ['es', 'Canales y conversaciones', 'Todos'],
    ] as const) {
      const phone = await openPage(browser, { viewport: { width: 390, height: 844 } })
      await signedIn(phone.page, await staff())
      await phone.page.goto(`/communications/chat?lng=${lng}`)
      const list = phone.page.getByRole('navigation', { name: channels })
      await list.getByText(new RegExp(`${everyone}$`)).first().waitFor()
      await screenshot(phone.page, `chat-phone-${lng}`)
      expect(await seriousViolations(phone.page), `chat-phone-${lng}`).toEqual([])
      expect(phone.problems()).toEqual([])
      await phone.context.close()
    }
  })
})
