import type { Payroll, PayrollPerson, Payslip, Profile } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer, settings, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const line = (n: number, kind: PayrollPerson['lines'][number]['kind'], amount_cents: number, extra: Partial<PayrollPerson['lines'][number]> = {}) => ({
  id: uuid(100 + n),
  kind,
  description: '',
  minutes: null,
  rate_cents: null,
  multiplier: null,
  amount_cents,
  expense_id: null,
  manual: false,
  ...extra,
})
const ana: PayrollPerson = {
  staff: { id: uuid(11), name: 'Ana Roy', email: 'ana@maple.test', locale: 'en' },
  timesheets: 5,
  regular_minutes: 2640,
  overtime_minutes: 360,
  double_time_minutes: 0,
  gross_cents: 140556,
  overtime_cents: 22950,
  reimbursements_cents: 4520,
  deductions_cents: 1500,
  net_cents: 143576,
  lines: [
    line(1, 'regular', 112200, { minutes: 2640, rate_cents: 2550 }),
    line(2, 'overtime', 22950, { minutes: 360, rate_cents: 2550, multiplier: '1.5' }),
    line(3, 'vacation_pay', 5406, { description: '4 %' }),
    line(4, 'reimbursement', 4520, { description: 'Client lunch', expense_id: uuid(50) }),
    line(5, 'deduction', 1500, { description: 'Uniform', manual: true }),
  ],
}
const payroll = (overrides: Partial<Payroll> = {}): Payroll => ({
  id: uuid(1),
  number: null,
  frequency: 'biweekly',
  period_start: '2026-03-02',
  period_end: '2026-03-15',
  status: 'draft',
  notes: null,
  regular_minutes: 2640,
  overtime_minutes: 360,
  double_time_minutes: 0,
  gross_cents: 140556,
  overtime_cents: 22950,
  reimbursements_cents: 4520,
  deductions_cents: 1500,
  net_cents: 143576,
  people: [ana],
  people_count: 1,
  unapproved: [{ staff: { id: uuid(12), name: 'Bo Chen' }, timesheets: [{ id: uuid(60), date: '2026-03-10', status: 'pending', paid_minutes: 480 }] }],
  calculated_at: '2026-03-16T12:00:00Z',
  approved_at: null,
  paid_at: null,
  allowed_events: ['payroll.approve'],
  created_at: '2026-03-16T12:00:00Z',
  updated_at: '2026-03-16T12:00:00Z',
  version: 1,
  ...overrides,
})

describe('running a payroll', () => {
  it('picks the period from the business’s schedule, counts the draft and opens it', async () => {
    const server = fakeServer({
      'POST /payroll': () => ({ status: 201, body: { data: payroll() } }),
      'GET /payroll/{id}': () => ({ body: { data: payroll() } }),
    })
    const { current } = renderApp('/finances/payrolls/create', { user: adminProfile, server })
    const user = userEvent.setup()
    const day = await screen.findByLabelText('A day of the period')
    await user.clear(day)
    await user.type(day, '2026-03-09')
    // Every two weeks from Monday 2026-01-05.
    expect(screen.getByText('Pays Mar 2, 2026 – Mar 15, 2026.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Count the draft' }))
    await waitFor(() => expect(server.called('POST /payroll')[0]?.body).toEqual({ date: '2026-03-09' }))
    await waitFor(() => expect(current()).toBe(`/finances/payrolls/edit/${uuid(1)}`))
  })

  it('warns on the draft, beside the person, when deductions would pay them less than nothing', async () => {
    const owing = payroll({ people: [{ ...ana, net_cents: -16565 }] })
    renderApp(`/finances/payrolls/edit/${uuid(1)}`, { user: adminProfile, server: fakeServer({ 'GET /payroll/{id}': () => ({ body: { data: owing } }) }) })
    const people = await screen.findByRole('table', { name: 'Who is paid, and how much' })
    expect(within(people).getByRole('row', { name: /Ana Roy/ })).toHaveTextContent('Below zero: lower their deductions or advances before approving.')
  })

  it('says how many of a person’s regular hours were worked on a statutory holiday, and names the holiday paid', async () => {
    const holiday = payroll({
      people: [{ ...ana, regular_minutes: 3120, lines: [...ana.lines, line(6, 'holiday', 18360, { minutes: 480, rate_cents: 2550, multiplier: '1.5' }), line(7, 'holiday_pay', 20400, { description: '2026-03-09 labour_day' })] }],
    })
    renderApp(`/finances/payrolls/edit/${uuid(1)}`, { user: adminProfile, server: fakeServer({ 'GET /payroll/{id}': () => ({ body: { data: holiday } }) }) })
    const people = await screen.findByRole('table', { name: 'Who is paid, and how much' })
    const row = within(people).getByRole('row', { name: /Ana Roy/ })
    expect(row).toHaveTextContent('52.00incl. 8.00 on a holiday')
    expect(row).toHaveTextContent('Statutory holiday pay · Labour Day, Mar 9, 2026')
  })

  it('says when a period still to come can be approved, and offers no Approve before then', async () => {
    const future = payroll({ period_start: '2099-12-21', period_end: '2100-01-03', allowed_events: [] })
    renderApp(`/finances/payrolls/edit/${uuid(1)}`, { user: adminProfile, server: fakeServer({ 'GET /payroll/{id}': () => ({ body: { data: future } }) }) })
    expect(await screen.findByText('This pay period starts on Dec 21, 2099: approve it once it has started.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
  })

  it('shows who is left out with links to their timesheets, each person’s lines, adds a bonus and approves', async () => {
    let now = payroll()
    const server = fakeServer({
      'GET /payroll/{id}': () => ({ body: { data: now } }),
      'PUT /payroll/{id}': () => ({ body: { data: payroll() } }),
      'POST /payroll/{id}/events': () => {
        now = payroll({ status: 'approved', number: 4, allowed_events: ['payroll.pay'], unapproved: [], version: 2 })
        return { body: { data: now } }
      },
    })
    renderApp(`/finances/payrolls/edit/${uuid(1)}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const waiting = await screen.findByRole('link', { name: 'Mar 10, 2026 (8.00 h)' })
    expect(waiting).toHaveAttribute('href', `/timesheets?id=${uuid(60)}`)
    const people = screen.getByRole('table', { name: 'Who is paid, and how much' })
    // The draft counts overtime in hours (its pay is in the person's lines); the report, in dollars.
    expect(within(people).getByRole('columnheader', { name: 'Overtime hours' })).toBeVisible()
    expect(within(people).getByRole('rowheader', { name: /Ana Roy/ })).toHaveTextContent('Overtime: $229.50')
    expect(within(people).getByText('$1,435.76')).toBeVisible()

    await user.selectOptions(screen.getByLabelText('Kind'), 'Bonus')
    await user.type(screen.getByLabelText('Description'), 'Holiday')
    await user.type(screen.getByLabelText('Amount ($)'), '50')
    await user.click(screen.getByRole('button', { name: 'Add the line' }))
    await waitFor(() => expect(server.called('PUT /payroll/{id}')).toHaveLength(1))
    expect(server.called('PUT /payroll/{id}')[0]?.body).toEqual({
      version: 1,
      manual_lines: [
        { staff_id: uuid(11), kind: 'deduction', description: 'Uniform', amount_cents: 1500 },
        { staff_id: uuid(11), kind: 'bonus', description: 'Holiday', amount_cents: 5000 },
      ],
    })

    await user.click(screen.getByRole('button', { name: 'Approve' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Approve this payroll?' })
    await user.click(within(ask).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(server.called('POST /payroll/{id}/events')[0]?.body).toEqual({ type: 'payroll.approve', version: 1 }))
    expect(await screen.findByText('Payroll 4')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible()
  })
})

describe('a pay run\'s notes', () => {
  it('are read and changed on the draft\'s page, saved trimmed', async () => {
    let now = payroll({ notes: 'Bo is on leave' })
    const server = fakeServer({
      'GET /payroll/{id}': () => ({ body: { data: now } }),
      'PUT /payroll/{id}': ({ body }) => {
        now = { ...now, notes: (body as { notes: string | null }).notes, version: now.version + 1 }
        return { body: { data: now, message: 'Saved.' } }
      },
    })
    renderApp(`/finances/payrolls/edit/${uuid(1)}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const notes = await screen.findByLabelText('Notes on this pay run')
    expect(notes).toHaveValue('Bo is on leave')
    const save = screen.getByRole('button', { name: 'Save the notes' })
    expect(save).toBeDisabled()
    await user.type(notes, ' until the 20th ')
    await user.click(save)
    await waitFor(() => expect(server.called('PUT /payroll/{id}')).toHaveLength(1))
    expect(server.called('PUT /payroll/{id}')[0]?.body).toEqual({ version: 1, notes: 'Bo is on leave until the 20th' })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save the notes' })).toBeDisabled())
  })

  it('shows an approved run\'s notes as text', async () => {
    const server = fakeServer({ 'GET /payroll/{id}': () => ({ body: { data: payroll({ status: 'approved', number: 4, allowed_events: ['payroll.pay'], notes: 'Paid by transfer' }) } }) })
    renderApp(`/finances/payrolls/edit/${uuid(1)}`, { user: adminProfile, server })
    const panel = await screen.findByRole('region', { name: 'Notes' })
    expect(within(panel).getByText('Paid by transfer')).toBeVisible()
    expect(within(panel).queryByRole('textbox')).toBeNull()
  })
})

describe('a draft given up', () => {
  it('is deleted after asking, and the list shows again', async () => {
    const server = fakeServer({
      'GET /payroll/{id}': () => ({ body: { data: payroll() } }),
      'DELETE /payroll/{id}': () => ({ body: { data: {}, message: 'Deleted.' } }),
      'GET /payroll': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    const { current } = renderApp(`/finances/payrolls/edit/${uuid(1)}`, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Delete this draft?' })
    await user.click(within(ask).getByRole('button', { name: 'Delete the draft' }))
    await waitFor(() => expect(server.called('DELETE /payroll/{id}')).toHaveLength(1))
    await waitFor(() => expect(current()).toBe('/finances/payrolls'))
  })
})

describe('payslips', () => {
  it('shows staff their own payslips and one to print, lines adding up, in their language’s words', async () => {
    const staff: Profile = { ...staffProfile, permissions: [] }
    const slip: Payslip = { ...ana, staff: { ...ana.staff, id: staff.id }, payroll: { id: uuid(1), number: 4, period_start: '2026-03-02', period_end: '2026-03-15', status: 'paid', paid_at: '2026-03-20T12:00:00Z' }, business: { name: 'Maple Cleaning', logo: null, address: { street: null, city: null, province: null, postal_code: null, phone: null } } }
    const server = fakeServer({
      'GET /payslip': () => ({ body: { data: { count: 1, rows: [{ payroll_id: uuid(1), number: 4, period_start: '2026-03-02', period_end: '2026-03-15', status: 'paid', gross_cents: 140556, net_cents: 143576 }] } } }),
      'GET /payroll/{id}/payslip/{staff_id}': () => ({ body: { data: slip } }),
    })
    const { current } = renderApp('/profile/payslips', { user: staff, server })
    const user = userEvent.setup()
    expect(await screen.findByText('Net pay $1,435.76')).toBeVisible()
    await user.click(screen.getByRole('link', { name: 'Mar 2, 2026 – Mar 15, 2026' }))
    await waitFor(() => expect(current()).toBe(`/profile/payslips/${uuid(1)}`))
    const document = await screen.findByRole('article', { name: 'Payslip of Ana Roy' })
    expect(server.called('GET /payroll/{id}/payslip/{staff_id}')[0]?.path).toBe(`/payroll/${uuid(1)}/payslip/${staff.id}`)
    expect(within(document).getByText('Regular hours · 44 h at $25.50')).toBeVisible()
    expect(within(document).getByText('Overtime · 6 h at $25.50 × 1.5')).toBeVisible()
    // The uniform taken off, as a line and as the deductions' total.
    expect(within(document).getAllByText('− $15.00')).toHaveLength(2)
    expect(within(document).getByRole('row', { name: /Net/ })).toHaveTextContent('$1,435.76')
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible()
    // The PDF's font comes from the app's assets on the click: offline, the reader is told.
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    vi.stubGlobal('fetch', offline)
    await user.click(within(document).getByRole('button', { name: 'PDF of Ana Roy’s payslip' }))
    expect(await screen.findByText('The PDF could not be made. Check your connection and try again.')).toBeVisible()
    expect(offline).toHaveBeenCalledWith(expect.stringMatching(/NotoSans_400Regular\.ttf$/))
  })

  it('writes each payslip in its person’s language when the clerk previews the run', async () => {
    const theo: PayrollPerson = { ...ana, staff: { id: uuid(13), name: 'Théo Roy', email: 'theo@maple.test', locale: 'fr' } }
    const server = fakeServer({
      'GET /payroll/{id}': () => ({ body: { data: payroll({ status: 'approved', number: 4, people: [ana, theo] }) } }),
      'GET /settings': () => ({ body: { data: { ...settings, business_street: '290 Bremner Blvd', business_city: 'Toronto', business_province: 'ON', business_postal_code: 'M5V 3L9' } } }),
    })
    renderApp(`/finances/payrolls/preview/${uuid(1)}`, { user: adminProfile, server })
    const english = await screen.findByRole('article', { name: 'Payslip of Ana Roy' })
    expect(within(english).getByText('Regular hours · 44 h at $25.50')).toBeVisible()
    // The employer's address, from the settings, on every payslip of the run.
    expect(within(english).getByText('Toronto ON M5V 3L9')).toBeVisible()
    const french = await screen.findByRole('article', { name: 'Bulletin de paie : Théo Roy' })
    expect(french).toHaveAttribute('lang', 'fr')
    expect(within(french).getByText('Heures normales · 44 h à 25,50 $')).toBeVisible()
    // A multiplier is a number written the reader's way.
    expect(within(french).getByText('Heures supplémentaires · 6 h à 25,50 $ × 1,5')).toBeVisible()
  })
})

describe('the payroll report', () => {
  it('shows what approved runs paid by period and person, with totals', async () => {
    const server = fakeServer({
      'GET /report/payroll': () => ({
        body: {
          data: {
            from: '2026-01-01',
            to: '2026-03-31',
            rows: [{ period_start: '2026-03-02', period_end: '2026-03-15', payroll_number: 4, staff: { id: uuid(11), name: 'Ana Roy' }, gross_cents: 140556, overtime_cents: 22950, reimbursements_cents: 4520, deductions_cents: 1500, net_cents: 143576 }],
            totals: { gross_cents: 140556, overtime_cents: 22950, reimbursements_cents: 4520, deductions_cents: 1500, net_cents: 143576 },
          },
        },
      }),
      'GET /report/payroll/margin': () => ({ body: { data: { from: '2026-01-01', to: '2026-03-31', clients: [], totals: NO_MARGIN } } }),
    })
    renderApp('/report/payroll?from=2026-01-01&to=2026-03-31', { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: 'Pay by period and person' })
    expect(server.called('GET /report/payroll')[0]?.query.toString()).toBe('from=2026-01-01&to=2026-03-31')
    expect(within(table).getByRole('row', { name: /Ana Roy/ })).toHaveTextContent('$1,405.56$229.50$45.20$15.00$1,435.76')
    // Overtime is reported as money paid, and named so.
    expect(within(table).getByRole('columnheader', { name: 'Overtime pay' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeVisible()
    expect(await within(screen.getByRole('region', { name: 'Margin by client' })).findByText('No approved hours or sent invoices for a client in this range.')).toBeVisible()
  })

  it('sets labour cost against invoiced value per client, with the margin, its share, the totals and a CSV', async () => {
    const files: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob)
      return 'blob:margin'
    })
    const server = fakeServer({
      'GET /report/payroll': () => ({ body: { data: { from: '2026-01-01', to: '2026-03-31', rows: [], totals: { gross_cents: 0, overtime_cents: 0, reimbursements_cents: 0, deductions_cents: 0, net_cents: 0 } } } }),
      'GET /report/payroll/margin': () => ({
        body: {
          data: {
            from: '2026-01-01',
            to: '2026-03-31',
            clients: [
              { client: { id: uuid(501), name: 'Harbour Tower' }, worked_minutes: 3360, labour_cents: 174000, invoiced_cents: 335000, margin_cents: 161000, margin_percent: '48.1' },
              { client: { id: uuid(502), name: '=Yonge Plaza' }, worked_minutes: 50, labour_cents: 1667, invoiced_cents: 0, margin_cents: -1667, margin_percent: null },
            ],
            totals: { worked_minutes: 3410, labour_cents: 175667, invoiced_cents: 335000, margin_cents: 159333, margin_percent: '47.6' },
          },
        },
      }),
    })
    renderApp('/report/payroll?from=2026-01-01&to=2026-03-31', { user: adminProfile, server })
    const panel = await screen.findByRole('region', { name: 'Margin by client' })
    const table = await within(panel).findByRole('table', { name: 'Margin by client' })
    expect(server.called('GET /report/payroll/margin')[0]?.query.toString()).toBe('from=2026-01-01&to=2026-03-31')
    expect(within(table).getByRole('row', { name: /Harbour Tower/ })).toHaveTextContent('56.00$1,740.00$3,350.00$1,610.0048.1 %')
    expect(within(table).getByRole('row', { name: /Yonge Plaza/ })).toHaveTextContent('0.83$16.67$0.00-$16.67—')
    expect(within(table).getByRole('row', { name: /Totals/ })).toHaveTextContent('56.83$1,756.67$3,350.00$1,593.3347.6 %')
    expect(within(panel).getByRole('figure', { name: 'Labour cost and invoiced value by client' })).toHaveTextContent('Harbour Tower$1,740.00$3,350.00')
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Download the margin CSV' }))
    expect((await files[0]!.text()).split('\r\n').slice(0, 4)).toEqual([
      '\uFEFFclient_id,client,hours_worked,labour,invoiced,margin,margin_percent',
      `${uuid(501)},Harbour Tower,56.00,1740.00,3350.00,1610.00,48.1`,
      `${uuid(502)},'=Yonge Plaza,0.83,16.67,0.00,-16.67,`,
      ',total,56.83,1756.67,3350.00,1593.33,47.6',
    ])
  })
})

const NO_MARGIN = { worked_minutes: 0, labour_cents: 0, invoiced_cents: 0, margin_cents: 0, margin_percent: null }

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})
