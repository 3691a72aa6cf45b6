import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, type Call } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const MAPS_KEY = 'test-maps-key'

/** Two places as Google's Places API (New) describes them. */
const places = {
  'ChIJ-sainte-catherine': {
    suggestion: { main: '1250 Rue Sainte-Catherine O', secondary: 'Montréal, QC, Canada' },
    place: {
      addressComponents: [
        { longText: '1250', shortText: '1250', types: ['street_number'], languageCode: 'fr' },
        { longText: 'Rue Sainte-Catherine Ouest', shortText: 'Rue Sainte-Catherine O', types: ['route'], languageCode: 'fr' },
        { longText: 'Montréal', shortText: 'Montréal', types: ['locality', 'political'], languageCode: 'fr' },
        { longText: 'Québec', shortText: 'QC', types: ['administrative_area_level_1', 'political'], languageCode: 'fr' },
        { longText: 'Canada', shortText: 'CA', types: ['country', 'political'], languageCode: 'en' },
        { longText: 'H3G 1P1', shortText: 'H3G 1P1', types: ['postal_code'], languageCode: 'en' },
      ],
      location: { latitude: 45.4977, longitude: -73.5786 },
    },
  },
  'ChIJ-bremner': {
    suggestion: { main: '290 Bremner Blvd', secondary: 'Toronto, ON, Canada' },
    place: {
      addressComponents: [
        { longText: '290', shortText: '290', types: ['street_number'], languageCode: 'en' },
        { longText: 'Bremner Boulevard', shortText: 'Bremner Blvd', types: ['route'], languageCode: 'en' },
        { longText: 'Toronto', shortText: 'Toronto', types: ['locality', 'political'], languageCode: 'en' },
        { longText: 'Ontario', shortText: 'ON', types: ['administrative_area_level_1', 'political'], languageCode: 'en' },
        { longText: 'Canada', shortText: 'CA', types: ['country', 'political'], languageCode: 'en' },
        { longText: 'M5V 3L9', shortText: 'M5V 3L9', types: ['postal_code'], languageCode: 'en' },
      ],
      location: { latitude: 43.6425662, longitude: -79.3870568 },
    },
  },
}

/** Rota's API with a maps key (or none), and Google's Places API behind the same `fetch`. */
function mapsServer(mapsKey: string | null = MAPS_KEY) {
  const server = fakeServer({
    'GET /config': () => ({ body: { data: { version: '0.1.0', google_client_id: null, images: { provider: 'local', cloud_name: null }, maps_key: mapsKey, mail_delivery: false } } }),
    'GET /location': () => ({ body: { data: { count: 0, rows: [] } } }),
    'POST /location': ({ body }) => ({ status: 201, body: { data: { ...(body as object), id: '00000000-0000-4000-8000-000000000511' }, message: 'Saved.' } }),
    'POST /v1/places:autocomplete': ({ body }) => {
      const input = String((body as { input: string }).input).toLowerCase()
      const suggestions = Object.entries(places)
        .filter(([, { suggestion }]) => suggestion.main.toLowerCase().replace(/\s+/g, ' ').includes(input.split(' ')[1] ?? input))
        .map(([placeId, { suggestion }]) => ({
          placePrediction: {
            place: `places/${placeId}`,
            placeId,
            text: { text: `${suggestion.main}, ${suggestion.secondary}`, matches: [{ endOffset: input.length }] },
            structuredFormat: { mainText: { text: suggestion.main, matches: [{ endOffset: input.length }] }, secondaryText: { text: suggestion.secondary } },
            types: ['street_address', 'geocode'],
          },
        }))
      return { body: suggestions.length ? { suggestions } : {} }
    },
    'GET /v1/places/{id}': ({ path }) => ({ body: places[path.split('/').at(-1) as keyof typeof places].place }),
  })
  const google = () => server.calls.filter((call) => call.path.startsWith('/v1/places'))
  const suggested = () => server.called('POST /v1/places:autocomplete')
  return { server, google, suggested }
}

const bodyOf = (call: Call) => call.body as { input: string; includedRegionCodes: string[]; languageCode: string; sessionToken: string }

async function openNewClient(server: ReturnType<typeof fakeServer>) {
  const view = renderApp('/locations', { user: adminProfile, server })
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Add a client' }))
  const dialog = await screen.findByRole('dialog', { name: 'New client' })
  return { ...view, user, dialog, field: (name: string) => within(dialog).getByLabelText(name) }
}

describe('the address field of a client, with a maps key', () => {
  it('suggests Canadian addresses as they are typed and fills the address from the one chosen with the keyboard, one Google session per choice', async () => {
    const { server, suggested, google } = mapsServer()
    const { user, dialog, field, notify } = await openNewClient(server)
    const street = await within(dialog).findByRole('combobox', { name: 'Street address' })
    expect(street).toBeRequired()
    expect(street).toHaveAccessibleDescription('Start typing an address to see suggestions.')

    // A click on Add first: the empty required fields are in error until filled.
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))
    expect(field('City')).toHaveAccessibleDescription('This field is required.')
    expect(street).toBeInvalid()
    expect(street).toHaveAccessibleDescription('Start typing an address to see suggestions. This field is required.')

    await user.type(street, '12')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(google()).toHaveLength(0)
    await user.clear(street)
    await user.type(street, '1250 Sain')
    expect(await screen.findByRole('option', { name: '1250 Rue Sainte-Catherine O Montréal, QC, Canada' })).toBeVisible()
    await user.type(street, 'te-Cath')
    await waitFor(() => expect(suggested().map((call) => bodyOf(call).input).at(-1)).toBe('1250 Sainte-Cath'))

    await user.keyboard('{ArrowDown}')
    expect(street).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /1250 Rue Sainte-Catherine O/ }).id)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(field('City')).toHaveValue('Montréal'))
    expect(street).toHaveValue('1250 Rue Sainte-Catherine Ouest')
    expect(field('Province or territory')).toHaveValue('QC')
    expect(field('Postal code')).toHaveValue('H3G 1P1')
    expect(field('Latitude')).toHaveValue('45.4977')
    expect(field('Longitude')).toHaveValue('-73.5786')
    // The form heard the changes as if typed: the City's error went with its value.
    await waitFor(() => expect(field('City')).not.toHaveAccessibleDescription('This field is required.'))
    expect(screen.queryByRole('listbox')).toBeNull()

    const first = bodyOf(suggested()[0]!).sessionToken
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    for (const call of suggested()) {
      expect(call.headers.get('x-goog-api-key')).toBe(MAPS_KEY)
      expect(bodyOf(call)).toMatchObject({ includedRegionCodes: ['ca'], languageCode: 'en', sessionToken: first })
      expect(bodyOf(call).input.length).toBeGreaterThanOrEqual(3)
    }
    const [details] = server.called('GET /v1/places/{id}')
    expect(details?.path).toBe('/v1/places/ChIJ-sainte-catherine')
    expect(details?.query.get('sessionToken')).toBe(first)
    expect(details?.headers.get('x-goog-api-key')).toBe(MAPS_KEY)
    expect(details?.headers.get('x-goog-fieldmask')).toBe('addressComponents,location')

    // Another address: a new typing session, a new token.
    const before = suggested().length
    await user.clear(street)
    await user.type(street, '290 Bremner')
    await user.click(await screen.findByRole('option', { name: '290 Bremner Blvd Toronto, ON, Canada' }))
    await waitFor(() => expect(field('City')).toHaveValue('Toronto'))
    const second = suggested().slice(before).map((call) => bodyOf(call).sessionToken)
    expect(second.length).toBeGreaterThan(0)
    expect(new Set(second).size).toBe(1)
    expect(second[0]).not.toBe(first)
    expect(server.called('GET /v1/places/{id}')[1]?.query.get('sessionToken')).toBe(second[0])

    await user.type(field('Client name'), 'Tour CN')
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))
    await waitFor(() => expect(server.called('POST /location')).toHaveLength(1))
    expect(server.called('POST /location')[0]?.body).toMatchObject({
      street: '290 Bremner Boulevard',
      city: 'Toronto',
      province: 'ON',
      postal_code: 'M5V 3L9',
      latitude: 43.6425662,
      longitude: -79.3870568,
    })
    expect(notify).not.toHaveBeenCalledWith('error', expect.anything())
  })

  it('says so when no address matches', async () => {
    const { server } = mapsServer()
    const { user, dialog } = await openNewClient(server)
    const street = await within(dialog).findByRole('combobox', { name: 'Street address' })
    await user.type(street, '99 Nowhere')
    await waitFor(() => expect(street).toHaveAccessibleDescription('No address found. Check it or type it in full.'))
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it.each([
    ['a spent quota', (fetch: typeof globalThis.fetch) => fetch],
    ['no network', () => () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('stays a plain field with a polite note when Google fails (%s)', async (_, google) => {
    const { server, suggested } = mapsServer()
    server.on('POST /v1/places:autocomplete', () => ({ status: 429, body: { error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } } }))
    const fetch: typeof globalThis.fetch = (input, init) => (String(input).startsWith('https://places.googleapis.com') ? google(server.fetch)(input, init) : server.fetch(input, init))
    const { user, dialog, field, notify } = await openNewClient({ ...server, fetch })
    const street = await within(dialog).findByRole('combobox', { name: 'Street address' })
    await user.type(street, '290 Bremner')
    await waitFor(() => expect(street).toHaveAccessibleDescription('Address suggestions are unavailable; type the address.'))
    expect(within(dialog).getByRole('status')).toHaveTextContent('Address suggestions are unavailable; type the address.')
    await user.type(street, ' Blvd')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(suggested().length).toBeLessThanOrEqual(1)

    await user.type(field('Client name'), 'Tour CN')
    await user.type(field('City'), 'Toronto')
    await user.type(field('Postal code'), 'M5V 3L9')
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))
    await waitFor(() => expect(server.called('POST /location')).toHaveLength(1))
    expect(server.called('POST /location')[0]?.body).toMatchObject({ street: '290 Bremner Blvd', city: 'Toronto', province: 'ON' })
    expect(notify).not.toHaveBeenCalledWith('error', expect.anything())
  })
})

describe('the address field of a client, without a maps key', () => {
  it('is the plain text field, and nothing is asked of Google', async () => {
    const { server, google } = mapsServer(null)
    const { user, dialog, field } = await openNewClient(server)
    await waitFor(() => expect(server.called('GET /config')).not.toHaveLength(0))
    await user.type(field('Street address'), '290 Bremner Blvd')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(within(dialog).queryByRole('combobox', { name: 'Street address' })).toBeNull()
    expect(field('Street address')).toHaveValue('290 Bremner Blvd')
    expect(field('Street address')).not.toHaveAccessibleDescription()
    expect(google()).toHaveLength(0)
  })
})
