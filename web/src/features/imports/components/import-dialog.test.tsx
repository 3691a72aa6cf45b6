import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer } from '../../../testing/fake-server.ts'
import { importReport, location } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const job = { id: '00000000-0000-4000-8000-000000000400', kind: 'locations', status: 'open', skip_invalid: false, rows_received: 0, rows_invalid: 0, created_at: '2025-03-01T14:00:00Z' }
const header = 'name,street,city,province,postal_code'
const file = (text: string) => new File([text], 'clients.csv', { type: 'text/csv' })
const refused = [{ line: 3, errors: [{ column: 'postal_code', code: 'postal_code', message: 'Enter a Canadian postal code such as K1A 0B1' }] }]

function importServer({ good = 1 } = {}) {
  let listed = [location()]
  return fakeServer({
    'GET /location': () => ({ body: { data: { count: listed.length, rows: listed } } }),
    'POST /import': () => ({ status: 201, body: { data: job } }),
    'POST /import/{id}/rows': ({ body }) => ({ body: { data: { received: (body as { rows: unknown[] }).rows.length, invalid: 1, errors: refused } } }),
    'POST /import/{id}/commit': ({ body }) => {
      const { dry_run } = body as { dry_run: boolean }
      if (!dry_run) listed = [...listed, location({ id: '00000000-0000-4000-8000-000000000501', name: 'Bow Valley Clinic' })]
      return { body: { data: importReport({ dry_run, status: dry_run ? 'open' : 'committed', created: good, invalid: 1, skipped: 1, errors: refused }) } }
    },
    'DELETE /import/{id}': () => ({ body: { data: {} } }),
  })
}

describe('importing clients from a CSV file', () => {
  it('previews the rows and, with bad ones, offers only what works: skip them and import the good ones, or fix the file', async () => {
    const server = importServer()
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Import clients from a CSV file' })
    await user.upload(within(dialog).getByLabelText('Choose a CSV file, or drop it here'), file(`${header}\nBow Valley Clinic,317 Banff Ave,Banff,AB,T1L 1A1\nBad,1 Main St,Banff,AB,ZZZ\n`))

    expect(await within(dialog).findByText('To create')).toBeVisible()
    expect(within(dialog).getByRole('rowheader', { name: 'Line 3' })).toBeVisible()
    expect(server.called('POST /import')[0]?.body).toMatchObject({ kind: 'locations', file_name: 'clients.csv' })
    expect(server.called('POST /import/{id}/rows')[0]?.body).toEqual({
      rows: [
        { line: 2, cells: { name: 'Bow Valley Clinic', street: '317 Banff Ave', city: 'Banff', province: 'AB', postal_code: 'T1L 1A1' } },
        { line: 3, cells: { name: 'Bad', street: '1 Main St', city: 'Banff', province: 'AB', postal_code: 'ZZZ' } },
      ],
    })

    expect(within(dialog).getByRole('row', { name: /Line 3/ })).toHaveTextContent('postal_code Enter a Canadian postal code, such as K1A 0B1.')
    expect(within(dialog).queryByRole('button', { name: /^Import \d+ rows$/ })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Fix the file' })).toBeVisible()
    expect(within(dialog).getByText('Rows with errors: 1. Skip them and import the others (1), or fix your file and choose it again.')).toBeVisible()

    await user.click(within(dialog).getByRole('button', { name: 'Import only the rows without errors (1)' }))
    expect(await within(dialog).findByText('Import finished')).toBeVisible()
    expect(server.called('POST /import/{id}/commit').at(-1)?.body).toEqual({ dry_run: false, skip_invalid: true })
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(await screen.findByRole('button', { name: 'Bow Valley Clinic' })).toBeVisible()
  })

  it('offers no import at all when every row is bad; fixing the file drops this import and asks for a file again', async () => {
    const server = importServer({ good: 0 })
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Import clients from a CSV file' })
    await user.upload(within(dialog).getByLabelText('Choose a CSV file, or drop it here'), file(`${header}\nBad,1 Main St,Banff,AB,ZZZ\n`))
    expect(await within(dialog).findByText('Every row has errors (1), so there is nothing to import yet: fix your file and choose it again.')).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: /^(Import \d|Skip)/ })).toBeNull()

    await user.click(within(dialog).getByRole('button', { name: 'Fix the file' }))
    expect(await within(dialog).findByText('Choose a CSV file, or drop it here')).toBeVisible()
    expect(server.called('DELETE /import/{id}')).toHaveLength(1)
    expect(server.called('POST /import/{id}/commit').filter((call) => (call.body as { dry_run: boolean }).dry_run === false)).toHaveLength(0)
  })

  it('says why each row was refused in the reader\'s language', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('fr')
    const server = fakeServer({
      'GET /location': () => ({ body: { data: { count: 0, rows: [] } } }),
      'POST /import': () => ({ status: 201, body: { data: job } }),
      'POST /import/{id}/rows': () => ({ body: { data: { received: 1, invalid: 1, errors: [] } } }),
      'POST /import/{id}/commit': () => ({
        body: {
          data: importReport({
            invalid: 1,
            errors: [
              {
                line: 2,
                errors: [
                  { column: 'postal_code', code: 'postal_code_province', params: { letter: 'M', province: 'QC', expected: 'ON' }, message: 'A postal code starting with M is in ON, not QC' },
                  { column: 'name', code: 'duplicate_name', params: { line: 7 }, message: 'Same name as line 7' },
                ],
              },
            ],
          }),
        },
      }),
    })
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Importer un CSV' }))
    const dialog = await screen.findByRole('dialog')
    await user.upload(within(dialog).getByLabelText('Choisissez un fichier CSV, ou déposez-le ici'), file(`Nom,Adresse,Ville,Province,Code postal\nA,1 Main St,Montréal,QC,M5V 2T6\n`))
    const row = await within(dialog).findByRole('row', { name: /Ligne 2/ })
    // Each column named as the file heads it, not by Rota's key (postal_code).
    expect(row).toHaveTextContent('Code postal Un code postal commençant par M est celui de : Ontario (et non Québec).')
    expect(row).toHaveTextContent('Nom Même nom qu’à la ligne 7.')
    expect(row).not.toHaveTextContent('A postal code starting with')
  })

  it('checks the columns before sending anything, and cancels an import closed before it is confirmed', async () => {
    const server = importServer()
    renderApp('/locations', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }))
    let dialog = await screen.findByRole('dialog')
    await user.upload(within(dialog).getByLabelText('Choose a CSV file, or drop it here'), file('nom,ville,colour\nA,B,C\n'))
    expect(await within(dialog).findByText('Required columns are missing: street, province, postal_code.')).toBeVisible()
    expect(within(dialog).getByText('Rota does not know these columns: colour. Rename or remove them.')).toBeVisible()
    expect(server.called('POST /import')).toHaveLength(0)

    await user.upload(within(dialog).getByLabelText('Choose a CSV file, or drop it here'), file(`${header}\nA,1 Main St,Banff,AB,T1L 1A1\n`))
    await within(dialog).findByText('To create')
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(server.called('DELETE /import/{id}')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Import CSV' }))
    dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Choose a CSV file, or drop it here')).toBeVisible()
  })
})
