import { render, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { importReport } from '../../../testing/records.ts'
import { ImportPreview } from './import-preview.tsx'

describe('the import preview', () => {
  it('counts what the import would create, update and leave alone, and lists each refused row with its line and reasons', () => {
    const report = importReport({
      created: 12,
      updated: 3,
      unchanged: 1,
      invalid: 2,
      errors: [
        { line: 4, errors: [{ column: 'postal_code', code: 'postal_code', message: 'Enter a Canadian postal code such as K1A 0B1' }] },
        {
          line: 9,
          errors: [
            { column: 'name', code: 'required', message: 'Required' },
            { column: 'province', code: 'province', message: 'Use a province or territory such as ON or QC' },
            { column: 'colour', code: 'a_rule_of_a_later_version', message: 'Said in English by the server' },
          ],
        },
      ],
    })
    render(<ImportPreview report={report} />)
    expect(screen.getByText('To create').nextElementSibling).toHaveTextContent('12')
    expect(screen.getByText('To update').nextElementSibling).toHaveTextContent('3')
    expect(screen.getByText('Unchanged').nextElementSibling).toHaveTextContent('1')
    expect(screen.getByText('With errors').nextElementSibling).toHaveTextContent('2')
    const table = screen.getByRole('table', { name: 'Rows with errors' })
    const line9 = within(table).getByRole('row', { name: /Line 9/ })
    expect(line9).toHaveTextContent('name This column is required.')
    expect(line9).toHaveTextContent('province Use a province or territory, such as ON or QC.')
    expect(line9).toHaveTextContent('colour Said in English by the server')
    expect(within(table).getByRole('rowheader', { name: 'Line 4' })).toBeVisible()
  })

  it('says what was done once committed, and when more rows were refused than are listed', () => {
    render(<ImportPreview report={importReport({ dry_run: false, status: 'committed', created: 5, skipped: 1200, invalid: 1200, errors: [{ line: 2, errors: [{ column: 'name', code: 'required', message: 'Required' }] }] })} />)
    expect(screen.getByText('Created').nextElementSibling).toHaveTextContent('5')
    expect(screen.getByText('Skipped').nextElementSibling).toHaveTextContent('1,200')
    expect(screen.getByText('Rows with errors: 1,200; the first 1 are shown.')).toBeVisible()
  })

  it('writes its numbers as the reader\'s language does', async () => {
    await i18next.changeLanguage('es')
    render(<ImportPreview report={importReport({ dry_run: false, status: 'committed', created: 10_000, skipped: 1200, invalid: 1200, errors: [{ line: 2, errors: [{ column: 'name', code: 'required', message: 'Required' }] }] })} />)
    expect(screen.getByText('Filas con errores: 1200; se muestran las primeras 1.')).toBeVisible()
    expect(screen.getAllByText('10.000').length).toBeGreaterThan(0)
  })

  it('says why a shift row was refused, or only warned of, in the reader\'s language, with the values that matter', async () => {
    const report = importReport({
      kind: 'shifts',
      created: 1,
      invalid: 2,
      errors: [
        { line: 2, errors: [{ column: 'staff_email', code: 'shift_overlap', params: { date: '2029-01-01', start: '08:00', end: '12:00' }, message: 'This person already has a shift then (2029-01-01 08:00–12:00)' }] },
        { line: 3, errors: [{ column: 'staff_email', code: 'shift_overlap_line', params: { line: 4 }, message: 'The same person is on line 4 at the same time' }, { column: 'client', code: 'unknown_client', message: 'No client has this name' }] },
      ],
    })
    await i18next.changeLanguage('fr')
    const { unmount } = render(<ImportPreview report={report} />)
    const french = screen.getByRole('table', { name: 'Lignes avec des erreurs' })
    expect(within(french).getByRole('row', { name: /^Ligne 2 / })).toHaveTextContent('Cette personne a déjà un quart à ce moment-là (2029-01-01 08:00–12:00).')
    expect(within(french).getByRole('row', { name: /^Ligne 3 / })).toHaveTextContent('La même personne est à la ligne 4 au même moment.')
    expect(within(french).getByRole('row', { name: /^Ligne 3 / })).toHaveTextContent('Aucun client ne porte ce nom.')
    unmount()
    await i18next.changeLanguage('es')
    render(<ImportPreview report={report} />)
    expect(within(screen.getByRole('table')).getByRole('row', { name: /^Línea 3 / })).toHaveTextContent('La misma persona está en la línea 4 a la misma hora.')
  })
})
