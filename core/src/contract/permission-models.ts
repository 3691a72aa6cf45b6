import { z } from 'zod'

/**
 * The permission models: the sidebar's menu ids (SPEC.md §6). Each API route names
 * the model and the action it needs; a role's permission entries grant them.
 */
export const PERMISSION_MODELS = [
  'schedules',
  'locations',
  'services',
  'invoices',
  'payrolls',
  'expenses',
  'users',
  'roles',
  'timeoff-requests',
  'timeoff-categories',
  'timesheets',
  'payroll',
  'invoice',
  'settings',
  'audit-logs',
] as const
export const PermissionModel = z.enum(PERMISSION_MODELS)
export type PermissionModel = z.infer<typeof PermissionModel>

/** How each model is named in the permission editor (English; the web app translates by model). */
export const PERMISSION_MODEL_LABELS: Record<PermissionModel, string> = {
  schedules: 'Schedules',
  locations: 'Clients',
  services: 'Services',
  invoices: 'Invoices',
  payrolls: 'Payrolls',
  expenses: 'Expenses',
  users: 'Team Members',
  roles: 'Roles',
  'timeoff-requests': 'Time Off Requests',
  'timeoff-categories': 'Time Off Categories',
  timesheets: 'Timesheets',
  payroll: 'Payroll Report',
  invoice: 'Invoice Report',
  settings: 'Settings',
  'audit-logs': 'Audit Logs',
}

export const PERMISSION_ACTIONS = ['read', 'create', 'update', 'delete'] as const
export const PermissionAction = z.enum(PERMISSION_ACTIONS)
export type PermissionAction = z.infer<typeof PermissionAction>

/** Roles that bypass permission checks and count as administrators. */
export const PRIVILEGED_ROLES = ['System Administrator', 'Super Admin'] as const
/** The top role, given to whoever registers the business. */
export const DEFAULT_ROLE = 'Super Admin'

/**
 * The roles every business starts with, by their stored names. Permission checks compare
 * these names (SPEC.md §6), so they stay English; clients show them translated.
 */
export const BUILT_IN_ROLES = ['Super Admin', 'System Administrator', 'Manager', 'Staff'] as const
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number]

/**
 * Whether a role name is one of the roles every business starts with (shown translated).
 * @example
 * isBuiltInRole('Manager') // true
 */
export function isBuiltInRole(name: string): name is BuiltInRole {
  return (BUILT_IN_ROLES as readonly string[]).includes(name)
}
