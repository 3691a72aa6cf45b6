import { describe, expect, it } from 'vitest'
import { notificationTitle } from '../../src/i18n/notifications.ts'

describe('notificationTitle', () => {
  it('writes a day the way each language does, and one full stop after a day that ends abbreviated', () => {
    expect(notificationTitle('shift_swap_requested', 'fr', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández a demandé à échanger son quart du vendredi 4 déc.')
    expect(notificationTitle('shift_swap_requested', 'en', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández asked to swap their shift on Fri, Dec 4.')
    expect(notificationTitle('shift_swap_requested', 'es', { name: 'Sofía Hernández', date: '2026-12-04' })).toBe('Sofía Hernández pidió intercambiar su turno del vie, 4 dic.')
  })

  it('keeps one full stop after an abbreviated day inside the text as well', () => {
    const text = notificationTitle('timeoff_approved_unassigned', 'fr', { category: 'Vacances', from: '2026-12-02', to: '2026-12-05', count: '2' })
    expect(text).toBe('Votre congé (Vacances) a été approuvé : mercredi 2 déc. – samedi 5 déc. Vos quarts pendant ce congé vous ont été retirés (2).')
  })

  it('names a time-off category Rota made in the recipient\'s language, and one the business named as written', () => {
    const values = { name: 'Amélie Côté', from: '2026-12-02', to: '2026-12-02' }
    expect(notificationTitle('timeoff_requested', 'es', { ...values, category: 'Vacation' })).toMatch(/^Amélie Côté pidió una ausencia \(Vacaciones\)/)
    expect(notificationTitle('timeoff_requested', 'fr', { ...values, category: 'Summer shutdown' })).toMatch(/^Amélie Côté a demandé un congé \(Summer shutdown\)/)
  })

  it('names the business-wide channel in the recipient\'s language, and another by its own name', () => {
    const values = { name: 'Chloé Tremblay', channel: '#', channel_kind: 'everyone', text: 'Merci !' }
    expect(notificationTitle('chat_mention', 'fr', values)).toBe('Chloé Tremblay vous a mentionné dans #Tout le monde : Merci !')
    expect(notificationTitle('chat_mention', 'es', values)).toBe('Chloé Tremblay le mencionó en #Todos: Merci !')
    expect(notificationTitle('chat_mention', 'en', { ...values, channel: '#Night crew', channel_kind: 'custom' })).toBe('Chloé Tremblay mentioned you in #Night crew: Merci !')
  })

  it('asks in French for an open shift, and to give one up, in words that suit anyone', () => {
    expect(notificationTitle('shift_take_requested', 'fr', { name: 'Sophie Bélanger', date: '2026-12-12' })).toBe('Sophie Bélanger a demandé le quart ouvert du samedi 12 déc.')
    expect(notificationTitle('shift_drop_requested', 'fr', { name: 'Sophie Bélanger', date: '2026-12-12' })).toBe('Sophie Bélanger a demandé à céder son quart du samedi 12 déc.')
  })

  it('says what an approved request gives the person, by its kind, in each language', () => {
    const date = '2026-12-04'
    expect(notificationTitle('shift_take_approved', 'en', { date })).toBe('The open shift on Fri, Dec 4 is yours.')
    expect(notificationTitle('shift_take_approved', 'fr', { date })).toBe('Le quart ouvert du vendredi 4 déc. est à vous.')
    expect(notificationTitle('shift_take_approved', 'es', { date })).toBe('El turno abierto del vie, 4 dic es suyo.')
    expect(notificationTitle('shift_drop_approved', 'en', { date })).toBe('You no longer work the shift on Fri, Dec 4.')
    expect(notificationTitle('shift_drop_approved', 'fr', { date })).toBe('Vous ne travaillez plus le quart du vendredi 4 déc.')
    expect(notificationTitle('shift_drop_approved', 'es', { date })).toBe('Ya no trabaja el turno del vie, 4 dic.')
  })

  it('tells each of two who swap what they now work instead, in each language', () => {
    const values = { date: '2026-12-04', time: '13:00–16:00', other_date: '2026-12-01', other_time: '09:00–12:00' }
    expect(notificationTitle('shift_swap_approved', 'en', values)).toBe('Your swap was approved: you now work Fri, Dec 4, 13:00–16:00, instead of Tue, Dec 1, 09:00–12:00.')
    expect(notificationTitle('shift_swap_approved', 'fr', values)).toBe('Votre échange a été approuvé : vous travaillez maintenant le vendredi 4 déc., 13:00–16:00, au lieu du mardi 1 déc., 09:00–12:00.')
    expect(notificationTitle('shift_swap_approved', 'es', values)).toBe('Su intercambio fue aprobado: ahora trabaja el vie, 4 dic, 13:00–16:00, en lugar del mar, 1 dic, 09:00–12:00.')
    const mirror = { date: '2026-12-01', time: '09:00–12:00', other_date: '2026-12-04', other_time: '13:00–16:00', name: 'Sofía Hernández' }
    expect(notificationTitle('shift_swapped', 'en', mirror)).toBe('Your shift was swapped with Sofía Hernández: you now work Tue, Dec 1, 09:00–12:00, instead of Fri, Dec 4, 13:00–16:00.')
    expect(notificationTitle('shift_swapped', 'fr', mirror)).toBe('Votre quart a été échangé avec Sofía Hernández : vous travaillez maintenant le mardi 1 déc., 09:00–12:00, au lieu du vendredi 4 déc., 13:00–16:00.')
    expect(notificationTitle('shift_swapped', 'es', mirror)).toBe('Su turno se intercambió con Sofía Hernández: ahora trabaja el mar, 1 dic, 09:00–12:00, en lugar del vie, 4 dic, 13:00–16:00.')
  })
})
