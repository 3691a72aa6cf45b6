import { ApiError } from '@rota/core'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-provider.tsx'

describe('the server-data cache', () => {
  it('follows SPEC.md §9: three retries from 1 s doubling to 30 s, no refetch on focus, kept forever', () => {
    const { queries } = createQueryClient().getDefaultOptions()
    const retry = queries?.retry as (failures: number, error: unknown) => boolean
    const delay = queries?.retryDelay as (attempt: number) => number
    expect([0, 1, 2, 3].map((failures) => retry(failures, new Error('Network error')))).toEqual([true, true, true, false])
    expect([0, 1, 2, 5, 10].map((attempt) => delay(attempt))).toEqual([1000, 2000, 4000, 30_000, 30_000])
    expect(queries).toMatchObject({ refetchOnWindowFocus: false, networkMode: 'online', gcTime: Number.POSITIVE_INFINITY })
  })

  it('sends a change at once, online or not, so that one made offline fails and says so', () => {
    expect(createQueryClient().getDefaultOptions().mutations).toMatchObject({ retry: false, networkMode: 'always' })
  })

  it('does not repeat a request the server refused', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean
    expect(retry(0, new ApiError({ status: 403, code: 'forbidden' }))).toBe(false)
    expect(retry(0, new ApiError({ status: 503 }))).toBe(true)
  })
})
