import type { Notification, Profile, Settings } from '@rota/core'

type Handler = (request: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }) => { status?: number; body: unknown } | undefined

/** One call the fake server received. */
export interface Call {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  headers: Headers
}

export const adminProfile: Profile = {
  id: '0b9c6f1e-3f0d-4d8e-9a43-5d0f0c7b8a11',
  business_id: 'maple',
  firstname: 'Jeanne',
  lastname: 'Tremblay',
  email: 'jeanne@maple.test',
  phone: null,
  file: null,
  google_picture: null,
  google_linked: false,
  email_notifications: false,
  locale: 'en',
  role: { id: '4c2a3a57-2a43-4f3c-8f59-0e7c1c4ae0b2', name: 'Super Admin' },
  permissions: [],
  version: 1,
}

/** A permission entry of a profile: the rights named, none other. */
export const permissionEntry = (model: Profile['permissions'][number]['model_name'], rights: Partial<Record<'read' | 'create' | 'update' | 'delete', boolean>>) => ({
  model_name: model,
  name: model,
  read: false,
  create: false,
  update: false,
  delete: false,
  ...rights,
})

/** A staff member who may read the schedules and nothing else. */
export const staffProfile: Profile = {
  ...adminProfile,
  id: '9d7c9a10-5a38-4a8c-9f0e-2c8f6b1d0e42',
  firstname: 'Omar',
  lastname: 'Haddad',
  email: 'omar@maple.test',
  role: { id: '1f2a3a57-2a43-4f3c-8f59-0e7c1c4ae0b9', name: 'Staff' },
  permissions: [permissionEntry('schedules', { read: true })],
}

/** A manager who may read the team and the settings and create team members. */
export const managerProfile: Profile = {
  ...staffProfile,
  id: '7a7c9a10-5a38-4a8c-9f0e-2c8f6b1d0e43',
  role: { id: '2f2a3a57-2a43-4f3c-8f59-0e7c1c4ae0b8', name: 'Manager' },
  permissions: [permissionEntry('schedules', { read: true }), permissionEntry('users', { read: true, create: true }), permissionEntry('settings', { read: true })],
}

export const settings: Settings = {
  business_id: 'maple',
  business_name: 'Maple Cleaning',
  business_logo: null,
  business_street: null,
  business_city: null,
  business_province: null,
  business_postal_code: null,
  business_phone: null,
  completed_guided_setup: '',
  timezone: 'America/Toronto',
  week_start: 0,
  locale: 'en',
  invoice_prefix: 'INV-',
  next_invoice_number: 1,
  tax_province: 'ON',
  require_otp: false,
  min_rest_minutes: 480,
  overtime_jurisdiction: 'ON',
  clock_tolerance_minutes: 5,
  location_radius_m: 250,
  forgotten_clock_out_grace_minutes: 60,
  // Expenses and payroll (decision 027)
  mileage_rate_cents: 72,
  pay_frequency: 'biweekly',
  pay_anchor: '2026-01-05',
  vacation_pay_percent: '4',
  gst_hst_number: null,
  qst_number: null,
  invoice_terms_days: 30,
  max_days_in_row: 6,
  fill_weights: { cost: 1, over_preferred: 1000, fairness: 500, continuity: 500, preference: 500 },
  updated_at: '2025-01-06T09:00:00Z',
  version: 1,
}

export function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    title: `Shift ${id} published`,
    body: null,
    model: 'schedules',
    operation: 'published',
    created_at: '2025-03-05T15:00:00Z',
    read_status: false,
    extra: { schedule_id: `10000000-0000-4000-8000-${String(id).padStart(12, '0')}` },
    ...overrides,
  }
}

export const tokens = { token: 'access-token-1', refresh_token: 'refresh-token-1', expires_in: 900 }

/**
 * A stand-in for Rota's API behind `fetch`: answers `{ data }` from handlers keyed by
 * "METHOD /path", records every call, and answers 404 for the rest.
 * @example
 * const server = fakeServer({ 'GET /profile': () => ({ body: { data: adminProfile } }) })
 */
export function fakeServer(handlers: Record<string, Handler> = {}) {
  const calls: Call[] = []
  const routes: Record<string, Handler> = {
    'GET /config': () => ({ body: { data: { version: '0.1.0', google_client_id: null, images: { provider: 'local', cloud_name: null }, maps_key: null, mail_delivery: false } } }),
    'GET /profile': () => ({ body: { data: adminProfile } }),
    'GET /settings': () => ({ body: { data: settings } }),
    'GET /notification': () => ({ body: { data: { count: 0, rows: [] } } }),
    'GET /alerts': () => ({ body: { data: [] } }),
    'GET /schedule': () => ({ body: { data: { count: 0, rows: [] } } }),
    'GET /events': () => ({ status: 404, body: { message: 'No', code: 'route_not_found' } }),
    'POST /auth/logout': () => ({ body: { data: {}, message: 'You are signed out.' } }),
    ...handlers,
  }
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://rota.test'), init)
    const url = new URL(request.url)
    const path = url.pathname.replace(/^\/api\/v1/, '')
    const text = request.method === 'GET' ? '' : await request.text()
    const call: Call = { method: request.method, path, query: url.searchParams, body: text ? jsonOrText(text) : undefined, headers: request.headers }
    calls.push(call)
    const handler = routes[`${request.method} ${path}`] ?? Object.entries(routes).find(([key]) => matches(key, `${request.method} ${path}`))?.[1]
    const answer = handler?.(call) ?? { status: 404, body: { message: 'Not found.', code: 'route_not_found' } }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } })
  }
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    on(route: string, handler: Handler) {
      routes[route] = handler
    },
    called: (route: string) => calls.filter((call) => matches(route, `${call.method} ${call.path}`)),
  }
}

/** A JSON body as data; anything else (a multipart upload) as its text. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** `PUT /notification/{id}` matches `PUT /notification/abc`. */
function matches(pattern: string, actual: string): boolean {
  const regex = new RegExp(`^${pattern.replace(/\{\w+\}/g, '[^/]+')}$`)
  return regex.test(actual)
}

export type FakeServer = ReturnType<typeof fakeServer>
