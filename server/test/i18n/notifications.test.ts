import { describe, expect, it } from 'vitest'
import { notificationTitle } from '../../src/i18n/notifications.ts'

describe('notificationTitle', () => {
  it('writes a day the way each language does, and one full stop after a day that ends abbreviated', () => {
    expect(notificationTitle('shift_swap_requested', 'fr', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández a demandé à échanger son quart du ven. 4 déc.')
    expect(notificationTitle('shift_swap_requested', 'en', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández asked to swap their shift on Fri, Dec 4.')
    expect(notificationTitle('shift_swap_requested', 'es', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández pidió intercambiar su turno del vie, 4 dic.')
  })

  it('keeps one full stop after an abbreviated day inside the text as well', () => {
    const text = notificationTitle('timeoff_approved_unassigned', 'fr', { category: 'Vacances', from: '2026-12-02', to: '2026-12-05', count: '2' })
    expect(text).toBe('Votre congé (Vacances) a été approuvé : mer. 2 déc. – sam. 5 déc. Vos quarts pendant ce congé vous ont été retirés (2).')
  })

  it('names a time-off category Rota made in the recipient\'s language, and one the business named as written', () => {
    const values = { name: 'Amélie Côté', from: '2026-12-02', to: '2026-12-02' }
    expect(notificationTitle('timeoff_requested', 'es', { ...values, category: 'Vacation' })).toMatch(/^Amélie Côté pidió una ausencia \(Vacaciones\)/)
    expect(notificationTitle('timeoff_requested', 'fr', { ...values, category: 'Summer shutdown' })).toMatch(/^Amélie Côté a demandé un congé \(Summer shutdown\)/)
  })
})
