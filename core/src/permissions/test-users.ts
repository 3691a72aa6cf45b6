import type { PermissionEntry } from '../contract/account.ts'
import type { PermissionModel } from '../contract/permission-models.ts'
import type { PermissionSubject } from './can.ts'

/** Test fixtures shared by the permission tests: one user per kind of role. */

type Rights = Partial<Record<'read' | 'create' | 'update' | 'delete', boolean>>

function entry(model_name: PermissionModel, rights: Rights): PermissionEntry {
  return { model_name, name: model_name, read: false, create: false, update: false, delete: false, ...rights }
}

export const superAdmin: PermissionSubject = { role: { name: 'Super Admin' }, permissions: [] }

export const systemAdministrator: PermissionSubject = { role: { name: 'System Administrator' }, permissions: [] }

/** Reads most things, creates and edits some, and has an entry that grants nothing (report payroll). */
export const manager: PermissionSubject = {
  role: { name: 'Manager' },
  permissions: [
    entry('schedules', { read: true, create: true, update: true, delete: true }),
    entry('locations', { read: true }),
    entry('services', { read: true, create: true, update: true }),
    entry('invoices', { read: true, create: true }),
    entry('expenses', { read: true, update: true }),
    entry('users', { read: true }),
    entry('timeoff-requests', { read: true, create: true, update: true }),
    entry('timeoff-categories', { read: true }),
    entry('timesheets', { read: true }),
    entry('payroll', {}),
    entry('settings', { read: true }),
  ],
}

export const staff: PermissionSubject = { role: { name: 'Staff' }, permissions: [entry('schedules', { read: true })] }

export const noRights: PermissionSubject = { role: { name: 'Volunteer' }, permissions: [] }

export const payrollClerk: PermissionSubject = {
  role: { name: 'Payroll clerk' },
  permissions: [entry('payrolls', { read: true }), entry('expenses', { read: true })],
}

export { entry as permissionEntry }
