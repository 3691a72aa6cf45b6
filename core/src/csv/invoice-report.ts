import type { InvoiceReport } from '../contract/invoice.ts'
import { dollarsFromCents } from '../format/money.ts'
import { neutraliseCsvCell } from './neutralise.ts'

const safe = (cells: readonly (string | number)[]) => cells.map((cell) => neutraliseCsvCell(String(cell)))

/**
 * The invoice report as CSV records: revenue by month and client (dollars with two decimals),
 * then what is owed today by age. Cells neutralised (a client's name is the business's to choose).
 * @example
 * invoiceReportRecords(report)[0] // ['month', 'client_id', 'client', 'invoices', 'subtotal', 'total', 'paid']
 */
export function invoiceReportRecords(report: InvoiceReport): string[][] {
  return [
    ['month', 'client_id', 'client', 'invoices', 'subtotal', 'total', 'paid'],
    ...report.revenue.map((row) => safe([row.month, row.client.id, row.client.name, row.invoices, dollarsFromCents(row.subtotal_cents), dollarsFromCents(row.total_cents), dollarsFromCents(row.paid_cents)])),
    [],
    ['aging', 'outstanding'],
    ...Object.entries(report.aging).map(([bucket, cents]) => [bucket, dollarsFromCents(cents)]),
    ['total', dollarsFromCents(report.outstanding_cents)],
  ]
}
