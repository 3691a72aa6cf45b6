import type { Handlers } from '../handler.ts'
import { invoiceEventHandlers } from './events.ts'
import { invoiceHandlers } from './invoices.ts'
import { invoiceLinkHandlers } from './link.ts'
import { invoiceReportHandlers } from './report.ts'
import { uninvoicedHandlers } from './uninvoiced.ts'

/** Invoices: drafts from approved hours, month-end's clients to bill, sending, payments, voiding, the client's link and the report. */
export const invoiceRouteHandlers: Handlers<
  | 'listInvoices'
  | 'invoiceProposal'
  | 'uninvoicedClients'
  | 'getInvoice'
  | 'createInvoice'
  | 'updateInvoice'
  | 'invoiceEvent'
  | 'invoiceHistory'
  | 'getInvoiceLink'
  | 'renewInvoiceLink'
  | 'publicInvoice'
  | 'invoiceReport'
> = { ...invoiceHandlers, ...invoiceEventHandlers, ...invoiceLinkHandlers, ...invoiceReportHandlers, ...uninvoicedHandlers }
