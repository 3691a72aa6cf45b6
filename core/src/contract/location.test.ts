import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CreateLocationBody, Latitude, Location, Longitude, Phone, PostalCode, postalCodeProvinces, UpdateLocationBody } from './location.ts'

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('PostalCode', () => {
  it.each([
    ['K1A 0B1', 'K1A 0B1'],
    ['k1a0b1', 'K1A 0B1'],
    ['  h3g 1p1 ', 'H3G 1P1'],
    ['M5V-3G3', 'M5V 3G3'],
    ['t2p  1j9', 'T2P 1J9'],
    ['X0A 0H0', 'X0A 0H0'],
    ['A1W 1Z1', 'A1W 1Z1'],
  ])('accepts %j as %j', (typed, stored) => {
    expect(PostalCode.parse(typed)).toBe(stored)
  })

  it.each([
    ['', 'empty'],
    ['K1A 0B', 'too short'],
    ['K1A 0B12', 'too long'],
    ['D1A 0B1', 'starts with D'],
    ['F1A 0B1', 'starts with F'],
    ['I1A 0B1', 'starts with I'],
    ['O1A 0B1', 'starts with O'],
    ['Q1A 0B1', 'starts with Q'],
    ['U1A 0B1', 'starts with U'],
    ['W1A 0B1', 'starts with W'],
    ['Z1A 0B1', 'starts with Z'],
    ['K1D 0B1', 'D inside'],
    ['K1A 0O1', 'O inside'],
    ['K1A 0B1X', 'letter at the end'],
    ['KKA 0B1', 'letter where a digit goes'],
    ['90210', 'a US ZIP code'],
    ['SW1A 1AA', 'a UK postcode'],
  ])('refuses %j (%s)', (typed) => {
    const result = PostalCode.safeParse(typed)
    expect(result.success).toBe(false)
    expect(messages(result)).toContain(': Enter a Canadian postal code such as K1A 0B1')
  })
})

describe('Phone', () => {
  it.each([
    ['613-555-0123', '613-555-0123'],
    ['(613) 555-0123', '613-555-0123'],
    ['613.555.0123', '613-555-0123'],
    ['6135550123', '613-555-0123'],
    ['+1 613 555 0123', '613-555-0123'],
    ['1-800-555-0199', '800-555-0199'],
    ['514 555 0142 ext. 204', '514-555-0142 ext. 204'],
    ['514-555-0142 x7', '514-555-0142 ext. 7'],
    ['514-555-0142 poste 12', '514-555-0142 ext. 12'],
    ['514-555-0142#3', '514-555-0142 ext. 3'],
  ])('accepts %j as %j', (typed, stored) => {
    expect(Phone.parse(typed)).toBe(stored)
  })

  it.each([
    ['', 'empty'],
    ['555-0123', 'seven digits'],
    ['613-555-01234', 'eleven digits not starting with 1'],
    ['013-555-0123', 'area code starting with 0'],
    ['613-155-0123', 'exchange starting with 1'],
    ['+44 20 7946 0958', 'a UK number'],
    ['613-555-CALL', 'letters'],
    ['call me', 'words'],
  ])('refuses %j (%s)', (typed) => {
    expect(messages(Phone.safeParse(typed))).toEqual([': Enter a 10-digit phone number such as 613-555-0123'])
  })
})

describe('Latitude and Longitude', () => {
  it.each([45.4215, 41.6, 83.2, 62.454])('latitude %d is in Canada', (value) => {
    expect(Latitude.safeParse(value).success).toBe(true)
  })
  it.each([41.5, 83.3, 0, -45.4, Number.NaN])('latitude %d is not', (value) => {
    expect(Latitude.safeParse(value).success).toBe(false)
  })
  it.each([-75.6972, -141.1, -52.6, -52.7125])('longitude %d is in Canada', (value) => {
    expect(Longitude.safeParse(value).success).toBe(true)
  })
  it.each([-141.2, -52.5, 75.6972, 0])('longitude %d is not', (value) => {
    expect(Longitude.safeParse(value).success).toBe(false)
  })
})

const harbourfront = {
  name: ' Harbourfront Centre ',
  street: '235 Queens Quay W',
  city: 'Toronto',
  province: 'ON',
  postal_code: 'm5j2g8',
}

describe('CreateLocationBody', () => {
  it('needs only a name and an address, and fills in the rest', () => {
    expect(CreateLocationBody.parse(harbourfront)).toEqual({
      name: 'Harbourfront Centre',
      contact_person: null,
      email: null,
      phone: null,
      street: '235 Queens Quay W',
      city: 'Toronto',
      province: 'ON',
      postal_code: 'M5J 2G8',
      latitude: null,
      longitude: null,
      billing_notes: null,
      active: true,
    })
  })

  it('normalises the contact details it is given', () => {
    const body = CreateLocationBody.parse({
      ...harbourfront,
      contact_person: 'Daniel Chen',
      email: ' DChen@Example.com ',
      phone: '(416) 555-0198',
      latitude: 43.6387,
      longitude: -79.3832,
      active: false,
    })
    expect(body).toMatchObject({ email: 'dchen@example.com', phone: '416-555-0198', latitude: 43.6387, active: false })
  })

  it.each([
    [{ name: '' }, 'name: Required'],
    [{ name: '   ' }, 'name: Required'],
    [{ name: 'x'.repeat(121) }, 'name: Use at most 120 characters'],
    [{ street: '' }, 'street: Required'],
    [{ city: '' }, 'city: Required'],
    [{ email: 'not-an-address' }, 'email: Enter a valid e-mail address'],
    [{ postal_code: 'Z9Z 9Z9' }, 'postal_code: Enter a Canadian postal code such as K1A 0B1'],
    [{ latitude: 45.5 }, 'longitude: Give both latitude and longitude, or neither'],
    [{ longitude: -73.5 }, 'latitude: Give both latitude and longitude, or neither'],
    [{ latitude: 40, longitude: -73.5 }, 'latitude: Use a latitude in Canada (41.6 to 83.2)'],
    [{ billing_notes: 'n'.repeat(2001) }, 'billing_notes: Use at most 2000 characters'],
  ])('refuses %j', (change, message) => {
    expect(messages(CreateLocationBody.safeParse({ ...harbourfront, ...change }))).toContain(message)
  })

  it('refuses a province outside the thirteen', () => {
    expect(CreateLocationBody.safeParse({ ...harbourfront, province: 'NY' }).success).toBe(false)
    expect(CreateLocationBody.safeParse({ ...harbourfront, province: 'QC', postal_code: 'H2X 1Y4' }).success).toBe(true)
  })

  it('refuses a postal code of another province, on the postal code, saying which', () => {
    const result = CreateLocationBody.safeParse({ ...harbourfront, province: 'QC', postal_code: 'M5V 2T6' })
    expect(messages(result)).toEqual(['postal_code: A postal code starting with M is in ON, not QC'])
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', params: { code: 'postal_code_province', province: 'QC', expected: 'ON' } })
  })

  it.each([
    ['A1A 1A1', 'NL'], ['B3H 1A1', 'NS'], ['C1A 1A1', 'PE'], ['E1C 1A1', 'NB'], ['G1R 1A1', 'QC'], ['H2X 1Y4', 'QC'],
    ['J4K 1A1', 'QC'], ['K1A 0B1', 'ON'], ['L5B 1A1', 'ON'], ['M5V 2T6', 'ON'], ['N2L 1A1', 'ON'], ['P3E 1A1', 'ON'],
    ['R3C 1A1', 'MB'], ['S4P 1A1', 'SK'], ['T2P 1J9', 'AB'], ['V6B 1A1', 'BC'], ['X1A 1A1', 'NT'], ['X0A 0H0', 'NU'], ['Y1A 1A1', 'YT'],
  ])('takes %s in %s', (postal_code, province) => {
    expect(postalCodeProvinces(postal_code)).toContain(province)
    expect(CreateLocationBody.safeParse({ ...harbourfront, province, postal_code }).success).toBe(true)
  })
})

describe('UpdateLocationBody', () => {
  it('changes only what it carries, with the version read', () => {
    expect(UpdateLocationBody.parse({ active: false, version: 3 })).toEqual({ active: false, version: 3 })
    expect(UpdateLocationBody.parse({ postal_code: 'h2x 1y4', version: 1 })).toEqual({ postal_code: 'H2X 1Y4', version: 1 })
  })

  it('compares a postal code with the province sent beside it (the server compares one sent alone with the stored one)', () => {
    expect(messages(UpdateLocationBody.safeParse({ province: 'BC', postal_code: 'T2P 1J9', version: 1 }))).toEqual(['postal_code: A postal code starting with T is in AB, not BC'])
    expect(UpdateLocationBody.safeParse({ postal_code: 'T2P 1J9', version: 1 }).success).toBe(true)
  })

  it('refuses a change without version', () => {
    expect(messages(UpdateLocationBody.safeParse({ active: false }))[0]).toMatch(/^version: /)
  })

  it('moves or clears the pin only with both coordinates', () => {
    expect(UpdateLocationBody.safeParse({ latitude: 45.5, longitude: -73.6, version: 2 }).success).toBe(true)
    expect(UpdateLocationBody.safeParse({ latitude: null, longitude: null, version: 2 }).success).toBe(true)
    expect(messages(UpdateLocationBody.safeParse({ latitude: 45.5, version: 2 }))).toEqual([
      'longitude: Give both latitude and longitude, or neither',
    ])
    expect(messages(UpdateLocationBody.safeParse({ latitude: null, version: 2 }))).toEqual([
      'longitude: Give both latitude and longitude, or neither',
    ])
  })
})

describe('JSON Schema for the API docs', () => {
  it.each([
    ['CreateLocationBody', CreateLocationBody],
    ['UpdateLocationBody', UpdateLocationBody],
    ['Location', Location],
  ] as const)('publishes %s', (_, schema) => {
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ type: 'object' })
    expect(z.toJSONSchema(schema)).toMatchObject({ type: 'object' })
  })
})

describe('Location', () => {
  it('describes a stored location', () => {
    const stored = {
      id: '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b',
      ...CreateLocationBody.parse(harbourfront),
      created_at: '2025-01-02T15:00:00Z',
      updated_at: '2025-01-03T15:00:00Z',
      version: 2,
    }
    expect(Location.parse(stored)).toEqual(stored)
  })
})

describe('a name made only of invisible characters', () => {
  it('is refused as missing, while a name with them around it stays as written', () => {
    const base = { street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' }
    for (const name of ['\u200b', '\u200b\u200d', '\ufeff\u00a0']) {
      expect(messages(CreateLocationBody.safeParse({ ...base, name })), JSON.stringify(name)).toContain('name: Required')
    }
    expect(CreateLocationBody.parse({ ...base, name: 'Harbour\u200bTower' }).name).toBe('Harbour\u200bTower')
  })
})
