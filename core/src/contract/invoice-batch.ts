import { z } from 'zod'
import { localDaysBetween } from '../domain/local-date.ts'
import { Id } from './common.ts'
import { CreateInvoiceBody } from './invoice.ts'

/** The longest period the month-end summary covers: a year and a day. */
export const UNINVOICED_RANGE_DAYS = 366

/**
 * `GET /invoice/uninvoiced?from=2026-03-01&to=2026-03-31`: the clients a draft for that period
 * would bill something (both days included, business days; the dates a draft takes).
 * @example
 * UninvoicedQuery.parse({ from: '2026-03-01', to: '2026-03-31' })
 */
export const UninvoicedQuery = z
  .object({ from: CreateInvoiceBody.shape.period_from, to: CreateInvoiceBody.shape.period_to })
  .superRefine((query, ctx) => {
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
    else if (localDaysBetween(query.from, query.to) >= UNINVOICED_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Use a range of at most ${UNINVOICED_RANGE_DAYS} days` })
  })
export type UninvoicedQuery = z.infer<typeof UninvoicedQuery>

/**
 * A client with something to bill for the period: how many approved timesheets and billable
 * expenses no invoice bills yet, and what they come to before tax — what `POST /invoice` for
 * that client and period would bill (by service; expenses dated up to the period's end).
 */
export const UninvoicedClient = z.object({
  client: z.object({ id: Id, name: z.string() }),
  timesheets: z.number().int(),
  expenses: z.number().int(),
  subtotal_cents: z.number().int(),
})
export type UninvoicedClient = z.infer<typeof UninvoicedClient>

/** The clients with something to bill, by name; those with nothing are left out. */
export const UninvoicedClients = z.array(UninvoicedClient)
export type UninvoicedClients = z.infer<typeof UninvoicedClients>
