import { format, startOfWeek } from 'date-fns'
import { describe, expect, it } from 'vitest'
import { dateLocale } from './date-locale.ts'

describe('date locales', () => {
  it('start French and Spanish weeks on Monday, Canadian English ones on Sunday', () => {
    const thursday = new Date(2025, 2, 6)
    expect(startOfWeek(thursday, { locale: dateLocale('fr') }).getDay()).toBe(1)
    expect(startOfWeek(thursday, { locale: dateLocale('es') }).getDay()).toBe(1)
    expect(startOfWeek(thursday, { locale: dateLocale('en') }).getDay()).toBe(0)
    expect(format(thursday, 'EEEE d MMMM', { locale: dateLocale('fr') })).toBe('jeudi 6 mars')
  })
})
