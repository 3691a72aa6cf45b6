import { describe, expect, it } from 'vitest'
import { paths, PROTECTED_PATTERNS, safeRedirect } from './paths.ts'

describe('the path registry', () => {
  it('builds links with their parameters escaped', () => {
    expect(paths.usersEdit.href({ id: 'a/b c' })).toBe('/users/edit/a%2Fb%20c')
    expect(paths.otp.href({ email: 'ana@maple.test' })).toBe('/auth/otp/ana%40maple.test')
    expect(paths.schedules.href()).toBe('/schedules')
  })

  it('holds every protected route of SPEC.md §2', () => {
    const spec = [
      '/', '/dashboard', '/users', '/users/create', '/users/edit/:id', '/users/roles', '/users/roles/permissions/:role_id',
      '/locations', '/services', '/schedules', '/timeoff', '/timeoff/timeoff-requests', '/timeoff/timeoff-categories',
      '/finances', '/finances/invoices', '/finances/invoices/create', '/finances/invoices/edit/:id', '/finances/invoices/preview/:id',
      '/finances/expenses', '/finances/expenses/create', '/finances/expenses/edit/:id',
      '/finances/payrolls', '/finances/payrolls/create', '/finances/payrolls/edit/:id', '/finances/payrolls/preview/:id',
      '/settings', '/support', '/faq', '/communications', '/communications/chat', '/audit-logs',
      '/report', '/report/timesheets', '/report/payroll', '/report/invoice', '/profile',
    ]
    expect(PROTECTED_PATTERNS).toEqual(expect.arrayContaining(spec))
    expect(PROTECTED_PATTERNS).not.toContain('/auth')
  })

  it('only sends people back to a page of this app after signing in', () => {
    expect(safeRedirect('redirect=%2Fusers%3Fpage%3D2')).toBe('/users?page=2')
    expect(safeRedirect('')).toBe('/')
    expect(safeRedirect('redirect=https%3A%2F%2Fevil.test')).toBe('/')
    expect(safeRedirect('redirect=%2F%2Fevil.test')).toBe('/')
    expect(safeRedirect('redirect=%2F%5Cevil.test')).toBe('/')
  })
})
