import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, permissionEntry, staffProfile } from '../../../testing/fake-server.ts'
import { location, service } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const cleaning = service({ id: '00000000-0000-4000-8000-000000000601', name: 'Cleaning', bill_rate_cents: 4800 })
const snow = service({ id: '00000000-0000-4000-8000-000000000602', name: 'Snow removal', bill_rate_cents: 6500 })
const windows = service({ id: '00000000-0000-4000-8000-000000000603', name: 'Windows', bill_rate_cents: 3000 })

/** A client paying its own $52 for cleaning and $70 for snow removal, among three services. */
function ratesServer() {
  const client = {
    ...location(),
    rates: [
      { service_id: cleaning.id, service_name: 'Cleaning', bill_rate_cents: 5200 },
      { service_id: snow.id, service_name: 'Snow removal', bill_rate_cents: 7000 },
    ],
  }
  return fakeServer({
    'GET /location': () => ({ body: { data: { count: 1, rows: [location()] } } }),
    'GET /location/{id}': () => ({ body: { data: client } }),
    'GET /service': () => ({ body: { data: { count: 3, rows: [cleaning, snow, windows] } } }),
    'PUT /location/{id}/rates': ({ body }) => ({ body: { data: { ...client, ...(body as object), version: 3 } } }),
    'PUT /location/{id}': ({ body }) => ({ body: { data: { ...client, ...(body as object), version: 4 }, message: 'Saved.' } }),
  })
}

async function openClient(server: ReturnType<typeof fakeServer>, user = adminProfile) {
  renderApp('/locations?id=00000000-0000-4000-8000-000000000500', { user, server })
  const panel = await screen.findByRole('dialog', { name: 'Harbourfront Centre' })
  await within(panel).findByLabelText('Windows')
  return panel
}

describe('a client’s own rates', () => {
  it('shows each service at the client’s rate or the service’s, and saves a change, an addition and a removal with the client’s version', async () => {
    const server = ratesServer()
    const panel = await openClient(server)
    expect(within(panel).getByRole('group', { name: 'Rates' })).toBeVisible()
    expect(within(panel).getByLabelText('Cleaning')).toHaveValue('52.00')
    expect(within(panel).getByLabelText('Cleaning')).toHaveAccessibleDescription('Service rate: $48.00')
    expect(within(panel).getByLabelText('Windows')).toHaveValue('')
    expect(within(panel).getByLabelText('Windows')).toHaveAccessibleDescription('Service rate: $30.00')

    const user = userEvent.setup()
    await user.clear(within(panel).getByLabelText('Cleaning'))
    await user.type(within(panel).getByLabelText('Cleaning'), '55,50')
    await user.type(within(panel).getByLabelText('Windows'), '35')
    await user.click(within(panel).getByRole('button', { name: 'Use the service rate for Snow removal' }))
    expect(within(panel).getByLabelText('Snow removal')).toHaveValue('')
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(server.called('PUT /location/{id}')).toHaveLength(1))
    expect(server.called('PUT /location/{id}/rates').map((call) => call.body)).toEqual([
      {
        rates: [
          { service_id: cleaning.id, bill_rate_cents: 5550 },
          { service_id: windows.id, bill_rate_cents: 3500 },
        ],
        version: 2,
      },
    ])
    // The details go with the version the rates moved the client to.
    expect(server.called('PUT /location/{id}')[0]?.body).toMatchObject({ name: 'Harbourfront Centre', version: 3 })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('sends no rates when they did not change, and refuses an amount that is not one beside its service', async () => {
    const server = ratesServer()
    const panel = await openClient(server)
    const user = userEvent.setup()
    await user.type(within(panel).getByLabelText('Windows'), 'ten')
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }))
    expect(await within(panel).findByLabelText('Windows')).toHaveAccessibleDescription(/Enter an amount in dollars, such as 24.50/)
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(0)

    await user.clear(within(panel).getByLabelText('Windows'))
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(server.called('PUT /location/{id}')).toHaveLength(1))
    expect(server.called('PUT /location/{id}/rates')).toHaveLength(0)
  })

  it('shows the server’s refusal of a rate beside its service, and saves nothing else', async () => {
    const server = ratesServer()
    server.on('PUT /location/{id}/rates', () => ({
      status: 422,
      body: { message: 'There is no such service.', code: 'service_not_found', details: { 'rates.2.service_id': 'No such service' } },
    }))
    const panel = await openClient(server)
    const user = userEvent.setup()
    await user.type(within(panel).getByLabelText('Windows'), '35')
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(within(panel).getByLabelText('Windows')).toHaveAccessibleDescription(/There is no such service\./))
    expect(within(panel).getByLabelText('Cleaning')).not.toHaveAccessibleDescription(/no such service/)
    expect(server.called('PUT /location/{id}')).toHaveLength(0)
    expect(screen.getByRole('dialog', { name: 'Harbourfront Centre' })).toBeVisible()
  })

  it('shows the rates, without a way to change them, to someone who may only read clients', async () => {
    const reader = { ...staffProfile, permissions: [permissionEntry('locations', { read: true }), permissionEntry('services', { read: true })] }
    const panel = await openClient(ratesServer(), reader)
    expect(within(panel).getByLabelText('Cleaning')).toBeDisabled()
    expect(within(panel).getByLabelText('Cleaning')).toHaveValue('52.00')
    expect(within(panel).queryByRole('button', { name: /Use the service rate/ })).toBeNull()
  })

  it('shows a change of the rates in the client’s history, service by service', async () => {
    const server = ratesServer()
    server.on('GET /location/{id}/history', () => ({
      body: {
        data: {
          count: 1,
          rows: [
            {
              id: 9,
              action: 'locations.update',
              actor: { id: adminProfile.id, name: 'Jeanne Tremblay' },
              created_at: '2025-03-05T15:00:00Z',
              changes: [{ field: 'rates', before: [], after: [{ service_id: cleaning.id, service_name: 'Cleaning', bill_rate_cents: 5200 }, { service_id: snow.id, service_name: 'Snow removal', bill_rate_cents: 7000 }] }],
            },
          ],
        },
      },
    }))
    const panel = await openClient(server)
    await userEvent.setup().click(within(panel).getByRole('tab', { name: 'History' }))
    const entry = await within(panel).findByRole('listitem')
    expect(within(entry).getByText('Rates').nextElementSibling).toHaveTextContent('—empty → changed to Cleaning: $52.00, Snow removal: $70.00')
  })
})
