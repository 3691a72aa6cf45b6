import { OtpVerifyBody, RegisterBusinessBody } from '@rota/core'
import { describe, expect, it } from 'vitest'
import { detailsToErrors, issuesToErrors } from './validation.ts'

describe('form errors from the shared schemas', () => {
  it('turns each field\'s first issue into a message of ours', () => {
    const result = RegisterBusinessBody.safeParse({ business_id: 'A', business_name: ' ', firstname: 'Ana', email: 'ana@', password: 'short' })
    expect(result.success).toBe(false)
    expect(issuesToErrors(result.error?.issues ?? [])).toEqual({
      business_id: { key: 'businessId' },
      business_name: { key: 'required' },
      lastname: { key: 'required' },
      email: { key: 'email' },
      password: { key: 'tooShort', values: { count: 8 } },
    })
    expect(issuesToErrors(OtpVerifyBody.pick({ code: true }).safeParse({ code: '12' }).error?.issues ?? [])).toEqual({ code: { key: 'otpCode' } })
  })

  it('shows the server\'s per-field details as they are', () => {
    expect(detailsToErrors({ email: 'Already in use', other: 3 })).toEqual({ email: { text: 'Already in use' } })
    expect(detailsToErrors('nope')).toEqual({})
  })
})
