/** Letters that carry no accent mark to strip but are still written other ways (cœur, Æsop, Straße). */
const ligatures: Readonly<Record<string, string>> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i' }

/** Digits a run of them is padded to, so "2" sorts before "10" by plain comparison. */
const NUMBER_WIDTH = 12

/** Text whose only space is the plain one and that has no letter to decompose. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/** Text of plain ASCII and Latin letters, accented or not (Latin-1 to Latin Extended-B), with no control character or lone accent mark. */
const LATIN = /^[\x20-\x7e\u00a0-\u024f]*$/
/** The Latin letters (and signs) past ASCII in such text. */
const PAST_ASCII = /[\u00a0-\u024f]/g

/**
 * Accents, case and ligatures taken off (no space gathered, none trimmed); the whole fold
 * of text that is not `LATIN`.
 */
const unmark = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøłđı]/g, (letter) => ligatures[letter] ?? letter)

let latinFolds: ReadonlyMap<string, string> | undefined

/**
 * A Latin letter past ASCII, unmarked, from a table of them all: a letter folds alone the same
 * as within a word (decomposition, accents and case in this range take no context), and the
 * no-break space becomes the plain one, as every other space does. The table is built the
 * first time an accented letter is folded, not by every process that loads core.
 */
function foldLatin(letter: string): string {
  latinFolds ??= new Map(
    Array.from({ length: 0x250 - 0xa0 }, (_, offset) => {
      const each = String.fromCharCode(0xa0 + offset)
      return [each, /\s/.test(each) ? ' ' : unmark(each)] as const
    }),
  )
  return latinFolds.get(letter) ?? letter
}

/** Runs of the plain space gathered into one, and none at either end. */
const tidySpaces = (text: string): string =>
  text.includes('  ') || text.startsWith(' ') || text.endsWith(' ') ? text.replace(/ +/g, ' ').trim() : text

/** Separates the fields of a search key: nobody types it, so a search never spans two fields. */
const FIELD_SEPARATOR = '\u001f'

/**
 * Text as Rota compares it when searching and sorting: accents, case and extra spaces
 * ignored, so "montreal" finds "Montréal" and "QUÉBEC" finds "Québec". The same function
 * folds what is stored and what is searched for, in TypeScript, so PGlite and PostgreSQL
 * compare identical strings whatever their collations or extensions.
 * @example
 * foldText('  Cœur de  Montréal ') // 'coeur de montreal'
 */
export function foldText(text: string): string {
  // Most cells are plain ASCII (names, postal codes, e-mails): nothing to decompose, strip or spell out.
  if (PRINTABLE_ASCII.test(text)) return tidySpaces(text.toLowerCase())
  // Most of the rest are French and Spanish words: their letters are folded from a table.
  if (LATIN.test(text)) return tidySpaces(text.replace(PAST_ASCII, foldLatin).toLowerCase())
  return unmark(text).replace(/\s+/g, ' ').trim()
}

/**
 * What a record's search matches: each field folded (see `foldText`), kept apart so a
 * search never matches across two fields.
 * @example
 * searchKey('Résidence Les Érables', 'Québec', null) // 'residence les erables\u001fquebec'
 */
export function searchKey(...fields: readonly (string | null | undefined)[]): string {
  return fields
    .filter((field): field is string => typeof field === 'string' && field.trim() !== '')
    .map(foldText)
    .join(FIELD_SEPARATOR)
}

/**
 * What a list sorts a name by: folded (see `foldText`), with every run of digits padded
 * so that numbers sort by value ("Client 2" before "Client 10") when the database compares
 * plain strings (byte order, the "C" collation, the same everywhere).
 * @example
 * sortKey('Client 2') < sortKey('client 10') // true
 */
export function sortKey(text: string): string {
  return foldText(text).replace(/\d+/g, (digits) => {
    const value = digits.replace(/^0+(?=\d)/, '')
    return value.length >= NUMBER_WIDTH ? value : value.padStart(NUMBER_WIDTH, '0')
  })
}
