import { describe, expect, it } from 'vitest'
import { fontSafeText, keepComposed, UNDRAWABLE_MARK } from './font-safe-text.ts'

/** A font with Latin, Greek, Cyrillic, Vietnamese letters and punctuation, but no CJK, Arabic, arrows or emoji (as Noto Sans). */
const latinFont = (codePoint: number) => (codePoint >= 0x20 && codePoint < 0x590 && codePoint !== 0xad) || (codePoint >= 0x1e00 && codePoint < 0x2190 && (codePoint < 0x200b || codePoint > 0x200f)) || codePoint === 0x2212
const MARK = UNDRAWABLE_MARK

describe('fontSafeText', () => {
  it('keeps every letter the font has, composing letters typed with combining accents', () => {
    expect(fontSafeText('Łukasz Wróbel — Nguyễn Văn Phước, Ελένη’s € kit, Жанна', latinFont)).toBe('Łukasz Wróbel — Nguyễn Văn Phước, Ελένη’s € kit, Жанна')
    expect(fontSafeText('Phu\u031bo\u031b\u0301c', latinFont)).toBe('Phước')
    expect(fontSafeText('1\u202f234,50\u00a0$ \u2212 15', latinFont)).toBe('1\u202f234,50\u00a0$ \u2212 15')
  })

  it('leaves out an emoji the font lacks with the space beside it, wherever it stands', () => {
    expect(fontSafeText('Ménage Étoile 🧹 Cleaning', latinFont)).toBe('Ménage Étoile Cleaning')
    expect(fontSafeText('Merci! 🙏', latinFont)).toBe('Merci!')
    expect(fontSafeText('🧹 Cleaning', latinFont)).toBe('Cleaning')
    expect(fontSafeText('Clean🧹ing', latinFont)).toBe('Cleaning')
    // A family, a flag, a thumb with its skin tone and a heart with its variation selector are one emoji each.
    expect(fontSafeText('We 👨‍👩‍👧 🇨🇦 👍🏽 ❤️ you', latinFont)).toBe('We you')
    expect(fontSafeText('Supplies 🧽\nMops', latinFont)).toBe('Supplies\nMops')
  })

  it('puts one visible mark for each run of other characters the font lacks, never one per byte or letter', () => {
    expect(fontSafeText('王小明', latinFont)).toBe(MARK)
    expect(fontSafeText('Wang (王小明)', latinFont)).toBe(`Wang (${MARK})`)
    expect(fontSafeText('مريم و يوسف', latinFont)).toBe(`${MARK} ${MARK} ${MARK}`)
    expect(fontSafeText('A → B', latinFont)).toBe(`A ${MARK} B`)
  })

  it('keeps line breaks, drops invisible characters the font lacks, and never comes out blank for text that was not', () => {
    expect(fontSafeText('Line one\r\nLine two\n', latinFont)).toBe('Line one\r\nLine two\n')
    expect(fontSafeText('co\u00adop\u200d', latinFont)).toBe('coop')
    expect(fontSafeText('🧹', latinFont)).toBe(MARK)
    expect(fontSafeText('', latinFont)).toBe('')
    expect(fontSafeText('  ', latinFont)).toBe('  ')
  })
})

describe('keepComposed', () => {
  it('lays text out without glyph composition, with a fresh set of features on every call', () => {
    const seen: unknown[] = []
    const font = keepComposed({
      layout(text: string, features?: string[] | Record<string, boolean>) {
        seen.push(features)
        // fontkit writes the features it applied into the object it is given.
        Object.assign(features as object, { frac: true })
        return text
      },
    })
    expect(font.layout('Thị')).toBe('Thị')
    font.layout('1/2', ['liga'])
    font.layout('Thị', { kern: false })
    expect(seen).toEqual([
      { ccmp: false, frac: true },
      { liga: true, ccmp: false, frac: true },
      { kern: false, ccmp: false, frac: true },
    ])
    expect(seen[0]).not.toBe(seen[2])
  })
})
