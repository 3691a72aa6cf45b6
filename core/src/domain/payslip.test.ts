import { describe, expect, it } from 'vitest'
import { payslipLines, payslipTotals } from './payroll.ts'

describe('payslipLines', () => {
  it('rounds each line once, puts vacation pay on the hours’ earnings only, and adds up', () => {
    const lines = payslipLines({
      hours: [
        { rateCentsPerHour: 2999, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1', holidayMinutes: 0, regularMinutes: 50, overtimeMinutes: 0, doubleTimeMinutes: 0 },
        { rateCentsPerHour: 2550, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1', holidayMinutes: 0, regularMinutes: 2400, overtimeMinutes: 90, doubleTimeMinutes: 30 },
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

  it('pays hours worked on a statutory holiday at its premium and each holiday’s pay, both earnings that vacation pay counts', () => {
    const rate = { rateCentsPerHour: 2000, multiplier: '1.5', doubleTimeMultiplier: '2', overtimeMinutes: 0, doubleTimeMinutes: 0 }
    const lines = payslipLines({
      hours: [
        { ...rate, holidayMultiplier: '1.5', regularMinutes: 0, holidayMinutes: 480 },
        { ...rate, holidayMultiplier: '1', regularMinutes: 2400, holidayMinutes: 0 },
      ],
      vacationPayPercent: '4',
      holidayPay: [
        { date: '2026-10-12', key: 'thanksgiving', cents: 16000 },
        { date: '2026-09-07', key: 'labour_day', cents: 15000 },
        { date: '2026-09-30', key: 'truth_and_reconciliation_day', cents: 0 },
      ],
      reimbursements: [],
      manual: [],
    })
    expect(lines.map((line) => [line.kind, line.description, line.minutes, line.multiplier, line.amountCents])).toEqual([
      ['regular', '', 2400, null, 80000],
      ['holiday', '', 480, '1.5', 24000],
      ['holiday_pay', '2026-09-07 labour_day', null, null, 15000],
      ['holiday_pay', '2026-10-12 thanksgiving', null, null, 16000],
      ['vacation_pay', '4 %', null, null, 5400], // 4 % of $1,350.00
    ])
    expect(payslipTotals(lines)).toMatchObject({ regularMinutes: 2880, grossCents: 80000 + 24000 + 15000 + 16000 + 5400, overtimeCents: 0 })
  })

  it('writes no line for what is zero', () => {
    expect(payslipLines({ hours: [], vacationPayPercent: '4', reimbursements: [], manual: [] })).toEqual([])
  })
})
