import { describe, expect, it } from 'vitest'
import { notificationTitle } from '../../src/i18n/notifications.ts'

describe('notificationTitle', () => {
  it('writes a day the way each language does, and one full stop after a day that ends abbreviated', () => {
    expect(notificationTitle('shift_swap_requested', 'fr', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández a demandé à échanger son quart du ven. 4 déc.')
    expect(notificationTitle('shift_swap_requested', 'en', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández asked to swap their shift on Fri, Dec 4.')
    expect(notificationTitle('shift_swap_requested', 'es', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández pidió intercambiar su turno del vie, 4 dic.')
  })
})
