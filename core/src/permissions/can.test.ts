import { describe, expect, it } from 'vitest'
import { PERMISSION_ACTIONS, PERMISSION_MODELS } from '../contract/permission-models.ts'
import { routes } from '../contract/routes.ts'
import { can, canAccess, isAdministrator, isPrivileged } from './can.ts'
import { manager, noRights, permissionEntry, staff, superAdmin, systemAdministrator } from './test-users.ts'

describe('isPrivileged / isAdministrator', () => {
  it.each([
    ['Super Admin', true],
    ['System Administrator', true],
    ['Manager', false],
    ['Staff', false],
    ['super admin', false],
    [' Super Admin', false],
    ['', false],
  ])('role %j → %s', (name, expected) => {
    const user = { role: { name }, permissions: [] }
    expect(isPrivileged(user)).toBe(expected)
    expect(isAdministrator(user)).toBe(expected)
  })

  it('is false for nobody', () => {
    expect(isPrivileged(null)).toBe(false)
    expect(isAdministrator(undefined)).toBe(false)
  })
})

describe('can', () => {
  it('lets both administrator roles do everything, without any entry', () => {
    for (const user of [superAdmin, systemAdministrator]) {
      for (const model of PERMISSION_MODELS) {
        for (const action of PERMISSION_ACTIONS) expect(can(user, model, action)).toBe(true)
      }
    }
  })

  it('answers from the entry of the model for everyone else', () => {
    expect(can(manager, 'invoices', 'read')).toBe(true)
    expect(can(manager, 'invoices', 'create')).toBe(true)
    expect(can(manager, 'invoices', 'update')).toBe(false)
    expect(can(manager, 'invoices', 'delete')).toBe(false)
    expect(can(manager, 'schedules', 'delete')).toBe(true)
  })

  it('denies an entry whose flags are all off, and a model without entry', () => {
    expect(can(manager, 'payroll', 'read')).toBe(false)
    expect(can(manager, 'audit-logs', 'read')).toBe(false)
    expect(can(noRights, 'schedules', 'read')).toBe(false)
  })

  it('gives staff with read on schedules exactly that', () => {
    for (const model of PERMISSION_MODELS) {
      for (const action of PERMISSION_ACTIONS) {
        expect(can(staff, model, action)).toBe(model === 'schedules' && action === 'read')
      }
    }
  })

  it('denies nobody (signed out or not loaded yet)', () => {
    expect(can(null, 'schedules', 'read')).toBe(false)
    expect(can(undefined, 'settings', 'read')).toBe(false)
  })

  it('accepts a whole Profile-like object, extra fields and all', () => {
    const profile = {
      id: 'u1',
      firstname: 'Ana',
      role: { id: 'r1', name: 'Dispatcher' },
      permissions: [permissionEntry('locations', { read: true, create: true })],
    }
    expect(can(profile, 'locations', 'create')).toBe(true)
    expect(can(profile, 'locations', 'update')).toBe(false)
  })
})

describe('canAccess', () => {
  it('opens public routes to everyone, user routes to signed-in users', () => {
    expect(canAccess(null, routes.health.access)).toBe(true)
    expect(canAccess(null, routes.getProfile.access)).toBe(false)
    expect(canAccess(noRights, routes.getProfile.access)).toBe(true)
  })

  it('checks the model and action of guarded routes', () => {
    expect(routes.updateSettings.access).toEqual(['settings', 'update'])
    expect(canAccess(manager, routes.updateSettings.access)).toBe(false)
    expect(canAccess(superAdmin, routes.updateSettings.access)).toBe(true)
    expect(canAccess(manager, ['settings', 'read'])).toBe(true)
  })
})
