import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/database.ts'
import { expenses, files, invoices, locations, payrolls, users } from '../db/schema/index.ts'

export type ExpenseRow = typeof expenses.$inferSelect
export type NewExpense = Omit<typeof expenses.$inferInsert, 'id' | 'version' | 'created_at' | 'updated_at'>

/** An expense with what its answer shows of its person, client, decider, payroll, invoice and receipt. */
export interface ExpenseWithParts {
  expense: ExpenseRow
  staff: { id: string; firstname: string; lastname: string }
  location: { id: string; name: string } | null
  decider: { firstname: string; lastname: string } | null
  payroll: { id: string; number: number | null } | null
  invoice: { id: string; number: string | null } | null
  receipt: { content_type: string; size: number } | null
}

const decider = alias(users, 'decider')

/** Expenses (with their parts) matching `where`, in order, at most `limit`; with `total`, each row carries it as `count`. */
export async function expensesWhere(
  db: Db,
  businessId: string,
  where: SQL | undefined,
  page?: { limit: number; offset: number; order?: SQL[] },
  total?: SQL<number>,
): Promise<(ExpenseWithParts & { count?: number })[]> {
  const query = db
    .select({
      expense: expenses,
      staff: { id: users.id, firstname: users.firstname, lastname: users.lastname },
      location: { id: locations.id, name: locations.name },
      decider: { firstname: decider.firstname, lastname: decider.lastname },
      payroll: { id: payrolls.id, number: payrolls.number },
      invoice: { id: invoices.id, number: invoices.number },
      receipt: { content_type: files.content_type, size: files.size },
      ...(total ? { count: total } : {}),
    })
    .from(expenses)
    .innerJoin(users, and(eq(users.business_id, expenses.business_id), eq(users.id, expenses.staff_id)))
    .leftJoin(locations, and(eq(locations.business_id, expenses.business_id), eq(locations.id, expenses.location_id)))
    .leftJoin(decider, and(eq(decider.business_id, expenses.business_id), eq(decider.id, expenses.decided_by)))
    .leftJoin(payrolls, and(eq(payrolls.business_id, expenses.business_id), eq(payrolls.id, expenses.payroll_id)))
    .leftJoin(invoices, and(eq(invoices.business_id, expenses.business_id), eq(invoices.id, expenses.invoice_id)))
    .leftJoin(files, and(eq(files.business_id, expenses.business_id), sql`${files.id}::text = ${expenses.receipt_id}`))
    .where(and(eq(expenses.business_id, businessId), where))
    .orderBy(...(page?.order ?? [asc(expenses.date), asc(expenses.id)]))
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query
  return rows.map((row) => ({
    ...row,
    location: row.location?.id ? row.location : null,
    decider: row.decider?.firstname !== undefined && row.decider?.firstname !== null ? row.decider : null,
    payroll: row.payroll?.id ? row.payroll : null,
    invoice: row.invoice?.id ? row.invoice : null,
    receipt: row.receipt?.content_type ? row.receipt : null,
  })) as (ExpenseWithParts & { count?: number })[]
}

export async function insertExpense(db: Db, row: NewExpense): Promise<ExpenseRow> {
  const [created] = await db.insert(expenses).values(row).returning()
  return created!
}

/** Changes an expense (already locked by the caller), its version moving on. */
export async function writeExpense(db: Db, businessId: string, id: string, patch: Partial<NewExpense>): Promise<ExpenseRow> {
  const [row] = await db
    .update(expenses)
    .set({ ...patch, version: sql`${expenses.version} + 1`, updated_at: new Date() })
    .where(and(eq(expenses.business_id, businessId), eq(expenses.id, id)))
    .returning()
  return row!
}

/** A file of the business's own store uploaded as a receipt, when there is one by that id. */
export async function receiptFile(db: Db, businessId: string, id: string): Promise<{ id: string; content_type: string; size: number } | undefined> {
  const [row] = await db
    .select({ id: files.id, content_type: files.content_type, size: files.size })
    .from(files)
    .where(and(eq(files.business_id, businessId), sql`${files.id}::text = ${id}`, eq(files.folder, 'receipts')))
  return row
}

/** Approved expenses not yet in an approved payroll, dated on or before `lastDay`: what a pay run reimburses. */
export async function expensesToReimburse(db: Db, businessId: string, lastDay: string): Promise<ExpenseRow[]> {
  return db
    .select()
    .from(expenses)
    .where(and(eq(expenses.business_id, businessId), eq(expenses.status, 'approved'), isNull(expenses.locked_at), sql`${expenses.date} <= ${lastDay}`))
    .orderBy(asc(expenses.staff_id), asc(expenses.date), asc(expenses.id))
}

/**
 * Locks approved expenses into a payroll (what approving it does): from then on they cannot
 * change (422 `locked`) nor be reimbursed by another run. Returns the ids locked.
 */
export async function lockExpenses(db: Db, businessId: string, ids: string[], payrollId: string, at: Date): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .update(expenses)
    .set({ payroll_id: payrollId, locked_at: at })
    .where(and(eq(expenses.business_id, businessId), inArray(expenses.id, ids), eq(expenses.status, 'approved'), isNull(expenses.locked_at)))
    .returning({ id: expenses.id })
  return rows.map((row) => row.id)
}

