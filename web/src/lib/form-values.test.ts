import { describe, expect, it } from 'vitest'
import { hoursAsMinutes, hoursText, optionalHoursAsMinutes } from './form-values.ts'

describe('hours in forms', () => {
  it('reads hours as people write them, and shows minutes back as the same hours', () => {
    expect(hoursAsMinutes.parse('37,5')).toBe(2250)
    expect(hoursAsMinutes.parse(' 8 ')).toBe(480)
    expect(hoursText(2250)).toBe('37.5')
    expect(hoursText(480)).toBe('8')
    expect(hoursText(null)).toBe('')
    expect(hoursAsMinutes.parse(hoursText(1234))).toBe(1234)
  })

  it('refuses what is not hours, and takes an empty optional field as none', () => {
    expect(hoursAsMinutes.safeParse('8.125').error?.issues[0]?.message).toBe('Use a number of hours such as 8 or 37.5')
    expect(optionalHoursAsMinutes.safeParse('lots').error?.issues[0]?.message).toBe('Use a number of hours such as 8 or 37.5')
    expect(optionalHoursAsMinutes.parse('')).toBeNull()
  })
})
