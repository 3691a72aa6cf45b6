import type { Profile, TimesheetReport } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const report: TimesheetReport = {
  from: '2026-03-01',
  to: '2026-03-28',
  group_by: 'person',
  rows: [
    { key: '00000000-0000-4000-8000-000000000701', label: '=HYPERLINK("http://evil.test")', timesheets: 20, planned_minutes: 9600, paid_minutes: 9900, regular_minutes: 9600, overtime_minutes: 300, double_time_minutes: 0 },
    { key: '00000000-0000-4000-8000-000000000702', label: 'Omar Haddad', timesheets: 4, planned_minutes: 1920, paid_minutes: 1800, regular_minutes: 1800, overtime_minutes: 0, double_time_minutes: 0 },
  ],
  totals: { timesheets: 24, planned_minutes: 11520, paid_minutes: 11700, regular_minutes: 11400, overtime_minutes: 300, double_time_minutes: 0 },
}

afterEach(() => vi.restoreAllMocks())

describe('the timesheet report', () => {
  it('shows planned beside worked and regular beside overtime by person, with the totals, and asks again by client', async () => {
    const server = fakeServer({ 'GET /report/timesheets': ({ query }) => ({ body: { data: { ...report, group_by: query.get('group_by') ?? 'person' } } }) })
    renderApp('/report/timesheets?from=2026-03-01&to=2026-03-28', { user: adminProfile as Profile, server })
    const table = await screen.findByRole('table', { name: 'Hours planned and worked' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['=HYPERLINK("http://evil.test")', '20', '160 h', '165 h', '160 h', '5 h'],
      ['Omar Haddad', '4', '32 h', '30 h', '30 h', '0 min'],
      ['Total', '24', '192 h', '195 h', '190 h', '5 h'],
    ])
    expect(server.called('GET /report/timesheets')[0]!.query.get('group_by')).toBe('person')
    await userEvent.setup().selectOptions(screen.getByLabelText('Group by'), 'Client')
    await waitFor(() => expect(server.called('GET /report/timesheets').at(-1)!.query.get('group_by')).toBe('client'))
    expect(await within(screen.getByRole('table', { name: 'Hours planned and worked' })).findByRole('columnheader', { name: 'Client' })).toBeInTheDocument()
  })

  it('exports the table as CSV whose cells a spreadsheet cannot run', async () => {
    const files: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob)
      return 'blob:report'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const server = fakeServer({ 'GET /report/timesheets': () => ({ body: { data: report } }) })
    renderApp('/report/timesheets?from=2026-03-01&to=2026-03-28', { user: adminProfile as Profile, server })
    await screen.findByRole('table', { name: 'Hours planned and worked' })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(files).toHaveLength(1)
    const text = await files[0]!.text()
    expect(text.split('\r\n')).toEqual([
      '\uFEFFperson_id,person,timesheets,planned_minutes,paid_minutes,regular_minutes,overtime_minutes,double_time_minutes',
      `00000000-0000-4000-8000-000000000701,"'=HYPERLINK(""http://evil.test"")",20,9600,9900,9600,300,0`,
      '00000000-0000-4000-8000-000000000702,Omar Haddad,4,1920,1800,1800,0,0',
      ',total,24,11520,11700,11400,300,0',
      '',
    ])
  })
})
