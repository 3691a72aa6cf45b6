import { OtpVerifyBody, RegisterBusinessBody } from '@rota/core'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
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

  it('bounds a number by its value and a list by its choices, not by characters', () => {
    const Form = z.object({ days: z.number().int().min(0).max(365), rate: z.number().positive(), late: z.number().lt(60), roles: z.array(z.string()).max(2), tags: z.array(z.string()).min(2) })
    const result = Form.safeParse({ days: 99_999_999, rate: 0, late: 60, roles: ['a', 'b', 'c'], tags: ['a'] })
    expect(issuesToErrors(result.error?.issues ?? [])).toEqual({
      days: { key: 'atMost', values: { count: 365 } },
      rate: { key: 'above', values: { count: 0 } },
      late: { key: 'below', values: { count: 60 } },
      roles: { key: 'manyItems', values: { count: 2 } },
      tags: { key: 'fewItems', values: { count: 2 } },
    })
    expect(issuesToErrors(Form.pick({ days: true }).safeParse({ days: -1 }).error?.issues ?? [])).toEqual({ days: { key: 'atLeast', values: { count: 0 } } })
  })

  it('shows the server\'s per-field details as they are', () => {
    expect(detailsToErrors({ email: 'Already in use', other: 3 })).toEqual({ email: { text: 'Already in use' } })
    expect(detailsToErrors('nope')).toEqual({})
  })
})
