import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CANADIAN_PROVINCES } from '../contract/account.ts'
import { agingBucket, expenseLines, groupBillable, hoursLines, hoursOf, invoiceMoney, invoiceNumber, itemLines, type PricedLine } from './invoice.ts'
import { sumCents } from './money.ts'

const desk = (minutes: number, rate = 6000) => hoursLines([{ key: 's', service: { id: 's', name: 'Desk', provincial_exempt: false }, minutes, rate_cents: rate, description: 'Desk' }])[0]!

describe('hoursOf', () => {
  it.each([
    [60, '1'],
    [90, '1.5'],
    [50, '0.83'],
    [45, '0.75'],
    [1, '0.02'],
    [0, '0'],
  ])('%i minutes are %s hours', (minutes, hours) => expect(hoursOf(minutes)).toBe(hours))
})

describe('invoice lines', () => {
  it('bill hours on the minutes, rounded once, half up', () => {
    expect(desk(50, 2999)).toMatchObject({ minutes: 50, quantity: '0.83', amount_cents: 2499 })
    expect(desk(1, 30).amount_cents).toBe(1)
  })

  it('bill the hours of a service exempt from the provincial sales tax on exempt lines, by service or by shift', () => {
    const care = { id: 'c', name: 'Home care', provincial_exempt: true }
    const frontDesk = { id: 'd', name: 'Desk', provincial_exempt: false }
    const worked = [
      { id: 't1', date: '2026-03-09', start: '09:00', end: '11:00', staff: 'Sam Li', service: care, minutes: 120, rate_cents: 5000 },
      { id: 't2', date: '2026-03-09', start: '13:00', end: '14:00', staff: 'Sam Li', service: frontDesk, minutes: 60, rate_cents: 4000 },
    ]
    expect(hoursLines(groupBillable(worked, false)).map((line) => [line.description, line.provincial_exempt])).toEqual([
      ['Desk', false],
      ['Home care', true],
    ])
    expect(hoursLines(groupBillable(worked, true)).map((line) => line.provincial_exempt)).toEqual([true, false])
    // One line per shift names its hours: two shifts of one day read apart.
    expect(hoursLines(groupBillable(worked, true)).map((line) => line.description)).toEqual(['Home care — 2026-03-09 09:00–11:00 · Sam Li', 'Desk — 2026-03-09 13:00–14:00 · Sam Li'])
    // In BC: GST on the $140.00, PST only on the $40.00 of the desk.
    expect(invoiceMoney(hoursLines(groupBillable(worked, false)), 0, 'BC', '2026-05-01').taxes.map((tax) => [tax.code, tax.base, tax.amount])).toEqual([
      ['GST', 14000, 700],
      ['PST', 4000, 280],
    ])
  })

  it('price items as quantity × unit price, rounded once', () => {
    expect(itemLines([{ description: 'Salt', quantity: '2.5', unit_price_cents: 333, provincial_exempt: true }])).toEqual([
      { kind: 'item', service_id: null, description: 'Salt', minutes: null, quantity: '2.5', unit_price_cents: 333, amount_cents: 833, provincial_exempt: true },
    ])
  })

  it('re-bill an expense at its amount before tax, saying which one in the business\'s language, taxed like any line', () => {
    const mileage = { id: 'e1', date: '2026-03-09', staff: 'Sam Li', category: 'mileage', description: 'Site visit', distance_km: '42.5', amount_cents: 3060 } as const
    const meal = { id: 'e2', date: '2026-03-10', staff: 'Zoé Roy', category: 'other', description: 'Parking', distance_km: null, amount_cents: 1500 } as const
    expect(expenseLines([mileage, meal], 'en')).toEqual([
      { kind: 'expense', service_id: null, description: 'Mileage — 2026-03-09 · Sam Li: Site visit (42.5 km)', minutes: null, quantity: '1', unit_price_cents: 3060, amount_cents: 3060, provincial_exempt: false },
      { kind: 'expense', service_id: null, description: 'Expense — 2026-03-10 · Zoé Roy: Parking', minutes: null, quantity: '1', unit_price_cents: 1500, amount_cents: 1500, provincial_exempt: false },
    ])
    expect(expenseLines([mileage], 'fr')[0]!.description).toBe('Kilométrage — 2026-03-09 · Sam Li: Site visit (42,5 km)')
    // Ontario's 13 % HST on $45.60.
    expect(invoiceMoney(expenseLines([mileage, meal], 'en'), 0, 'ON', '2026-03-31').tax_cents).toBe(593)
  })
})

describe('invoiceMoney in every province, $1,000.00 of hours less a $100.00 discount', () => {
  it.each([
    ['AB', [['GST', 4500]]],
    ['NT', [['GST', 4500]]],
    ['NU', [['GST', 4500]]],
    ['YT', [['GST', 4500]]],
    ['ON', [['HST', 11700]]],
    ['NB', [['HST', 13500]]],
    ['NL', [['HST', 13500]]],
    ['PE', [['HST', 13500]]],
    ['NS', [['HST', 12600]]],
    ['QC', [['GST', 4500], ['QST', 8978]]],
    ['BC', [['GST', 4500], ['PST', 6300]]],
    ['MB', [['GST', 4500], ['RST', 6300]]],
    ['SK', [['GST', 4500], ['PST', 5400]]],
  ] as const)('%s', (province, taxes) => {
    const money = invoiceMoney([desk(1000)], 10000, province, '2026-05-01')
    expect(money.subtotal_cents).toBe(100000)
    expect(money.taxes.map((tax) => [tax.code, tax.amount])).toEqual(taxes)
    expect(money.total_cents).toBe(90000 + sumCents(taxes.map(([, amount]) => amount)))
  })

  it('covers every province and territory', () => {
    expect(CANADIAN_PROVINCES.map((province) => invoiceMoney([desk(60)], 0, province, '2026-05-01').taxes.length > 0)).toEqual(CANADIAN_PROVINCES.map(() => true))
  })

  it('keeps an exempt line\'s share of the discount out of the provincial base', () => {
    // $300 taxable and $100 exempt, $40 off: $30 off the taxable part, $10 off the exempt one.
    const lines = [...itemLines([{ description: 'Work', quantity: '1', unit_price_cents: 30000, provincial_exempt: false }, { description: 'Books', quantity: '1', unit_price_cents: 10000, provincial_exempt: true }])]
    const money = invoiceMoney(lines, 4000, 'QC', '2026-05-01')
    expect(money.taxes.map((tax) => [tax.code, tax.base, tax.amount])).toEqual([
      ['GST', 36000, 1800],
      ['QST', 27000, 2693],
    ])
  })
})

describe('what an invoice shows adds up', () => {
  const line = fc.oneof(
    fc.record({ minutes: fc.integer({ min: 1, max: 20_000 }), rate: fc.integer({ min: 0, max: 50_000 }) }).map(({ minutes, rate }) => desk(minutes, rate)),
    fc
      .record({ units: fc.integer({ min: 1, max: 99_999 }), price: fc.integer({ min: 0, max: 100_000 }), exempt: fc.boolean() })
      .map(({ units, price, exempt }) => itemLines([{ description: 'x', quantity: (units / 100).toFixed(2), unit_price_cents: price, provincial_exempt: exempt }])[0]!),
  )

  it('lines sum to the subtotal, the taxes to the tax, and subtotal − discount + tax to the total, for any lines, discount and province', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...CANADIAN_PROVINCES), (lines: PricedLine[], share, province) => {
        const subtotal = sumCents(lines.map((item) => item.amount_cents))
        const discount = Math.floor(subtotal * share)
        const money = invoiceMoney(lines, discount, province, '2026-05-01')
        expect(money.subtotal_cents).toBe(subtotal)
        expect(money.tax_cents).toBe(sumCents(money.taxes.map((tax) => tax.amount)))
        expect(money.total_cents).toBe(money.subtotal_cents - money.discount_cents + money.tax_cents)
        // The federal tax (GST, or HST with its federal part) is charged on everything the client pays.
        const federal = money.taxes.filter((tax) => tax.code === 'GST' || tax.code === 'HST')
        expect(sumCents(federal.map((tax) => tax.base))).toBe(subtotal - discount)
      }),
    )
  })
})

describe('agingBucket', () => {
  it.each([
    ['2026-03-01', '2026-02-20', 'current'],
    ['2026-03-01', '2026-03-01', 'current'],
    ['2026-03-01', '2026-03-02', '1_30'],
    ['2026-03-01', '2026-03-31', '1_30'],
    ['2026-03-01', '2026-04-01', '31_60'],
    ['2026-03-01', '2026-05-30', '61_90'],
    ['2026-03-01', '2026-05-31', '90_plus'],
  ] as const)('due %s, on %s: %s', (due, today, bucket) => expect(agingBucket(due, today)).toBe(bucket))
})

describe('invoiceNumber', () => {
  it('prints the sequence on six digits after the prefix, longer numbers whole', () => {
    expect(invoiceNumber('INV-', 42)).toBe('INV-000042')
    expect(invoiceNumber('', 1)).toBe('000001')
    expect(invoiceNumber('EM-', 1_234_567)).toBe('EM-1234567')
  })
})
