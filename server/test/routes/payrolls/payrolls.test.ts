import { addLocalDays, localDateOf } from '@rota/core'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payrolls } from '../../../src/db/schema/index.ts'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let location: string
let service: string
/** Each test pays a fresh bi-weekly period (the business's schedule counts from Monday 2026-01-05). */
let periodIndex = 0

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner)
  location = (await call.ok('POST', '/location', { name: 'Harbour Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
  service = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 2000 })).id
})
afterAll(() => t.close())

/** The first Monday of a pay period nobody has used yet. */
function nextPeriod(): string {
  periodIndex += 2
  return addLocalDays('2026-01-05', 14 * periodIndex)
}

/** A person with a pay rate of their own (or the service's when null). */
async function paid(email: string, rate: number | null, role = 'Staff') {
  const person = await call.person(email, role)
  const user = await call.ok('GET', `/user/${person.id}`)
  await call.ok('PUT', `/user/${person.id}`, { pay_rate_cents: rate, version: user.version })
  return person
}

/** Hours a manager adds, approved unless said otherwise. */
async function worked(staffId: string, days: { date: string; start?: string; end?: string; break_minutes?: number }[], approve = true): Promise<string[]> {
  const ids: string[] = []
  for (const day of days) {
    const created = await call.ok('POST', '/timesheet', { staff_id: staffId, location_id: location, service_id: service, start: '08:00', end: '18:00', ...day })
    ids.push(created.id)
  }
  if (approve) await call.ok('POST', '/timesheet/events', { type: 'timesheet.approve', ids })
  return ids
}

const weekOf = (monday: string, days = 5) => Array.from({ length: days }, (_, i) => ({ date: addLocalDays(monday, i) }))
const linesOf = (payroll: { people: { staff: { id: string }; lines: { kind: string; amount_cents: number; minutes: number | null }[] }[] }, staffId: string) =>
  payroll.people.find((person) => person.staff.id === staffId)?.lines.map(({ kind, minutes, amount_cents }) => ({ kind, minutes, amount_cents }))

describe('a pay run’s lines', () => {
  it('pays regular and overtime by the business’s province (Ontario: past 44 hours a week at 1.5×), vacation pay, approved expenses, and adds up', async () => {
    const monday = nextPeriod()
    const ana = await paid('ana@example.com', 2550)
    const bo = await paid('bo@example.com', null)
    await worked(ana.id, weekOf(monday)) // 5 × 10 h = 50 h: 44 regular, 6 overtime
    await worked(bo.id, weekOf(addLocalDays(monday, 7), 2)) // 20 h at the service's $20
    const claim = await call.ok('POST', '/expense', { date: monday, category: 'meals', description: 'Client lunch', amount_cents: 4000, tax_cents: 520 }, ana.token)
    await call.ok('POST', `/expense/${claim.id}/events`, { type: 'expense.approve', version: 1 })

    const payroll = await call.ok('POST', '/payroll', { date: addLocalDays(monday, 3) })
    expect(payroll).toMatchObject({ number: null, status: 'draft', frequency: 'biweekly', period_start: monday, period_end: addLocalDays(monday, 13), people_count: 2, allowed_events: ['payroll.approve'] })
    // 44 h × $25.50 = $1,122.00; 6 h × $25.50 × 1.5 = $229.50; 4 % of $1,351.50 = $54.06.
    expect(linesOf(payroll, ana.id)).toEqual([
      { kind: 'regular', minutes: 2640, amount_cents: 112200 },
      { kind: 'overtime', minutes: 360, amount_cents: 22950 },
      { kind: 'vacation_pay', minutes: null, amount_cents: 5406 },
      { kind: 'reimbursement', minutes: null, amount_cents: 4520 },
    ])
    expect(linesOf(payroll, bo.id)).toEqual([
      { kind: 'regular', minutes: 1200, amount_cents: 40000 },
      { kind: 'vacation_pay', minutes: null, amount_cents: 1600 },
    ])
    const anaPay = payroll.people.find((person: { staff: { id: string } }) => person.staff.id === ana.id)
    expect(anaPay).toMatchObject({ timesheets: 5, regular_minutes: 2640, overtime_minutes: 360, gross_cents: 140556, overtime_cents: 22950, reimbursements_cents: 4520, deductions_cents: 0, net_cents: 145076 })
    expect(payroll).toMatchObject({ gross_cents: 140556 + 41600, reimbursements_cents: 4520, net_cents: 145076 + 41600 })
    expect((await call.ok('GET', `/expense/${claim.id}`)).payroll).toEqual({ id: payroll.id, number: null })
    await call.refused(409, 'duplicate', 'POST', '/payroll', { date: monday })
  })

  it('follows British Columbia: past 8 hours a day at 1.5×, past 12 at 2×', async () => {
    const monday = nextPeriod()
    const settings = await call.ok('GET', '/settings')
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'BC', version: settings.version })
    try {
      const cy = await paid('cy@example.com', 3000)
      await worked(cy.id, [{ date: monday, start: '06:00', end: '19:00' }]) // 13 h: 8 regular, 4 overtime, 1 double
      const payroll = await call.ok('POST', '/payroll', { date: monday })
      expect(linesOf(payroll, cy.id)).toEqual([
        { kind: 'regular', minutes: 480, amount_cents: 24000 },
        { kind: 'overtime', minutes: 240, amount_cents: 18000 },
        { kind: 'double_time', minutes: 60, amount_cents: 6000 },
        { kind: 'vacation_pay', minutes: null, amount_cents: 1920 },
      ])
    } finally {
      const now = await call.ok('GET', '/settings')
      await call.ok('PUT', '/settings', { overtime_jurisdiction: 'ON', version: now.version })
    }
  })

  it('takes the vacation percentage and pay schedule from settings, and lists who has hours still waiting', async () => {
    const settings = await call.ok('GET', '/settings')
    await call.ok('PUT', '/settings', { vacation_pay_percent: '6', pay_frequency: 'semimonthly', version: settings.version })
    try {
      const di = await paid('di@example.com', 2000)
      const ed = await paid('ed@example.com', 2000)
      // A half-month already worked, between the bi-weekly periods of the other tests (the 16th is Ontario's Family Day).
      await worked(di.id, [{ date: '2026-02-17' }])
      const [waiting] = await worked(ed.id, [{ date: '2026-02-20' }], false)
      const payroll = await call.ok('POST', '/payroll', { date: '2026-02-20' })
      expect(payroll).toMatchObject({ frequency: 'semimonthly', period_start: '2026-02-16', period_end: '2026-02-28' })
      expect(linesOf(payroll, ed.id)).toBeUndefined()
      expect(linesOf(payroll, di.id)).toEqual([
        { kind: 'regular', minutes: 600, amount_cents: 20000 },
        { kind: 'vacation_pay', minutes: null, amount_cents: 1200 },
      ])
      expect(payroll.unapproved).toEqual([{ staff: { id: ed.id, name: 'ed Staff' }, timesheets: [{ id: waiting, date: '2026-02-20', status: 'pending', paid_minutes: 600 }] }])
    } finally {
      const now = await call.ok('GET', '/settings')
      await call.ok('PUT', '/settings', { vacation_pay_percent: '4', pay_frequency: 'biweekly', version: now.version })
    }
  })

  it('keeps manual lines (bonus, deduction, advance) through a recalculation that picks up newly approved hours', async () => {
    const monday = nextPeriod()
    const fay = await paid('fay@example.com', 2000)
    await worked(fay.id, [{ date: monday }])
    const [later] = await worked(fay.id, [{ date: addLocalDays(monday, 1) }], false)
    const draft = await call.ok('POST', '/payroll', { date: monday })
    const edited = await call.ok('PUT', `/payroll/${draft.id}`, {
      version: draft.version,
      notes: 'March, first half',
      manual_lines: [
        { staff_id: fay.id, kind: 'bonus', description: 'Holiday bonus', amount_cents: 5000 },
        { staff_id: fay.id, kind: 'deduction', description: 'Uniform', amount_cents: 1500 },
        { staff_id: fay.id, kind: 'advance', description: 'Advance of March 2', amount_cents: 10000 },
      ],
    })
    // 10 h × $20 = $200.00, vacation 4 % = $8.00, bonus $50 → gross $258.00; net $258 − $15 − $100.
    expect(edited).toMatchObject({ notes: 'March, first half', version: draft.version + 1 })
    expect(edited.people.find((person: { staff: { id: string } }) => person.staff.id === fay.id)).toMatchObject({ gross_cents: 25800, deductions_cents: 11500, net_cents: 14300 })
    // The audit row says whose pay changed and how, not only the totals.
    const audited = (await auditRows(t, owner.business_id, 'payrolls.update')).filter((row) => row.record_id === draft.id).at(-1)
    expect(audited).toMatchObject({ before: { manual_lines: [] }, after: { manual_lines: expect.arrayContaining([{ staff_id: fay.id, kind: 'bonus', description: 'Holiday bonus', amount_cents: 5000 }]) } })
    await call.refused(409, 'stale_version', 'POST', `/payroll/${draft.id}/recalculate`, { version: draft.version })

    await call.ok('POST', '/timesheet/events', { type: 'timesheet.approve', ids: [later] })
    await call.refused(422, 'payroll_outdated', 'POST', `/payroll/${draft.id}/events`, { type: 'payroll.approve', version: edited.version })
    const recounted = await call.ok('POST', `/payroll/${draft.id}/recalculate`, { version: edited.version })
    expect(linesOf(recounted, fay.id)).toEqual([
      { kind: 'regular', minutes: 1200, amount_cents: 40000 },
      { kind: 'vacation_pay', minutes: null, amount_cents: 1600 },
      { kind: 'bonus', minutes: null, amount_cents: 5000 },
      { kind: 'deduction', minutes: null, amount_cents: 1500 },
      { kind: 'advance', minutes: null, amount_cents: 10000 },
    ])
    expect(recounted.people.find((person: { staff: { id: string } }) => person.staff.id === fay.id)).toMatchObject({ gross_cents: 46600, deductions_cents: 11500, net_cents: 35100 })
    const stranger = await timesheetApi(t, other).person('stranger@example.com')
    await call.refused(422, 'staff_not_found', 'PUT', `/payroll/${draft.id}`, { version: recounted.version, manual_lines: [{ staff_id: stranger.id, kind: 'bonus', description: 'x', amount_cents: 1 }] })
  })
})

describe('approving and paying', () => {
  it('refuses to approve a run that would pay someone less than nothing, naming them', async () => {
    const monday = nextPeriod()
    const owing = await paid('owing@example.com', 2000)
    await worked(owing.id, [{ date: monday }])
    const draft = await call.ok('POST', '/payroll', { date: monday })
    const edited = await call.ok('PUT', `/payroll/${draft.id}`, { version: draft.version, manual_lines: [{ staff_id: owing.id, kind: 'deduction', description: 'Laptop', amount_cents: 500_000 }] })
    expect(edited.people.find((person: { staff: { id: string } }) => person.staff.id === owing.id).net_cents).toBeLessThan(0)
    const refused = await call.refused(422, 'payroll_negative_net', 'POST', `/payroll/${draft.id}/events`, { type: 'payroll.approve', version: edited.version })
    expect(refused.details.people).toEqual([expect.objectContaining({ staff_id: owing.id, net_cents: edited.people.find((person: { staff: { id: string } }) => person.staff.id === owing.id).net_cents })])
    expect((await call.ok('GET', `/payroll/${draft.id}`)).status).toBe('draft')
    await call.ok('DELETE', `/payroll/${draft.id}`)
  })

  it('numbers runs without gaps, locks their timesheets and expenses (422 locked), pays expenses once and tells each person', async () => {
    const monday = nextPeriod()
    const gus = await paid('gus@example.com', 2000)
    const [sheet] = await worked(gus.id, [{ date: monday }])
    const claim = await call.ok('POST', '/expense', { date: monday, category: 'mileage', description: 'Depot run', distance_km: '10' }, gus.token)
    const approvedClaim = await call.ok('POST', `/expense/${claim.id}/events`, { type: 'expense.approve', version: 1 })

    const draft = await call.ok('POST', '/payroll', { date: monday })
    const before = (await call.ok('GET', '/settings')).version
    const approved = await call.ok('POST', `/payroll/${draft.id}/events`, { type: 'payroll.approve', version: draft.version })
    expect(approved).toMatchObject({ status: 'approved', allowed_events: ['payroll.pay'], unapproved: [] })
    expect(approved.number).toBeGreaterThanOrEqual(1)
    // Taking a number is not a change of the settings: nobody editing them is refused as stale.
    expect((await call.ok('GET', '/settings')).version).toBe(before)

    const timesheet = await call.ok('GET', `/timesheet/${sheet}`)
    expect(timesheet).toMatchObject({ locked: true, allowed_events: [] })
    await call.refused(422, 'locked', 'PUT', `/timesheet/${sheet}`, { version: timesheet.version, end: '19:00', reason: 'Stayed late' })
    await call.refused(422, 'locked', 'POST', `/timesheet/${sheet}/events`, { type: 'timesheet.reopen', version: timesheet.version })
    const lockedClaim = await call.ok('GET', `/expense/${claim.id}`)
    expect(lockedClaim).toMatchObject({ locked: true, allowed_events: [], payroll: { id: draft.id, number: approved.number } })
    await call.refused(422, 'locked', 'POST', `/expense/${claim.id}/events`, { type: 'expense.reimburse', version: approvedClaim.version })
    await call.refused(422, 'locked', 'PUT', `/expense/${claim.id}`, { version: approvedClaim.version, description: 'x' }, gus.token)
    await call.refused(422, 'payroll_not_draft', 'POST', `/payroll/${draft.id}/recalculate`, { version: approved.version })
    await call.refused(422, 'payroll_not_draft', 'DELETE', `/payroll/${draft.id}`)

    // The next run of the same period is refused; of the next period, it counts nothing already paid.
    const next = await call.ok('POST', '/payroll', { date: addLocalDays(monday, 14) })
    expect(next.people.find((person: { staff: { id: string } }) => person.staff.id === gus.id)).toBeUndefined()
    // Paying no one, it would take a number for good: refused until it pays someone.
    await call.refused(422, 'payroll_empty', 'POST', `/payroll/${next.id}/events`, { type: 'payroll.approve', version: next.version })
    const withBonus = await call.ok('PUT', `/payroll/${next.id}`, { version: next.version, manual_lines: [{ staff_id: gus.id, kind: 'bonus', description: 'Holiday', amount_cents: 5000 }] })
    const nextApproved = await call.ok('POST', `/payroll/${next.id}/events`, { type: 'payroll.approve', version: withBonus.version })
    expect(nextApproved.number).toBe(approved.number + 1)

    const paidRun = await call.ok('POST', `/payroll/${draft.id}/events`, { type: 'payroll.pay', version: approved.version })
    expect(paidRun).toMatchObject({ status: 'paid', allowed_events: [] })
    expect(paidRun.paid_at).toBeTruthy()
    expect(await call.ok('GET', `/expense/${claim.id}`)).toMatchObject({ status: 'reimbursed', allowed_events: [] })
    await call.refused(422, 'transition_not_allowed', 'POST', `/payroll/${draft.id}/events`, { type: 'payroll.pay', version: paidRun.version })
    const told = await call.ok('GET', '/notification', undefined, gus.token)
    expect(told.rows.some((row: { model: string; operation: string; extra: { payroll_id?: string } }) => row.model === 'payrolls' && row.extra.payroll_id === draft.id)).toBe(true)
    expect((await auditRows(t, owner.business_id, 'payrolls.approve')).some((row) => row.record_id === draft.id)).toBe(true)
    const history = await call.ok('GET', `/payroll/${draft.id}/history`)
    expect(history.rows.map((row: { action: string }) => row.action)).toEqual(['payrolls.pay', 'payrolls.approve', 'payrolls.create'])
  })

  it('refuses to approve or pay a run whose period has not started on the business’s clock (422 payroll_not_started)', async () => {
    const kit = await paid('kit@example.com', 2000)
    const today = localDateOf(new Date(), (await call.ok('GET', '/settings')).timezone)
    const claim = await call.ok('POST', '/expense', { date: today, category: 'supplies', description: 'Mop', amount_cents: 1500, tax_cents: 0 }, kit.token)
    await call.ok('POST', `/expense/${claim.id}/events`, { type: 'expense.approve', version: 1 })
    const future = await call.ok('POST', '/payroll', { date: '2099-12-31' })
    const withBonus = await call.ok('PUT', `/payroll/${future.id}`, { version: future.version, manual_lines: [{ staff_id: kit.id, kind: 'bonus', description: 'Year end', amount_cents: 5000 }] })
    // Approve is not offered, in the run or in the list, so the screen draws no button the server refuses.
    expect(withBonus.allowed_events).toEqual([])
    const listed = await call.ok('GET', '/payroll?filter[status]=draft')
    expect(listed.rows.find((row: { id: string }) => row.id === future.id)?.allowed_events).toEqual([])
    const refused = await call.refused(422, 'payroll_not_started', 'POST', `/payroll/${future.id}/events`, { type: 'payroll.approve', version: withBonus.version })
    expect(refused).toMatchObject({ message: 'This pay period has not started yet: approve or pay the run once it has.', details: { period_start: future.period_start } })
    expect(await call.ok('GET', `/payroll/${future.id}`)).toMatchObject({ status: 'draft', number: null })
    expect(await call.ok('GET', `/expense/${claim.id}`)).toMatchObject({ status: 'approved', locked: false })
    // A run approved before this was refused cannot be paid either.
    await t.db.update(payrolls).set({ status: 'approved' }).where(and(eq(payrolls.business_id, owner.business_id), eq(payrolls.id, future.id)))
    await call.refused(422, 'payroll_not_started', 'POST', `/payroll/${future.id}/events`, { type: 'payroll.pay', version: withBonus.version })
    const unpaid = await call.ok('GET', `/expense/${claim.id}`)
    expect(unpaid).toMatchObject({ status: 'approved' })
    // Out of the way of the other tests' runs: the run deleted, the claim paid by hand.
    await t.db.update(payrolls).set({ status: 'draft' }).where(and(eq(payrolls.business_id, owner.business_id), eq(payrolls.id, future.id)))
    await call.ok('DELETE', `/payroll/${future.id}`)
    await call.ok('POST', `/expense/${claim.id}/events`, { type: 'expense.reimburse', version: unpaid.version })
  })

  it('takes only the expenses dated up to its period’s end', async () => {
    const monday = nextPeriod()
    const lee = await paid('lee@example.com', 2000)
    await worked(lee.id, [{ date: monday }])
    const within = await call.ok('POST', '/expense', { date: addLocalDays(monday, 13), category: 'meals', description: 'Within', amount_cents: 1000, tax_cents: 0 }, lee.token)
    const after = await call.ok('POST', '/expense', { date: addLocalDays(monday, 14), category: 'meals', description: 'After', amount_cents: 2000, tax_cents: 0 }, lee.token)
    await call.ok('POST', '/expense/events', { type: 'expense.approve', ids: [within.id, after.id] })
    const draft = await call.ok('POST', '/payroll', { date: monday })
    expect(linesOf(draft, lee.id)?.filter((line) => line.kind === 'reimbursement')).toEqual([{ kind: 'reimbursement', minutes: null, amount_cents: 1000 }])
    // Out of the way of the other tests' runs: the run deleted, the claims paid by hand.
    await call.ok('DELETE', `/payroll/${draft.id}`)
    for (const claim of [within, after]) {
      const approved = await call.ok('GET', `/expense/${claim.id}`)
      await call.ok('POST', `/expense/${claim.id}/events`, { type: 'expense.reimburse', version: approved.version })
    }
  })

  it('deletes a draft, freeing its period and its expenses', async () => {
    const monday = nextPeriod()
    const hal = await paid('hal@example.com', 2000)
    await worked(hal.id, [{ date: monday }])
    const draft = await call.ok('POST', '/payroll', { date: monday })
    await call.ok('DELETE', `/payroll/${draft.id}`)
    await call.refused(404, 'not_found', 'GET', `/payroll/${draft.id}`)
    const again = await call.ok('POST', '/payroll', { date: monday })
    expect(again.people_count).toBe(draft.people_count)
    expect(again.people.some((person: { staff: { id: string } }) => person.staff.id === hal.id)).toBe(true)
  })

  it('pays hours approved after their period’s run was approved in the next run, never twice', async () => {
    const monday = nextPeriod()
    const kai = await paid('kai@example.com', 2000)
    await worked(kai.id, [{ date: monday }])
    const [late] = await worked(kai.id, [{ date: addLocalDays(monday, 1) }], false)
    const first = await call.ok('POST', '/payroll', { date: monday })
    await call.ok('POST', `/payroll/${first.id}/events`, { type: 'payroll.approve', version: first.version })
    // Approved once the run was: its own period's run cannot take it any more.
    const sheet = await call.ok('GET', `/timesheet/${late}`)
    await call.ok('POST', `/timesheet/${late}/events`, { type: 'timesheet.approve', version: sheet.version })
    const next = await call.ok('POST', '/payroll', { date: addLocalDays(monday, 14) })
    expect(linesOf(next, kai.id)).toEqual(expect.arrayContaining([{ kind: 'regular', minutes: 600, amount_cents: 20000 }]))
    await call.ok('POST', `/payroll/${next.id}/events`, { type: 'payroll.approve', version: next.version })
    const third = await call.ok('POST', '/payroll', { date: addLocalDays(monday, 28) })
    expect(linesOf(third, kai.id)).toBeUndefined()
    await call.ok('DELETE', `/payroll/${third.id}`)
  })
})

describe('statutory holidays', () => {
  it('pays British Columbia’s average day for a holiday to those who worked 15 of the 30 days before it, and 1.5× for the hours worked on it', async () => {
    // The 30 days before Truth and Reconciliation Day (Wednesday 2026-09-30): its weekdays, Labour Day (the 7th) left out.
    const weekdays = ['08-31', '09-01', '09-02', '09-03', '09-04', '09-08', '09-09', '09-10', '09-11', '09-14', '09-15', '09-16', '09-17', '09-18', '09-21', '09-22'].map((day) => `2026-${day}`)
    const settings = await call.ok('GET', '/settings')
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'BC', version: settings.version })
    try {
      const dee = await paid('dee@example.com', 3000)
      const eve = await paid('eve@example.com', 3000)
      const fin = await paid('fin@example.com', 3000)
      // Dee: 16 days of 8 hours in the 30, and 8 hours on the holiday; Eve: 14 days, one short of British Columbia's 15,
      // and the holiday, paid as any other day since she is not owed it.
      await worked(dee.id, [...weekdays, '2026-09-30'].map((date) => ({ date, start: '08:00', end: '16:00' })))
      await worked(eve.id, [...weekdays.slice(0, 14), '2026-09-30'].map((date) => ({ date, start: '08:00', end: '16:00' })))
      // Fin worked the same 16 days, then left (disabled): paid the hours, owed no holiday after.
      await worked(fin.id, weekdays.map((date) => ({ date, start: '08:00', end: '16:00' })))
      const finUser = await call.ok('GET', `/user/${fin.id}`)
      await call.ok('PUT', `/user/${fin.id}`, { status: 'disabled', version: finUser.version })

      const payroll = await call.ok('POST', '/payroll', { date: '2026-09-30' })
      expect(payroll).toMatchObject({ period_start: '2026-09-28', period_end: '2026-10-11' })
      const dees = payroll.people.find((person: { staff: { id: string } }) => person.staff.id === dee.id)
      // 16 × 8 h × $30 = $3,840.00, an average day of $240.00; the holiday's 8 h at $30 × 1.5 = $360.00; 4 % of $4,440.00.
      expect(dees.lines.map(({ kind, description, minutes, multiplier, amount_cents }: Record<string, unknown>) => ({ kind, description, minutes, multiplier, amount_cents }))).toEqual([
        { kind: 'regular', description: '', minutes: 7680, multiplier: null, amount_cents: 384000 },
        { kind: 'holiday', description: '', minutes: 480, multiplier: '1.5', amount_cents: 36000 },
        { kind: 'holiday_pay', description: '2026-09-30 truth_and_reconciliation_day', minutes: null, multiplier: null, amount_cents: 24000 },
        { kind: 'vacation_pay', description: '4 %', minutes: null, multiplier: null, amount_cents: 17760 },
      ])
      expect(dees).toMatchObject({ regular_minutes: 8160, gross_cents: 384000 + 36000 + 24000 + 17760 })
      expect(linesOf(payroll, eve.id)).toEqual([
        { kind: 'regular', minutes: 15 * 480, amount_cents: 15 * 24000 },
        { kind: 'vacation_pay', minutes: null, amount_cents: 14400 },
      ])
      expect(linesOf(payroll, fin.id)?.map((line) => line.kind)).toEqual(['regular', 'vacation_pay'])
      await call.ok('DELETE', `/payroll/${payroll.id}`)
    } finally {
      const now = await call.ok('GET', '/settings')
      await call.ok('PUT', '/settings', { overtime_jurisdiction: 'ON', version: now.version })
    }
  })

  it('pays Ontario’s one twentieth of the regular wages and vacation pay of the four weeks before the holiday’s week', async () => {
    const gil = await paid('gil@example.com', 2500)
    const settings = await call.ok('GET', '/settings')
    await call.ok('PUT', '/settings', { week_start: 1, version: settings.version })
    try {
      // Thanksgiving 2026 is Monday 12 October: the four weeks before its week are 14 September to 11 October.
      await worked(gil.id, [{ date: '2026-09-13', start: '08:00', end: '16:00' }, ...['2026-09-14', '2026-09-21', '2026-10-05'].map((date) => ({ date, start: '08:00', end: '18:00' }))])
      const payroll = await call.ok('POST', '/payroll', { date: '2026-10-12' })
      // The run pays all 38 hours ($950.00); the holiday (3 × 10 h × $25 = $750.00, the 13th being before the window,
      // and its 4 % vacation pay, $30.00) / 20 = $39.00; 4 % of $989.00.
      expect(linesOf(payroll, gil.id)).toEqual([
        { kind: 'regular', minutes: 2280, amount_cents: 95000 },
        { kind: 'holiday_pay', minutes: null, amount_cents: 3900 },
        { kind: 'vacation_pay', minutes: null, amount_cents: 3956 },
      ])
      await call.ok('DELETE', `/payroll/${payroll.id}`)
    } finally {
      const now = await call.ok('GET', '/settings')
      await call.ok('PUT', '/settings', { week_start: settings.week_start, version: now.version })
    }
  })
})

describe('payslips, the list, the report and who sees them', () => {
  it('shows staff their own payslips of approved runs only; a manager reads runs but does not change them; another business gets 404', async () => {
    const monday = nextPeriod()
    const ivy = await paid('ivy@example.com', 2000)
    const jo = await paid('jo@example.com', 2000)
    await worked(ivy.id, [{ date: monday }])
    await worked(jo.id, [{ date: monday }])
    const draft = await call.ok('POST', '/payroll', { date: monday })
    await call.refused(404, 'not_found', 'GET', `/payroll/${draft.id}/payslip/${ivy.id}`, undefined, ivy.token)
    await call.refused(403, 'forbidden', 'GET', `/payroll/${draft.id}`, undefined, ivy.token)
    await call.refused(403, 'forbidden', 'GET', '/payroll', undefined, ivy.token)
    const approved = await call.ok('POST', `/payroll/${draft.id}/events`, { type: 'payroll.approve', version: draft.version })

    const slip = await call.ok('GET', `/payroll/${draft.id}/payslip/${ivy.id}`, undefined, ivy.token)
    expect(slip).toMatchObject({
      staff: { id: ivy.id, email: 'ivy@example.com', locale: 'en' },
      payroll: { id: draft.id, number: approved.number, period_start: monday, status: 'approved' },
      gross_cents: 20800,
      net_cents: 20800,
      business: { name: expect.any(String) },
    })
    await call.refused(404, 'not_found', 'GET', `/payroll/${draft.id}/payslip/${jo.id}`, undefined, ivy.token)
    const mine = await call.ok('GET', '/payslip', undefined, ivy.token)
    expect(mine.rows).toEqual([{ payroll_id: draft.id, number: approved.number, period_start: monday, period_end: addLocalDays(monday, 13), status: 'approved', gross_cents: 20800, net_cents: 20800 }])

    const manager = await call.person('payroll-manager@example.com', 'Manager')
    expect((await call.ok('GET', `/payroll/${draft.id}/payslip/${jo.id}`, undefined, manager.token)).staff.id).toBe(jo.id)
    const seen = await call.ok('GET', `/payroll/${draft.id}`, undefined, manager.token)
    expect(seen.allowed_events).toEqual([])
    await call.refused(403, 'forbidden', 'POST', `/payroll/${draft.id}/events`, { type: 'payroll.pay', version: approved.version }, manager.token)

    const stranger = timesheetApi(t, other)
    await stranger.refused(404, 'not_found', 'GET', `/payroll/${draft.id}`)
    await stranger.refused(404, 'not_found', 'GET', `/payroll/${draft.id}/payslip/${ivy.id}`)
    await stranger.refused(404, 'not_found', 'POST', `/payroll/${draft.id}/events`, { type: 'payroll.pay', version: approved.version })
    expect((await stranger.ok('GET', '/payroll')).count).toBe(0)

    const list = await call.ok('GET', `/payroll?filter[number]=${approved.number}`)
    expect(list.rows.map((row: { id: string }) => row.id)).toEqual([draft.id])
    const report = await call.ok('GET', `/report/payroll?from=${monday}&to=${monday}`)
    expect(report.rows.map((row: { staff: { id: string }; gross_cents: number }) => [row.staff.id, row.gross_cents])).toEqual(expect.arrayContaining([[ivy.id, 20800], [jo.id, 20800]]))
    expect(report.totals.gross_cents).toBe(report.rows.reduce((sum: number, row: { gross_cents: number }) => sum + row.gross_cents, 0))
    await call.refused(403, 'forbidden', 'GET', `/report/payroll?from=${monday}&to=${monday}`, undefined, ivy.token)
  })

  it('names the employer with its address on the payslip, as a wage statement must', async () => {
    const monday = nextPeriod()
    const mo = await paid('mo@example.com', 2000)
    await worked(mo.id, [{ date: monday }])
    const run = await call.ok('POST', '/payroll', { date: monday })
    await call.ok('POST', `/payroll/${run.id}/events`, { type: 'payroll.approve', version: run.version })
    const slip = async () => (await call.ok('GET', `/payroll/${run.id}/payslip/${mo.id}`, undefined, mo.token)).business.address
    expect(await slip()).toEqual({ street: null, city: null, province: null, postal_code: null, phone: null })
    const settings = await call.ok('GET', '/settings')
    await call.ok('PUT', '/settings', { version: settings.version, business_street: '290 Bremner Blvd', business_city: 'Toronto', business_province: 'ON', business_postal_code: 'M5V 3L9', business_phone: '416-555-0123' })
    expect(await slip()).toEqual({ street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9', phone: '416-555-0123' })
  })
})
