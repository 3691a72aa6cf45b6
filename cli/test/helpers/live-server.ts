import { PGlite } from '@electric-sql/pglite'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../../server/src/app.ts'
import { loadConfig } from '../../../server/src/config.ts'
import { openPglite, type Database } from '../../../server/src/db/database.ts'
import { mailOutbox } from '../../../server/src/db/schema/index.ts'

/** A person who can sign in. */
export interface Account {
  business_id: string
  email: string
  password: string
}

/** Rota listening on loopback with an in-memory database, as `rota` meets it in production. */
export interface LiveServer {
  url: string
  database: Database
  /** Registers a business through the API; its owner is a Super Admin. */
  register(fields?: Partial<{ business_id: string; email: string; password: string; firstname: string }>): Promise<Account & { token: string }>
  /** Calls the API as someone, outside the CLI, to arrange a test. */
  api<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<T>
  /** Signs someone in through the API and returns the access token. */
  token(account: Account): Promise<string>
  /** Invites a person as `owner` and accepts the invitation with a password. */
  member(owner: Account, person: { email: string; role: string }): Promise<Account>
  /** Mails recorded so far, newest last. */
  mails(): Promise<(typeof mailOutbox.$inferSelect)[]>
  close(): Promise<void>
}

let businesses = 0

/**
 * Starts Rota (the server's own `buildApp`) on 127.0.0.1 with an in-memory PGlite, the
 * configuration read from `env` as the server reads its environment.
 * @example
 * const server = await startServer({ ROTA_ACCESS_TOKEN_TTL: '2s' })
 */
export async function startServer(env: Record<string, string> = {}): Promise<LiveServer> {
  const config = loadConfig({
    ROTA_DATA_DIR: mkdtempSync(join(tmpdir(), 'rota-cli-server-')),
    ROTA_SECRET: 'cli-test-secret-cli-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...env,
  })
  config.rateLimits = Object.fromEntries(Object.keys(config.rateLimits).map((key) => [key, { max: 100_000, windowSeconds: 60 }])) as typeof config.rateLimits
  const database = await openPglite(new PGlite())
  const app = await buildApp({ config, database })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  async function api<T>(method: string, path: string, { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
    const response = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: { accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const answer = (await response.json()) as { data?: T; message?: string }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`)
    return answer.data as T
  }

  async function token({ business_id, email, password }: Account): Promise<string> {
    const basic = `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`
    const result = await api<{ token: string }>('POST', '/auth/login', { body: { business_id }, headers: { authorization: basic } })
    return result.token
  }

  return {
    url,
    database,
    api,
    token,
    async register(fields = {}) {
      businesses += 1
      const account = {
        business_id: fields.business_id ?? `cli-${process.pid}-${businesses}`,
        email: fields.email ?? `owner${businesses}@acme.test`,
        password: fields.password ?? 'a long and unusual passphrase',
      }
      const tokens = await api<{ token: string }>('POST', '/business', {
        body: { ...account, business_name: `Acme ${businesses}`, firstname: fields.firstname ?? 'Ada', lastname: 'Lovelace' },
      })
      return { ...account, token: tokens.token }
    },
    async member(owner, { email, role }) {
      const invited = await api<{ invite_link: string }>('POST', '/user', { token: await token(owner), body: { email, firstname: 'Sam', lastname: 'Staff', role } })
      const password = 'another long passphrase'
      await api('POST', '/user/accept_invite', { body: { token: invited.invite_link.split('/').at(-1), password } })
      return { business_id: owner.business_id, email, password }
    },
    async mails() {
      await app.services.background.idle()
      return database.db.select().from(mailOutbox).orderBy(mailOutbox.created_at)
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}
