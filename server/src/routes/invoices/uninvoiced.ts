import { hoursLines, sumCents, type UninvoicedClient } from '@rota/core'
import { getSettings } from '../../repositories/businesses.ts'
import { billableExpensesByClient, billableHoursByClient, type BillableHoursRow, type UninvoicedClientRow } from '../../repositories/uninvoiced.ts'
import type { Handlers } from '../handler.ts'

/** A client's running sums while both grouped answers are read. */
interface Tally {
  client: UninvoicedClientRow
  hours: BillableHoursRow[]
  timesheets: number
  expenses: number
  expenseCents: number
}

/**
 * What a client's hours come to on an invoice by service (the draft `POST /invoice` makes):
 * core's hours lines, one per service, each rounded once, summed.
 */
function hoursSubtotal(rows: readonly BillableHoursRow[]): number {
  const lines = hoursLines(rows.map((row) => ({ key: row.service.id, service: row.service, minutes: row.minutes, rate_cents: row.service.bill_rate_cents, description: row.service.name })))
  return sumCents(lines.map((line) => line.amount_cents))
}

/** By the client's folded name (byte order, as the database sorts it), then its id. */
const byName = (a: Tally, b: Tally): number => {
  const left = a.client.sort_key ?? a.client.name
  const right = b.client.sort_key ?? b.client.name
  return left < right ? -1 : left > right ? 1 : a.client.id < b.client.id ? -1 : 1
}

export const uninvoicedHandlers: Handlers<'uninvoicedClients'> = {
  /**
   * Month-end: every client with approved hours of the period or billable expenses up to its
   * end that no invoice bills yet, summed in two grouped queries (never one per client) under
   * the same conditions a draft bills by. Archived clients come too when they have something to bill.
   */
  async uninvoicedClients({ query }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const [hours, charges] = await Promise.all([
      billableHoursByClient(ctx.db, businessId, { from: query.from, to: query.to, timeZone: settings.timezone }),
      billableExpensesByClient(ctx.db, businessId, { to: query.to }),
    ])
    const tallies = new Map<string, Tally>()
    const tallyOf = (client: UninvoicedClientRow): Tally => {
      let tally = tallies.get(client.id)
      if (!tally) tallies.set(client.id, (tally = { client, hours: [], timesheets: 0, expenses: 0, expenseCents: 0 }))
      return tally
    }
    for (const row of hours) {
      const tally = tallyOf(row.client)
      tally.hours.push(row)
      tally.timesheets += row.timesheets
    }
    for (const row of charges) {
      const tally = tallyOf(row.client)
      tally.expenses += row.expenses
      tally.expenseCents += row.amount_cents
    }
    return [...tallies.values()].sort(byName).map(
      (tally): UninvoicedClient => ({
        client: { id: tally.client.id, name: tally.client.name },
        timesheets: tally.timesheets,
        expenses: tally.expenses,
        // Each expense is its own line at its amount: their sum is what they add.
        subtotal_cents: hoursSubtotal(tally.hours) + tally.expenseCents,
      }),
    )
  },
}
