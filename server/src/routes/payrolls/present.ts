import { can, localDateOf, type Payroll, type PayrollLine, type PayrollPerson, type PayrollUnapproved } from '@rota/core'
import { payrollMachine } from '@rota/machines'
import type { Auth } from '../../context.ts'
import { offeredEvents } from '../../records/lifecycle.ts'
import type { PayrollLineRow, PayrollPersonRow, PayrollRow } from '../../repositories/payrolls.ts'

export const name = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim()

export const presentLine = (row: PayrollLineRow): PayrollLine => ({
  id: row.id,
  kind: row.kind as PayrollLine['kind'],
  description: row.description,
  minutes: row.minutes,
  rate_cents: row.rate_cents,
  multiplier: row.multiplier,
  amount_cents: row.amount_cents,
  expense_id: row.expense_id,
  manual: row.manual,
})

const totalsOf = (row: Pick<PayrollPersonRow, 'regular_minutes' | 'overtime_minutes' | 'double_time_minutes' | 'gross_cents' | 'overtime_cents' | 'reimbursements_cents' | 'deductions_cents' | 'net_cents'>) => ({
  regular_minutes: row.regular_minutes,
  overtime_minutes: row.overtime_minutes,
  double_time_minutes: row.double_time_minutes,
  gross_cents: row.gross_cents,
  overtime_cents: row.overtime_cents,
  reimbursements_cents: row.reimbursements_cents,
  deductions_cents: row.deductions_cents,
  net_cents: row.net_cents,
})

export type PersonWithName = { person: PayrollPersonRow; staff: { id: string; firstname: string; lastname: string; email: string; locale: string } }

export function presentPerson(item: PersonWithName, lines: readonly PayrollLineRow[]): PayrollPerson {
  return {
    ...totalsOf(item.person),
    staff: { id: item.staff.id, name: name(item.staff), email: item.staff.email, locale: item.staff.locale },
    timesheets: item.person.timesheet_ids.length,
    lines: lines.filter((line) => line.staff_id === item.person.staff_id).map(presentLine),
  }
}

type Unapproved = { id: string; started_at: Date; status: string; paid_minutes: number; staff: { id: string; firstname: string; lastname: string } }

/** Pending timesheets by person, for the clerk to see who is left out and follow the link to approve them. */
export function presentUnapproved(rows: readonly Unapproved[], timeZone: string): PayrollUnapproved[] {
  const byPerson = new Map<string, PayrollUnapproved>()
  for (const row of rows) {
    const entry = byPerson.get(row.staff.id) ?? { staff: { id: row.staff.id, name: name(row.staff) }, timesheets: [] }
    entry.timesheets.push({ id: row.id, date: localDateOf(row.started_at, timeZone), status: row.status, paid_minutes: row.paid_minutes })
    byPerson.set(row.staff.id, entry)
  }
  return [...byPerson.values()]
}

/** A run as the API answers it; `today` is the business's date, before which a period cannot be approved or paid. */
export function presentPayroll(row: PayrollRow, auth: Auth, today: string, parts?: { people: PayrollPerson[]; unapproved: PayrollUnapproved[] }): Payroll {
  return {
    id: row.id,
    number: row.number,
    frequency: row.frequency as Payroll['frequency'],
    period_start: row.period_start,
    period_end: row.period_end,
    status: row.status as Payroll['status'],
    notes: row.notes,
    ...totalsOf(row),
    people: parts?.people ?? [],
    people_count: row.people_count,
    unapproved: parts?.unapproved ?? [],
    calculated_at: row.calculated_at.toISOString(),
    approved_at: row.approved_at?.toISOString() ?? null,
    paid_at: row.paid_at?.toISOString() ?? null,
    allowed_events: offeredEvents(payrollMachine, row.status as never, { future: row.period_start > today }, () => can(auth, 'payrolls', 'update')),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }
}
