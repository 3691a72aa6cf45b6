import { describe, expect, it } from 'vitest'
import { foldText, searchKey, sortKey } from './keys.ts'

describe('foldText', () => {
  it('ignores accents, case and extra spaces', () => {
    expect(foldText('  Montréal ')).toBe('montreal')
    expect(foldText('QUÉBEC')).toBe(foldText('quebec'))
    expect(foldText('Île-des-Sœurs')).toBe('ile-des-soeurs')
    expect(foldText('Peña  Núñez')).toBe('pena nunez')
  })

  it('folds plain ASCII the same way: case and extra spaces, tabs and line breaks included', () => {
    expect(foldText('  Client   2  ')).toBe('client 2')
    expect(foldText('K1A 0B1')).toBe('k1a 0b1')
    expect(foldText('Net 30,\tPO\non every invoice')).toBe('net 30, po on every invoice')
    expect(foldText('ACME ~ Co. [HQ] {East} `x`')).toBe('acme ~ co. [hq] {east} `x`')
  })

  it('folds text written with composed or decomposed accents alike', () => {
    expect(foldText('Rene\u0301')).toBe(foldText('René'))
  })

  it('folds Latin letters from its table exactly as decomposing the whole text does', () => {
    // The definition: decompose, strip the marks, lower the case, spell out ligatures, gather spaces.
    const ligatures: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i' }
    const decomposed = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[œæßøłđı]/g, (letter) => ligatures[letter] ?? letter)
        .replace(/\s+/g, ' ')
        .trim()
    const letters = Array.from({ length: 0x250 - 0x20 }, (_, offset) => String.fromCharCode(0x20 + offset)).filter((letter) => letter < '\x7f' || letter >= '\u00a0')
    for (const letter of letters) expect(foldText(`A${letter}b`), `U+${letter.charCodeAt(0).toString(16)}`).toBe(decomposed(`A${letter}b`))
    // Words of them, with runs of plain and no-break spaces at either end and between.
    let seed = 7
    const next = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % below
    const pool = [...letters, ' ', ' ', '\u00a0', 'É', 'ç', 'Œ', 'ß', 'İ', 'ǅ']
    for (let word = 0; word < 2000; word++) {
      const text = Array.from({ length: 1 + next(12) }, () => pool[next(pool.length)]).join('')
      expect(foldText(text), JSON.stringify(text)).toBe(decomposed(text))
    }
    expect(foldText('\u00a0Marie-Ève  TREMBLAY\u00a0')).toBe('marie-eve tremblay')
  })
})

describe('searchKey', () => {
  it('keeps the fields apart and leaves out empty ones', () => {
    const key = searchKey('Clinique Évangéline', null, 'Québec', '  ')
    expect(key).toContain('clinique evangeline')
    expect(key).toContain('quebec')
    expect(key).not.toContain('evangeline quebec')
  })
})

describe('sortKey', () => {
  it('puts numbers in their natural order', () => {
    const names = ['Client 10', 'client 2', 'Client 1', 'Client 02b', 'Client 100']
    expect([...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))).toEqual(['Client 1', 'client 2', 'Client 02b', 'Client 10', 'Client 100'])
  })

  it('sorts accented names among the others, whatever their case', () => {
    const names = ['Zeta', 'École Sainte-Anne', 'eau vive', 'Ottawa', 'île Perrot']
    expect([...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))).toEqual(['eau vive', 'École Sainte-Anne', 'île Perrot', 'Ottawa', 'Zeta'])
  })
})
