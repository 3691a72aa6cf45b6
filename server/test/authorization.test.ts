import { PERMISSION_MODELS, routes, type PermissionAction, type PermissionModel, type RouteName } from '@rota/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/app.ts'
import { bearer, registerBusiness, type Owner } from './helpers/business.ts'

/**
 * Every route of the first business records, called as an administrator, as a role
 * holding only the route's right, as a role holding every right but that one, and
 * as an administrator of another business: the status must follow SPEC.md §6, and a
 * refused call must change nothing.
 */
let t: TestApp
let owner: Owner
let stranger: Owner
let sequence = 0
const next = () => ++sequence

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  stranger = await registerBusiness(t)
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
const admin = (method: Method, url: string, payload?: object) => call(owner.tokens.token, method, url, payload)

async function data<T = any>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`)
  return response.json().data
}

const grants = (allow: (model: PermissionModel, action: PermissionAction) => boolean) =>
  PERMISSION_MODELS.map((model) => ({
    model_name: model,
    read: allow(model, 'read'),
    create: allow(model, 'create'),
    update: allow(model, 'update'),
    delete: allow(model, 'delete'),
  }))

/** A person in the owner's business holding a new role with exactly these rights, signed in. */
async function personWith(allow: (model: PermissionModel, action: PermissionAction) => boolean): Promise<string> {
  const role = await data(await admin('POST', '/role', { name: `Role ${next()}`, permissions: grants(allow) }))
  const invited = await data(await admin('POST', '/user', { email: `person${next()}@example.com`, firstname: 'Pat', lastname: 'Person', role_id: role.id }))
  const token = invited.invite_link.split('/').at(-1)
  const accepted = await data(await t.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token, password: 'a passphrase nobody guesses' } }))
  return accepted.token
}

const category = () => ({ name: `Leave ${next()}` })
const location = () => ({ name: `Client ${next()}`, street: '1 King St W', city: 'Toronto', province: 'ON', postal_code: 'M5H 1A1' })
const service = () => ({ name: `Service ${next()}`, bill_rate_cents: 5000, pay_rate_cents: 2500 })
const faq = () => ({ category: 'General', question: `Question ${next()}?`, answer: 'An **answer**.' })
const faqs = async () => admin('GET', '/faq').then((r) => r.body)

/** One call of a route on the owner's records, made fresh for each caller, with how to see whether it changed anything. */
interface Case {
  method: Method
  url: string
  payload?: object
  /** An administrator's view of what the call would change. */
  observe: () => Promise<unknown>
  /** The record's path, for calls that target one (another business must get 404). */
  targetsRecord: boolean
}

const listOf = (url: string) => async () => (await data(await admin('GET', url))).count
const recordAt = (url: string) => async () => admin('GET', url).then((r) => r.body)

/** An onboarding entry as the administrator lists it (entries have no GET of their own). */
const recordOf = (id: string) => async () => {
  const list = await data(await admin('GET', '/settings/onboarding?page_size=100'))
  return list.rows.find((row: { id: string }) => row.id === id) ?? null
}

async function invitedUser() {
  return (await data(await admin('POST', '/user', { email: `invitee${next()}@example.com`, role: 'Staff' }))).user
}

const cases: Partial<Record<RouteName, () => Promise<Case>>> = {
  listUsers: async () => ({ method: 'GET', url: '/user', observe: listOf('/user'), targetsRecord: false }),
  getUser: async () => ({ method: 'GET', url: `/user/${(await invitedUser()).id}`, observe: listOf('/user'), targetsRecord: true }),
  listRoleChoices: async () => ({ method: 'GET', url: '/user/role_choices', observe: listOf('/role'), targetsRecord: false }),
  createUser: async () => {
    // A role that grants nothing: anyone who may invite may give it (nobody gives a right they do not hold).
    const role = await data(await admin('POST', '/role', { name: `Visitor ${next()}` }))
    return { method: 'POST', url: '/user', payload: { email: `new${next()}@example.com`, role_id: role.id }, observe: listOf('/user'), targetsRecord: false }
  },
  updateUser: async () => {
    const user = await invitedUser()
    return { method: 'PUT', url: `/user/${user.id}`, payload: { lastname: 'Changed', version: user.version }, observe: recordAt(`/user/${user.id}`), targetsRecord: true }
  },
  deleteUser: async () => {
    const user = await invitedUser()
    return { method: 'DELETE', url: `/user/${user.id}`, observe: recordAt(`/user/${user.id}`), targetsRecord: true }
  },
  resendInvite: async () => {
    const user = await invitedUser()
    return { method: 'POST', url: `/user/${user.id}/invite`, observe: recordAt(`/user/${user.id}`), targetsRecord: true }
  },
  revokeInvite: async () => {
    const user = await invitedUser()
    return { method: 'DELETE', url: `/user/${user.id}/invite`, observe: recordAt(`/user/${user.id}`), targetsRecord: true }
  },
  listRoles: async () => ({ method: 'GET', url: '/role', observe: listOf('/role'), targetsRecord: false }),
  getRole: async () => {
    const role = await data(await admin('POST', '/role', { name: `Seen ${next()}` }))
    return { method: 'GET', url: `/role/${role.id}`, observe: listOf('/role'), targetsRecord: true }
  },
  createRole: async () => ({ method: 'POST', url: '/role', payload: { name: `Made ${next()}` }, observe: listOf('/role'), targetsRecord: false }),
  updateRole: async () => {
    const role = await data(await admin('POST', '/role', { name: `Renamed ${next()}` }))
    return { method: 'PUT', url: `/role/${role.id}`, payload: { name: `Renamed again ${next()}`, version: role.version }, observe: recordAt(`/role/${role.id}`), targetsRecord: true }
  },
  deleteRole: async () => {
    const role = await data(await admin('POST', '/role', { name: `Doomed ${next()}` }))
    return { method: 'DELETE', url: `/role/${role.id}`, observe: recordAt(`/role/${role.id}`), targetsRecord: true }
  },
  listLocations: async () => ({ method: 'GET', url: '/location', observe: listOf('/location'), targetsRecord: false }),
  getLocation: async () => {
    const record = await data(await admin('POST', '/location', location()))
    return { method: 'GET', url: `/location/${record.id}`, observe: listOf('/location'), targetsRecord: true }
  },
  createLocation: async () => ({ method: 'POST', url: '/location', payload: location(), observe: listOf('/location'), targetsRecord: false }),
  updateLocation: async () => {
    const record = await data(await admin('POST', '/location', location()))
    return { method: 'PUT', url: `/location/${record.id}`, payload: { city: 'Ottawa', version: record.version }, observe: recordAt(`/location/${record.id}`), targetsRecord: true }
  },
  deleteLocation: async () => {
    const record = await data(await admin('POST', '/location', location()))
    return { method: 'DELETE', url: `/location/${record.id}`, observe: recordAt(`/location/${record.id}`), targetsRecord: true }
  },
  setLocationRates: async () => {
    const record = await data(await admin('POST', '/location', location()))
    const rated = await data(await admin('POST', '/service', service()))
    const payload = { rates: [{ service_id: rated.id, bill_rate_cents: 5200 }], version: record.version }
    return { method: 'PUT', url: `/location/${record.id}/rates`, payload, observe: recordAt(`/location/${record.id}`), targetsRecord: true }
  },
  locationHistory: async () => {
    const record = await data(await admin('POST', '/location', location()))
    return { method: 'GET', url: `/location/${record.id}/history`, observe: recordAt(`/location/${record.id}`), targetsRecord: true }
  },
  listServices: async () => ({ method: 'GET', url: '/service', observe: listOf('/service'), targetsRecord: false }),
  getService: async () => {
    const record = await data(await admin('POST', '/service', service()))
    return { method: 'GET', url: `/service/${record.id}`, observe: listOf('/service'), targetsRecord: true }
  },
  createService: async () => ({ method: 'POST', url: '/service', payload: service(), observe: listOf('/service'), targetsRecord: false }),
  updateService: async () => {
    const record = await data(await admin('POST', '/service', service()))
    return { method: 'PUT', url: `/service/${record.id}`, payload: { pay_rate_cents: 2600, version: record.version }, observe: recordAt(`/service/${record.id}`), targetsRecord: true }
  },
  deleteService: async () => {
    const record = await data(await admin('POST', '/service', service()))
    return { method: 'DELETE', url: `/service/${record.id}`, observe: recordAt(`/service/${record.id}`), targetsRecord: true }
  },
  serviceHistory: async () => {
    const record = await data(await admin('POST', '/service', service()))
    return { method: 'GET', url: `/service/${record.id}/history`, observe: recordAt(`/service/${record.id}`), targetsRecord: true }
  },
  updateSettings: async () => ({ method: 'PUT', url: '/settings', payload: { invoice_prefix: `P${next()}-` }, observe: recordAt('/settings'), targetsRecord: false }),
  createOnboardingEntry: async () => ({ method: 'POST', url: '/settings/onboarding', payload: { title: `Step ${next()}` }, observe: listOf('/settings/onboarding'), targetsRecord: false }),
  updateOnboardingEntry: async () => {
    const entry = await data(await admin('POST', '/settings/onboarding', { title: `Step ${next()}` }))
    return { method: 'PUT', url: `/settings/onboarding/${entry.id}`, payload: { title: 'Renamed', version: entry.version }, observe: recordOf(entry.id), targetsRecord: true }
  },
  deleteOnboardingEntry: async () => {
    const entry = await data(await admin('POST', '/settings/onboarding', { title: `Step ${next()}` }))
    return { method: 'DELETE', url: `/settings/onboarding/${entry.id}`, observe: recordOf(entry.id), targetsRecord: true }
  },
  getAlerts: async () => ({ method: 'GET', url: '/alerts', observe: listOf('/user'), targetsRecord: false }),
  listTimeoffCategories: async () => ({ method: 'GET', url: '/timeoff_category', observe: listOf('/timeoff_category'), targetsRecord: false }),
  getTimeoffCategory: async () => {
    const record = await data(await admin('POST', '/timeoff_category', category()))
    return { method: 'GET', url: `/timeoff_category/${record.id}`, observe: listOf('/timeoff_category'), targetsRecord: true }
  },
  createTimeoffCategory: async () => ({ method: 'POST', url: '/timeoff_category', payload: category(), observe: listOf('/timeoff_category'), targetsRecord: false }),
  updateTimeoffCategory: async () => {
    const record = await data(await admin('POST', '/timeoff_category', category()))
    return { method: 'PUT', url: `/timeoff_category/${record.id}`, payload: { active: false, version: record.version }, observe: recordAt(`/timeoff_category/${record.id}`), targetsRecord: true }
  },
  timeoffCategoryHistory: async () => {
    const record = await data(await admin('POST', '/timeoff_category', category()))
    return { method: 'GET', url: `/timeoff_category/${record.id}/history`, observe: recordAt(`/timeoff_category/${record.id}`), targetsRecord: true }
  },
  deleteTimeoffCategory: async () => {
    const record = await data(await admin('POST', '/timeoff_category', category()))
    return { method: 'DELETE', url: `/timeoff_category/${record.id}`, observe: recordAt(`/timeoff_category/${record.id}`), targetsRecord: true }
  },
  listTimesheets: async () => ({ method: 'GET', url: '/timesheet', observe: listOf('/timesheet'), targetsRecord: false }),
  createTimesheet: async () => ({ method: 'POST', url: '/timesheet', payload: await hours(), observe: listOf('/timesheet'), targetsRecord: false }),
  updateTimesheet: async () => {
    const sheet = await timesheet()
    return { method: 'PUT', url: `/timesheet/${sheet.id}`, payload: { version: sheet.version, break_minutes: 15, reason: 'Lunch' }, observe: recordAt(`/timesheet/${sheet.id}`), targetsRecord: true }
  },
  timesheetEvent: async () => {
    const sheet = await timesheet()
    return { method: 'POST', url: `/timesheet/${sheet.id}/events`, payload: { type: 'timesheet.approve', version: sheet.version }, observe: recordAt(`/timesheet/${sheet.id}`), targetsRecord: true }
  },
  timesheetEvents: async () => {
    const sheet = await timesheet()
    return { method: 'POST', url: '/timesheet/events', payload: { type: 'timesheet.approve', ids: [sheet.id] }, observe: recordAt(`/timesheet/${sheet.id}`), targetsRecord: false }
  },
  acceptTimesheetProposal: async () => {
    const sheet = await proposedTimesheet()
    return { method: 'POST', url: `/timesheet/${sheet.id}/proposal/accept`, payload: { version: sheet.version }, observe: recordAt(`/timesheet/${sheet.id}`), targetsRecord: true }
  },
  declineTimesheetProposal: async () => {
    const sheet = await proposedTimesheet()
    return { method: 'POST', url: `/timesheet/${sheet.id}/proposal/decline`, payload: { version: sheet.version, reason: 'Lunch was clocked' }, observe: recordAt(`/timesheet/${sheet.id}`), targetsRecord: true }
  },
  timesheetReport: async () => ({ method: 'GET', url: '/report/timesheets?from=2025-01-01&to=2025-12-31', observe: listOf('/timesheet'), targetsRecord: false }),
  userHistory: async () => {
    const user = await invitedUser()
    return { method: 'GET', url: `/user/${user.id}/history`, observe: recordAt(`/user/${user.id}`), targetsRecord: true }
  },
  listAuditLog: async () => ({ method: 'GET', url: '/audit_log', observe: listOf('/audit_log?filter[action]=audit_log.export'), targetsRecord: false }),
  getAuditLog: async () => {
    const [row] = (await data(await admin('GET', '/audit_log?page_size=1'))).rows
    return { method: 'GET', url: `/audit_log/${row.id}`, observe: recordAt(`/audit_log/${row.id}`), targetsRecord: true }
  },
  exportAuditLog: async () => ({ method: 'GET', url: '/audit_log/export?from=2030-01-01&to=2030-12-31', observe: listOf('/audit_log?filter[action]=audit_log.export'), targetsRecord: false }),
  verifyAuditLog: async () => ({ method: 'GET', url: '/audit_log/verify', observe: listOf('/audit_log?filter[action]=audit_log.export'), targetsRecord: false }),
  // FAQs are written by whoever may change the settings (docs/decisions/029).
  createFaq: async () => ({ method: 'POST', url: '/faq', payload: faq(), observe: faqs, targetsRecord: false }),
  updateFaq: async () => {
    const record = await data(await admin('POST', '/faq', faq()))
    return { method: 'PUT', url: `/faq/${record.id}`, payload: { answer: 'Changed', version: record.version }, observe: faqs, targetsRecord: true }
  },
  deleteFaq: async () => {
    const record = await data(await admin('POST', '/faq', faq()))
    return { method: 'DELETE', url: `/faq/${record.id}`, observe: faqs, targetsRecord: true }
  },
}

/** Hours of the owner's on a day of their own, already worked (timesheets of one person never overlap; none end after now). */
async function hours() {
  const [client, work] = [await data(await admin('POST', '/location', location())), await data(await admin('POST', '/service', service()))]
  const me = await data(await admin('GET', '/profile'))
  const date = new Date(Date.UTC(2025, 0, 1 + next())).toISOString().slice(0, 10)
  return { staff_id: me.id, location_id: client.id, service_id: work.id, date, start: '09:00', end: '17:00' }
}
const timesheet = async () => data(await admin('POST', '/timesheet', await hours()))
/** The owner's hours, with a correction the owner proposed of them. */
const proposedTimesheet = async () => {
  const sheet = await timesheet()
  return data(await admin('PUT', `/timesheet/${sheet.id}/proposal`, { version: sheet.version, break_minutes: 15, reason: 'Lunch' }))
}

/**
 * Staff read only their own timesheets and their history, and propose corrections of their own hours only
 * (routes/timesheets covers it): with only timesheets:read, another's is a 404.
 */
const ownRecordsOnly: RouteName[] = ['getTimesheet', 'timesheetHistory', 'proposeTimesheetCorrection', 'withdrawTimesheetProposal']

const guarded = (Object.entries(routes) as [RouteName, (typeof routes)[RouteName]][]).filter(
  ([name, route]) => typeof route.access !== 'string' && ['users', 'roles', 'locations', 'services', 'settings', 'timeoff-categories', 'timesheets', 'audit-logs'].includes(route.access[0]) && !ownRecordsOnly.includes(name),
)

it('covers every route of these models', () => {
  expect(guarded.map(([name]) => name).filter((name) => !cases[name])).toEqual([])
})

describe.each(guarded)('%s', (name, route) => {
  const [model, action] = route.access as readonly [PermissionModel, PermissionAction]
  const make = () => cases[name]!()

  it('is allowed to an administrator', async () => {
    const c = await make()
    const response = await admin(c.method, c.url, c.payload)
    expect(response.statusCode, response.body).toBeLessThan(300)
  })

  it(`is allowed to a role with only ${model}:${action}`, async () => {
    const token = await personWith((m, a) => m === model && a === action)
    const c = await make()
    const response = await call(token, c.method, c.url, c.payload)
    expect(response.statusCode, response.body).toBeLessThan(300)
  })

  it(`is refused, changing nothing, to a role with every right but ${model}:${action}`, async () => {
    const token = await personWith((m, a) => !(m === model && a === action))
    const c = await make()
    const before = await c.observe()
    const response = await call(token, c.method, c.url, c.payload)
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('forbidden')
    expect(await c.observe()).toEqual(before)
  })

  it('never reaches another business', async () => {
    const c = await make()
    const before = await c.observe()
    const response = await call(stranger.tokens.token, c.method, c.url, c.payload)
    if (c.targetsRecord) expect(response.statusCode).toBe(404)
    else if (c.method === 'GET' && response.statusCode === 200) {
      expect(JSON.stringify(response.json().data)).not.toContain(owner.business_id)
    }
    expect(await c.observe()).toEqual(before)
  })
})

it('lists never show another business’s records', async () => {
  const mine = await data(await admin('POST', '/location', location()))
  const theirs = await data(await call(stranger.tokens.token, 'GET', '/location?page_size=100'))
  expect(theirs.rows.map((row: { id: string }) => row.id)).not.toContain(mine.id)
})

/** Someone in the owner's business holding a role by name, signed in, with their record. */
async function memberWith(role: string): Promise<{ token: string; id: string }> {
  const invited = await data(await admin('POST', '/user', { email: `member${next()}@example.com`, firstname: 'Ada', lastname: 'Admin', role }))
  const token = invited.invite_link.split('/').at(-1)
  const accepted = await data(await t.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token, password: 'a passphrase nobody guesses' } }))
  return { token: accepted.token, id: invited.user.id }
}

/** Every field of a user that `PUT /user/{id}` takes, with a value that changes it. */
const userFields = async (): Promise<Record<string, unknown>[]> => [
  { firstname: 'Renamed' },
  { lastname: 'Renamed' },
  { phone: '613-555-0199' },
  { file: 'avatars/someone-else.png' },
  { pay_rate_cents: 1 },
  // Searched by name: the cases above leave more roles than a page holds.
  { role_id: (await data(await admin('GET', '/role?page_size=100&q=staff'))).rows.find((role: { name: string }) => role.name === 'Staff').id },
  { status: 'disabled' },
]

describe("an administrator's record", () => {
  const record = (id: string) => admin('GET', `/user/${id}`).then((r) => r.body)

  it.each(['Super Admin', 'System Administrator'])('refuses every field of a %s to someone who may update users but is no administrator (403, unchanged)', async (role) => {
    const manager = await personWith(() => true)
    const target = role === 'Super Admin' ? (await data(await admin('GET', '/profile'))).id : (await memberWith(role)).id
    for (const change of await userFields()) {
      const before = await record(target)
      const version = JSON.parse(before).data.version
      const response = await call(manager, 'PUT', `/user/${target}`, { ...change, version })
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(403)
      expect(await record(target)).toEqual(before)
    }
  })

  it('takes every field from an administrator', async () => {
    for (const change of await userFields()) {
      const { id } = await memberWith('System Administrator')
      const { version } = await data(await admin('GET', `/user/${id}`))
      const response = await admin('PUT', `/user/${id}`, { ...change, version })
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(200)
    }
  })

  it('still lets someone who may update users change every field of someone who is no administrator', async () => {
    const manager = await personWith((model, action) => model === 'users' && action === 'update')
    for (const change of (await userFields()).filter((c) => !('role_id' in c))) {
      const { id } = await memberWith('Staff')
      const { version } = await data(await admin('GET', `/user/${id}`))
      const response = await call(manager, 'PUT', `/user/${id}`, { ...change, version })
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(200)
    }
  })
})

describe("a person's e-mail address and password", () => {
  it.each([{ email: 'taken-over@example.com' }, { password: 'a new passphrase for you' }])('are nobody else’s to change through PUT /user/{id}: %j is refused (400) and nothing changes', async (change) => {
    const staff = await memberWith('Staff')
    const manager = await personWith(() => true)
    for (const token of [owner.tokens.token, manager]) {
      const before = await admin('GET', `/user/${staff.id}`).then((r) => r.body)
      const response = await call(token, 'PUT', `/user/${staff.id}`, { ...change, version: JSON.parse(before).data.version })
      expect(response.statusCode, response.body).toBe(400)
      expect(await admin('GET', `/user/${staff.id}`).then((r) => r.body)).toEqual(before)
    }
    const signIn = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { authorization: `Basic ${Buffer.from(`${JSON.parse(await admin('GET', `/user/${staff.id}`).then((r) => r.body)).data.email}:a passphrase nobody guesses`).toString('base64')}` },
      payload: { business_id: owner.business_id },
    })
    expect(signIn.statusCode).toBe(200)
  })
})
