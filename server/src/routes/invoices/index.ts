import type { Handlers } from '../handler.ts'
import { invoiceEventHandlers } from './events.ts'
import { invoiceHandlers } from './invoices.ts'
import { invoiceLinkHandlers } from './link.ts'
import { invoiceReportHandlers } from './report.ts'

/** Invoices: drafts from approved hours, sending, payments, voiding, the client's link and the report. */
export const invoiceRouteHandlers: Handlers<
  | 'listInvoices'
  | 'invoiceProposal'
  | 'getInvoice'
  | 'createInvoice'
  | 'updateInvoice'
  | 'invoiceEvent'
  | 'invoiceHistory'
  | 'getInvoiceLink'
  | 'renewInvoiceLink'
  | 'publicInvoice'
  | 'invoiceReport'
> = { ...invoiceHandlers, ...invoiceEventHandlers, ...invoiceLinkHandlers, ...invoiceReportHandlers }
