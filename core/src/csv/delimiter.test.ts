import { describe, expect, it } from 'vitest'
import { csvDelimiter } from './delimiter.ts'

describe('csvDelimiter', () => {
  it('tells semicolons from commas by the header line alone', () => {
    expect(csvDelimiter('nom;personne_contact;courriel;ville\r\nBureau Dupuis;Marie, Ève;;Montréal')).toBe(';')
    expect(csvDelimiter('name,street,city\nA;B;C;D;E,1 Main,Ottawa')).toBe(',')
    expect(csvDelimiter('"name;x",street,city')).toBe(',')
    expect(csvDelimiter('\uFEFFname;city')).toBe(';')
    expect(csvDelimiter('name')).toBe(',')
    expect(csvDelimiter('')).toBe(',')
  })
})
