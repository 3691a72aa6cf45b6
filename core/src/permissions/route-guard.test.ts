import { describe, expect, it } from 'vitest'
import { guardRoute, pageRequirement, type RouteDecision } from './route-guard.ts'
import { manager, noRights, staff, superAdmin, systemAdministrator } from './test-users.ts'

const id = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b'
const ok = 'ok'
const P = '/profile'

/** path, then the decision for: Super Admin, System Administrator, Manager, Staff, no entries. */
const table: [string, string, string, string, string, string][] = [
  ['/', '/dashboard', '/dashboard', '/schedules', '/schedules', P],
  ['/?lng=fr', '/dashboard', '/dashboard', '/schedules', '/schedules', P],
  ['/dashboard', ok, ok, P, P, P],
  ['/dashboard/', ok, ok, P, P, P],
  ['/dashboard?range=week', ok, ok, P, P, P],

  ['/schedules', ok, ok, ok, ok, P],
  ['/schedules/', ok, ok, ok, ok, P],
  [`/schedules?id=${id}`, ok, ok, ok, ok, P],
  ['/schedules#today', ok, ok, ok, ok, P],

  ['/locations', ok, ok, ok, P, P],
  ['/locations/create', ok, ok, P, P, P],
  [`/locations/edit/${id}`, ok, ok, P, P, P],

  ['/services', ok, ok, ok, P, P],
  ['/services/create/', ok, ok, ok, P, P],
  [`/services/edit/${id}`, ok, ok, ok, P, P],

  ['/users', ok, ok, ok, P, P],
  ['/users?page=2&q=ana', ok, ok, ok, P, P],
  ['/users/create', ok, ok, P, P, P],
  [`/users/edit/${id}`, ok, ok, P, P, P],
  ['/users/roles', ok, ok, P, P, P],
  [`/users/roles/permissions/${id}`, ok, ok, P, P, P],

  ['/timeoff', ok, ok, ok, P, P],
  ['/timeoff/timeoff-requests', ok, ok, ok, P, P],
  ['/timeoff/timeoff-requests/create', ok, ok, ok, P, P],
  ['/timeoff/timeoff-categories', ok, ok, ok, P, P],
  ['/timeoff/timeoff-categories/create', ok, ok, P, P, P],
  ['/timeoff/timeoff-categories/edit/12', ok, ok, P, P, P],

  ['/finances', ok, ok, ok, P, P],
  ['/finances/', ok, ok, ok, P, P],
  ['/finances/invoices', ok, ok, ok, P, P],
  ['/finances/invoices/create', ok, ok, ok, P, P],
  [`/finances/invoices/edit/${id}`, ok, ok, P, P, P],
  [`/finances/invoices/preview/${id}`, ok, ok, ok, P, P],
  [`/finances/invoices/preview/${id}?print=1`, ok, ok, ok, P, P],
  ['/finances/expenses', ok, ok, ok, P, P],
  ['/finances/expenses/create', ok, ok, P, P, P],
  ['/finances/expenses/edit/981', ok, ok, ok, P, P],
  ['/finances/payrolls', ok, ok, P, P, P],
  ['/finances/payrolls/create', ok, ok, P, P, P],
  [`/finances/payrolls/edit/${id}`, ok, ok, P, P, P],
  [`/finances/payrolls/preview/${id}`, ok, ok, P, P, P],

  ['/report', ok, ok, ok, P, P],
  ['/report/timesheets', ok, ok, ok, P, P],
  ['/report/payroll', ok, ok, P, P, P],
  ['/report/invoice', ok, ok, P, P, P],

  ['/settings', ok, ok, ok, P, P],
  ['/audit-logs', ok, ok, P, P, P],
  ['/audit-logs?filter[model]=users', ok, ok, P, P, P],

  ['/profile', ok, ok, ok, ok, ok],
  ['/support', ok, ok, ok, ok, ok],
  ['/faq', ok, ok, ok, ok, ok],
  ['/communications', ok, ok, ok, ok, ok],
  ['/communications/chat', ok, ok, ok, ok, ok],
  ['/communications/announcements', ok, ok, ok, ok, ok],
  ['/communications/faqs', ok, ok, ok, ok, ok],
  ['/no-such-page', ok, ok, ok, ok, ok],
]

const users = [
  ['Super Admin', superAdmin],
  ['System Administrator', systemAdministrator],
  ['Manager', manager],
  ['Staff', staff],
  ['no entries', noRights],
] as const

const decision = (expected: string): RouteDecision => (expected === ok ? { allowed: true } : { redirect: expected })

describe('guardRoute', () => {
  describe.each(users.map(([name, user], column) => ({ name, user, column })))('for $name', ({ user, column }) => {
    it.each(table.map((row) => ({ path: row[0], expected: row[column + 1] ?? '' })))('$path → $expected', ({ path, expected }) => {
      expect(guardRoute(user, path)).toEqual(decision(expected))
    })
  })

  it('sends a signed-out visitor to sign in, keeping the path and query to come back to', () => {
    expect(guardRoute(null, `/schedules?id=${id}`)).toEqual({ redirect: `/auth?redirect=${encodeURIComponent(`/schedules?id=${id}`)}` })
    expect(guardRoute(undefined, '/')).toEqual({ redirect: '/auth?redirect=%2F' })
  })

  it('sends someone who may not read schedules straight from / to /profile, which they may always see', () => {
    const first = guardRoute(noRights, '/')
    expect(first).toEqual({ redirect: '/profile' })
    expect(guardRoute(noRights, '/profile')).toEqual({ allowed: true })
  })

  it('is not fooled by case or percent-encoding', () => {
    expect(guardRoute(staff, '/Users/Create')).toEqual({ redirect: P })
    expect(guardRoute(manager, '/timeoff/timeoff%2Dcategories/create')).toEqual({ redirect: P })
    expect(guardRoute(staff, '/DASHBOARD')).toEqual({ redirect: P })
  })

  it('reads the segment after edit, preview or permissions as an id even when it spells a model', () => {
    expect(guardRoute(manager, '/services/edit/users')).toEqual({ allowed: true })
    expect(guardRoute(staff, '/schedules/preview/settings')).toEqual({ allowed: true })
  })

  it('tolerates doubled slashes and broken escapes', () => {
    expect(guardRoute(staff, '//schedules//')).toEqual({ allowed: true })
    expect(guardRoute(staff, '/schedules/%E0%A4%A')).toEqual({ allowed: true })
  })
})

describe('pageRequirement', () => {
  it.each([
    ['/dashboard', 'administrators'],
    ['/profile', 'user'],
    ['/communications/chat', 'user'],
    ['/users/create', { model: 'users', action: 'create' }],
    [`/users/edit/${id}`, { model: 'users', action: 'update' }],
    [`/users/roles/permissions/${id}`, { model: 'roles', action: 'read' }],
    ['/finances', { model: 'invoices', action: 'read' }],
    ['/timeoff', { model: 'timeoff-requests', action: 'read' }],
    ['/report', { model: 'timesheets', action: 'read' }],
    ['/report/payroll', { model: 'payroll', action: 'read' }],
    ['/finances/payrolls/create', { model: 'payrolls', action: 'create' }],
    [`/finances/invoices/preview/${id}`, { model: 'invoices', action: 'read' }],
    ['/settings', { model: 'settings', action: 'read' }],
  ])('%s needs %j', (path, expected) => {
    expect(pageRequirement(path)).toEqual(expected)
  })
})
