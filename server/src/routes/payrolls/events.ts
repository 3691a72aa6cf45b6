import { localDateOf, type PayrollEventBody } from '@rota/core'
import { expenseMachine, nextStatus, payrollMachine } from '@rota/machines'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { auditLogs, expenses, payrolls } from '../../db/schema/index.ts'
import { unprocessable } from '../../errors.ts'
import { lockForChange, transition } from '../../records/lifecycle.ts'
import { calculateRun, sameRun } from '../../records/payroll-run.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { lockExpenses } from '../../repositories/expenses.ts'
import { notify } from '../../repositories/notifications.ts'
import { payrollParts, takePayrollNumber, type PayrollRow } from '../../repositories/payrolls.ts'
import { lockTimesheets } from '../../repositories/timesheets.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { auditedPayroll, fullPayroll, periodOf } from './payrolls.ts'

const notices = { 'payroll.approve': 'approved', 'payroll.pay': 'payroll_paid' } as const

export const payrollEventHandlers: Handlers<'payrollEvent'> = {
  /**
   * Approving or paying refuses a run whose period has not started on the business's clock (422
   * `payroll_not_started`). Approving refuses a run that would pay someone less than nothing (422 `payroll_negative_net`,
   * naming them). It counts the draft again and refuses (422 `payroll_outdated`) when anything it pays
   * changed since it was counted (a timesheet approved, corrected or reopened, an expense
   * approved or reimbursed by hand): what the clerk reviewed is exactly what is approved. It takes
   * the next number and locks the timesheets and expenses, so they cannot change or be paid
   * twice. Paying reimburses its expenses (each through the expense machine) and tells everyone
   * paid that their payslip is ready.
   */
  async payrollEvent({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<PayrollRow>(tx, payrolls, businessId, params.id, body.version)
      const now = ctx.clock.now()
      // A period still to come has nothing worked to pay yet: approving it would lock today's expenses into it and take a number for good.
      const today = localDateOf(now, settings.timezone)
      const future = row.period_start > today
      if (future && nextStatus(payrollMachine, row.status as never, { type: body.type } as never, undefined)) throw unprocessable('payroll_not_started', { period_start: row.period_start, today })
      const next = transition(payrollMachine, row.status as never, { type: body.type } as PayrollEventBody as never, { future })
      const { people, lines } = await payrollParts(tx, businessId, row.id)
      let patch: Partial<typeof payrolls.$inferInsert>
      if (body.type === 'payroll.approve') {
        // A run that pays no one would take a number for good: refused, as an invoice of nothing is.
        if (people.length === 0) throw unprocessable('payroll_empty')
        // Deductions or advances larger than what someone earned would pay them less than nothing.
        const owing = people.filter((person) => person.person.net_cents < 0)
        if (owing.length > 0) {
          throw unprocessable('payroll_negative_net', { people: owing.map(({ staff, person }) => ({ staff_id: staff.id, name: `${staff.firstname} ${staff.lastname}`.trim(), net_cents: person.net_cents })) })
        }
        const manual = lines.filter((line) => line.manual)
        const run = await calculateRun(tx, businessId, periodOf(row, settings), settings, manual)
        const timesheetsOf = new Map(people.map((person) => [person.person.staff_id, person.person.timesheet_ids]))
        if (!sameRun(run, { lines, timesheets: timesheetsOf })) throw unprocessable('payroll_outdated')
        const timesheetIds = people.flatMap((person) => person.person.timesheet_ids)
        const expenseIds = lines.flatMap((line) => (line.expense_id ? [line.expense_id] : []))
        const lockedTimesheets = await lockTimesheets(tx, businessId, timesheetIds, row.id, now)
        const lockedExpenses = await lockExpenses(tx, businessId, expenseIds, row.id, now)
        if (lockedTimesheets.length !== timesheetIds.length || lockedExpenses.length !== expenseIds.length) throw unprocessable('payroll_outdated')
        patch = { status: next, number: await takePayrollNumber(tx, businessId), approved_by: userId, approved_at: now }
      } else {
        // Its expenses reimbursed, each by the expense machine, in one statement and one insert of audit rows.
        const paid = await tx.select().from(expenses).where(and(eq(expenses.business_id, businessId), eq(expenses.payroll_id, row.id))).for('update')
        const reimbursed = paid.map((expense) => ({ expense, status: transition(expenseMachine, expense.status as never, { type: 'expense.reimburse' }, undefined) }))
        if (reimbursed.length > 0) {
          await tx
            .update(expenses)
            .set({ status: 'reimbursed', version: sql`${expenses.version} + 1`, updated_at: now })
            .where(and(eq(expenses.business_id, businessId), inArray(expenses.id, reimbursed.map(({ expense }) => expense.id))))
          await tx.insert(auditLogs).values(
            reimbursed.map(({ expense, status }) => ({
              business_id: businessId,
              actor_id: userId,
              actor_email: ctx.auth.email,
              action: 'expenses.reimburse',
              model: 'expenses',
              record_id: expense.id,
              before: { status: expense.status },
              after: { status },
              ip: ctx.ip,
              user_agent: ctx.userAgent?.slice(0, 300) ?? null,
            })),
          )
        }
        for (const person of people) {
          await notify(tx, {
            businessId,
            userId: person.person.staff_id,
            title: 'payslip_ready',
            values: { from: row.period_start, to: row.period_end },
            model: 'payrolls',
            operation: 'paid',
            extra: { payroll_id: row.id },
          })
        }
        patch = { status: next, paid_by: userId, paid_at: now }
      }
      const [after] = await tx
        .update(payrolls)
        .set({ ...patch, version: row.version + 1, updated_at: now })
        .where(and(eq(payrolls.business_id, businessId), eq(payrolls.id, row.id)))
        .returning()
      await audit(ctx, { action: `payrolls.${body.type.replace('payroll.', '')}`, model: 'payrolls', recordId: row.id, before: auditedPayroll(row), after: auditedPayroll(after!) }, tx)
    })
    return answer(await fullPayroll(ctx, ctx.db, params.id), notices[body.type])
  },
}
