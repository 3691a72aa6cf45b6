import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, linkToken } from '../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { login, registerBusiness, type Owner } from '../helpers/business.ts'

interface Received {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const inbox: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { url: `smtp://127.0.0.1:${port}`, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The Subject header, with MIME encoded words decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? ''
  return header
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
}

/** The message body with quoted-printable soft line breaks and escapes undone. */
function bodyOf(raw: string): string {
  return raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

let smtp: Awaited<ReturnType<typeof startSmtp>>
let t: TestApp
let owner: Owner
beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Rota <no-reply@rota.test>' })
  owner = await registerBusiness(t, { email: 'smtp-owner@example.com', business_name: 'Mail Works' })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('mail through a real SMTP server', () => {
  it('delivers a reset mail whose link really resets the password', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/reset_password_request', payload: { email: owner.email } })
    expect(response.statusCode).toBe(200)
    await t.settle()

    const mail = smtp.inbox.find((m) => m.to.includes(owner.email))
    expect(mail).toBeDefined()
    expect(mail!.from).toBe('no-reply@rota.test')
    expect(mail!.raw).toMatch(/^From: Rota <no-reply@rota\.test>/m)
    expect(mail!.raw).toMatch(/^To: smtp-owner@example\.com/m)
    expect(subjectOf(mail!.raw)).toBe('Reset your Rota password for Mail Works')
    const body = bodyOf(mail!.raw)
    expect(body).toMatch(/multipart\/alternative/)
    const token = linkToken(body, 'reset-password')
    expect(body).toContain(`http://rota.test/auth/reset-password/${token}`)

    const outbox = (await t.mails()).filter((m) => m.to === owner.email)
    expect(outbox.at(-1)).toMatchObject({ kind: 'reset_password', status: 'sent', error: null })

    const verify = await t.request({ method: 'POST', url: '/api/v1/auth/verify_reset_token', payload: { token } })
    expect(verify.statusCode).toBe(200)
    expect(verify.json().data).toMatchObject({ email: owner.email, business_id: owner.business_id })
    const update = await t.request({ method: 'PUT', url: '/api/v1/auth/update_password', payload: { token, password: 'reset by real mail passphrase' } })
    expect(update.statusCode).toBe(200)
    expect((await login(t, owner.email, 'reset by real mail passphrase', owner.business_id)).status).toBe(200)
    expect((await login(t, owner.email, owner.password, owner.business_id)).status).toBe(401)
  })

  it('delivers mails in the recipient’s language with accents intact', async () => {
    await addUser(t, owner.business_id, { email: 'esteban@example.com', password: 'una frase de paso larga', locale: 'es' })
    await t.request({ method: 'POST', url: '/api/v1/auth/reset_password_request', payload: { email: 'esteban@example.com' } })
    await t.settle()
    const mail = smtp.inbox.find((m) => m.to.includes('esteban@example.com'))
    expect(subjectOf(mail!.raw)).toBe('Restablezca su contraseña de Rota para Mail Works')
    expect(bodyOf(mail!.raw)).toContain('/auth/reset-password/')
  })

  it('sends nothing for an address with no account', async () => {
    const before = smtp.inbox.length
    await t.request({ method: 'POST', url: '/api/v1/auth/reset_password_request', payload: { email: 'no-account@example.com' } })
    await t.settle()
    expect(smtp.inbox.length).toBe(before)
  })
})

describe('a mail server that cannot be reached', () => {
  let down: TestApp
  beforeAll(async () => {
    const gone = await startSmtp()
    await gone.close()
    down = await createTestApp({ smtpUrl: gone.url })
  })
  afterAll(() => down.close())

  it('does not fail the request; the outbox records the failure', async () => {
    const who = await registerBusiness(down)
    const response = await down.request({ method: 'POST', url: '/api/v1/auth/reset_password_request', payload: { email: who.email } })
    expect(response.statusCode).toBe(200)
    const [mail] = (await down.mails()).filter((m) => m.to === who.email)
    expect(mail).toMatchObject({ kind: 'reset_password', status: 'failed', error: expect.any(String) })
    expect(mail!.text).toContain('/auth/reset-password/')
  })
})
