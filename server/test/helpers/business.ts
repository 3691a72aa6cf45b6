import type { AuthTokens } from '@rota/core'
import type { TestApp } from './app.ts'

let counter = 0

export interface Owner {
  business_id: string
  business_name: string
  email: string
  password: string
  tokens: AuthTokens
}

/** Registers a business through the API and returns its owner's credentials and tokens. */
export async function registerBusiness(t: TestApp, overrides: Partial<Record<string, string>> = {}): Promise<Owner> {
  counter += 1
  const body = {
    business_id: `biz-${process.pid}-${counter}`,
    business_name: `Business ${counter}`,
    firstname: 'Olive',
    lastname: 'Owner',
    email: `owner${counter}@example.com`,
    password: 'a long and unusual passphrase',
    ...overrides,
  }
  const response = await t.request({ method: 'POST', url: '/api/v1/business', payload: body })
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`)
  return { business_id: body.business_id, business_name: body.business_name, email: body.email, password: body.password, tokens: response.json().data }
}

export function basic(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`, 'utf8').toString('base64')}`
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` }
}

/** Signs in with the Basic header and returns the answer's data. */
export async function login(t: TestApp, email: string, password: string, businessId?: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { authorization: basic(email, password) },
    payload: businessId ? { business_id: businessId } : {},
  })
  return { status: response.statusCode, body: response.json() }
}
