import { describe, expect, it } from 'vitest'
import type { Payroll } from '../contract/payroll.ts'
import { dollarsText, payrollExportRecords } from './payroll-export.ts'

const line = (kind: string, amount_cents: number, extra: object = {}) => ({ id: crypto.randomUUID(), kind, description: '', minutes: null, rate_cents: null, multiplier: null, amount_cents, expense_id: null, manual: false, ...extra })

describe('payrollExportRecords', () => {
  it('writes one row per person and earning type, deductions negative so a person’s rows sum to the net, formulas neutralised', () => {
    const payroll = {
      number: 7,
      period_start: '2026-03-02',
      period_end: '2026-03-15',
      people: [
        {
          staff: { id: 'a', name: '=HYPERLINK("x")', email: 'ana@example.com', locale: 'en' },
          net_cents: 112200 + 22950 - 1500,
          lines: [line('regular', 112200, { minutes: 2640, rate_cents: 2550 }), line('overtime', 22950, { minutes: 360, rate_cents: 2550, multiplier: '1.5' }), line('deduction', 1500, { description: 'Uniform', manual: true })],
        },
      ],
    } as unknown as Payroll
    const records = payrollExportRecords(payroll)
    expect(records[0]).toEqual(['payroll_number', 'period_start', 'period_end', 'staff_id', 'staff', 'email', 'type', 'description', 'hours', 'minutes', 'rate', 'multiplier', 'amount', 'amount_cents'])
    expect(records[1]).toEqual(['7', '2026-03-02', '2026-03-15', 'a', `'=HYPERLINK("x")`, 'ana@example.com', 'regular', '', '44.00', '2640', '25.50', '', '1122.00', '112200'])
    expect(records[2]!.slice(6, 13)).toEqual(['overtime', '', '6.00', '360', '25.50', '1.5', '229.50'])
    expect(records[3]!.slice(6, 14)).toEqual(['deduction', 'Uniform', '', '', '', '', '-15.00', '-1500'])
    expect(records.slice(1).reduce((sum, row) => sum + Number(row[13]), 0)).toBe(payroll.people[0]!.net_cents)
  })

  it('writes cents as dollars exactly', () => {
    expect([dollarsText(0), dollarsText(5), dollarsText(123456), dollarsText(-5)]).toEqual(['0.00', '0.05', '1234.56', '-0.05'])
  })
})
