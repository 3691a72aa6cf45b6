import type { PayrollReport } from '@rota/core'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { lineDescription, payrollReportRecords } from './payroll.ts'

describe('lineDescription', () => {
  it('names a statutory holiday and its day in the reader’s language, and leaves other lines as they are', () => {
    const line = { kind: 'holiday_pay' as const, description: '2026-09-07 labour_day' }
    expect(lineDescription(line, i18next.getFixedT('en', 'app'), 'en')).toBe('Labour Day, Sep 7, 2026')
    expect(lineDescription(line, i18next.getFixedT('fr', 'app'), 'fr')).toBe('Fête du Travail, 7 sept. 2026')
    expect(lineDescription({ kind: 'bonus', description: '2026-09-07 labour_day' }, i18next.getFixedT('en', 'app'), 'en')).toBe('2026-09-07 labour_day')
    expect(lineDescription({ kind: 'vacation_pay', description: '4 %' }, i18next.getFixedT('es', 'app'), 'es')).toBe('4 %')
  })
})

describe('payrollReportRecords', () => {
  it('writes a row per period and person, formulas neutralised, and the totals last, as the screen shows them', () => {
    const report: PayrollReport = {
      from: '2026-01-01',
      to: '2026-03-31',
      rows: [
        { period_start: '2026-03-02', period_end: '2026-03-15', payroll_number: 4, staff: { id: 'a', name: '=Ana' }, gross_cents: 140556, overtime_cents: 22950, reimbursements_cents: 4520, deductions_cents: 1500, net_cents: 143576 },
        { period_start: '2026-03-02', period_end: '2026-03-15', payroll_number: 4, staff: { id: 'b', name: 'Bo' }, gross_cents: 5, overtime_cents: 0, reimbursements_cents: 0, deductions_cents: 0, net_cents: 5 },
      ],
      totals: { gross_cents: 140561, overtime_cents: 22950, reimbursements_cents: 4520, deductions_cents: 1500, net_cents: 143581 },
    }
    expect(payrollReportRecords(report)).toEqual([
      ['period_start', 'period_end', 'payroll_number', 'staff_id', 'staff', 'gross', 'overtime', 'reimbursements', 'deductions', 'net'],
      ['2026-03-02', '2026-03-15', '4', 'a', "'=Ana", '1405.56', '229.50', '45.20', '15.00', '1435.76'],
      ['2026-03-02', '2026-03-15', '4', 'b', 'Bo', '0.05', '0.00', '0.00', '0.00', '0.05'],
      ['', '', '', '', 'total', '1405.61', '229.50', '45.20', '15.00', '1435.81'],
    ])
  })
})
