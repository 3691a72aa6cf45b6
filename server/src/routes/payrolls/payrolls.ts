import { localDateOf, localDateSpan, payPeriodContaining, weekStartFor, Payroll as PayrollSchema, type PaySchedule, type Payroll, type Settings } from '@rota/core'
import { and, eq, type SQL } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { expenses, payrollLines, payrolls } from '../../db/schema/index.ts'
import { conflict, notFound, unprocessable } from '../../errors.ts'
import { closeForgottenClockOuts } from '../../records/forgotten-clock-outs.ts'
import { recordHistory } from '../../records/history.ts'
import { lockForChange } from '../../records/lifecycle.ts'
import { calculateRun, writeRun } from '../../records/payroll-run.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { orderOf, pageOf, pageWithTotal } from '../../repositories/listing.ts'
import { payrollParts, payrollsWhere, unapprovedTimesheets, type PayrollLineRow, type PayrollRow } from '../../repositories/payrolls.ts'
import { sqlState } from '../../repositories/named-records.ts'
import { activeMember } from '../../repositories/timesheets.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { settledSettings } from '../timesheets/timesheets.ts'
import { presentPayroll, presentPerson, presentUnapproved } from './present.ts'

type Ctx = HandlerContext<Auth>

/** The business's pay schedule, from its settings. */
export function payScheduleOf(settings: Settings): PaySchedule {
  switch (settings.pay_frequency) {
    case 'weekly':
      return { frequency: 'weekly', weekStart: weekStartFor(settings.locale, settings.week_start) }
    case 'biweekly':
      return { frequency: 'biweekly', anchor: settings.pay_anchor }
    default:
      return { frequency: settings.pay_frequency }
  }
}

/** A run's period as instants on the business's clock. */
export const periodOf = (row: Pick<PayrollRow, 'period_start' | 'period_end'>, settings: Settings) => localDateSpan(row.period_start, row.period_end, settings.timezone)

/** A payroll with its people, lines and (while a draft) who still has hours waiting, or 404. */
export async function fullPayroll(ctx: Ctx, db: Db, id: string): Promise<Payroll> {
  const { businessId } = ctx.auth
  const [row] = await payrollsWhere(db, businessId, eq(payrolls.id, id))
  if (!row) throw notFound()
  const settings = await getSettings(db, businessId)
  const { people, lines } = await payrollParts(db, businessId, row.id)
  const period = periodOf(row, settings)
  const unapproved = row.status === 'draft' ? presentUnapproved(await unapprovedTimesheets(db, businessId, period.from, period.to), settings.timezone) : []
  return presentPayroll(row, ctx.auth, localDateOf(ctx.clock.now(), settings.timezone), { people: people.map((person) => presentPerson(person, lines)), unapproved })
}

/** The audit log's view of a run: its status, number and totals. */
export const auditedPayroll = (row: PayrollRow) => ({
  number: row.number,
  period_start: row.period_start,
  period_end: row.period_end,
  status: row.status,
  notes: row.notes,
  people_count: row.people_count,
  gross_cents: row.gross_cents,
  reimbursements_cents: row.reimbursements_cents,
  deductions_cents: row.deductions_cents,
  net_cents: row.net_cents,
})

async function lockDraft(tx: Db, ctx: Ctx, id: string, version: number): Promise<PayrollRow> {
  const row = await lockForChange<PayrollRow>(tx, payrolls, ctx.auth.businessId, id, version)
  if (row.status !== 'draft') throw unprocessable('payroll_not_draft', { status: row.status })
  return row
}

const manualOf = (lines: readonly PayrollLineRow[]) => lines.filter((line) => line.manual)

/** A run's own lines as its audit rows keep them: whose, what kind, what for, how much. */
const auditedLines = (lines: readonly Pick<PayrollLineRow, 'staff_id' | 'kind' | 'description' | 'amount_cents'>[]) =>
  lines.map(({ staff_id, kind, description, amount_cents }) => ({ staff_id, kind, description, amount_cents }))

async function manualLines(tx: Db, businessId: string, payrollId: string): Promise<PayrollLineRow[]> {
  return manualOf(await tx.select().from(payrollLines).where(and(eq(payrollLines.business_id, businessId), eq(payrollLines.payroll_id, payrollId))))
}

/** Counts a draft again from the database as it is now, keeping `manual` lines, and bumps its version. */
async function recalculate(tx: Db, ctx: Ctx, row: PayrollRow, settings: Settings, manual: readonly Pick<PayrollLineRow, 'staff_id' | 'kind' | 'description' | 'amount_cents'>[]): Promise<PayrollRow> {
  const { businessId } = ctx.auth
  const run = await calculateRun(tx, businessId, periodOf(row, settings), settings, manual)
  await writeRun(tx, businessId, row.id, run, ctx.clock.now())
  const [after] = await tx
    .update(payrolls)
    .set({ version: row.version + 1, updated_at: new Date() })
    .where(and(eq(payrolls.business_id, businessId), eq(payrolls.id, row.id)))
    .returning()
  return after!
}

export const payrollHandlers: Handlers<'listPayrolls' | 'getPayroll' | 'createPayroll' | 'updatePayroll' | 'deletePayroll' | 'recalculatePayroll' | 'payrollHistory'> = {
  async listPayrolls({ query }, ctx) {
    const { businessId } = ctx.auth
    const filter = query.filter ?? {}
    const where: SQL | undefined = and(
      eq(payrolls.business_id, businessId),
      filter.status ? eq(payrolls.status, filter.status) : undefined,
      filter.number ? eq(payrolls.number, filter.number) : undefined,
    )
    const { limit, offset } = pageOf(query)
    const order = orderOf({ period_start: payrolls.period_start, number: payrolls.number, status: payrolls.status }, { sort: query.sort, order: query.sort ? query.order : 'desc' }, 'period_start', payrolls.id)
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: payrolls, businessId, where, offset }, (total) => payrollsWhere(ctx.db, businessId, where, { limit, offset, order }, total))
    const today = localDateOf(ctx.clock.now(), (await getSettings(ctx.db, businessId)).timezone)
    return { count, rows: rows.map((row) => presentPayroll(row, ctx.auth, today)) }
  },

  async getPayroll({ params }, ctx) {
    // Forgotten clock-outs closed first, as timesheet reads do: a draft lists their hours as worked, not as nothing.
    await closeForgottenClockOuts(ctx.db, ctx.auth.businessId, ctx.clock.now())
    return fullPayroll(ctx, ctx.db, params.id)
  },

  payrollHistory: recordHistory({
    model: 'payrolls',
    schema: PayrollSchema,
    async find(db, businessId, id) {
      const [row] = await payrollsWhere(db, businessId, eq(payrolls.id, id))
      if (!row) throw notFound()
    },
  }),

  async createPayroll({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await settledSettings(ctx)
    const period = payPeriodContaining(body.date, payScheduleOf(settings), settings.timezone)
    const id = await ctx.db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(payrolls)
          .values({ business_id: businessId, frequency: settings.pay_frequency, period_start: period.firstDay, period_end: period.lastDay, status: 'draft', created_by: userId })
          .returning()
        const after = await recalculate(tx, ctx, row!, settings, [])
        await audit(ctx, { action: 'payrolls.create', model: 'payrolls', recordId: row!.id, after: auditedPayroll(after) }, tx)
        return row!.id
      })
      .catch((error: unknown) => {
        if (sqlState(error) === '23505') throw conflict('duplicate', { date: `The period ${period.firstDay} – ${period.lastDay} has a pay run` })
        throw error
      })
    return answer(await fullPayroll(ctx, ctx.db, id), 'saved', 201)
  },

  async updatePayroll({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    await ctx.db.transaction(async (tx) => {
      const row = await lockDraft(tx, ctx, params.id, body.version)
      const before = body.manual_lines ? await manualLines(tx, businessId, row.id) : []
      let after = row
      if (body.notes !== undefined) {
        ;[after] = (await tx.update(payrolls).set({ notes: body.notes }).where(and(eq(payrolls.business_id, businessId), eq(payrolls.id, row.id))).returning()) as [PayrollRow]
      }
      if (body.manual_lines) {
        const { people } = await payrollParts(tx, businessId, row.id)
        const known = new Set(people.map((person) => person.person.staff_id))
        const strangers = body.manual_lines.filter((line) => !known.has(line.staff_id))
        if (strangers.length > 0 && !(await allMembers(tx, businessId, strangers.map((line) => line.staff_id)))) {
          throw unprocessable('staff_not_found', { manual_lines: 'No such team member' })
        }
        after = await recalculate(tx, ctx, { ...after, version: row.version }, settings, body.manual_lines.map((line) => ({ staff_id: line.staff_id, kind: line.kind, description: line.description, amount_cents: line.amount_cents })))
      } else {
        ;[after] = (await tx.update(payrolls).set({ version: row.version + 1, updated_at: new Date() }).where(and(eq(payrolls.business_id, businessId), eq(payrolls.id, row.id))).returning()) as [PayrollRow]
      }
      // Whose pay a bonus, deduction or advance changes, and by how much, is what was edited: kept beside the totals.
      const lines = body.manual_lines ? { before: { manual_lines: auditedLines(before) }, after: { manual_lines: auditedLines(body.manual_lines) } } : { before: {}, after: {} }
      await audit(ctx, { action: 'payrolls.update', model: 'payrolls', recordId: row.id, before: { ...auditedPayroll(row), ...lines.before }, after: { ...auditedPayroll(after), ...lines.after } }, tx)
    })
    return answer(await fullPayroll(ctx, ctx.db, params.id), 'saved')
  },

  async recalculatePayroll({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await settledSettings(ctx)
    await ctx.db.transaction(async (tx) => {
      const row = await lockDraft(tx, ctx, params.id, body.version)
      const after = await recalculate(tx, ctx, row, settings, await manualLines(tx, businessId, row.id))
      await audit(ctx, { action: 'payrolls.recalculate', model: 'payrolls', recordId: row.id, before: auditedPayroll(row), after: auditedPayroll(after) }, tx)
    })
    return answer(await fullPayroll(ctx, ctx.db, params.id), 'saved')
  },

  async deletePayroll({ params }, ctx) {
    const { businessId } = ctx.auth
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<PayrollRow>(tx, payrolls, businessId, params.id, undefined)
      if (row.status !== 'draft') throw unprocessable('payroll_not_draft', { status: row.status })
      await tx.update(expenses).set({ payroll_id: null }).where(and(eq(expenses.business_id, businessId), eq(expenses.payroll_id, row.id)))
      await tx.delete(payrolls).where(and(eq(payrolls.business_id, businessId), eq(payrolls.id, row.id)))
      await audit(ctx, { action: 'payrolls.delete', model: 'payrolls', recordId: row.id, before: auditedPayroll(row) }, tx)
    })
    return answer({}, 'deleted')
  },
}

async function allMembers(db: Db, businessId: string, ids: string[]): Promise<boolean> {
  for (const id of new Set(ids)) if (!(await activeMember(db, businessId, id))) return false
  return true
}
