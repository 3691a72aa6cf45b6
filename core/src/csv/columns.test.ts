import { describe, expect, it } from 'vitest'
import { checkCsvHeader, CSV_COLUMNS, csvColumn } from './columns.ts'

describe('CSV_COLUMNS', () => {
  it('lists the template columns of each kind, required ones marked', () => {
    const list = (kind: 'locations' | 'services') => CSV_COLUMNS[kind].map((column) => (column.required ? `${column.key}*` : column.key))
    expect(list('locations')).toEqual([
      'name*',
      'contact_person',
      'email',
      'phone',
      'street*',
      'city*',
      'province*',
      'postal_code*',
      'latitude',
      'longitude',
      'billing_notes',
      'active',
    ])
    expect(list('services')).toEqual(['name*', 'description', 'colour', 'default_duration_minutes', 'bill_rate*', 'pay_rate*', 'active'])
  })

  it('never lets one header mean two columns', () => {
    for (const columns of Object.values(CSV_COLUMNS)) {
      const names = columns.flatMap((column) => [column.key, ...column.aliases])
      expect(new Set(names).size).toBe(names.length)
    }
  })
})

describe('csvColumn', () => {
  it.each([
    ['locations', 'name', 'name'],
    ['locations', 'Nom', 'name'],
    ['locations', 'NOMBRE', 'name'],
    ['locations', ' Code postal ', 'postal_code'],
    ['locations', 'Postal Code', 'postal_code'],
    ['locations', 'código postal', 'postal_code'],
    ['locations', 'Courriel', 'email'],
    ['locations', 'E-mail', 'email'],
    ['locations', 'Téléphone', 'phone'],
    ['locations', 'Personne-ressource', 'contact_person'],
    ['locations', 'Adresse', 'street'],
    ['locations', 'Ville', 'city'],
    ['locations', 'Actif', 'active'],
    ['locations', 'Notes facturation', 'billing_notes'],
    ['services', 'Couleur', 'colour'],
    ['services', 'Color', 'colour'],
    ['services', 'Durée (minutes)', 'default_duration_minutes'],
    ['services', 'Taux facturé', 'bill_rate'],
    ['services', 'Taux de paie', 'pay_rate'],
    ['services', 'Tarifa de pago', 'pay_rate'],
  ] as const)('%s: %j is %s', (kind, header, key) => {
    expect(csvColumn(kind, header)?.key).toBe(key)
  })

  it('does not read a cents column as dollars', () => {
    expect(csvColumn('services', 'bill_rate_cents')).toBeUndefined()
  })
})

describe('checkCsvHeader', () => {
  it('accepts the template header and its French translation', () => {
    expect(checkCsvHeader('locations', CSV_COLUMNS.locations.map((column) => column.key))).toEqual({
      ok: true,
      unknown: [],
      missing: [],
      problems: [],
    })
    expect(checkCsvHeader('locations', ['Nom', 'Adresse', 'Ville', 'Province', 'Code postal', 'Actif']).ok).toBe(true)
    expect(checkCsvHeader('services', ['Nom', 'Taux facturé', 'Taux de paie', 'Couleur']).ok).toBe(true)
  })

  it('names the required columns that are missing', () => {
    expect(checkCsvHeader('locations', ['name', 'city'])).toEqual({
      ok: false,
      unknown: [],
      missing: ['street', 'province', 'postal_code'],
      problems: ['Missing required column "street"', 'Missing required column "province"', 'Missing required column "postal_code"'],
    })
  })

  it('names columns it would otherwise ignore, and lists the ones it knows', () => {
    const check = checkCsvHeader('services', ['name', 'bill_rate', 'pay_rate', ' Tax code '])
    expect(check.ok).toBe(false)
    expect(check.unknown).toEqual([' Tax code '])
    expect(check.problems).toEqual([
      'Unknown column "Tax code": the columns are name, description, colour, default_duration_minutes, bill_rate, pay_rate, active',
    ])
  })

  it('refuses the same column twice under two names', () => {
    expect(checkCsvHeader('services', ['name', 'Nom', 'bill_rate', 'pay_rate']).problems).toEqual([
      'Columns "name" and "Nom" both mean "name": keep one',
    ])
  })

  it('ignores the blank trailing columns spreadsheets write', () => {
    expect(checkCsvHeader('services', ['name', 'bill_rate', 'pay_rate', '', ' ']).ok).toBe(true)
  })

  it('reports everything wrong with an empty file', () => {
    expect(checkCsvHeader('services', []).missing).toEqual(['name', 'bill_rate', 'pay_rate'])
  })
})
