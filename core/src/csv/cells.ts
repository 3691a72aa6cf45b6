import { CANADIAN_PROVINCES } from '../contract/account.ts'
import { parseDollars } from '../contract/service.ts'

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
