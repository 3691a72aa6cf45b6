import { CANADIAN_PROVINCES } from '../contract/account.ts'
import { parseDollars } from '../contract/service.ts'
import { isLocalDate, isReadableDate } from '../domain/local-date.ts'

/** What reading one cell gives: its value, or why it cannot be read (a stable code, and English words). */
export type CellRead<T> = { ok: true; value: T } | { ok: false; code: string; message: string }

/** A name without case, accents or punctuation: `Code postal` and `code_postal` fold alike. */
export function fold(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
}

const yes = new Set(['yes', 'y', 'true', '1', 'oui', 'o', 'vrai', 'si', 'verdadero'])
const no = new Set(['no', 'n', 'false', '0', 'non', 'faux', 'falso'])

/** yes/no in English, French or Spanish, or true/false, or 1/0. */
export function readYesNo(text: string): CellRead<boolean> {
  // Most cells are already a plain word (yes, oui, 1): folding is for the rest (Sí, VRAI).
  const lower = text.toLowerCase()
  const word = yes.has(lower) || no.has(lower) ? lower : fold(text)
  if (yes.has(word)) return { ok: true, value: true }
  if (no.has(word)) return { ok: true, value: false }
  return { ok: false, code: 'yes_no', message: 'Use yes or no' }
}

/** A decimal number with a point or a French decimal comma, such as a coordinate. */
export function readDecimal(text: string): CellRead<number> {
  if (!/^[-+]?\d+([.,]\d+)?$/.test(text)) return { ok: false, code: 'number', message: 'Use a number such as 45.4215' }
  return { ok: true, value: Number(text.replace(',', '.')) }
}

export function readWholeNumber(text: string): CellRead<number> {
  if (!/^\d+$/.test(text)) return { ok: false, code: 'whole_number', message: 'Use a whole number such as 60' }
  return { ok: true, value: Number(text) }
}

/** Dollars as people write them (`45.50`, `45,50`, `$1,234.50`), into cents. */
export function readDollars(text: string): CellRead<number> {
  const cents = parseDollars(text)
  return cents === null ? { ok: false, code: 'amount', message: 'Use an amount in dollars such as 45.50' } : { ok: true, value: cents }
}

/** Province and territory names in English, French and Spanish, folded. */
const provinceNames: Readonly<Record<string, (typeof CANADIAN_PROVINCES)[number]>> = {
  alberta: 'AB',
  british_columbia: 'BC',
  colombie_britannique: 'BC',
  columbia_britanica: 'BC',
  manitoba: 'MB',
  new_brunswick: 'NB',
  nouveau_brunswick: 'NB',
  nuevo_brunswick: 'NB',
  newfoundland_and_labrador: 'NL',
  newfoundland: 'NL',
  terre_neuve_et_labrador: 'NL',
  terranova_y_labrador: 'NL',
  nova_scotia: 'NS',
  nouvelle_ecosse: 'NS',
  nueva_escocia: 'NS',
  northwest_territories: 'NT',
  territoires_du_nord_ouest: 'NT',
  territorios_del_noroeste: 'NT',
  nunavut: 'NU',
  ontario: 'ON',
  prince_edward_island: 'PE',
  ile_du_prince_edouard: 'PE',
  isla_del_principe_eduardo: 'PE',
  quebec: 'QC',
  saskatchewan: 'SK',
  yukon: 'YT',
}

/** A province or territory by its two-letter code or its name. */
export function readProvince(text: string): CellRead<(typeof CANADIAN_PROVINCES)[number]> {
  const upper = text.toUpperCase()
  const code = CANADIAN_PROVINCES.find((candidate) => candidate === upper)
  const value = code ?? provinceNames[fold(text)]
  return value ? { ok: true, value } : { ok: false, code: 'province', message: 'Use a province or territory such as ON or QC' }
}

/** A calendar day written year first, `2026-03-09` (or with slashes, as some spreadsheets save it). */
export function readLocalDate(text: string): CellRead<string> {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text)
  const date = match ? `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}` : ''
  if (!isLocalDate(date)) return { ok: false, code: 'date', message: 'Use a date such as 2026-03-09' }
  return isReadableDate(date) ? { ok: true, value: date } : { ok: false, code: 'date_range', message: 'Use a date from 1900 to 2199' }
}

/**
 * A shift's start as {@link readLocalTime} reads it, but not `24:00`: midnight at the end of a
 * day ends a shift, and a shift starting then starts on the next day, `00:00`.
 * @example
 * readStartTime('24:00') // { ok: false, code: 'start_midnight', … }
 */
export function readStartTime(text: string): CellRead<string> {
  const read = readLocalTime(text)
  if (read.ok && read.value === '00:00' && /^24/.test(text.trim())) {
    return { ok: false, code: 'start_midnight', message: 'A shift cannot start at 24:00: write 00:00 on the next day' }
  }
  return read
}

const clockTime = /^(\d{1,2})\s*(?:(:|h)\s*(\d{2})?)?(?::(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i

/**
 * A wall-clock time as people and spreadsheets write it, as `HH:mm`: `9:30`, `09:30:00`,
 * `21h30`, `9 h` (French), `9:30 PM`, `9 am`. `24:00` is midnight, the end of a day.
 * @example
 * readLocalTime('9:30 pm') // { ok: true, value: '21:30' }
 */
export function readLocalTime(text: string): CellRead<string> {
  const bad = { ok: false as const, code: 'time', message: 'Use a time such as 09:30 or 21:30' }
  const match = clockTime.exec(text)
  if (!match) return bad
  const [, hoursText, separator, minutesText, seconds, half] = match
  // `9:` and `9` alone say too little; seconds other than :00 are more than a schedule holds.
  if ((separator === ':' && minutesText === undefined) || (separator === undefined && half === undefined)) return bad
  if (seconds !== undefined && (separator !== ':' || seconds !== '00')) return bad
  let hours = Number(hoursText)
  const minutes = Number(minutesText ?? 0)
  if (minutes > 59) return bad
  if (half) {
    if (hours < 1 || hours > 12) return bad
    hours = (hours % 12) + (half.toLowerCase() === 'p' ? 12 : 0)
  }
  if (hours === 24 && minutes === 0) hours = 0
  if (hours > 23) return bad
  return { ok: true, value: `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}` }
}
