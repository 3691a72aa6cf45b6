import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CreateServiceBody, DurationMinutes, HexColour, MoneyFromDollars, parseDollars, Service, UpdateServiceBody } from './service.ts'

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('parseDollars', () => {
  it.each([
    ['45', 4500],
    ['45.50', 4550],
    ['45,50', 4550],
    ['45.5', 4550],
    ['45,5', 4550],
    ['0', 0],
    ['0.07', 7],
    ['$45.50', 4550],
    ['45,50 $', 4550],
    [' 45.50 ', 4550],
    ['1,234.50', 123450],
    ['1.234,50', 123450],
    ['1 234,50', 123450],
    ['1\u00a0234,50', 123450],
    ['1\u202f234,50 $', 123450],
    ['12,345,678.90', 1234567890],
  ])('%j → %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents)
  })

  it.each(['', 'abc', '-5', '45.505', '1.234', '4 5', '1,23,456', '.50', '45.', '$', '1e3', '12 34', '0,005', '0,500.00', '0 500', '01,234'])('%j is not an amount', (text) => {
    expect(parseDollars(text)).toBeNull()
    expect(parseDollars(text, 'en')).toBeNull()
  })

  it('reads a comma before three digits as thousands only for an English reader: in French or Spanish it is a decimal comma, and in a CSV cell it cannot be told', () => {
    expect(parseDollars('2,500', 'en')).toBe(250000)
    expect(parseDollars('12,345,678', 'en')).toBe(1234567800)
    for (const text of ['2,500', '17,775', '12,345']) {
      expect(parseDollars(text, 'fr')).toBeNull()
      expect(parseDollars(text, 'es')).toBeNull()
      expect(parseDollars(text)).toBeNull()
    }
    expect(parseDollars('2,50', 'fr')).toBe(250)
    expect(parseDollars('2 500,50', 'fr')).toBe(250050)
    expect(parseDollars('2,500.50')).toBe(250050)
  })
})

describe('MoneyFromDollars', () => {
  it('reads a rate field into cents', () => {
    expect(MoneyFromDollars.parse('38.75')).toBe(3875)
  })

  it.each([
    ['forty', ': Use an amount in dollars such as 45.50'],
    ['-12', ': Use an amount in dollars such as 45.50'],
    ['100000.01', ': Use at most $100,000.00'],
  ])('refuses %j', (text, message) => {
    expect(messages(MoneyFromDollars.safeParse(text))).toEqual([message])
  })
})

describe('HexColour', () => {
  it.each([
    ['#0d9488', '#0d9488'],
    ['#F59E0B', '#f59e0b'],
    [' #aBcDeF ', '#abcdef'],
  ])('accepts %j as %j', (typed, stored) => {
    expect(HexColour.parse(typed)).toBe(stored)
  })

  it.each(['0d9488', '#0d948', '#0d94888', '#0g9488', 'teal', '', '#fff'])('refuses %j', (typed) => {
    expect(messages(HexColour.safeParse(typed))).toEqual([': Use a colour such as #0d9488'])
  })
})

describe('DurationMinutes', () => {
  it.each([5, 30, 60, 480, 1440])('%i minutes is a duration', (minutes) => {
    expect(DurationMinutes.safeParse(minutes).success).toBe(true)
  })
  it.each([
    [4, 'Use at least 5 minutes'],
    [0, 'Use at least 5 minutes'],
    [1441, 'Use at most 1440 minutes (24 hours)'],
    [90.5, 'Use whole minutes'],
  ])('%d minutes is not: %s', (minutes, message) => {
    expect(messages(DurationMinutes.safeParse(minutes))).toEqual([`: ${message}`])
  })
})

describe('CreateServiceBody', () => {
  it('needs a name and both rates, and defaults the rest', () => {
    expect(CreateServiceBody.parse({ name: 'Snow removal', bill_rate_cents: 6500, pay_rate_cents: 2800 })).toEqual({
      name: 'Snow removal',
      description: null,
      colour: '#0d9488',
      default_duration_minutes: 60,
      bill_rate_cents: 6500,
      pay_rate_cents: 2800,
      active: true,
    })
  })

  it('leaves the exemption from the provincial sales tax to the column default unless it is given', () => {
    const body = { name: 'Home care', bill_rate_cents: 5200, pay_rate_cents: 2600 }
    expect(CreateServiceBody.parse(body)).not.toHaveProperty('provincial_exempt')
    expect(CreateServiceBody.parse({ ...body, provincial_exempt: true })).toMatchObject({ provincial_exempt: true })
    expect(messages(CreateServiceBody.safeParse({ ...body, provincial_exempt: 'yes' }))).toHaveLength(1)
  })

  it('accepts a service given for free', () => {
    expect(CreateServiceBody.safeParse({ name: 'Orientation', bill_rate_cents: 0, pay_rate_cents: 0 }).success).toBe(true)
  })

  it.each([
    [{ name: '' }, 'name: Required'],
    [{ bill_rate_cents: undefined }, 'bill_rate_cents: Required'],
    [{ pay_rate_cents: -1 }, 'pay_rate_cents: Use zero or more'],
    [{ bill_rate_cents: 45.5 }, 'bill_rate_cents: Use whole cents'],
    [{ bill_rate_cents: 10_000_001 }, 'bill_rate_cents: Use at most $100,000.00'],
    [{ colour: 'teal' }, 'colour: Use a colour such as #0d9488'],
    [{ default_duration_minutes: 2 }, 'default_duration_minutes: Use at least 5 minutes'],
    [{ description: 'd'.repeat(2001) }, 'description: Use at most 2000 characters'],
  ])('refuses %j', (change, message) => {
    expect(messages(CreateServiceBody.safeParse({ name: 'Cleaning', bill_rate_cents: 4550, pay_rate_cents: 2400, ...change }))).toEqual([
      message,
    ])
  })
})

describe('UpdateServiceBody', () => {
  it('changes only what it carries, with the version read', () => {
    expect(UpdateServiceBody.parse({ bill_rate_cents: 4800, version: 2 })).toEqual({ bill_rate_cents: 4800, version: 2 })
    expect(UpdateServiceBody.safeParse({ bill_rate_cents: 4800 }).success).toBe(false)
  })
})

describe('JSON Schema for the API docs', () => {
  it.each([
    ['CreateServiceBody', CreateServiceBody],
    ['UpdateServiceBody', UpdateServiceBody],
    ['Service', Service],
  ] as const)('publishes %s', (_, schema) => {
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ type: 'object' })
    expect(z.toJSONSchema(schema)).toMatchObject({ type: 'object' })
  })
})

describe('Service', () => {
  it('describes a stored service', () => {
    const stored = {
      id: '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b',
      ...CreateServiceBody.parse({ name: 'Cleaning', bill_rate_cents: 4550, pay_rate_cents: 2400 }),
      provincial_exempt: false,
      created_at: '2025-01-02T15:00:00Z',
      updated_at: '2025-01-02T15:00:00Z',
      version: 1,
    }
    expect(Service.parse(stored)).toEqual(stored)
  })
})
