import type { ExpenseEventBody } from '@rota/core'
import { expenseMachine } from '@rota/machines'
import { inArray } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { expenses } from '../../db/schema/index.ts'
import { forbidden, notFound, unprocessable } from '../../errors.ts'
import { eachOrNone, lockForChange, transition } from '../../records/lifecycle.ts'
import { expensesWhere, writeExpense, type ExpenseRow } from '../../repositories/expenses.ts'
import { notify } from '../../repositories/notifications.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { auditedExpense, visibleExpense } from './expenses.ts'
import { expenseViewerOf, permitted, presentExpense } from './present.ts'

type Ctx = HandlerContext<Auth>
type Event = { type: ExpenseEventBody['type']; version?: number; reason?: string | undefined }

const verb = (type: string) => type.replace('expense.', '')
const titles = { 'expense.approve': 'expense_approved', 'expense.reject': 'expense_rejected', 'expense.reimburse': 'expense_reimbursed' } as const

/**
 * Runs one event on one claim inside the caller's transaction: a claim an approved payroll
 * reimburses is refused (422 `locked`) before anything else, and one on a client's invoice may
 * only be reimbursed (422 `invoiced` otherwise: it is on a document the client has); then the
 * viewer's right to send the event, then the expense machine. The person is told.
 */
export async function runExpenseEvent(tx: Db, ctx: Ctx, id: string, event: Event): Promise<ExpenseRow> {
  const { businessId, userId } = ctx.auth
  const viewer = expenseViewerOf(ctx.auth)
  const row = await lockForChange<ExpenseRow>(tx, expenses, businessId, id, event.version)
  if (!viewer.manages && row.staff_id !== userId) throw notFound()
  if (row.locked_at) throw unprocessable('locked')
  if (row.invoice_id && event.type !== 'expense.reimburse') throw unprocessable('expense_invoiced', { invoice_id: row.invoice_id })
  if (!permitted(viewer, row, event.type)) throw forbidden()
  const next = transition(expenseMachine, row.status as never, { type: event.type } as never, undefined)
  const after = await writeExpense(tx, businessId, row.id, {
    status: next,
    ...(event.type === 'expense.reimburse' ? {} : { decided_by: userId, decided_at: ctx.clock.now() }),
    ...(event.type === 'expense.reject' ? { decision_note: event.reason ?? null } : {}),
  })
  await audit(ctx, { action: `expenses.${verb(event.type)}`, model: 'expenses', recordId: row.id, before: auditedExpense(row), after: auditedExpense(after) }, tx)
  if (row.staff_id !== userId) {
    await notify(tx, {
      businessId,
      userId: row.staff_id,
      title: titles[event.type],
      values: { date: row.date, reason: event.reason ?? '' },
      model: 'expenses',
      operation: verb(event.type),
      extra: { expense_id: row.id },
    })
  }
  return after
}

const notices = { 'expense.approve': 'approved', 'expense.reject': 'rejected', 'expense.reimburse': 'reimbursed' } as const

export const expenseEventHandlers: Handlers<'expenseEvent' | 'expenseEvents'> = {
  async expenseEvent({ params, body }, ctx) {
    await ctx.db.transaction((tx) => runExpenseEvent(tx, ctx, params.id, { type: body.type, version: body.version, reason: 'reason' in body ? body.reason : undefined }))
    return answer(await visibleExpense(ctx, params.id), notices[body.type])
  },

  async expenseEvents({ body }, ctx) {
    const { businessId } = ctx.auth
    const ids = [...new Set(body.ids)]
    await ctx.db.transaction((tx) => eachOrNone(ids, (id) => id, (id) => runExpenseEvent(tx, ctx, id, { type: body.type, reason: body.reason })))
    const viewer = expenseViewerOf(ctx.auth)
    const rows = await expensesWhere(ctx.db, businessId, inArray(expenses.id, ids))
    return answer({ expenses: rows.map((row) => presentExpense(row, viewer)) }, notices[body.type])
  },
}
