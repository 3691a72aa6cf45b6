import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { timeoffCategories, users } from '../../../src/db/schema/index.ts'
import { addUser } from '../../helpers/accounts.ts'
import type { TestApp } from '../../helpers/app.ts'
import { bearer, login, type Owner } from '../../helpers/business.ts'

export const PASSWORD = 'a long and unusual passphrase'
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Calls of one test file's API, as whoever holds a token (the owner by default). */
export function apiOf(app: () => TestApp, owner: () => Owner) {
  const api = (method: Method, url: string, payload?: object, token = owner().tokens.token) =>
    app().request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
  const ok = async (method: Method, url: string, payload?: object, token?: string) => {
    const response = await api(method, url, payload, token)
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.json().data
  }
  /** The answer's code, after checking its status. */
  const refused = async (status: number, method: Method, url: string, payload?: object, token?: string) => {
    const response = await api(method, url, payload, token)
    expect(response.statusCode, response.body).toBe(status)
    return response.json()
  }
  const rows = async (url: string, token?: string) => (await ok('GET', url, undefined, token)).rows
  return { api, ok, refused, rows }
}

/**
 * A person in the owner's business, signed in, who joined on `joined` (the first year their
 * yearly allowances count from).
 */
export async function personIn(t: TestApp, businessId: string, email: string, options: { role?: string; joined?: string } = {}) {
  const user = await addUser(t, businessId, { email, password: PASSWORD, role: options.role ?? 'Staff', firstname: email.split('@')[0] })
  await t.db.update(users).set({ created_at: new Date(`${options.joined ?? '2027-01-01'}T12:00:00Z`) }).where(and(eq(users.business_id, businessId), eq(users.id, user.id)))
  const { status, body } = await login(t, email, PASSWORD, businessId)
  expect(status).toBe(200)
  return { id: user.id, token: body.data.token as string }
}

/** One of a business's categories by its name. */
export async function categoryId(t: TestApp, businessId: string, name: string): Promise<string> {
  const [row] = await t.db.select({ id: timeoffCategories.id }).from(timeoffCategories).where(and(eq(timeoffCategories.business_id, businessId), eq(timeoffCategories.name, name)))
  if (!row) throw new Error(`no category ${name}`)
  return row.id
}
