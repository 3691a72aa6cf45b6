import { describe, expect, it } from 'vitest'
import { formatDistance } from './flag-list.tsx'

describe('formatDistance', () => {
  it('says metres up to a kilometre, then kilometres, each language its own way', () => {
    expect(formatDistance(450, 'en')).toBe('450 m')
    expect(formatDistance(1_520, 'es')).toBe('1,5 km')
    expect(formatDistance(233_442, 'fr').replace(/\s/g, ' ')).toBe('233 km')
    expect(formatDistance(12_500, 'en')).toBe('13 km')
  })
})
