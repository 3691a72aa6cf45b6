import type { BusinessAddress, PayrollLine, PayTotals } from '@rota/core'

/** What a payslip shows, whatever renders it (the page, its print, the PDF). */
export interface PayslipData extends PayTotals {
  staff: { name: string; email: string; locale: string }
  lines: PayrollLine[]
  payroll: { number: number | null; period_start: string; period_end: string; status: string }
  /** The employer: a wage statement names its address (none when the business gave none). */
  business: { name: string; logo?: string | null; address?: BusinessAddress | null }
}

/** A payslip as the words and amounts it shows, in one language. */
export interface PayslipText {
  business: string
  /** The employer's address and phone, a line each; empty when it gave none. */
  employer: string[]
  title: string
  number: string
  period: string
  person: string
  email: string
  heading: { line: string; amount: string }
  lines: { id: string; label: string; amount: string }[]
  totals: { key: 'gross' | 'reimbursements' | 'deductions' | 'net'; label: string; amount: string }[]
  note: string
}
