import { describe, expect, it } from 'vitest'
import { payslipLines, payslipTotals } from './payroll.ts'

describe('payslipLines', () => {
  it('rounds each line once, puts vacation pay on the hours’ earnings only, and adds up', () => {
    const lines = payslipLines({
      hours: [
        { rateCentsPerHour: 2999, multiplier: '1.5', doubleTimeMultiplier: '2', regularMinutes: 50, overtimeMinutes: 0, doubleTimeMinutes: 0 },
        { rateCentsPerHour: 2550, multiplier: '1.5', doubleTimeMultiplier: '2', regularMinutes: 2400, overtimeMinutes: 90, doubleTimeMinutes: 30 },
      ],
      vacationPayPercent: '4',
      reimbursements: [{ expenseId: 'e1', description: 'Parking', cents: 1200 }],
      manual: [
        { kind: 'bonus', description: 'Holiday', cents: 10000 },
        { kind: 'advance', description: 'Advance', cents: 5000 },
      ],
    })
    expect(lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['regular', 102000],
      ['overtime', 5738],
      ['double_time', 2550],
      ['regular', 2499],
      ['vacation_pay', 4511],
      ['reimbursement', 1200],
      ['bonus', 10000],
      ['advance', 5000],
    ])
    expect(payslipTotals(lines)).toEqual({
      regularMinutes: 2450,
      overtimeMinutes: 90,
      doubleTimeMinutes: 30,
      grossCents: 102000 + 5738 + 2550 + 2499 + 4511 + 10000,
      overtimeCents: 5738 + 2550,
      reimbursementsCents: 1200,
      deductionsCents: 5000,
      netCents: 102000 + 5738 + 2550 + 2499 + 4511 + 10000 + 1200 - 5000,
    })
  })

  it('writes no line for what is zero', () => {
    expect(payslipLines({ hours: [], vacationPayPercent: '4', reimbursements: [], manual: [] })).toEqual([])
  })
})
