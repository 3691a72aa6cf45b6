import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer } from '../../../testing/fake-server.ts'
import { service } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

describe('the service panel', () => {
  it('asks before saving a pay rate above the bill rate, and saves nothing until told to', async () => {
    const server = fakeServer({
      'GET /service': () => ({ body: { data: { count: 0, rows: [] } } }),
      'POST /service': ({ body }) => ({ status: 201, body: { data: service(body as object) } }),
    })
    renderApp('/services', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    const field = (name: string) => within(dialog).getByLabelText(name)
    await user.type(field('Service name'), 'Window cleaning')
    await user.type(field('Bill rate ($/h)'), '25')
    await user.type(field('Pay rate ($/h)'), '30')
    await user.click(within(dialog).getByRole('button', { name: 'Add a service' }))

    let question = await screen.findByRole('alertdialog', { name: 'Pay more than you bill?' })
    expect(question).toHaveTextContent('The pay rate ($30.00 an hour) is above the bill rate ($25.00 an hour)')
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(server.called('POST /service')).toHaveLength(0)
    expect(screen.getByRole('dialog', { name: 'New service' })).toBeVisible()

    await user.click(within(screen.getByRole('dialog', { name: 'New service' })).getByRole('button', { name: 'Add a service' }))
    question = await screen.findByRole('alertdialog', { name: 'Pay more than you bill?' })
    await user.click(within(question).getByRole('button', { name: 'Save anyway' }))
    await waitFor(() => expect(server.called('POST /service')).toHaveLength(1))
    expect(server.called('POST /service')[0]?.body).toMatchObject({ bill_rate_cents: 2500, pay_rate_cents: 3000 })
  })

  it('reads rates typed in dollars as cents, shows the margin, and sends the colour and length', async () => {
    const server = fakeServer({
      'GET /service': () => ({ body: { data: { count: 0, rows: [] } } }),
      'POST /service': ({ body }) => ({ status: 201, body: { data: service(body as object) } }),
    })
    renderApp('/services', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    const field = (name: string) => within(dialog).getByLabelText(name)

    await user.type(field('Service name'), 'Entretien ménager')
    await user.type(field('Bill rate ($/h)'), 'forty')
    await user.click(within(dialog).getByRole('button', { name: 'Add a service' }))
    expect(field('Bill rate ($/h)')).toHaveAccessibleDescription(/Enter an amount in dollars/)
    expect(field('Pay rate ($/h)')).toHaveAccessibleDescription(/This field is required./)

    await user.clear(field('Bill rate ($/h)'))
    await user.type(field('Bill rate ($/h)'), '45,50')
    await user.type(field('Pay rate ($/h)'), '$24')
    expect(within(dialog).getByText('Margin: $21.50 per hour.')).toBeVisible()
    fireEvent.input(field('Colour'), { target: { value: '#f59e0b' } })
    await user.clear(field('Default length (minutes)'))
    await user.type(field('Default length (minutes)'), '180')
    await user.click(within(dialog).getByRole('button', { name: 'Add a service' }))

    await waitFor(() => expect(server.called('POST /service')).toHaveLength(1))
    expect(server.called('POST /service')[0]?.body).toEqual({
      name: 'Entretien ménager',
      description: null,
      colour: '#f59e0b',
      default_duration_minutes: 180,
      bill_rate_cents: 4550,
      pay_rate_cents: 2400,
      provincial_exempt: false,
      active: true,
    })
  })

  it('marks a service exempt from the provincial sales tax, saying its hours are billed with GST only', async () => {
    let stored = service()
    const server = fakeServer({
      'GET /service': () => ({ body: { data: { count: 1, rows: [stored] } } }),
      'GET /service/{id}': () => ({ body: { data: stored } }),
      'PUT /service/{id}': ({ body }) => {
        stored = service({ ...(body as object), version: stored.version + 1 })
        return { body: { data: stored } }
      },
    })
    renderApp(`/services?id=${stored.id}`, { user: adminProfile, server })
    const panel = await screen.findByRole('dialog', { name: 'Snow removal' })
    const exempt = within(panel).getByRole('checkbox', { name: 'Exempt from provincial sales tax' })
    expect(exempt).not.toBeChecked()
    expect(exempt).toHaveAccessibleDescription(/billed with GST only: no PST, QST or RST/)
    const user = userEvent.setup()
    await user.click(exempt)
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(server.called('PUT /service/{id}')).toHaveLength(1))
    expect(server.called('PUT /service/{id}')[0]?.body).toMatchObject({ provincial_exempt: true, active: true, version: 1 })
  })

  it('lists services with their colour, length and rates in the reader\'s currency format', async () => {
    const server = fakeServer({ 'GET /service': () => ({ body: { data: { count: 1, rows: [service()] } } }) })
    renderApp('/services', { user: adminProfile, server })
    const row = (await screen.findByRole('button', { name: 'Snow removal' })).closest('tr')!
    expect(row).toHaveTextContent('2 h')
    expect(row).toHaveTextContent('$65.00')
    expect(row).toHaveTextContent('$28.00')
  })

  it('opens a service from a link, reloads it after someone else\'s change, and shows the change in its history', async () => {
    let stored = service()
    const server = fakeServer({
      'GET /service': () => ({ body: { data: { count: 1, rows: [stored] } } }),
      'GET /service/{id}': () => ({ body: { data: stored } }),
      'PUT /service/{id}': () => {
        stored = service({ bill_rate_cents: 7000, version: stored.version + 1 })
        return { status: 409, body: { message: 'Someone else changed this record. Reload it and try again.', code: 'stale_version' } }
      },
      'GET /service/{id}/history': () => ({
        body: { data: { count: 1, rows: [{ id: 4, action: 'services.update', actor: { id: adminProfile.id, name: 'Jeanne Tremblay' }, created_at: '2025-03-05T15:00:00Z', changes: [{ field: 'bill_rate_cents', before: 6500, after: 7000 }] }] } },
      }),
    })
    renderApp(`/services?id=${stored.id}`, { user: adminProfile, server })
    const panel = await screen.findByRole('dialog', { name: 'Snow removal' })
    const user = userEvent.setup()
    await user.clear(within(panel).getByLabelText('Pay rate ($/h)'))
    await user.type(within(panel).getByLabelText('Pay rate ($/h)'), '30')
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }))
    expect(await within(panel).findByText('Someone else changed this record. Reload it and try again.')).toBeVisible()
    await user.click(within(panel).getByRole('button', { name: 'Reload the latest version' }))
    await waitFor(() => expect(within(panel).getByLabelText('Bill rate ($/h)')).toHaveValue('70.00'))
    expect(within(panel).getByLabelText('Pay rate ($/h)')).toHaveValue('28.00')

    await user.click(within(panel).getByRole('tab', { name: 'History' }))
    const entry = await within(panel).findByRole('listitem')
    expect(within(entry).getByText('Bill rate').nextElementSibling).toHaveTextContent('$65.00 → changed to $70.00')
  })
})
