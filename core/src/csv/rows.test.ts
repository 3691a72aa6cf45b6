import { describe, expect, it } from 'vitest'
import { duplicateRows, importKey, parseCsvRow, parseLocationRow, parseServiceRow, parseShiftRow, type RowFailure, type RowResult } from './rows.ts'

/** The refusal a row was expected to be. */
function refusal<T>(result: RowResult<T>): RowFailure {
  if (result.ok) throw new Error(`line ${result.line} was read, not refused`)
  return result
}

const clinic = {
  name: 'Bow Valley Clinic',
  street: '317 Banff Ave',
  city: 'Banff',
  province: 'AB',
  postal_code: 't1l1a1',
}

describe('parseLocationRow', () => {
  it('reads a minimal row, empty optional cells becoming null and the location active', () => {
    expect(parseLocationRow({ ...clinic, email: '', phone: ' ', latitude: '', active: '' }, 2)).toEqual({
      ok: true,
      line: 2,
      value: {
        name: 'Bow Valley Clinic',
        contact_person: null,
        email: null,
        phone: null,
        street: '317 Banff Ave',
        city: 'Banff',
        province: 'AB',
        postal_code: 'T1L 1A1',
        latitude: null,
        longitude: null,
        billing_notes: null,
        active: true,
      },
    })
  })

  it('reads French headers and French-style values', () => {
    const result = parseLocationRow(
      {
        Nom: '  Résidence Les Érables ',
        'Personne-ressource': 'Marie-Ève Tremblay',
        Courriel: 'Marie-Eve@Example.com',
        Téléphone: '(514) 555-0142 poste 12',
        Adresse: '1250, rue Sainte-Catherine Ouest',
        Ville: 'Montréal',
        Province: 'Québec',
        'Code postal': 'h3g-1p1',
        Latitude: '45,4972',
        Longitude: '-73,5788',
        'Notes de facturation': 'Facturer le 1er du mois',
        Actif: 'non',
      },
      7,
    )
    expect(result).toEqual({
      ok: true,
      line: 7,
      value: {
        name: 'Résidence Les Érables',
        contact_person: 'Marie-Ève Tremblay',
        email: 'marie-eve@example.com',
        phone: '514-555-0142 ext. 12',
        street: '1250, rue Sainte-Catherine Ouest',
        city: 'Montréal',
        province: 'QC',
        postal_code: 'H3G 1P1',
        latitude: 45.4972,
        longitude: -73.5788,
        billing_notes: 'Facturer le 1er du mois',
        active: false,
      },
    })
  })

  it.each([
    [{ name: '' }, [{ column: 'name', code: 'required', message: 'Required' }]],
    [{ street: undefined }, [{ column: 'street', code: 'required', message: 'Required' }]],
    [{ province: 'Ontari' }, [{ column: 'province', code: 'province', message: 'Use a province or territory such as ON or QC' }]],
    [{ postal_code: 'D1A 0B1' }, [{ column: 'postal_code', code: 'postal_code', message: 'Enter a Canadian postal code such as K1A 0B1' }]],
    [{ email: 'nobody' }, [{ column: 'email', code: 'email', message: 'Enter a valid e-mail address' }]],
    [{ phone: '555-0123' }, [{ column: 'phone', code: 'phone', message: 'Enter a 10-digit phone number such as 613-555-0123' }]],
    [{ latitude: 'north' }, [{ column: 'latitude', code: 'number', message: 'Use a number such as 45.4215' }]],
    [{ latitude: '48.4' }, [{ column: 'longitude', code: 'coordinates_together', message: 'Give both latitude and longitude, or neither' }]],
    [{ latitude: '40.7', longitude: '-74' }, [{ column: 'latitude', code: 'latitude', message: 'Use a latitude in Canada (41.6 to 83.2)' }]],
    [{ active: 'maybe' }, [{ column: 'active', code: 'yes_no', message: 'Use yes or no' }]],
    [{ name: 'x'.repeat(121) }, [{ column: 'name', code: 'too_long', params: { max: 120 }, message: 'Use at most 120 characters' }]],
    [
      { province: 'QC', postal_code: 'M5V 2T6' },
      [
        {
          column: 'postal_code',
          code: 'postal_code_province',
          params: { letter: 'M', province: 'QC', expected: 'ON' },
          message: 'A postal code starting with M is in ON, not QC',
        },
      ],
    ],
  ])('refuses %j', (change, errors) => {
    expect(parseLocationRow({ ...clinic, ...change }, 5)).toMatchObject({ ok: false, line: 5, errors })
    expect(refusal(parseLocationRow({ ...clinic, ...change }, 5)).errors).toEqual(errors)
  })

  it('reports every problem of a row at once, in column order', () => {
    expect(refusal(parseLocationRow({ active: 'perhaps', postal_code: '12345', city: 'Banff', name: ' ' }, 9))).toEqual({
      ok: false,
      line: 9,
      partial: { city: 'Banff' },
      errors: [
        { column: 'name', code: 'required', message: 'Required' },
        { column: 'street', code: 'required', message: 'Required' },
        { column: 'province', code: 'required', message: 'Required' },
        { column: 'postal_code', code: 'postal_code', message: 'Enter a Canadian postal code such as K1A 0B1' },
        { column: 'active', code: 'yes_no', message: 'Use yes or no' },
      ],
    })
  })

  it('ignores columns it does not know (the header check reports them)', () => {
    expect(parseLocationRow({ ...clinic, 'Sales rep': 'Jo' }, 2).ok).toBe(true)
  })
})

describe('parseServiceRow', () => {
  it('reads rates in dollars into cents and defaults the rest', () => {
    expect(parseServiceRow({ name: 'Snow removal', bill_rate: '65,00', pay_rate: '28' }, 3)).toEqual({
      ok: true,
      line: 3,
      value: {
        name: 'Snow removal',
        description: null,
        colour: '#0d9488',
        default_duration_minutes: 60,
        bill_rate_cents: 6500,
        pay_rate_cents: 2800,
        active: true,
      },
    })
  })

  it('reads Spanish headers', () => {
    const result = parseServiceRow(
      { Nombre: 'Limpieza', Descripción: 'Oficinas', Color: '#3B82F6', Duración: '90', Tarifa: '1.250,00', 'Tarifa de pago': '30,5', Activo: 'sí' },
      4,
    )
    expect(result).toEqual({
      ok: true,
      line: 4,
      value: {
        name: 'Limpieza',
        description: 'Oficinas',
        colour: '#3b82f6',
        default_duration_minutes: 90,
        bill_rate_cents: 125000,
        pay_rate_cents: 3050,
        active: true,
      },
    })
  })

  it.each([
    [{ bill_rate: '' }, [{ column: 'bill_rate', code: 'required', message: 'Required' }]],
    [{ bill_rate: 'forty' }, [{ column: 'bill_rate', code: 'amount', message: 'Use an amount in dollars such as 45.50' }]],
    // A French spreadsheet's 17,775 is 17.775, an English one's seventeen thousand: a file cannot say which.
    [{ bill_rate: '17,775' }, [{ column: 'bill_rate', code: 'amount', message: 'Use an amount in dollars such as 45.50' }]],
    [{ pay_rate: '0,005' }, [{ column: 'pay_rate', code: 'amount', message: 'Use an amount in dollars such as 45.50' }]],
    [{ pay_rate: '-12' }, [{ column: 'pay_rate', code: 'amount', message: 'Use an amount in dollars such as 45.50' }]],
    [{ pay_rate: '250000' }, [{ column: 'pay_rate', code: 'amount_too_big', message: 'Use at most $100,000.00' }]],
    [{ colour: 'teal' }, [{ column: 'colour', code: 'colour', message: 'Use a colour such as #0d9488' }]],
    [{ default_duration_minutes: '2h' }, [{ column: 'default_duration_minutes', code: 'whole_number', message: 'Use a whole number such as 60' }]],
    [{ default_duration_minutes: '1500' }, [{ column: 'default_duration_minutes', code: 'duration', message: 'Use at most 1440 minutes (24 hours)' }]],
    [{ default_duration_minutes: '0' }, [{ column: 'default_duration_minutes', code: 'duration', message: 'Use at least 5 minutes' }]],
    [{ active: 'bof' }, [{ column: 'active', code: 'yes_no', message: 'Use yes or no' }]],
  ])('refuses %j', (change, errors) => {
    expect(parseServiceRow({ name: 'Cleaning', bill_rate: '45.50', pay_rate: '24', ...change }, 6)).toMatchObject({ ok: false, line: 6, errors })
    expect(refusal(parseServiceRow({ name: 'Cleaning', bill_rate: '45.50', pay_rate: '24', ...change }, 6)).errors).toEqual(errors)
  })

  it('reads the first non-empty of two cells naming one column', () => {
    const result = parseCsvRow('services', { name: '', Nom: 'Entretien', bill_rate: '1', pay_rate: '1' }, 2)
    expect(result.ok && result.value.name).toBe('Entretien')
  })
})

describe('importKey', () => {
  it('matches names whatever their spacing, case or Unicode form', () => {
    const key = importKey('locations', { name: 'Résidence Les Érables' })
    expect(importKey('locations', { name: '  résidence   LES érables ' })).toBe(key)
    expect(importKey('locations', { name: 'Re\u0301sidence Les E\u0301rables' })).toBe(key)
    expect(importKey('locations', { name: 'Residence Les Erables' })).not.toBe(key)
  })

  it('is the trimmed, lower-case name', () => {
    expect(importKey('services', { name: ' Snow  Removal ' })).toBe('snow removal')
  })
})

describe('duplicateRows', () => {
  it('names the later line of each repeated name and the line it repeats', () => {
    const rows = [
      { line: 2, value: { name: 'Snow removal' } },
      { line: 3, value: { name: 'Cleaning' } },
      { line: 5, value: { name: 'snow removal ' } },
      { line: 8, value: { name: 'SNOW REMOVAL' } },
    ]
    expect(duplicateRows('services', rows)).toEqual([
      { ok: false, line: 5, errors: [{ column: 'name', code: 'duplicate_name', params: { line: 2 }, message: 'Same name as line 2' }] },
      { ok: false, line: 8, errors: [{ column: 'name', code: 'duplicate_name', params: { line: 2 }, message: 'Same name as line 2' }] },
    ])
  })

  it('finds nothing in a file of distinct names', () => {
    expect(duplicateRows('locations', [{ line: 2, value: { name: 'A' } }, { line: 3, value: { name: 'B' } }])).toEqual([])
  })
})

describe('parseShiftRow', () => {
  const night = { staff_email: ' Zoe@Acme.ca ', client: 'Harbour Tower', service: 'Night watch', date: '2026-03-07', start: '10 pm', end: '6:00' }

  it('reads a row on the business clock, the e-mail in lower case, the break zero and the notes empty by default', () => {
    expect(parseShiftRow(night, 4)).toEqual({
      ok: true,
      line: 4,
      value: { staff_email: 'zoe@acme.ca', client: 'Harbour Tower', service: 'Night watch', date: '2026-03-07', start: '22:00', end: '06:00', break_minutes: 0, notes: null },
    })
  })

  it('takes a blank e-mail as an open shift, and reads French headers', () => {
    const result = parseShiftRow({ Courriel: '', Client: 'Tour du Port', Service: 'Veille de nuit', Date: '2026-03-07', 'Heure de début': '22h', 'Heure de fin': '6h', Pause: '30', Remarques: 'Code 4411' }, 2)
    expect(result).toMatchObject({ ok: true, value: { staff_email: null, start: '22:00', end: '06:00', break_minutes: 30, notes: 'Code 4411' } })
  })

  it('reads a cell Rota neutralised for spreadsheets (an export, a file of rejected rows) as it was', () => {
    expect(parseShiftRow({ ...night, client: "'-Tower-", notes: "'=HYPERLINK(\"x\")" }, 2)).toMatchObject({ ok: true, value: { client: '-Tower-', notes: '=HYPERLINK("x")' } })
  })

  it('accepts the export’s status column and leaves it alone', () => {
    expect(parseShiftRow({ ...night, status: 'published' }, 2)).toEqual(parseShiftRow(night, 2))
  })

  it('reports every bad cell with its code, in column order', () => {
    const result = parseShiftRow({ staff_email: 'zoe', client: '', service: 'Night watch', date: '07/03/2026', start: '25:00', end: '06:00', break_minutes: '800' }, 9)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.map(({ column, code }) => [column, code])).toEqual([
      ['staff_email', 'email'],
      ['client', 'required'],
      ['date', 'date'],
      ['start', 'time'],
      ['break_minutes', 'break_minutes'],
    ])
  })

  it('gives, with a refused row, the fields that are valid on their own, read as the body reads them', () => {
    const result = refusal(parseShiftRow({ staff_email: ' Zoe@Example.COM ', client: ' Harbour Tower ', service: '', date: '07/03/2026', start: '10 pm', end: '6:00', notes: 'Back door' }, 3))
    expect(result.partial).toEqual({ staff_email: 'zoe@example.com', client: 'Harbour Tower', start: '22:00', end: '06:00', notes: 'Back door' })
  })
})
