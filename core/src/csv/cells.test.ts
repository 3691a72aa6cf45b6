import { describe, expect, it } from 'vitest'
import { fold, readDecimal, readDollars, readLocalDate, readLocalTime, readProvince, readStartTime, readWholeNumber, readYesNo } from './cells.ts'

describe('fold', () => {
  it.each([
    ['Code postal', 'code_postal'],
    ['postal_code', 'postal_code'],
    ['  Postal-Code ', 'postal_code'],
    ['Téléphone', 'telephone'],
    ['Durée (minutes)', 'duree_minutes'],
    ['\uFEFFname', 'name'],
    ['E-mail', 'e_mail'],
  ])('%j → %j', (text, folded) => {
    expect(fold(text)).toBe(folded)
  })
})

describe('readYesNo', () => {
  it.each(['yes', 'YES', 'y', 'true', 'True', '1', 'oui', 'Oui', 'o', 'vrai', 'sí', 'si', 'SÍ', 'verdadero', ' Oui. '])('%j is yes', (text) => {
    expect(readYesNo(text)).toEqual({ ok: true, value: true })
  })
  it.each(['no', 'No', 'n', 'false', 'FALSE', '0', 'non', 'NON', 'faux', 'falso'])('%j is no', (text) => {
    expect(readYesNo(text)).toEqual({ ok: true, value: false })
  })
  it.each(['maybe', 'active', '2', 'yes no', ''])('%j is neither', (text) => {
    expect(readYesNo(text)).toEqual({ ok: false, code: 'yes_no', message: 'Use yes or no' })
  })
})

describe('readDecimal', () => {
  it.each([
    ['45.4972', 45.4972],
    ['45,4972', 45.4972],
    ['-73.5788', -73.5788],
    ['+60', 60],
    ['62', 62],
  ])('%j → %d', (text, value) => {
    expect(readDecimal(text)).toEqual({ ok: true, value })
  })
  it.each(['45.49.72', '45°29′N', 'north', '1e3', '--5', '45,4972,1'])('%j is not a number', (text) => {
    expect(readDecimal(text)).toEqual({ ok: false, code: 'number', message: 'Use a number such as 45.4215' })
  })
})

describe('readWholeNumber', () => {
  it.each([
    ['60', 60],
    ['0480', 480],
  ])('%j → %d', (text, value) => {
    expect(readWholeNumber(text)).toEqual({ ok: true, value })
  })
  it.each(['1.5', '-30', 'une heure', '2h'])('%j is not a whole number', (text) => {
    expect(readWholeNumber(text)).toEqual({ ok: false, code: 'whole_number', message: 'Use a whole number such as 60' })
  })
})

describe('readDollars', () => {
  it.each([
    ['45.50', 4550],
    ['45,50', 4550],
    ['$1,234.50', 123450],
    ['0', 0],
  ])('%j → %i cents', (text, value) => {
    expect(readDollars(text)).toEqual({ ok: true, value })
  })
  it.each(['-5', 'free', '45.505'])('%j is not an amount', (text) => {
    expect(readDollars(text)).toEqual({ ok: false, code: 'amount', message: 'Use an amount in dollars such as 45.50' })
  })
})

describe('readProvince', () => {
  it.each([
    ['ON', 'ON'],
    ['qc', 'QC'],
    ['Québec', 'QC'],
    ['quebec', 'QC'],
    ['British Columbia', 'BC'],
    ['Colombie-Britannique', 'BC'],
    ['Île-du-Prince-Édouard', 'PE'],
    ['Prince Edward Island', 'PE'],
    ['Terre-Neuve-et-Labrador', 'NL'],
    ['Nouvelle-Écosse', 'NS'],
    ['Territoires du Nord-Ouest', 'NT'],
    ['Nueva Escocia', 'NS'],
    ['Yukon', 'YT'],
    ['Nunavut', 'NU'],
  ])('%j → %s', (text, code) => {
    expect(readProvince(text)).toEqual({ ok: true, value: code })
  })
  it.each(['NY', 'Ontari', 'Canada', 'PQ'])('%j is not a province', (text) => {
    expect(readProvince(text)).toEqual({ ok: false, code: 'province', message: 'Use a province or territory such as ON or QC' })
  })
})

describe('readLocalDate', () => {
  it.each([
    ['2026-03-09', '2026-03-09'],
    ['2026/3/9', '2026-03-09'],
    ['2028-02-29', '2028-02-29'],
  ])('%j is %j', (text, date) => {
    expect(readLocalDate(text)).toEqual({ ok: true, value: date })
  })

  it.each(['2026-02-29', '09/03/2026', '3/9/2026', 'March 9', '2026-13-01'])('%j is refused: day and month would be a guess, or the day does not exist', (text) => {
    expect(readLocalDate(text)).toEqual({ ok: false, code: 'date', message: 'Use a date such as 2026-03-09' })
  })

  it.each(['9999-12-31', '1899-12-31', '2200-01-01'])('%j is refused: Rota reads days from 1900 to 2199', (text) => {
    expect(readLocalDate(text)).toEqual({ ok: false, code: 'date_range', message: 'Use a date from 1900 to 2199' })
  })
})

describe('readStartTime', () => {
  it('reads a start as any time, but 24:00: a shift starting at midnight starts on the next day', () => {
    expect(readStartTime('21h30')).toEqual({ ok: true, value: '21:30' })
    expect(readStartTime('00:00')).toEqual({ ok: true, value: '00:00' })
    expect(readStartTime('12 am')).toEqual({ ok: true, value: '00:00' })
    expect(readStartTime('24:00')).toMatchObject({ ok: false, code: 'start_midnight' })
    expect(readStartTime('24h')).toMatchObject({ ok: false, code: 'start_midnight' })
  })
})

describe('readLocalTime', () => {
  it.each([
    ['09:30', '09:30'],
    ['9:30', '09:30'],
    ['09:30:00', '09:30'],
    ['21h30', '21:30'],
    ['9 h 30', '09:30'],
    ['7h', '07:00'],
    ['9:30 PM', '21:30'],
    ['9 a.m.', '09:00'],
    ['12 am', '00:00'],
    ['12:15 pm', '12:15'],
    ['24:00', '00:00'],
    ['0:00', '00:00'],
  ])('%j is %j', (text, time) => {
    expect(readLocalTime(text)).toEqual({ ok: true, value: time })
  })

  it.each(['9', '9:', '25:00', '24:30', '09:60', '09:30:15', '13 pm', '0 am', 'noon', '9.30'])('%j is refused', (text) => {
    expect(readLocalTime(text)).toEqual({ ok: false, code: 'time', message: 'Use a time such as 09:30 or 21:30' })
  })
})
