import { Expense as ExpenseSchema, localDateOf, mileageProblems, multiplyRoundHalfUp, type Expense, type ExpenseCategory, type ExpenseQuery, type Settings } from '@rota/core'
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import { expenses, users } from '../../db/schema/index.ts'
import { forbidden, notFound, unprocessable } from '../../errors.ts'
import { recordHistory } from '../../records/history.ts'
import { lockForChange } from '../../records/lifecycle.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { expensesWhere, insertExpense, receiptFile, writeExpense, type ExpenseRow, type NewExpense } from '../../repositories/expenses.ts'
import { orderOf, pageOf, pageWithTotal, searchOf } from '../../repositories/listing.ts'
import { notify } from '../../repositories/notifications.ts'
import { activeMember } from '../../repositories/timesheets.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { requireParts } from '../schedules/parts.ts'
import { editable, expenseViewerOf, presentExpense, visibleTo, type ExpenseViewer } from './present.ts'
import { peopleWhoUpdate } from '../../repositories/team.ts'

type Ctx = HandlerContext<Auth>

function listWhere(query: ExpenseQuery, businessId: string, viewer: ExpenseViewer): SQL | undefined {
  const filter = query.filter ?? {}
  const search = searchOf(users.search_key, query.q)
  return and(
    eq(expenses.business_id, businessId),
    query.from ? gte(expenses.date, query.from) : undefined,
    query.to ? lte(expenses.date, query.to) : undefined,
    filter.staff ? eq(expenses.staff_id, filter.staff) : undefined,
    filter.mine ? eq(expenses.staff_id, viewer.userId) : undefined,
    filter.status ? eq(expenses.status, filter.status) : undefined,
    filter.category ? eq(expenses.category, filter.category) : undefined,
    filter.location ? eq(expenses.location_id, filter.location) : undefined,
    search
      ? sql`(${expenses.staff_id} in (select ${users.id} from ${users} where ${users.business_id} = ${expenses.business_id} and ${search}) or lower(${expenses.description}) like ${`%${(query.q ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
      : undefined,
    visibleTo(viewer),
  )
}

/** One claim as the viewer may see it, or 404 (another business's, or someone else's for staff). */
export async function visibleExpense(ctx: Ctx, id: string): Promise<Expense> {
  const viewer = expenseViewerOf(ctx.auth)
  const [row] = await expensesWhere(ctx.db, ctx.auth.businessId, and(eq(expenses.id, id), visibleTo(viewer)))
  if (!row) throw notFound()
  return presentExpense(row, viewer)
}

/** A claim is for money already spent: dated at the latest today, on the business's clock. */
function refuseFutureDate(date: string, settings: Settings, now: Date): void {
  if (date > localDateOf(now, settings.timezone)) throw unprocessable('expense_in_future', { date: 'After today' })
}

/** The fields of a claim the audit log keeps. */
export const auditedExpense = (row: ExpenseRow) => ({
  date: row.date,
  category: row.category,
  description: row.description,
  distance_km: row.distance_km,
  amount_cents: row.amount_cents,
  tax_cents: row.tax_cents,
  total_cents: row.total_cents,
  billable: row.billable,
  status: row.status,
  decision_note: row.decision_note,
})

/** A receipt must be a file this business uploaded as a receipt: another tenant's, or an avatar, is refused. */
async function requireReceipt(ctx: Ctx, receiptId: string | null | undefined): Promise<void> {
  if (!receiptId) return
  const { cloudinary } = ctx.files
  const found = cloudinary ? cloudinary.owns(ctx.auth.businessId, receiptId) && receiptId.includes('/receipts/') : await receiptFile(ctx.db, ctx.auth.businessId, receiptId)
  if (!found) throw unprocessable('receipt_not_found', { receipt_id: 'No such receipt' })
}

interface Pricing {
  category: string
  amount_cents?: number | undefined
  tax_cents?: number | undefined
  distance_km?: string | null | undefined
}

/** What a claim comes to: mileage at the business's rate per kilometre (no tax), anything else as typed. */
function priced(fields: Pricing, settings: Settings, rate: number | null = null) {
  if (fields.category === 'mileage') {
    const mileageRate = rate ?? settings.mileage_rate_cents
    const amount = multiplyRoundHalfUp(mileageRate, fields.distance_km!)
    return { distance_km: fields.distance_km!, mileage_rate_cents: mileageRate, amount_cents: amount, tax_cents: 0, total_cents: amount }
  }
  const amount = fields.amount_cents ?? 0
  const tax = fields.tax_cents ?? 0
  return { distance_km: null, mileage_rate_cents: null, amount_cents: amount, tax_cents: tax, total_cents: amount + tax }
}

export const expenseHandlers: Handlers<'listExpenses' | 'getExpense' | 'createExpense' | 'updateExpense' | 'deleteExpense' | 'expenseHistory'> = {
  async listExpenses({ query }, ctx) {
    const { businessId } = ctx.auth
    const viewer = expenseViewerOf(ctx.auth)
    const where = listWhere(query, businessId, viewer)
    const { limit, offset } = pageOf(query)
    const order = orderOf(
      {
        date: expenses.date,
        total: expenses.total_cents,
        status: expenses.status,
        staff: sql`(select sort_key from users where business_id = ${expenses.business_id} and id = ${expenses.staff_id})`,
      },
      query,
      'date',
      expenses.id,
    )
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: expenses, businessId, where, offset }, (total) =>
      expensesWhere(ctx.db, businessId, where, { limit, offset, order }, total),
    )
    return { count, rows: rows.map((row) => presentExpense(row, viewer)) }
  },

  async getExpense({ params }, ctx) {
    return visibleExpense(ctx, params.id)
  },

  expenseHistory: recordHistory({
    model: 'expenses',
    schema: ExpenseSchema,
    async find(db, businessId, id, auth) {
      const [row] = await expensesWhere(db, businessId, and(eq(expenses.id, id), visibleTo(expenseViewerOf(auth))))
      if (!row) throw notFound()
    },
  }),

  async createExpense({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const viewer = expenseViewerOf(ctx.auth)
    const staffId = body.staff_id ?? userId
    if (staffId !== userId) {
      if (!viewer.manages) throw forbidden()
      if (!(await activeMember(ctx.db, businessId, staffId))) throw unprocessable('staff_not_found', { staff_id: 'No such team member (or disabled)' })
    }
    if (body.location_id) await requireParts(ctx, { location_id: body.location_id })
    await requireReceipt(ctx, body.receipt_id)
    const settings = await getSettings(ctx.db, businessId)
    refuseFutureDate(body.date, settings, ctx.clock.now())
    const id = await ctx.db.transaction(async (tx) => {
      const row = await insertExpense(tx, {
        business_id: businessId,
        staff_id: staffId,
        date: body.date,
        category: body.category,
        description: body.description,
        ...priced(body, settings),
        location_id: body.location_id ?? null,
        billable: Boolean(body.location_id) && (body.billable ?? true),
        receipt_id: body.receipt_id ?? null,
        created_by: userId,
      })
      await audit(ctx, { action: 'expenses.create', model: 'expenses', recordId: row.id, after: { staff_id: staffId, ...auditedExpense(row) } }, tx)
      for (const approver of (await peopleWhoUpdate(tx, businessId, 'expenses')).filter((person) => person !== staffId && person !== userId)) {
        await notify(tx, { businessId, userId: approver, title: 'expense_submitted', values: { date: row.date }, model: 'expenses', operation: 'submitted', extra: { expense_id: row.id } })
      }
      return row.id
    })
    return answer(await visibleExpense(ctx, id), 'saved', 201)
  },

  async updateExpense({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const viewer = expenseViewerOf(ctx.auth)
    const { version, ...patch } = body
    if (patch.location_id) await requireParts(ctx, { location_id: patch.location_id })
    await requireReceipt(ctx, patch.receipt_id)
    const settings = await getSettings(ctx.db, businessId)
    if (patch.date) refuseFutureDate(patch.date, settings, ctx.clock.now())
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<ExpenseRow>(tx, expenses, businessId, params.id, version)
      if (row.staff_id !== viewer.userId && !viewer.manages) throw notFound()
      if (row.locked_at) throw unprocessable('locked')
      if (row.invoice_id) throw unprocessable('expense_invoiced', { invoice_id: row.invoice_id })
      if (!editable(viewer, row)) throw unprocessable('expense_not_editable', { status: row.status })
      const category = patch.category ?? row.category
      if (category === 'mileage' && !(patch.distance_km ?? row.distance_km)) throw unprocessable('validation_failed', { distance_km: 'Required for mileage' })
      // A claim that stops being mileage needs its own amount: what its distance came to is no price of anything else.
      if (row.category === 'mileage' && category !== 'mileage' && patch.amount_cents === undefined) throw unprocessable('validation_failed', { amount_cents: 'Required' })
      const mixed = mileageProblems({ ...patch, category: category as ExpenseCategory })
      if (Object.keys(mixed).length > 0) throw unprocessable('validation_failed', mixed)
      const pricing = priced(
        {
          category,
          amount_cents: patch.amount_cents ?? row.amount_cents,
          tax_cents: patch.tax_cents ?? row.tax_cents,
          distance_km: patch.distance_km ?? row.distance_km,
        },
        settings,
        category === 'mileage' && patch.category === undefined ? row.mileage_rate_cents : null,
      )
      const locationId = patch.location_id !== undefined ? patch.location_id : row.location_id
      const changes: Partial<NewExpense> = {
        ...(patch.date ? { date: patch.date } : {}),
        category,
        ...(patch.description ? { description: patch.description } : {}),
        ...pricing,
        location_id: locationId,
        billable: Boolean(locationId) && (patch.billable ?? (row.location_id ? row.billable : true)),
        ...(patch.receipt_id !== undefined ? { receipt_id: patch.receipt_id } : {}),
      }
      const after = await writeExpense(tx, businessId, row.id, changes)
      await audit(ctx, { action: 'expenses.update', model: 'expenses', recordId: row.id, before: auditedExpense(row), after: auditedExpense(after) }, tx)
    })
    return answer(await visibleExpense(ctx, params.id), 'saved')
  },

  async deleteExpense({ params }, ctx) {
    const { businessId } = ctx.auth
    const viewer = expenseViewerOf(ctx.auth)
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<ExpenseRow>(tx, expenses, businessId, params.id, undefined)
      if (row.staff_id !== viewer.userId && !viewer.manages) throw notFound()
      if (row.locked_at) throw unprocessable('locked')
      if (row.invoice_id) throw unprocessable('expense_invoiced', { invoice_id: row.invoice_id })
      if (!editable(viewer, row)) throw unprocessable('expense_not_editable', { status: row.status })
      await tx.delete(expenses).where(and(eq(expenses.business_id, businessId), eq(expenses.id, row.id)))
      await audit(ctx, { action: 'expenses.delete', model: 'expenses', recordId: row.id, before: auditedExpense(row) }, tx)
    })
    return answer({}, 'deleted')
  },
}

