import type { TimeoffCalendarEntry } from '@rota/core'
import { describe, expect, it } from 'vitest'
import { awayByRow, partOfDay, wholeDay } from './away.ts'

const entry = (extra: Partial<TimeoffCalendarEntry>): TimeoffCalendarEntry => ({
  id: '00000000-0000-4000-8000-000000000001',
  staff: { id: 'u1', name: 'Ana' },
  category: { id: 'c1', name: 'Vacation', colour: '#0d9488' },
  status: 'approved',
  period: 'days',
  start_date: '2027-03-09',
  end_date: '2027-03-11',
  half: null,
  start_time: null,
  end_time: null,
  starts_at: '2027-03-09T05:00:00.000Z',
  ends_at: '2027-03-12T04:00:00.000Z',
  ...extra,
})

describe('time off on the board', () => {
  it('marks each shown day of the person’s row between its first and last day', () => {
    const week = ['2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12']
    const rows = awayByRow([entry({})], week)
    expect([...rows.get('staff:u1')!.keys()]).toEqual(['2027-03-09', '2027-03-10', '2027-03-11'])
    expect(rows.get('staff:u2')).toBeUndefined()
  })

  it('blocks drops on whole days only: a few hours off leave the rest of the day to the scheduler', () => {
    expect(wholeDay([entry({})])).toBe(true)
    expect(wholeDay([entry({ period: 'hours', start_time: '09:00', end_time: '11:00' })])).toBe(false)
    expect(wholeDay([entry({ period: 'half_day', half: 'morning' })])).toBe(false)
  })

  it('blocks nothing for a request not yet decided: the server still takes shifts then', () => {
    expect(wholeDay([entry({ status: 'pending' })])).toBe(false)
    expect(wholeDay([entry({ status: 'cancellation_requested' })])).toBe(true)
  })

  it('writes the end of a day as 24:00, not 23:59', () => {
    expect(partOfDay(entry({ period: 'half_day', half: 'afternoon' }))).toEqual({ from: '12:00', to: '24:00' })
    expect(partOfDay(entry({ period: 'half_day', half: 'morning' }))).toEqual({ from: '00:00', to: '12:00' })
    expect(partOfDay(entry({ period: 'hours', start_time: '22:00', end_time: '00:00' }))).toEqual({ from: '22:00', to: '24:00' })
    expect(partOfDay(entry({}))).toBeNull()
  })
})
