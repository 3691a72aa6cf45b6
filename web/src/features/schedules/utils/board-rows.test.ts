import { describe, expect, it } from 'vitest'
import { shift } from '../../../testing/records.ts'
import { boardRows, dayTotals, keepUnchanged, NO_FILTERS, rowChange, totalsOf, type Person } from './board-rows.ts'

const week = ['2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13', '2025-03-14', '2025-03-15']
const manager = { id: 'role-manager', name: 'Manager' }
const staff = { id: 'role-staff', name: 'Staff' }
const team: Person[] = [
  { id: 'ana', name: 'Ana Diaz', role: staff },
  { id: 'ben', name: 'Ben Roy', role: manager },
]
const clients = [
  { id: 'harbour', name: 'Harbourfront Centre', city: 'Toronto' },
  { id: 'clinic', name: 'Clinique Montréal', city: 'Montréal' },
]
const harbour = { ...shift().location, id: 'harbour', name: 'Harbourfront Centre' }
const clinic = { ...shift().location, id: 'clinic', name: 'Clinique Montréal', street: '1560 Rue Sherbrooke E', city: 'Montréal', province: 'QC' as const, postal_code: 'H2L 4M1' }
const shifts = [
  shift({ id: 'a1', staff: { id: 'ana', name: 'Ana Diaz' }, date: '2025-03-10', starts_at: '2025-03-10T13:00:00Z', location: harbour, paid_minutes: 450, cost_cents: 18_375, value_cents: 48_750 }),
  shift({ id: 'a0', staff: { id: 'ana', name: 'Ana Diaz' }, date: '2025-03-10', starts_at: '2025-03-10T11:00:00Z', location: clinic, paid_minutes: 60, cost_cents: 2_450, value_cents: 6_500 }),
  shift({ id: 'open', staff: null, date: '2025-03-12', location: clinic, paid_minutes: 240, cost_cents: 11_200, value_cents: 26_000 }),
  shift({ id: 'gone', staff: { id: 'zoe', name: 'Zoé Former' }, date: '2025-03-11', location: harbour, paid_minutes: 120, cost_cents: 5_000, value_cents: 13_000 }),
  shift({ id: 'off', staff: { id: 'ben', name: 'Ben Roy' }, date: '2025-03-13', status: 'cancelled', location: harbour, paid_minutes: 480, cost_cents: 20_000, value_cents: 52_000 }),
  shift({ id: 'later', staff: { id: 'ana', name: 'Ana Diaz' }, date: '2025-03-17', location: harbour }),
]
const rows = (overrides: Partial<Parameters<typeof boardRows>[0]> = {}) => boardRows({ shifts, dates: week, by: 'staff', team, clients, filters: NO_FILTERS, ...overrides })
const keys = (result: ReturnType<typeof boardRows>) => result.map((row) => row.key)

describe('the board’s rows', () => {
  it('puts the open shifts first, then the team, then anyone else the week’s shifts name, each day in time order', () => {
    const result = rows()
    expect(keys(result)).toEqual(['open', 'staff:ana', 'staff:ben', 'staff:zoe'])
    expect(result[1]!.cells.get('2025-03-10')!.map((one) => one.id)).toEqual(['a0', 'a1'])
    expect(result[1]!.cells.get('2025-03-11')).toEqual([])
    expect([...result[1]!.cells.keys()]).toEqual(week)
    expect(result.flatMap((row) => [...row.cells.values()].flat()).map((one) => one.id)).not.toContain('later')
  })

  it('adds up each row’s paid time, cost and value, leaving cancelled shifts out', () => {
    const [open, ana, ben] = rows()
    expect(ana!.totals).toEqual({ minutes: 510, cost: 20_825, value: 55_250, count: 2 })
    expect(open!.totals.minutes).toBe(240)
    expect(ben!.totals).toEqual({ minutes: 0, cost: 0, value: 0, count: 0 })
    expect(totalsOf(shifts.slice(0, 5)).minutes).toBe(450 + 60 + 240 + 120)
  })

  it('adds up each day over the rows shown', () => {
    const days = dayTotals(rows(), week)
    expect(days.get('2025-03-10')).toEqual({ minutes: 510, cost: 20_825, value: 55_250, count: 2 })
    expect(days.get('2025-03-13')!.count).toBe(0)
    expect(days.get('2025-03-09')!.minutes).toBe(0)
  })

  it('draws a row per client instead, with every client listed', () => {
    const result = rows({ by: 'client' })
    expect(keys(result)).toEqual(['client:clinic', 'client:harbour'])
    expect(result[0]!.cells.get('2025-03-12')!.map((one) => one.id)).toEqual(['open'])
    expect(result[0]!.detail).toBe('Montréal')
  })

  it('narrows to a client or a service and keeps every person’s row to drop on', () => {
    const result = rows({ filters: { ...NO_FILTERS, client: 'clinic' } })
    expect(keys(result)).toEqual(['open', 'staff:ana', 'staff:ben'])
    expect(result[1]!.cells.get('2025-03-10')!.map((one) => one.id)).toEqual(['a0'])
    expect(rows({ filters: { ...NO_FILTERS, service: 'none' } }).every((row) => row.totals.count === 0)).toBe(true)
  })

  it('narrows to one person, to the open shifts, or to a role', () => {
    expect(keys(rows({ filters: { ...NO_FILTERS, staff: 'ben' } }))).toEqual(['staff:ben'])
    expect(keys(rows({ filters: { ...NO_FILTERS, staff: 'open' } }))).toEqual(['open'])
    expect(keys(rows({ filters: { ...NO_FILTERS, role: 'role-manager' } }))).toEqual(['staff:ben'])
  })

  it('searches without caring for accents or case: a row by its name, or the shifts that mention the words', () => {
    const byName = rows({ filters: { ...NO_FILTERS, search: 'ana' } })
    expect(keys(byName)).toEqual(['staff:ana'])
    expect(byName[0]!.totals.count).toBe(2)
    const byClient = rows({ filters: { ...NO_FILTERS, search: 'montreal' } })
    expect(keys(byClient)).toEqual(['open', 'staff:ana'])
    expect(byClient[1]!.cells.get('2025-03-10')!.map((one) => one.id)).toEqual(['a0'])
    expect(rows({ filters: { ...NO_FILTERS, search: 'nobody at all' } })).toEqual([])
  })

  it('says what a shift dropped on a row becomes', () => {
    expect(rowChange('open')).toEqual({ staff_id: null })
    expect(rowChange('staff:ana')).toEqual({ staff_id: 'ana' })
    expect(rowChange('client:clinic')).toEqual({ location_id: 'clinic' })
  })

  it('keeps every row a moved card neither left nor reached, so only those two are drawn again', () => {
    const before = rows()
    const moved = shifts.map((one) => (one.id === 'open' ? { ...one, staff: { id: 'ben', name: 'Ben Roy' } } : one))
    const after = keepUnchanged(before, rows({ shifts: moved }))
    expect(after.map((row) => row === before.find((old) => old.key === row.key))).toEqual([false, true, false, true])
    expect(after[2]!.cells.get('2025-03-12')!.map((one) => one.id)).toEqual(['open'])
    // Shifts are compared as objects: the same shifts made anew make every row new.
    expect(keepUnchanged(before, rows({ shifts: shifts.map((one) => ({ ...one })) })).some((row, index) => row === before[index])).toBe(false)
  })
})
