import { localDateOf, localDateParts } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, managerProfile, settings } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

describe('the settings page', () => {
  it('saves the settings with the version read, counting as the guide\'s first step, and the layout follows; the time clock\'s too', async () => {
    const server = fakeServer({
      // As the real server does, saving the settings marks the guide's "settings" step.
      'PUT /settings': ({ body }) => ({ body: { data: { ...settings, ...(body as object), completed_guided_setup: 'settings', version: 2 }, message: 'Settings saved.' } }),
      'GET /settings/onboarding': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    renderApp('/settings', { user: adminProfile, server })
    const user = userEvent.setup()
    const name = await screen.findByLabelText('Business name')
    await user.clear(name)
    await user.type(name, 'Érable Ménage')
    await user.selectOptions(screen.getByLabelText('Weeks start on'), 'Monday')
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Atlantic (Halifax)')
    await user.clear(screen.getByLabelText('Invoice prefix'))
    await user.type(screen.getByLabelText('Invoice prefix'), 'EM-')
    expect(screen.getByText('The next invoice is EM-000001.')).toBeVisible()
    // A number no invoice can have is not described as one ("EM--5").
    const next = screen.getByLabelText('Next invoice number')
    const kept = (next as HTMLInputElement).value
    await user.clear(next)
    await user.type(next, '-5')
    expect(screen.queryByText(/The next invoice is/)).toBeNull()
    await user.clear(next)
    await user.type(next, kept)
    expect(screen.getByText('The next invoice is EM-000001.')).toBeVisible()
    await user.click(screen.getByLabelText('Require an e-mailed sign-in code'))
    await user.selectOptions(screen.getByLabelText('Overtime rules'), 'Federal (Canada Labour Code)')
    await user.clear(screen.getByLabelText('Clock-in tolerance (minutes)'))
    await user.type(screen.getByLabelText('Clock-in tolerance (minutes)'), '10')
    await user.type(screen.getByLabelText('GST/HST registration number'), '123456789 RT0001')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))

    await waitFor(() => expect(server.called('PUT /settings')).toHaveLength(1))
    expect(server.called('PUT /settings')[0]?.body).toEqual({
      business_name: 'Érable Ménage',
      business_street: null,
      business_city: null,
      business_province: null,
      business_postal_code: null,
      business_phone: null,
      timezone: 'America/Halifax',
      week_start: 1,
      locale: 'en',
      invoice_prefix: 'EM-',
      next_invoice_number: 1,
      tax_province: 'ON',
      require_otp: true,
      overtime_jurisdiction: 'FED',
      clock_tolerance_minutes: 10,
      location_radius_m: 250,
      forgotten_clock_out_grace_minutes: 60,
      pay_frequency: 'biweekly',
      pay_anchor: '2026-01-05',
      vacation_pay_percent: '4',
      mileage_rate_cents: 72,
      gst_hst_number: '123456789 RT0001',
      qst_number: null,
      invoice_terms_days: 30,
      min_rest_minutes: 480,
      max_days_in_row: 6,
      fill_weights: { cost: 1, over_preferred: 1000, fairness: 500, continuity: 500, preference: 500 },
      version: 1,
    })
    expect(await screen.findByRole('link', { name: 'Érable Ménage' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Setup guide: 1 of 6 steps done' })).toBeVisible()
  })

  it('saves the fill’s rest in hours, its days in a row (or none) and its weights in dollars, and says what to type when one is wrong', async () => {
    const server = fakeServer({
      'PUT /settings': ({ body }) => ({ body: { data: { ...settings, ...(body as object), version: 2 }, message: 'Settings saved.' } }),
      'GET /settings/onboarding': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    renderApp('/settings', { user: adminProfile, server })
    const user = userEvent.setup()
    const panel = await screen.findByRole('region', { name: 'Filling open shifts' })
    const rest = within(panel).getByLabelText('Minimum rest between shifts (hours)')
    expect(rest).toHaveValue('8')
    expect(within(panel).getByLabelText("Each hour past someone's preferred week ($)")).toHaveValue('10.00')
    await user.clear(rest)
    await user.type(rest, '10,5')
    await user.clear(within(panel).getByLabelText('Most days in a row'))
    await user.clear(within(panel).getByLabelText('Weight of labour cost'))
    await user.type(within(panel).getByLabelText('Weight of labour cost'), '1.5')
    const fairness = within(panel).getByLabelText('Each hour between the most and the least served ($)')
    await user.clear(fairness)
    await user.type(fairness, 'lots')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await within(panel).findByText('Enter an amount in dollars from 0 to 10,000, such as 5 or 12.50.')).toBeVisible()
    expect(fairness).toHaveFocus()
    expect(server.called('PUT /settings')).toHaveLength(0)

    await user.clear(fairness)
    await user.type(fairness, '12.50')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(server.called('PUT /settings')).toHaveLength(1))
    expect(server.called('PUT /settings')[0]?.body).toMatchObject({ min_rest_minutes: 630, max_days_in_row: null, fill_weights: { cost: 1.5, over_preferred: 1000, fairness: 1250, continuity: 500, preference: 500 } })
  })

  it('saves the business’s address for its invoices and payslips, checking its postal code against its province, and shows the server’s word by field', async () => {
    const server = fakeServer({
      'PUT /settings': ({ body }) =>
        server.called('PUT /settings').length === 1
          ? { status: 400, body: { code: 'validation_failed', message: 'Some fields are not valid.', details: { business_street: 'Use at most 200 characters' } } }
          : { body: { data: { ...settings, ...(body as object), version: 2 }, message: 'Settings saved.' } },
      'GET /settings/onboarding': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    renderApp('/settings', { user: adminProfile, server })
    const user = userEvent.setup()
    const address = await screen.findByRole('group', { name: 'Address' })
    expect(address).toHaveAccessibleDescription('Printed under your business’s name on its invoices and payslips. Leave it empty to print none.')
    expect(within(address).getByLabelText('Province or territory')).toHaveDisplayValue('Not given')
    await user.type(within(address).getByLabelText('Street address'), '1200 Burrard St')
    await user.type(within(address).getByLabelText('City'), 'Vancouver')
    await user.selectOptions(within(address).getByLabelText('Province or territory'), 'British Columbia')
    const postalCode = within(address).getByLabelText('Postal code')
    await user.type(postalCode, 'm5v 2t6')
    await user.type(within(address).getByLabelText('Phone'), '(604) 555 0199')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await within(address).findByText('A postal code starting with M is in Ontario, not British Columbia: choose that province or correct the code.')).toBeVisible()
    expect(postalCode).toHaveAccessibleDescription(/A postal code starting with M/)
    expect(server.called('PUT /settings')).toHaveLength(0)

    await user.clear(postalCode)
    await user.type(postalCode, 'v6z2c7')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await within(address).findByText('Use at most 200 characters')).toBeVisible()
    expect(within(address).getByLabelText('Street address')).toHaveAttribute('aria-invalid', 'true')

    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(server.called('PUT /settings')).toHaveLength(2))
    expect(server.called('PUT /settings')[1]?.body).toMatchObject({
      business_street: '1200 Burrard St',
      business_city: 'Vancouver',
      business_province: 'BC',
      business_postal_code: 'V6Z 2C7',
      business_phone: '604-555-0199',
    })
  })

  it('lists the statutory holidays of the employment standards chosen, for this year, following the choice before it is saved', async () => {
    const server = fakeServer({ 'GET /settings/onboarding': () => ({ body: { data: { count: 0, rows: [] } } }) })
    renderApp('/settings', { user: adminProfile, server })
    const user = userEvent.setup()
    const year = localDateParts(localDateOf(new Date(), settings.timezone)).year
    const summary = await screen.findByText(`Statutory holidays in ${year} (9)`)
    expect(screen.getByText(`Statutory holidays in ${year + 1} (9)`)).toBeVisible()
    await user.click(summary)
    const list = summary.closest('details')!
    expect(within(list).getByText('Boxing Day')).toBeVisible()
    await user.selectOptions(screen.getByLabelText('Overtime rules'), 'BC')
    expect(screen.getByText(`Statutory holidays in ${year} (11)`)).toBeVisible()
    expect(within(list).getByText('British Columbia Day')).toBeVisible()
    expect(within(list).queryByText('Boxing Day')).toBeNull()
    expect(server.called('PUT /settings')).toEqual([])
  })

  it('says what to type for a registration number, the payment terms, vacation pay and mileage', async () => {
    const server = fakeServer({ 'GET /settings/onboarding': () => ({ body: { data: { count: 0, rows: [] } } }) })
    renderApp('/settings', { user: adminProfile, server })
    const user = userEvent.setup()
    const type = async (label: RegExp, text: string) => {
      const box = await screen.findByLabelText(label)
      await user.clear(box)
      await user.type(box, text)
    }
    await type(/^GST\/HST registration number/, 'abc')
    await type(/^QST registration number/, '!!!')
    await type(/^Payment terms/, '-5')
    await type(/^Vacation pay/, '150')
    await type(/^Mileage rate/, '-1')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Use 9 digits, RT and 4 digits, such as 123456789 RT0001.')).toBeVisible()
    expect(screen.getByText('Use 10 digits, TQ and 4 digits, such as 1234567890 TQ0001.')).toBeVisible()
    expect(screen.getByText('Use whole days, from 0 to 365.')).toBeVisible()
    expect(screen.getByText('Use a percentage from 0 to 99.99, such as 4 or 6.5.')).toBeVisible()
    expect(screen.getByText('Use whole cents, from 0 to 1,000.')).toBeVisible()
    expect(server.called('PUT /settings')).toHaveLength(0)
  })

  it('keeps the onboarding entries in order: added, moved and deleted after asking', async () => {
    const entry = (n: number, title: string) => ({ id: `00000000-0000-4000-8000-00000000030${n}`, title, description: null, required: true, position: n, created_at: '2025-01-06T09:00:00Z', updated_at: '2025-01-06T09:00:00Z', version: 1 })
    const server = fakeServer({
      'GET /settings/onboarding': () => ({ body: { data: { count: 2, rows: [entry(0, 'Read the safety guide'), entry(1, 'Send a void cheque')] } } }),
      'PUT /settings/onboarding/{id}': ({ body }) => ({ body: { data: body } }),
      'POST /settings/onboarding': ({ body }) => ({ status: 201, body: { data: { ...entry(2, 'x'), ...(body as object) } } }),
      'DELETE /settings/onboarding/{id}': () => ({ body: { data: {} } }),
    })
    renderApp('/settings', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Move “Send a void cheque” up' }))
    await waitFor(() => expect(server.called('PUT /settings/onboarding/{id}')).toHaveLength(2))
    expect(server.called('PUT /settings/onboarding/{id}').map((call) => call.body)).toEqual([
      { position: 0, version: 1, id: '00000000-0000-4000-8000-000000000301' },
      { position: 1, version: 1, id: '00000000-0000-4000-8000-000000000300' },
    ])

    await user.click(screen.getByRole('button', { name: 'Add a step' }))
    const dialog = await screen.findByRole('dialog', { name: 'New onboarding step' })
    await user.type(within(dialog).getByLabelText('Title'), 'Watch the welcome video')
    await user.click(within(dialog).getByLabelText('Required'))
    await user.click(within(dialog).getByRole('button', { name: 'Add a step' }))
    await waitFor(() => expect(server.called('POST /settings/onboarding')[0]?.body).toEqual({ title: 'Watch the welcome video', description: null, required: false }))

    await user.click(screen.getByRole('button', { name: 'Delete “Read the safety guide”' }))
    const question = await screen.findByRole('alertdialog', { name: 'Delete the step “Read the safety guide”?' })
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(server.called('DELETE /settings/onboarding/{id}')).toHaveLength(1))
  })

  it('shows the settings read-only to those who may not change them', async () => {
    const reader = { ...managerProfile }
    renderApp('/settings', { user: reader, server: fakeServer({ 'GET /settings/onboarding': () => ({ body: { data: { count: 0, rows: [] } } }) }) })
    expect(await screen.findByText('You can see the settings but not change them.')).toBeVisible()
    expect(screen.getByLabelText('Business name')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add a step' })).toBeNull()
  })
})
