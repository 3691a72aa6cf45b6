import { businessAddress, can } from '@rota/core'
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { payrollPeople, payrolls, users } from '../../db/schema/index.ts'
import { notFound } from '../../errors.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { pageOf } from '../../repositories/listing.ts'
import { payrollParts, payrollsWhere } from '../../repositories/payrolls.ts'
import type { Handlers } from '../handler.ts'
import { name, presentPerson } from './present.ts'

/** Runs whose payslips their people may see: approved or paid (a draft is still the clerk's). */
const ISSUED = ['approved', 'paid']

export const payslipHandlers: Handlers<'listPayslips' | 'getPayslip' | 'payrollReport'> = {
  async listPayslips({ query }, ctx) {
    const { businessId, userId } = ctx.auth
    const { limit, offset } = pageOf(query)
    const where = and(eq(payrollPeople.business_id, businessId), eq(payrollPeople.staff_id, userId), inArray(payrolls.status, ISSUED))
    const rows = await ctx.db
      .select({ person: payrollPeople, payroll: payrolls, count: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(payrollPeople)
      .innerJoin(payrolls, and(eq(payrolls.business_id, payrollPeople.business_id), eq(payrolls.id, payrollPeople.payroll_id)))
      .where(where)
      .orderBy(desc(payrolls.period_start))
      .limit(limit)
      .offset(offset)
    return {
      count: rows[0]?.count ?? 0,
      rows: rows.map(({ person, payroll }) => ({
        payroll_id: payroll.id,
        number: payroll.number,
        period_start: payroll.period_start,
        period_end: payroll.period_end,
        status: payroll.status as 'approved',
        gross_cents: person.gross_cents,
        net_cents: person.net_cents,
      })),
    }
  },

  /** One's own payslip of an issued run; anyone's for someone with payrolls:read (a draft's too). Otherwise 404. */
  async getPayslip({ params }, ctx) {
    const { businessId, userId } = ctx.auth
    const clerk = can(ctx.auth, 'payrolls', 'read')
    if (!clerk && params.staff_id !== userId) throw notFound()
    const [row] = await payrollsWhere(ctx.db, businessId, eq(payrolls.id, params.id))
    if (!row || (!clerk && !ISSUED.includes(row.status))) throw notFound()
    const { people, lines } = await payrollParts(ctx.db, businessId, row.id, params.staff_id)
    const [person] = people
    if (!person) throw notFound()
    const settings = await getSettings(ctx.db, businessId)
    return {
      ...presentPerson(person, lines),
      payroll: { id: row.id, number: row.number, period_start: row.period_start, period_end: row.period_end, status: row.status as 'approved', paid_at: row.paid_at?.toISOString() ?? null },
      business: { name: settings.business_name, logo: settings.business_logo, address: businessAddress(settings) },
    }
  },

  async payrollReport({ query }, ctx) {
    const { businessId } = ctx.auth
    const rows = await ctx.db
      .select({ person: payrollPeople, payroll: payrolls, staff: { id: users.id, firstname: users.firstname, lastname: users.lastname } })
      .from(payrollPeople)
      .innerJoin(payrolls, and(eq(payrolls.business_id, payrollPeople.business_id), eq(payrolls.id, payrollPeople.payroll_id)))
      .innerJoin(users, and(eq(users.business_id, payrollPeople.business_id), eq(users.id, payrollPeople.staff_id)))
      .where(and(eq(payrollPeople.business_id, businessId), inArray(payrolls.status, ISSUED), gte(payrolls.period_start, query.from), lte(payrolls.period_start, query.to)))
      .orderBy(asc(payrolls.period_start), asc(users.sort_key), asc(users.id))
    const report = rows.map(({ person, payroll, staff }) => ({
      period_start: payroll.period_start,
      period_end: payroll.period_end,
      payroll_number: payroll.number,
      staff: { id: staff.id, name: name(staff) },
      gross_cents: person.gross_cents,
      overtime_cents: person.overtime_cents,
      reimbursements_cents: person.reimbursements_cents,
      deductions_cents: person.deductions_cents,
      net_cents: person.net_cents,
    }))
    const sum = (key: 'gross_cents' | 'overtime_cents' | 'reimbursements_cents' | 'deductions_cents' | 'net_cents') => report.reduce((total, row) => total + row[key], 0)
    return {
      from: query.from,
      to: query.to,
      rows: report,
      totals: { gross_cents: sum('gross_cents'), overtime_cents: sum('overtime_cents'), reimbursements_cents: sum('reimbursements_cents'), deductions_cents: sum('deductions_cents'), net_cents: sum('net_cents') },
    }
  },
}
