import { createApiClient, memoryStore, type ApiClient, type AuthTokens } from '@rota/core'
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'

let callers = 0

/**
 * Rota's API from the test's side, as a script would call it, each client from an address
 * of its own (the server trusts X-Forwarded-For in this suite) so the rate limits for
 * registrations and sign-ins apply per client.
 * @example
 * const { api } = apiClient()
 */
export function apiClient(tokens?: AuthTokens): ApiClient & { store: ReturnType<typeof memoryStore> } {
  callers += 1
  const address = `172.16.${callers % 250}.${process.pid % 250}`
  const store = memoryStore(tokens ? { token: tokens.token, refresh_token: tokens.refresh_token } : {})
  const client = createApiClient({
    baseURL: `${inject('baseURL')}/api/v1`,
    store,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('x-forwarded-for', address)
      return globalThis.fetch(input, { ...init, headers })
    },
  })
  return { ...client, store }
}

let businesses = 0

/** A business and its owner (a Super Admin), registered through the API. */
export interface Owner {
  business_id: string
  business_name: string
  email: string
  password: string
  firstname: string
  lastname: string
  tokens: AuthTokens
}

/**
 * Registers a business with a name nobody else in this run has.
 * @example
 * const owner = await registerBusiness({ email: 'pat@example.test' })
 */
export async function registerBusiness(overrides: Partial<Pick<Owner, 'email' | 'password' | 'business_name' | 'firstname'>> = {}): Promise<Owner> {
  businesses += 1
  const suffix = `${Date.now().toString(36)}-${businesses}`
  const owner = {
    business_id: `e2e-${suffix}`,
    business_name: overrides.business_name ?? `Maple Cleaning ${businesses}`,
    email: overrides.email ?? `owner-${suffix}@maple.test`,
    password: overrides.password ?? 'maple syrup every morning',
    firstname: overrides.firstname ?? 'Jeanne',
    lastname: 'Tremblay',
  }
  const tokens = await apiClient().api.registerBusiness({ body: owner }, { silent: true })
  return { ...owner, tokens }
}

/** A token pair for an account, signed in through the API. */
export async function signIn(account: Pick<Owner, 'business_id' | 'email' | 'password'>): Promise<AuthTokens> {
  const result = await apiClient().api.login({ body: { business_id: account.business_id }, credentials: account }, { silent: true })
  if (result.status !== 'signed_in') throw new Error(`Expected to be signed in, got ${result.status}`)
  return result
}

/**
 * The newest e-mail the server logged for an address (no mail server is set up in the suite).
 * @example
 * const text = await lastMail('ana@maple.test', (text) => /\b\d{6}\b/.test(text))
 */
export async function lastMail(to: string, matches: (text: string) => boolean = () => true, since = 0): Promise<string> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const mails = readFileSync(inject('logFile'), 'utf8')
      .split('\n')
      .slice(since)
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as { to?: string; text?: string }
          return entry.to === to && typeof entry.text === 'string' ? [entry.text] : []
        } catch {
          return []
        }
      })
      .filter(matches)
    const last = mails.at(-1)
    if (last) return last
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No e-mail to ${to} in the server's log`)
}

/** How many lines the server's log has now, to read only what comes after. */
export function logLength(): number {
  return readFileSync(inject('logFile'), 'utf8').split('\n').length - 1
}

/** The 6-digit sign-in code of the newest code e-mail to that address. */
export async function signInCode(to: string, since = 0): Promise<string> {
  const text = await lastMail(to, (mail) => /\b\d{6}\b/.test(mail), since)
  return /\b(\d{6})\b/.exec(text)![1]!
}
