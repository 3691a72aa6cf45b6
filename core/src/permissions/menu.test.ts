import { describe, expect, it } from 'vitest'
import { PERMISSION_MODELS } from '../contract/permission-models.ts'
import { guardRoute } from './route-guard.ts'
import { isMenuGroup, MENU, visibleMenu, type MenuEntry } from './menu.ts'
import { manager, noRights, payrollClerk, staff, superAdmin, systemAdministrator } from './test-users.ts'

/** The menu as the sidebar would draw it: ids, groups with their link and children. */
function outline(entries: MenuEntry[]): unknown[] {
  return entries.map((entry) =>
    isMenuGroup(entry) ? { [entry.id]: entry.path, children: entry.children.map((child) => child.id) } : entry.id,
  )
}

const everything = [
  'dashboard',
  'schedules',
  'hours',
  'locations',
  'services',
  { finance: '/finances/invoices', children: ['invoices', 'payrolls', 'expenses'] },
  { 'user-management': '/users', children: ['users', 'roles'] },
  { timeoff: '/timeoff/timeoff-requests', children: ['timeoff-requests', 'timeoff-categories'] },
  { report: '/report/timesheets', children: ['timesheets', 'payroll', 'invoice'] },
  'communications',
  'settings',
  'audit-logs',
  'profile',
  'support',
  'faq',
]

describe('MENU', () => {
  it('has one entry per permission model, plus the pages everyone sees', () => {
    const ids = MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry])).map((entry) => entry.id)
    expect(ids.filter((menuId) => (PERMISSION_MODELS as readonly string[]).includes(menuId)).sort()).toEqual(
      [...PERMISSION_MODELS].sort(),
    )
    expect(outline([...MENU])).toEqual(everything)
  })

  it('uses the paths of SPEC.md §2, and /timesheets for the time clock and the hours worked', () => {
    const paths = MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry])).map((entry) => entry.path)
    expect(paths).toEqual([
      '/dashboard',
      '/schedules',
      '/timesheets',
      '/locations',
      '/services',
      '/finances/invoices',
      '/finances/payrolls',
      '/finances/expenses',
      '/users',
      '/users/roles',
      '/timeoff/timeoff-requests',
      '/timeoff/timeoff-categories',
      '/report/timesheets',
      '/report/payroll',
      '/report/invoice',
      '/communications',
      '/settings',
      '/audit-logs',
      '/profile',
      '/support',
      '/faq',
    ])
  })

  it('labels Locations as Clients and Users as Team Members', () => {
    const all = MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry]))
    expect(all.find((entry) => entry.id === 'locations')?.labelKey).toBe('menu.clients')
    expect(all.find((entry) => entry.id === 'users')?.labelKey).toBe('menu.teamMembers')
  })
})

describe('visibleMenu', () => {
  it.each([
    ['Super Admin', superAdmin],
    ['System Administrator', systemAdministrator],
  ])('shows %s everything', (_, user) => {
    expect(outline(visibleMenu(user))).toEqual(everything)
  })

  it('shows a manager only what they may read, groups trimmed to readable children', () => {
    expect(outline(visibleMenu(manager))).toEqual([
      'schedules',
      'hours',
      'locations',
      'services',
      { finance: '/finances/invoices', children: ['invoices', 'expenses'] },
      { 'user-management': '/users', children: ['users'] },
      { timeoff: '/timeoff/timeoff-requests', children: ['timeoff-requests', 'timeoff-categories'] },
      { report: '/report/timesheets', children: ['timesheets'] },
      'communications',
      'settings',
      'profile',
      'support',
      'faq',
    ])
  })

  it('shows staff with read on schedules the schedules and the pages everyone sees', () => {
    expect(outline(visibleMenu(staff))).toEqual(['schedules', 'communications', 'profile', 'support', 'faq'])
  })

  it('hides every group and guarded entry from a user without entries', () => {
    expect(outline(visibleMenu(noRights))).toEqual(['communications', 'profile', 'support', 'faq'])
  })

  it('links a group to its first readable child', () => {
    const finance = visibleMenu(payrollClerk).find((entry) => entry.id === 'finance')
    expect(finance && isMenuGroup(finance) ? [finance.path, finance.children.map((child) => child.id)] : null).toEqual([
      '/finances/payrolls',
      ['payrolls', 'expenses'],
    ])
  })

  it('shows nothing to nobody', () => {
    expect(visibleMenu(null)).toEqual([])
  })

  // SPEC.md §6 says non-administrators "always see" Dashboard but are sent from /dashboard
  // to /profile. We hide the entry: a link that always lands elsewhere looks broken.
  it('never offers non-administrators a Dashboard link that would bounce them to /profile', () => {
    for (const user of [manager, staff, noRights, payrollClerk]) {
      expect(visibleMenu(user).some((entry) => entry.id === 'dashboard')).toBe(false)
      expect(guardRoute(user, '/dashboard')).toEqual({ redirect: '/profile' })
    }
  })

  it('only offers links the route guard lets the user open', () => {
    for (const user of [superAdmin, manager, staff, noRights, payrollClerk]) {
      for (const entry of visibleMenu(user)) {
        const links = isMenuGroup(entry) ? [entry.path, ...entry.children.map((child) => child.path)] : [entry.path]
        for (const path of links) expect(guardRoute(user, path)).toEqual({ allowed: true })
      }
    }
  })
})
