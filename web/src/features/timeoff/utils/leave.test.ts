import { describe, expect, it } from 'vitest'
import { formatLeave, formatLeaveTotal, whenText } from './leave.ts'

const request = { period: 'days', start_date: '2027-03-12', end_date: '2027-03-14', half: null, start_time: null, end_time: null } as const

describe('leave in words', () => {
  it('counts days of the category’s length or hours, in the reader’s language', () => {
    expect(formatLeave(1680, 'days', 480, 'en')).toBe('3.5 days')
    expect(formatLeave(480, 'days', 480, 'en')).toBe('1 day')
    // French and Spanish put a no-break space before the unit.
    const spaced = (text: string) => text.replace(/\s/g, ' ')
    expect(spaced(formatLeave(1680, 'days', 480, 'fr'))).toBe('3,5 jours')
    expect(spaced(formatLeave(135, 'hours', 480, 'es'))).toBe('2,25 horas')
  })

  it('adds up several requests, keeping days and hours apart', () => {
    const taking = (minutes: number, unit: 'days' | 'hours', day_minutes = 480) => ({ minutes, category: { id: '', name: '', colour: '', paid: true, unit, day_minutes } })
    expect(formatLeaveTotal([taking(1440, 'days'), taking(225, 'days', 450)], 'en')).toBe('3.5 days')
    expect(formatLeaveTotal([taking(960, 'days'), taking(150, 'hours')], 'en')).toBe('2 days and 2.5 hours')
    expect(formatLeaveTotal([taking(960, 'days'), taking(150, 'hours')], 'fr').replace(/\s/g, ' ')).toBe('2 jours et 2,5 heures')
  })

  it('says when: the days, or the day and its half or hours', () => {
    const half = (which: string) => (which === 'morning' ? 'morning' : 'afternoon')
    expect(whenText(request, 'en', half)).toBe('Fri, Mar 12, 2027 – Sun, Mar 14, 2027')
    expect(whenText({ ...request, end_date: '2027-03-12', period: 'half_day', half: 'afternoon' }, 'en', half)).toBe('Fri, Mar 12, 2027 · afternoon')
    expect(whenText({ ...request, end_date: '2027-03-12', period: 'hours', start_time: '14:00', end_time: '16:15' }, 'en', half)).toBe('Fri, Mar 12, 2027 · 14:00–16:15')
  })
})
