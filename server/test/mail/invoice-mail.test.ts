import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../helpers/app.ts'
import { registerBusiness, type Owner } from '../helpers/business.ts'
import { shownText } from '@rota/core/testing/pdf-text'
import { mimeParts, startSmtp } from '../helpers/smtp.ts'
import { timesheetApi } from '../helpers/timesheets.ts'

let smtp: Awaited<ReturnType<typeof startSmtp>>
let t: TestApp
let owner: Owner
let call: ReturnType<typeof timesheetApi>
beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Rota <no-reply@rota.test>' }, { clock: testClock('2028-02-01T15:00:00Z') })
  owner = await registerBusiness(t, { email: 'invoicing@example.com', business_name: 'Nettoyage Élite', locale: 'fr' })
  call = timesheetApi(t, owner)
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('sending an invoice', () => {
  it('e-mails the client\'s contact the link and the PDF, in the business\'s language, through a real SMTP server', async () => {
    const location = await call.ok('POST', '/location', {
      name: 'Tour du Port',
      contact_person: 'Anne',
      email: 'anne@client.example',
      street: '1 rue Principale',
      city: 'Montréal',
      province: 'QC',
      postal_code: 'H2X 1Y4',
    })
    const draft = await call.ok('POST', '/invoice', {
      location_id: location.id,
      period_from: '2028-01-01',
      period_to: '2028-01-31',
      items: [{ description: 'Entretien ménager', quantity: '10', unit_price_cents: 4500 }],
    })
    const sent = await call.ok('POST', `/invoice/${draft.id}/events`, { type: 'invoice.send', version: draft.version })
    await t.settle()

    const mail = smtp.inbox.find((m) => m.to.includes('anne@client.example'))
    expect(mail).toBeDefined()
    const parts = mimeParts(mail!.raw)
    const text = parts.find((part) => part.headers['content-type']?.startsWith('text/plain'))!.body.toString('utf8')
    expect(text).toContain('Bonjour Anne,')
    expect(text).toContain(`Nettoyage Élite vous a envoyé la facture ${sent.number} de 517,39`)
    const link = await call.ok('GET', `/invoice/${sent.id}/link`)
    expect(text).toContain(link.url)

    const attachment = parts.find((part) => part.headers['content-type']?.startsWith('application/pdf'))
    expect(attachment?.headers['content-disposition']).toContain(`${sent.number}.pdf`)
    const shown = (await shownText(attachment!.body)).join('\n')
    expect(shown).toContain(`Facture ${sent.number}`)
    expect(shown).toContain('Entretien ménager')
    expect(shown).toContain('TVQ (9,975 %)')
    // The link in the mail opens the invoice without signing in.
    const opened = await t.request({ method: 'GET', url: `/api/v1${new URL(link.url).pathname.replace('/frontend', '/public')}` })
    expect(opened.statusCode).toBe(200)
    expect(opened.json().data.number).toBe(sent.number)
  })
})
