import { describe, expect, it, vi } from 'vitest'
import { placeAddress, suggestAddresses } from './places.ts'

const call = { key: 'test-maps-key', language: 'fr' as const, sessionToken: '6f1c1f5e-8c1a-4c53-9a55-0d4c7b9e2a10' }
const json = (body: unknown, status = 200) => vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

describe("Google's Places API (New)", () => {
  it('asks for Canadian places in the reader\'s language, and reads the suggestions', async () => {
    const fetch = json({
      suggestions: [
        {
          placePrediction: {
            place: 'places/ChIJ-montreal',
            placeId: 'ChIJ-montreal',
            text: { text: '1250 Rue Sainte-Catherine O, Montréal, QC, Canada', matches: [{ endOffset: 10 }] },
            structuredFormat: { mainText: { text: '1250 Rue Sainte-Catherine O' }, secondaryText: { text: 'Montréal, QC, Canada' } },
          },
        },
        { queryPrediction: { text: { text: '1250 rue' } } },
      ],
    })
    const suggestions = await suggestAddresses({ ...call, fetch, input: '1250 rue Sainte' })
    expect(suggestions).toEqual([{ placeId: 'ChIJ-montreal', text: '1250 Rue Sainte-Catherine O, Montréal, QC, Canada', main: '1250 Rue Sainte-Catherine O', secondary: 'Montréal, QC, Canada' }])
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://places.googleapis.com/v1/places:autocomplete')
    expect(init?.method).toBe('POST')
    expect(new Headers(init?.headers).get('x-goog-api-key')).toBe('test-maps-key')
    expect(JSON.parse(String(init?.body))).toMatchObject({ input: '1250 rue Sainte', includedRegionCodes: ['ca'], languageCode: 'fr', sessionToken: call.sessionToken })
  })

  it('reads nothing from an answer without suggestions', async () => {
    expect(await suggestAddresses({ ...call, fetch: json({}), input: 'zzzz' })).toEqual([])
  })

  it('fails on a refusal, such as a spent quota', async () => {
    const fetch = json({ error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } }, 429)
    await expect(suggestAddresses({ ...call, fetch, input: '290 Bremner' })).rejects.toThrow('429')
  })

  it('reads a place as the form\'s address: unit first, province only if Canadian, postal code in capitals', async () => {
    const fetch = json({
      addressComponents: [
        { longText: '12', shortText: '12', types: ['subpremise'] },
        { longText: '1250', shortText: '1250', types: ['street_number'] },
        { longText: 'Rue Sainte-Catherine Ouest', shortText: 'Rue Sainte-Catherine O', types: ['route'] },
        { longText: 'Montréal', shortText: 'Montréal', types: ['locality', 'political'] },
        { longText: 'Québec', shortText: 'QC', types: ['administrative_area_level_1', 'political'] },
        { longText: 'Canada', shortText: 'CA', types: ['country', 'political'] },
        { longText: 'h3b 1a7', shortText: 'h3b 1a7', types: ['postal_code'] },
      ],
      location: { latitude: 45.5017, longitude: -73.5673 },
    })
    const address = await placeAddress({ ...call, fetch, placeId: 'ChIJ-montreal' })
    expect(address).toEqual({ street: '12-1250 Rue Sainte-Catherine Ouest', city: 'Montréal', province: 'QC', postalCode: 'H3B 1A7', latitude: 45.5017, longitude: -73.5673 })
    const [url, init] = fetch.mock.calls[0]!
    const asked = new URL(String(url))
    expect(asked.origin + asked.pathname).toBe('https://places.googleapis.com/v1/places/ChIJ-montreal')
    expect(asked.searchParams.get('sessionToken')).toBe(call.sessionToken)
    expect(asked.searchParams.get('languageCode')).toBe('fr')
    const headers = new Headers(init?.headers)
    expect(headers.get('x-goog-api-key')).toBe('test-maps-key')
    expect(headers.get('x-goog-fieldmask')).toBe('addressComponents,location')

    const elsewhere = json({ addressComponents: [{ longText: 'Washington', shortText: 'WA', types: ['administrative_area_level_1'] }] })
    expect(await placeAddress({ ...call, fetch: elsewhere, placeId: 'ChIJ-seattle' })).toEqual({})
  })
})
