import type { Shift, Timesheet } from '@rota/core'
import { staffProfile } from './fake-server.ts'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A shift of Omar (the staff profile) at a Toronto client, 09:00–17:00 on Monday 2026-03-09 (EDT), published and his to clock into. */
export function clockShift(overrides: Partial<Shift> = {}): Shift {
  return {
    id: uuid(300),
    staff: { id: staffProfile.id, name: 'Omar Haddad' },
    location: { id: uuid(500), name: 'Harbourfront Centre', street: '627 Queens Quay W', city: 'Toronto', province: 'ON', postal_code: 'M5V 3G3', latitude: null, longitude: null },
    service: { id: uuid(600), name: 'Front desk', colour: '#0d9488' },
    starts_at: '2026-03-09T13:00:00.000Z',
    ends_at: '2026-03-09T21:00:00.000Z',
    date: '2026-03-09',
    start_time: '09:00',
    end_time: '17:00',
    break_minutes: 0,
    paid_minutes: 480,
    cost_cents: 12_000,
    value_cents: 24_000,
    notes: null,
    status: 'published',
    series_id: null,
    pending_change: null,
    clocked_in_at: null,
    requests: [],
    swap_offers: [],
    conflicts: [],
    allowed_events: ['shift.drop', 'shift.swap', 'shift.clock_in'],
    created_at: '2026-03-01T14:00:00.000Z',
    updated_at: '2026-03-01T14:00:00.000Z',
    version: 2,
    ...overrides,
  }
}

/** Omar's timesheet of that Monday: clocked out, pending, one flag, a manager's to judge. */
export function timesheet(overrides: Partial<Timesheet> = {}): Timesheet {
  return {
    id: uuid(400),
    shift_id: uuid(300),
    staff: { id: staffProfile.id, name: 'Omar Haddad' },
    location: { id: uuid(500), name: 'Harbourfront Centre' },
    service: { id: uuid(600), name: 'Front desk', colour: '#0d9488' },
    date: '2026-03-09',
    planned: { starts_at: '2026-03-09T13:00:00.000Z', ends_at: '2026-03-09T21:00:00.000Z', break_minutes: 0, paid_minutes: 480 },
    clocked: { clock_in_at: '2026-03-09T13:12:00.000Z', clock_out_at: '2026-03-09T21:00:00.000Z', break_minutes: 30 },
    started_at: '2026-03-09T13:12:00.000Z',
    ended_at: '2026-03-09T21:00:00.000Z',
    start_time: '09:12',
    end_time: '17:00',
    breaks: [{ started_at: '2026-03-09T16:00:00.000Z', ended_at: '2026-03-09T16:30:00.000Z' }],
    on_break: false,
    break_minutes: 30,
    paid_minutes: 438,
    regular_minutes: 438,
    overtime_minutes: 0,
    double_time_minutes: 0,
    flags: [{ kind: 'late_clock_in', at: 'clock_in', minutes: 12, distance_m: null, reason: null }],
    notes: null,
    correction_reason: null,
    proposal: null,
    status: 'pending',
    locked: false,
    allowed_events: ['timesheet.approve', 'timesheet.reject'],
    created_at: '2026-03-09T13:12:00.000Z',
    updated_at: '2026-03-09T21:00:00.000Z',
    version: 3,
    ...overrides,
  }
}
