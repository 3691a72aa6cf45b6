import { PERMISSION_MODELS, type Availability, type BusinessAddress, type ImportReport, type Location, type Payslip, type Role, type Service, type Shift, type User } from '@rota/core'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A role as `GET /role` lists it: reading schedules and clients by default. */
export function role(overrides: Partial<Role> = {}): Role {
  return {
    id: uuid(900),
    name: 'Dispatcher',
    privileged: false,
    users_count: 0,
    permissions: PERMISSION_MODELS.map((model) => ({ model_name: model, name: model, read: model === 'schedules' || model === 'locations', create: false, update: false, delete: false })),
    version: 3,
    ...overrides,
  }
}

/** The default roles of a business, as `GET /role` answers them. */
export function defaultRoles(): Role[] {
  return [
    role({ id: uuid(901), name: 'Super Admin', privileged: true, users_count: 1 }),
    role({ id: uuid(902), name: 'Manager', users_count: 2 }),
    role({ id: uuid(903), name: 'Staff', users_count: 5 }),
  ]
}

/** A team member as `GET /user` lists them: active, a Staff member. */
export function member(overrides: Partial<User> = {}): User {
  return {
    id: uuid(700),
    firstname: 'Ana',
    lastname: 'Diaz',
    email: 'ana@maple.test',
    phone: null,
    file: null,
    google_picture: null,
    role: { id: uuid(903), name: 'Staff' },
    status: 'active',
    pay_rate_cents: 2450,
    max_weekly_minutes: null,
    preferred_weekly_minutes: null,
    target_weekly_minutes: null,
    service_ids: [],
    preferred_location_ids: [],
    last_sign_in_at: '2025-03-01T14:00:00Z',
    invite: null,
    created_at: '2025-02-01T14:00:00Z',
    updated_at: '2025-02-01T14:00:00Z',
    version: 4,
    ...overrides,
  }
}

/** A client location in Ontario. */
export function location(overrides: Partial<Location> = {}): Location {
  return {
    id: uuid(500),
    name: 'Harbourfront Centre',
    contact_person: 'Daniel Chen',
    email: 'dchen@example.com',
    phone: '416-555-0198',
    street: '627 Queens Quay W',
    city: 'Toronto',
    province: 'ON',
    postal_code: 'M5V 3G3',
    latitude: null,
    longitude: null,
    billing_notes: null,
    active: true,
    created_at: '2025-02-01T14:00:00Z',
    updated_at: '2025-02-01T14:00:00Z',
    version: 2,
    ...overrides,
  }
}

/** A service with its rates. */
export function service(overrides: Partial<Service> = {}): Service {
  return {
    id: uuid(600),
    name: 'Snow removal',
    description: 'Walkways and parking lot',
    colour: '#3b82f6',
    default_duration_minutes: 120,
    bill_rate_cents: 6500,
    pay_rate_cents: 2800,
    provincial_exempt: false,
    active: true,
    created_at: '2025-02-01T14:00:00Z',
    updated_at: '2025-02-01T14:00:00Z',
    version: 1,
    ...overrides,
  }
}

/** What an import's dry run or commit answers. */
export function importReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return { id: uuid(400), kind: 'locations', dry_run: true, status: 'open', created: 0, updated: 0, unchanged: 0, skipped: 0, invalid: 0, errors: [], warned: 0, warnings: [], notified: 0, ...overrides }
}

/**
 * A shift as `GET /schedule` lists it: a draft for Ana Diaz at the Harbourfront Centre on
 * Monday 2025-03-10, 09:00–17:00 Toronto time with a 30-minute break, as a scheduler sees it.
 */
export function shift(overrides: Partial<Shift> = {}): Shift {
  return {
    id: uuid(800),
    staff: { id: uuid(700), name: 'Ana Diaz' },
    location: { id: uuid(500), name: 'Harbourfront Centre', street: '627 Queens Quay W', city: 'Toronto', province: 'ON', postal_code: 'M5V 3G3', latitude: null, longitude: null },
    service: { id: uuid(600), name: 'Snow removal', colour: '#3b82f6' },
    starts_at: '2025-03-10T13:00:00.000Z',
    ends_at: '2025-03-10T21:00:00.000Z',
    date: '2025-03-10',
    start_time: '09:00',
    end_time: '17:00',
    break_minutes: 30,
    paid_minutes: 450,
    cost_cents: 18_375,
    value_cents: 48_750,
    notes: null,
    status: 'draft',
    series_id: null,
    pending_change: 'new',
    clocked_in_at: null,
    requests: [],
    swap_offers: [],
    conflicts: [],
    allowed_events: ['shift.publish', 'shift.cancel', 'shift.assign', 'shift.unassign'],
    created_at: '2025-03-01T14:00:00Z',
    updated_at: '2025-03-01T14:00:00Z',
    version: 1,
    ...overrides,
  }
}

/** Someone's availability: no hours set (any time), no exceptions. */
export function availability(overrides: Partial<Availability> = {}): Availability {
  return { user_id: uuid(700), windows: [], exceptions: [], version: 0, ...overrides }
}

/** The business's address as its invoices and payslips carry it (its settings' `business_*`): an office in Vancouver. */
export function businessAddress(overrides: Partial<BusinessAddress> = {}): BusinessAddress {
  return { street: '1200 Burrard St', city: 'Vancouver', province: 'BC', postal_code: 'V6Z 2C7', phone: '604-555-0199', ...overrides }
}

/** A payslip of an approved run, as `GET /payroll/{id}/payslip/{staff_id}` answers it: a day's regular hours, from a business that gave no address. */
export function payslip(overrides: Partial<Payslip> = {}): Payslip {
  return {
    staff: { id: uuid(700), name: 'Ana Diaz', email: 'ana@maple.test', locale: 'en' },
    timesheets: 1,
    regular_minutes: 480,
    overtime_minutes: 0,
    double_time_minutes: 0,
    gross_cents: 19600,
    overtime_cents: 0,
    reimbursements_cents: 0,
    deductions_cents: 0,
    net_cents: 19600,
    lines: [{ id: uuid(1200), kind: 'regular', description: '', minutes: 480, rate_cents: 2450, multiplier: null, amount_cents: 19600, manual: false, expense_id: null }],
    payroll: { id: uuid(1100), number: 7, period_start: '2026-03-02', period_end: '2026-03-15', status: 'approved', paid_at: null },
    business: { name: 'Maple Cleaning', logo: null, address: businessAddress({ street: null, city: null, province: null, postal_code: null, phone: null }) },
    ...overrides,
  }
}
