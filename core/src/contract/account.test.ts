import { describe, expect, it } from 'vitest'
import { businessAddress, UpdateSettingsBody } from './account.ts'

describe('UpdateSettingsBody: the business address', () => {
  it('writes the postal code and phone as a client’s are written', () => {
    const body = UpdateSettingsBody.parse({
      business_street: ' 1200 Burrard St ',
      business_city: 'Vancouver',
      business_province: 'BC',
      business_postal_code: 'v6z2c7',
      business_phone: '(604) 555 0199',
    })
    expect(body).toEqual({ business_street: '1200 Burrard St', business_city: 'Vancouver', business_province: 'BC', business_postal_code: 'V6Z 2C7', business_phone: '604-555-0199' })
  })

  it('clears a part left blank', () => {
    const body = UpdateSettingsBody.parse({ business_street: '  ', business_city: '', business_province: '', business_postal_code: '', business_phone: null })
    expect(body).toEqual({ business_street: null, business_city: null, business_province: null, business_postal_code: null, business_phone: null })
  })

  it('refuses a malformed part on its own field, with the client form’s words', () => {
    const result = UpdateSettingsBody.safeParse({ business_province: 'XX', business_postal_code: '90210', business_phone: '555', business_street: 'x'.repeat(201) })
    const issues = Object.fromEntries(result.error?.issues.map((issue) => [String(issue.path[0]), issue.message]) ?? [])
    expect(Object.keys(issues).sort()).toEqual(['business_phone', 'business_postal_code', 'business_province', 'business_street'])
    expect(issues['business_postal_code']).toBe('Enter a Canadian postal code such as K1A 0B1')
    expect(issues['business_phone']).toBe('Enter a 10-digit phone number such as 613-555-0123')
  })

  it('refuses a postal code of another province on the postal code, naming the rule', () => {
    const result = UpdateSettingsBody.safeParse({ business_province: 'QC', business_postal_code: 'M5V 2T6' })
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['business_postal_code'], message: 'A postal code starting with M is in ON, not QC', params: expect.objectContaining({ code: 'postal_code_province' }) }),
    ])
  })
})

describe('businessAddress', () => {
  it('takes the address from the settings’ fields', () => {
    expect(
      businessAddress({ business_street: '1200 Burrard St', business_city: 'Vancouver', business_province: 'BC', business_postal_code: 'V6Z 2C7', business_phone: null }),
    ).toEqual({ street: '1200 Burrard St', city: 'Vancouver', province: 'BC', postal_code: 'V6Z 2C7', phone: null })
  })
})
