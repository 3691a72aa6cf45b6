import { addPaidHours, holidayPremiumOn, labourCost, localDay, marginPercent, overtimeRuleOn, type OvertimeJurisdiction, type PaidHours, type PayrollMargin } from '@rota/core'
import { getSettings } from '../../repositories/businesses.ts'
import { approvedHoursByClient, clientsNamed, invoicedByClient } from '../../repositories/margin.ts'
import type { Handlers } from '../handler.ts'

type Figures = PayrollMargin['totals']

const figures = (worked: number, labour: number, invoiced: number): Figures => ({
  worked_minutes: worked,
  labour_cents: labour,
  invoiced_cents: invoiced,
  margin_cents: invoiced - labour,
  margin_percent: marginPercent(invoiced - labour, invoiced),
})

export const payrollMarginHandlers: Handlers<'payrollMargin'> = {
  /**
   * Labour cost against invoiced value per client: the approved hours that start in the range
   * (business days) costed as a pay run pays them — per client, rate and the overtime rule of
   * their day, a statutory holiday's at its premium, one rounded line each — against the sent and paid invoices whose period starts
   * in the range. Clients with either appear, by name.
   */
  async payrollMargin({ query }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const hours = await approvedHoursByClient(ctx.db, businessId, { from: localDay(query.from, settings.timezone).from, to: localDay(query.to, settings.timezone).to, timeZone: settings.timezone })
    const invoiced = await invoicedByClient(ctx.db, businessId, query.from, query.to)
    const byClient = new Map<string, { worked: number; lines: Map<string, PaidHours>; invoiced: number }>()
    const clientOf = (id: string) => {
      let client = byClient.get(id)
      if (!client) byClient.set(id, (client = { worked: 0, lines: new Map(), invoiced: 0 }))
      return client
    }
    for (const row of hours) {
      const client = clientOf(row.client_id)
      const jurisdiction = settings.overtime_jurisdiction as OvertimeJurisdiction
      addPaidHours(client.lines, row.rate_cents, overtimeRuleOn({ jurisdiction }, row.day), row, holidayPremiumOn(jurisdiction, row.day))
      client.worked += row.worked_minutes
    }
    for (const row of invoiced) clientOf(row.client_id).invoiced += row.cents
    const clients = (await clientsNamed(ctx.db, businessId, [...byClient.keys()])).map((client) => {
      const { worked, lines, invoiced: cents } = byClient.get(client.id)!
      return { client, ...figures(worked, labourCost([...lines.values()]), cents) }
    })
    const sum = (key: 'worked_minutes' | 'labour_cents' | 'invoiced_cents') => clients.reduce((total, row) => total + row[key], 0)
    const report: PayrollMargin = { from: query.from, to: query.to, clients, totals: figures(sum('worked_minutes'), sum('labour_cents'), sum('invoiced_cents')) }
    return report
  },
}
