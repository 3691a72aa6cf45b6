import { describe, expect, it } from 'vitest'
import { checkOf, repeatDayOf, repeatRule, ShiftForm } from './shift-form.ts'

const client = '00000000-0000-4000-8000-000000000500'
const service = '00000000-0000-4000-8000-000000000600'
const base = { location_id: client, service_id: service, date: '2026-03-09', start: '22:00', end: '06:00' }

describe('the shift form', () => {
  it('makes an open shift of "nobody", no break of an empty one, and null notes of empty ones', () => {
    const parsed = ShiftForm.parse({ ...base, staff_id: '' })
    expect(parsed.shift).toEqual({ ...base, staff_id: null, break_minutes: 0, notes: null })
    expect(parsed.repeat).toBeUndefined()
    expect(parsed.scope).toBe('this')
  })

  it('repeats weekly on the days ticked and always on the shift’s own day, a number of times or until a day', () => {
    expect(ShiftForm.parse({ ...base, repeat: 'on', repeat_WE: 'on', repeat_count: '4' }).repeat).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4' })
    expect(ShiftForm.parse({ ...base, repeat: 'on', repeat_end: 'until', repeat_until: '2026-04-30' }).repeat).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260430' })
  })

  it('refuses a repeat that ends before it starts or that has no sensible count', () => {
    const early = ShiftForm.safeParse({ ...base, repeat: 'on', repeat_end: 'until', repeat_until: '2026-03-01' })
    expect(early.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['repeat_until'])
    const none = ShiftForm.safeParse({ ...base, repeat: 'on', repeat_count: '0' })
    expect(none.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['repeat_count'])
    expect(ShiftForm.safeParse({ ...base, break_minutes: 'ten' }).success).toBe(false)
  })

  it('writes RFC 5545 rules and names the day of a date', () => {
    expect(repeatRule(['FR'], { until: '2026-12-31' })).toBe('FREQ=WEEKLY;BYDAY=FR;UNTIL=20261231')
    expect(repeatDayOf('2026-03-08')).toBe('SU')
  })

  it('asks the server about a shift only once its parts are all there', () => {
    expect(checkOf({ ...base, staff_id: '' })).toEqual({ ...base, staff_id: null, break_minutes: 0, notes: null })
    expect(checkOf({ ...base, break_minutes: '30' }, '00000000-0000-4000-8000-000000000800')).toMatchObject({ break_minutes: 30, id: '00000000-0000-4000-8000-000000000800' })
    expect(checkOf({ ...base, start: '' })).toBeNull()
    expect(checkOf({ ...base, location_id: '' })).toBeNull()
  })
})
