/** Letters that carry no accent mark to strip but are still written other ways (cœur, Æsop, Straße). */
const ligatures: Readonly<Record<string, string>> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i' }

/** Digits a run of them is padded to, so "2" sorts before "10" by plain comparison. */
const NUMBER_WIDTH = 12

/** Text whose only space is the plain one and that has no letter to decompose. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

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
  if (PRINTABLE_ASCII.test(text)) {
    const lower = text.toLowerCase()
    return lower.includes('  ') || lower.startsWith(' ') || lower.endsWith(' ') ? lower.replace(/ +/g, ' ').trim() : lower
  }
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøłđı]/g, (letter) => ligatures[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim()
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
