import { describe, expect, it } from 'vitest'
import { displayName, initials } from './person.ts'

describe('displayName', () => {
  it.each([
    [{ firstname: 'Marie-Ève', lastname: 'Tremblay' }, 'Marie-Ève Tremblay'],
    [{ firstname: '  Ana ', lastname: '' }, 'Ana'],
    [{ firstname: null, lastname: 'Singh', email: 'r@example.com' }, 'Singh'],
    [{ firstname: '', lastname: ' ', email: 'invitee@example.com' }, 'invitee@example.com'],
    [{}, ''],
  ])('%j → %j', (person, name) => {
    expect(displayName(person)).toBe(name)
  })
})

describe('initials', () => {
  it.each([
    [{ firstname: 'élise', lastname: 'Roy' }, 'ÉR'],
    [{ firstname: 'Jean Paul', lastname: 'Gagnon Lévesque' }, 'JL'],
    [{ firstname: 'Madonna' }, 'M'],
    [{ email: 'ana.lopez@example.com' }, 'AL'],
    [{ email: 'ops@example.com' }, 'O'],
    [{}, ''],
  ])('%j → %j', (person, letters) => {
    expect(initials(person)).toBe(letters)
  })
})
