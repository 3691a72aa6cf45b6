import type { InvoiceReport } from '@rota/core'
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { invoices, locations } from '../../db/schema/index.ts'
import { getSettings } from '../../repositories/businesses.ts'
import type { Handlers } from '../handler.ts'
import { businessToday } from './present.ts'

const ISSUED = ['sent', 'partially_paid', 'paid']
const OPEN = ['sent', 'partially_paid']

export const invoiceReportHandlers: Handlers<'invoiceReport'> = {
  /**
   * Revenue by month of issue and client (void invoices left out), and today's balances of
   * open invoices by days past their due date, in the business's time zone.
   */
  async invoiceReport({ query }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const today = businessToday(ctx.clock.now(), settings)
    const month = sql<string>`to_char(${invoices.issue_date}, 'YYYY-MM')`
    const revenue = await ctx.db
      .select({
        month,
        client_id: locations.id,
        client_name: locations.name,
        invoices: sql<number>`count(*)`.mapWith(Number),
        subtotal_cents: sql<number>`sum(${invoices.subtotal_cents} - ${invoices.discount_cents})`.mapWith(Number),
        total_cents: sql<number>`sum(${invoices.total_cents})`.mapWith(Number),
        paid_cents: sql<number>`sum(${invoices.paid_cents})`.mapWith(Number),
      })
      .from(invoices)
      .innerJoin(locations, and(eq(locations.business_id, invoices.business_id), eq(locations.id, invoices.location_id)))
      .where(and(eq(invoices.business_id, businessId), inArray(invoices.status, ISSUED), gte(invoices.issue_date, query.from), lte(invoices.issue_date, query.to)))
      .groupBy(month, locations.id, locations.name)
      .orderBy(month, locations.name)
    const late = sql`(${today}::date - ${invoices.due_date})`
    const balance = sql`${invoices.total_cents} - ${invoices.paid_cents}`
    const bucket = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then ${balance} else 0 end), 0)`.mapWith(Number)
    const [aging] = await ctx.db
      .select({
        current: bucket(sql`${late} <= 0`),
        '1_30': bucket(sql`${late} between 1 and 30`),
        '31_60': bucket(sql`${late} between 31 and 60`),
        '61_90': bucket(sql`${late} between 61 and 90`),
        '90_plus': bucket(sql`${late} > 90`),
        outstanding: sql<number>`coalesce(sum(${balance}), 0)`.mapWith(Number),
      })
      .from(invoices)
      .where(and(eq(invoices.business_id, businessId), inArray(invoices.status, OPEN)))
    const { outstanding, ...buckets } = aging!
    const report: InvoiceReport = {
      from: query.from,
      to: query.to,
      revenue: revenue.map((row) => ({
        month: row.month,
        client: { id: row.client_id, name: row.client_name },
        invoices: row.invoices,
        subtotal_cents: row.subtotal_cents,
        total_cents: row.total_cents,
        paid_cents: row.paid_cents,
      })),
      aging: buckets,
      outstanding_cents: outstanding,
    }
    return report
  },
}
