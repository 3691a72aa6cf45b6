import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer, staffProfile } from '../../../testing/fake-server.ts'
import { location } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

/** Clients behind a fake API where someone else renames the client as soon as it is saved from here. */
function clientsServer(rows = [location()]) {
  let stored = rows[0] ?? location()
  return fakeServer({
    'GET /location': () => ({ body: { data: { count: rows.length, rows } } }),
    'POST /location': ({ body }) => ({ status: 201, body: { data: location({ ...(body as object), id: '00000000-0000-4000-8000-000000000511' }), message: 'Saved.' } }),
    'PUT /location/{id}': () => {
      stored = location({ name: 'Harbourfront Community Centre', version: 3 })
      return { status: 409, body: { message: 'Someone else changed this record. Reload it and try again.', code: 'stale_version' } }
    },
    'GET /location/{id}': () => ({ body: { data: stored } }),
    'DELETE /location/{id}': () => ({ status: 409, body: { message: 'This record is used elsewhere and cannot be removed.', code: 'in_use' } }),
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the client panel', () => {
  it('marks the fields that must be filled in', async () => {
    renderApp('/locations', { user: adminProfile, server: clientsServer([]) })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New client' })
    for (const name of ['Client name', 'Street address', 'City', 'Province or territory', 'Postal code']) {
      const field = within(dialog).getByLabelText(name)
      expect(field, name).toBeRequired()
      expect(field.closest('div')?.parentElement?.querySelector('[aria-hidden="true"][title="Required"]'), name).toHaveTextContent('*')
    }
    for (const name of ['Contact person', 'Phone', 'Latitude', 'Billing notes']) expect(within(dialog).getByLabelText(name), name).not.toBeRequired()
  })

  it('refuses a postal code of another province on the postal code field, naming both, before sending anything', async () => {
    const server = clientsServer([])
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New client' })
    const field = (name: string) => within(dialog).getByLabelText(name)
    await user.type(field('Client name'), 'Tour CN')
    await user.type(field('Street address'), '290 Bremner Blvd')
    await user.type(field('City'), 'Toronto')
    await user.selectOptions(field('Province or territory'), 'Quebec')
    await user.type(field('Postal code'), 'M5V 2T6')
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))
    expect(field('Postal code')).toHaveAccessibleDescription('A postal code starting with M is in Ontario, not Quebec: choose that province or correct the code.')
    expect(field('Postal code')).toHaveFocus()
    expect(server.called('POST /location')).toHaveLength(0)

    await user.selectOptions(field('Province or territory'), 'Ontario')
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))
    await waitFor(() => expect(server.called('POST /location')).toHaveLength(1))
  })

  it('takes the person to the first field the server refused, in the form\'s order', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {})
    const server = clientsServer([])
    server.on('POST /location', () => ({ status: 400, body: { message: 'Some fields are not valid.', code: 'validation_failed', details: { postal_code: 'Not this one', name: 'Not this either' } } }))
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New client' })
    const field = (name: string) => within(dialog).getByLabelText(name)
    await user.type(field('Client name'), 'Tour CN')
    await user.type(field('Street address'), '290 Bremner Blvd')
    await user.type(field('City'), 'Toronto')
    await user.type(field('Postal code'), 'M5V 2T6')
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))
    await waitFor(() => expect(field('Client name')).toHaveFocus())
    expect(scrolled.mock.contexts.at(-1)).toBe(field('Client name'))
  })

  it('says what to type in each field, then sends the contract\'s body: a normalised postal code, nulls for what was left empty', async () => {
    const server = clientsServer([])
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New client' })
    const field = (name: string) => within(dialog).getByLabelText(name)

    await user.type(field('Postal code'), '12345')
    await user.type(field('Phone'), '12')
    await user.type(field('Latitude'), '45.5')
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))
    expect(field('Client name')).toHaveAccessibleDescription('This field is required.')
    expect(field('Postal code')).toHaveAccessibleDescription('Enter a Canadian postal code, such as K1A 0B1.')
    expect(field('Phone')).toHaveAccessibleDescription(/Enter a 10-digit phone number/)
    expect(server.called('POST /location')).toHaveLength(0)

    await user.type(field('Client name'), 'Résidence Les Érables')
    await user.type(field('Street address'), '1250, rue Sainte-Catherine Ouest')
    await user.type(field('City'), 'Montréal')
    await user.selectOptions(field('Province or territory'), 'Quebec')
    await user.clear(field('Postal code'))
    await user.type(field('Postal code'), 'h3g1p1')
    await user.clear(field('Phone'))
    await user.type(field('Phone'), '(514) 555 0142')
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))
    expect(field('Longitude')).toHaveAccessibleDescription('Enter a longitude in Canada (-141.1 to -52.6), with its latitude.')
    await user.type(field('Longitude'), '-73,57')
    await user.click(within(dialog).getByRole('button', { name: 'Add a client' }))

    await waitFor(() => expect(server.called('POST /location')).toHaveLength(1))
    expect(server.called('POST /location')[0]?.body).toEqual({
      name: 'Résidence Les Érables',
      contact_person: null,
      email: null,
      phone: '514-555-0142',
      street: '1250, rue Sainte-Catherine Ouest',
      city: 'Montréal',
      province: 'QC',
      postal_code: 'H3G 1P1',
      latitude: 45.5,
      longitude: -73.57,
      billing_notes: null,
      active: true,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('catches someone else\'s change to the same client and reloads it', async () => {
    const server = clientsServer()
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit Harbourfront Centre' }))
    const dialog = await screen.findByRole('dialog', { name: 'Harbourfront Centre' })
    await user.click(within(dialog).getByLabelText('Active'))
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {})
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await within(dialog).findByText('Someone else changed this record. Reload it and try again.')).toBeVisible()
    // Above the part of the dialog in view when Save was pressed: it is brought into view and focused, so the save does not look ignored.
    const alert = within(dialog).getByRole('alert')
    await waitFor(() => expect(alert).toHaveFocus())
    expect(scrolled.mock.contexts.at(-1)).toBe(alert)
    expect(server.called('PUT /location/{id}')[0]?.body).toMatchObject({ active: false, version: 2 })
    await user.click(within(dialog).getByRole('button', { name: 'Reload the latest version' }))
    expect(await within(dialog).findByDisplayValue('Harbourfront Community Centre')).toBeVisible()
    expect(within(dialog).getByLabelText('Active')).toBeChecked()
    // The reload is what is saved now: closing asks nothing, since nothing typed is left.
    expect(within(dialog).getByRole('heading', { name: 'Harbourfront Community Centre' })).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('asks before deleting a client, and shows why the server refused', async () => {
    const server = clientsServer()
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete Harbourfront Centre' }))
    const question = await screen.findByRole('alertdialog', { name: 'Delete the client Harbourfront Centre?' })
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    expect(await within(question).findByText('This record is used elsewhere and cannot be removed.')).toBeVisible()
    expect(server.called('DELETE /location/{id}')).toHaveLength(1)
  })

  it('shows a client to someone who may only read clients, with its history but no way to change it', async () => {
    const reader = { ...staffProfile, permissions: [{ model_name: 'locations' as const, name: 'locations', read: true, create: false, update: false, delete: false }] }
    const server = clientsServer()
    server.on('GET /location/{id}/history', () => ({
      body: { data: { count: 1, rows: [{ id: 9, action: 'locations.update', actor: { id: adminProfile.id, name: 'Jeanne Tremblay' }, created_at: '2025-03-05T15:00:00Z', changes: [{ field: 'province', before: 'QC', after: 'ON' }] }] } },
    }))
    const { current } = renderApp('/locations', { user: reader, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Harbourfront Centre' }))
    expect(current()).toBe('/locations?id=00000000-0000-4000-8000-000000000500')
    const panel = await screen.findByRole('dialog', { name: 'Harbourfront Centre' })
    expect(within(panel).getByLabelText('Client name')).toBeDisabled()
    expect(within(panel).queryByRole('button', { name: 'Save changes' })).toBeNull()
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit Harbourfront Centre' })).toBeNull()

    await user.click(within(panel).getByRole('tab', { name: 'History' }))
    const entry = await within(panel).findByRole('listitem')
    expect(entry).toHaveTextContent('Changed by Jeanne Tremblay')
    expect(within(entry).getByText('Province or territory').nextElementSibling).toHaveTextContent('Quebec → changed to Ontario')
  })

  it('deletes a client from its panel after asking, and closes it', async () => {
    const server = clientsServer()
    server.on('DELETE /location/{id}', () => ({ body: { data: {}, message: 'Deleted.' } }))
    const { current } = renderApp('/locations?id=00000000-0000-4000-8000-000000000500', { user: adminProfile, server })
    const panel = await screen.findByRole('dialog', { name: 'Harbourfront Centre' })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('button', { name: 'Delete' }))
    const question = await screen.findByRole('alertdialog', { name: 'Delete the client Harbourfront Centre?' })
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(current()).toBe('/locations'))
    expect(server.called('DELETE /location/{id}')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
