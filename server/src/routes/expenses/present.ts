import { can, isPrivileged, type Expense } from '@rota/core'
import { expenseMachine } from '@rota/machines'
import { eq, type SQL } from 'drizzle-orm'
import type { Auth } from '../../context.ts'
import { expenses } from '../../db/schema/index.ts'
import { offeredEvents } from '../../records/lifecycle.ts'
import type { ExpenseRow, ExpenseWithParts } from '../../repositories/expenses.ts'

/** Whoever asks: someone who approves claims (expenses:update) sees everyone's; others their own. */
export interface ExpenseViewer {
  userId: string
  manages: boolean
  administrator: boolean
}

export const expenseViewerOf = (auth: Auth): ExpenseViewer => ({ userId: auth.userId, manages: can(auth, 'expenses', 'update'), administrator: isPrivileged(auth) })

export const visibleTo = (viewer: ExpenseViewer): SQL | undefined => (viewer.manages ? undefined : eq(expenses.staff_id, viewer.userId))

/**
 * Whether the viewer may send an event on this claim (the machine then decides by its status):
 * approving and rejecting are for someone who approves claims, not on their own (an
 * administrator's own too, or nobody could in a business of one); reimbursing by hand (petty
 * cash) only while no payroll counts it. A claim on a client's invoice is only reimbursed.
 */
export function permitted(viewer: ExpenseViewer, row: Pick<ExpenseRow, 'staff_id' | 'payroll_id' | 'locked_at' | 'invoice_id'>, type: string): boolean {
  if (!viewer.manages || row.locked_at) return false
  if (type === 'expense.reimburse') return row.payroll_id === null
  if (row.invoice_id) return false
  return row.staff_id !== viewer.userId || viewer.administrator
}

/** Whether the viewer may change or withdraw the claim: their own (or anyone's for someone who approves), still submitted, on no invoice. */
export const editable = (viewer: ExpenseViewer, row: Pick<ExpenseRow, 'staff_id' | 'status' | 'locked_at' | 'invoice_id'>): boolean =>
  (row.staff_id === viewer.userId || viewer.manages) && row.status === 'submitted' && row.locked_at === null && row.invoice_id === null

const name = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim()

export function presentExpense(item: ExpenseWithParts, viewer: ExpenseViewer): Expense {
  const { expense: row, staff, location, decider, payroll, invoice, receipt } = item
  return {
    id: row.id,
    staff: { id: staff.id, name: name(staff) },
    date: row.date,
    category: row.category as Expense['category'],
    description: row.description,
    distance_km: row.distance_km,
    mileage_rate_cents: row.mileage_rate_cents,
    amount_cents: row.amount_cents,
    tax_cents: row.tax_cents,
    total_cents: row.total_cents,
    location,
    billable: row.billable,
    receipt: row.receipt_id ? { id: row.receipt_id, content_type: receipt?.content_type ?? 'application/octet-stream', size: receipt?.size ?? 0 } : null,
    status: row.status as Expense['status'],
    decision_note: row.decision_note,
    decided_by: row.decided_by && decider ? { id: row.decided_by, name: name(decider) } : null,
    decided_at: row.decided_at?.toISOString() ?? null,
    payroll,
    invoice,
    locked: row.locked_at !== null,
    allowed_events: offeredEvents(expenseMachine, row.status as never, undefined, (type) => permitted(viewer, row, type)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }
}
