import { CANADIAN_PROVINCES, type Locale, type Province } from '@rota/core'

/**
 * Google's Places API (New) over REST, straight from the browser with the key of
 * `ROTA_MAPS_KEY` (restricted by HTTP referrer in Google's console): no Google script, and
 * nothing of Rota's goes through Google but what is typed in the address field.
 */
const PLACES = 'https://places.googleapis.com/v1'

/** One address Google suggests for what was typed. */
export interface AddressSuggestion {
  placeId: string
  /** The whole suggestion, as Google words it. */
  text: string
  /** Its first part, usually the street address ("290 Bremner Blvd"). */
  main: string
  /** The rest ("Toronto, ON, Canada"). */
  secondary: string
}

/** The parts of a chosen place that Rota's client form holds; those Google does not know are absent. */
export interface PlaceAddress {
  street?: string
  city?: string
  province?: Province
  postalCode?: string
  latitude?: number
  longitude?: number
}

interface PlacesCall {
  fetch: typeof globalThis.fetch
  key: string
  language: Locale
  /** One per typing session, the same for its suggestions and the place chosen: Google bills by session. */
  sessionToken: string
  signal?: AbortSignal
}

interface AutocompleteAnswer {
  suggestions?: {
    placePrediction?: {
      placeId: string
      text?: { text: string }
      structuredFormat?: { mainText?: { text: string }; secondaryText?: { text: string } }
    }
  }[]
}

interface PlaceAnswer {
  addressComponents?: { longText?: string; shortText?: string; types?: string[] }[]
  location?: { latitude?: number; longitude?: number }
}

/** The answer's body, or an error for a refusal (a key not allowed here, a spent quota, Google down). */
async function answer<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`Google Places answered ${response.status}`)
  return (await response.json()) as T
}

/**
 * `POST places:autocomplete`: Canadian places matching `input`, in the person's language.
 * Query predictions (searches rather than places) are not asked for.
 * @example
 * const suggestions = await suggestAddresses({ fetch, key, input: '290 Brem', language: 'en', sessionToken, signal })
 */
export async function suggestAddresses({ fetch, key, input, language, sessionToken, signal }: PlacesCall & { input: string }): Promise<AddressSuggestion[]> {
  const response = await fetch(`${PLACES}/places:autocomplete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': key },
    body: JSON.stringify({ input, includedRegionCodes: ['ca'], languageCode: language, regionCode: 'ca', sessionToken }),
    signal,
  })
  const { suggestions = [] } = await answer<AutocompleteAnswer>(response)
  return suggestions.flatMap(({ placePrediction: place }) => {
    if (!place?.placeId) return []
    const text = place.text?.text ?? ''
    const main = place.structuredFormat?.mainText?.text ?? text
    return [{ placeId: place.placeId, text, main, secondary: place.structuredFormat?.secondaryText?.text ?? '' }]
  })
}

/**
 * `GET places/{id}`: the chosen place's address and position, which ends the session
 * `sessionToken` began.
 * @example
 * const address = await placeAddress({ fetch, key, placeId, language: 'fr', sessionToken })
 */
export async function placeAddress({ fetch, key, placeId, language, sessionToken, signal }: PlacesCall & { placeId: string }): Promise<PlaceAddress> {
  const query = new URLSearchParams({ sessionToken, languageCode: language, regionCode: 'ca' })
  const response = await fetch(`${PLACES}/places/${encodeURIComponent(placeId)}?${query}`, {
    headers: { 'X-Goog-Api-Key': key, 'X-Goog-FieldMask': 'addressComponents,location' },
    signal,
  })
  return readAddress(await answer<PlaceAnswer>(response))
}

/** Google's address components as the form's fields; a unit comes first, as Canada Post writes it (10-290 Bremner Blvd). */
function readAddress({ addressComponents = [], location }: PlaceAnswer): PlaceAddress {
  const part = (type: string, form: 'longText' | 'shortText' = 'longText') => addressComponents.find((component) => component.types?.includes(type))?.[form]?.trim() || undefined
  const number = [part('subpremise'), part('street_number')].filter(Boolean).join('-')
  const street = [number, part('route')].filter(Boolean).join(' ') || undefined
  const region = part('administrative_area_level_1', 'shortText')?.toUpperCase()
  const province = CANADIAN_PROVINCES.find((code) => code === region)
  const address: PlaceAddress = {
    street,
    city: part('locality') ?? part('postal_town') ?? part('administrative_area_level_3'),
    province,
    postalCode: part('postal_code')?.toUpperCase(),
  }
  if (typeof location?.latitude === 'number' && typeof location.longitude === 'number') {
    address.latitude = location.latitude
    address.longitude = location.longitude
  }
  return Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined)) as PlaceAddress
}
