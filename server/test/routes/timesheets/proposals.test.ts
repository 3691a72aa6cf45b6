import { addLocalDays } from '@rota/core'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lockTimesheets } from '../../../src/repositories/timesheets.ts'
import { addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { login, registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi, winterMondays } from '../../helpers/timesheets.ts'

const clock = testClock('2028-01-01T12:00:00Z')

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let location: string
let service: string
/** A fresh Monday for each test, a week apart, Toronto on UTC−5 all week. */
const nextMonday = winterMondays()

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner, clock)
  location = (await call.ok('POST', '/location', { name: 'Harbour Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
  service = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
})
afterAll(() => t.close())

/**
 * A shift 09:00–17:00 (14:00–22:00 UTC) its staff member clocked in to at its start and out of
 * at its end; the clock then stands at 10:00 the next morning, so a later end is in the past.
 */
async function workedShift(staff: { id: string; token: string }, date: string) {
  const shift = await call.publishedShift({ staff_id: staff.id, location_id: location, service_id: service, date, start: '09:00', end: '17:00', break_minutes: 30 })
  clock.set(shift.starts_at)
  expect((await call.shiftEvent(shift.id, 'shift.clock_in', staff.token)).statusCode).toBe(200)
  clock.set(shift.ends_at)
  expect((await call.shiftEvent(shift.id, 'shift.complete', staff.token)).statusCode).toBe(200)
  clock.set(`${addLocalDays(date, 1)}T15:00:00Z`)
  return call.timesheetOf(shift.id)
}

const propose = (sheet: { id: string; version: number }, body: object, token: string) => call.ok('PUT', `/timesheet/${sheet.id}/proposal`, { version: sheet.version, ...body }, token)
const kinds = (sheet: { flags: { kind: string }[] }) => sheet.flags.map((flag) => flag.kind)
const toldOf = async (token: string) => (await call.ok('GET', '/notification', undefined, token)).rows.filter((n: { model: string }) => n.model === 'timesheets')

describe('a staff member’s proposed correction', () => {
  it('shows beside the counted hours, flags the timesheet, tells every manager in their language, and is replaced by a new one', async () => {
    const ana = await call.person('ana@example.com')
    const max = await call.person('max@example.com', 'Manager')
    await addUser(t, owner.business_id, { email: 'flo@example.com', password: 'a long and unusual passphrase', role: 'Manager', firstname: 'Flo', locale: 'fr' })
    const flo = (await login(t, 'flo@example.com', 'a long and unusual passphrase', owner.business_id)).body.data.token as string
    const date = nextMonday()
    const sheet = await workedShift(ana, date)

    const proposed = await propose(sheet, { end: '17:30', break_minutes: 30, reason: '  Forgot to clock out  ' }, ana.token)
    expect(proposed).toMatchObject({
      start_time: '09:00',
      end_time: '17:00',
      break_minutes: 0,
      paid_minutes: 480,
      proposal: { started_at: `${date}T14:00:00.000Z`, ended_at: `${date}T22:30:00.000Z`, break_minutes: 30, paid_minutes: 480, reason: 'Forgot to clock out', proposed_at: clock.now().toISOString() },
      correction_reason: null,
      status: 'pending',
      allowed_events: [],
      version: sheet.version + 1,
    })
    expect(kinds(proposed)).toContain('proposal')
    // A manager sees it flagged, and cannot approve it before deciding it.
    const seen = await call.ok('GET', `/timesheet?from=${date}&to=${date}&filter[flagged]=true`, undefined, max.token)
    expect(seen.rows.map((row: { id: string }) => row.id)).toEqual([sheet.id])
    expect(seen.rows[0]).toMatchObject({ proposal: { reason: 'Forgot to clock out' }, allowed_events: [] })

    const [told] = await toldOf(max.token)
    expect(told).toMatchObject({ operation: 'proposed', extra: { timesheet_id: sheet.id }, title: 'ana Staff proposes 09:00–17:30 on Mon, Jan 3: Forgot to clock out' })
    expect((await toldOf(flo))[0].title).toBe('ana Staff propose 09:00–17:30 le lundi 3 janv. : Forgot to clock out')
    expect(await toldOf(owner.tokens.token)).toHaveLength(1)
    expect(await toldOf(ana.token)).toHaveLength(0)
    expect((await auditRows(t, owner.business_id, 'timesheets.propose')).at(-1)).toMatchObject({
      record_id: sheet.id,
      before: { ended_at: `${date}T22:00:00.000Z`, proposed_ended_at: null, proposal_reason: null },
      after: { ended_at: `${date}T22:00:00.000Z`, proposed_ended_at: `${date}T22:30:00.000Z`, proposed_break_minutes: 30, proposal_reason: 'Forgot to clock out' },
    })

    // Proposing again replaces it: what is not sent stays as counted, not as proposed before.
    await call.refused(409, 'stale_version', 'PUT', `/timesheet/${sheet.id}/proposal`, { version: sheet.version, start: '08:45', reason: 'Came early' }, ana.token)
    const replaced = await propose(proposed, { start: '08:45', reason: 'Came early' }, ana.token)
    expect(replaced.proposal).toMatchObject({ started_at: `${date}T13:45:00.000Z`, ended_at: `${date}T22:00:00.000Z`, break_minutes: 0, paid_minutes: 495, reason: 'Came early' })
    expect(kinds(replaced).filter((kind: string) => kind === 'proposal')).toHaveLength(1)
    expect(await toldOf(max.token)).toHaveLength(2)
  })

  it('is withdrawn by its proposer, at the version read', async () => {
    const ivy = await call.person('ivy@example.com')
    const date = nextMonday()
    const proposed = await propose(await workedShift(ivy, date), { end: '17:15', reason: 'Locked up' }, ivy.token)
    await call.refused(409, 'stale_version', 'DELETE', `/timesheet/${proposed.id}/proposal?version=${proposed.version - 1}`, undefined, ivy.token)
    const response = await call.api('DELETE', `/timesheet/${proposed.id}/proposal?version=${proposed.version}`, undefined, ivy.token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ message: 'Your proposed correction is withdrawn.', data: { proposal: null, end_time: '17:00', version: proposed.version + 1 } })
    expect(kinds(response.json().data)).not.toContain('proposal')
    expect((await call.ok('GET', `/timesheet/${proposed.id}`)).allowed_events.sort()).toEqual(['timesheet.approve', 'timesheet.reject'])
    expect((await auditRows(t, owner.business_id, 'timesheets.withdraw_proposal')).at(-1)).toMatchObject({
      record_id: proposed.id,
      before: { proposed_ended_at: `${date}T22:15:00.000Z`, proposal_reason: 'Locked up' },
      after: { proposed_ended_at: null, proposal_reason: null },
    })
    await call.refused(422, 'no_proposal', 'DELETE', `/timesheet/${proposed.id}/proposal?version=${proposed.version + 1}`, undefined, ivy.token)
  })

  it('is checked as a manager’s correction is, and only its own staff member makes one', async () => {
    const lee = await call.person('lee@example.com')
    const zoe = await call.person('zoe@example.com')
    const max = await call.person('max2@example.com', 'Manager')
    const date = nextMonday()
    const sheet = await workedShift(lee, date)
    const url = `/timesheet/${sheet.id}/proposal`

    for (const [body, field] of [
      [{ end: '17:30' }, 'reason'],
      [{ end: '17:30', reason: '   ' }, 'reason'],
      [{ end: '17:30', reason: 'x'.repeat(501) }, 'reason'],
      [{ end: '5pm', reason: 'Late' }, 'end'],
      [{ break_minutes: -5, reason: 'Late' }, 'break_minutes'],
    ] as const) {
      const response = await call.api('PUT', url, { version: sheet.version, ...body }, lee.token)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().details).toHaveProperty([field])
    }
    await call.refused(422, 'break_too_long', 'PUT', url, { version: sheet.version, start: '09:00', end: '09:30', break_minutes: 45, reason: 'Short day' }, lee.token)
    await call.refused(422, 'timesheet_in_future', 'PUT', url, { version: sheet.version, date: addLocalDays(date, 1), reason: 'Wrong day' }, lee.token)
    await call.refused(422, 'proposal_unchanged', 'PUT', url, { version: sheet.version, start: '09:00', end: '17:00', reason: 'Same' }, lee.token)
    await call.addHours({ staff_id: lee.id, location_id: location, service_id: service, date, start: '18:00', end: '20:00' })
    const overlap = await call.refused(422, 'timesheet_overlap', 'PUT', url, { version: sheet.version, end: '19:00', reason: 'Stayed on' }, lee.token)
    expect(overlap.details.timesheet_id).toBeTruthy()

    const body = { version: sheet.version, end: '17:30', reason: 'Mine' }
    expect((await call.api('PUT', url, body, zoe.token)).statusCode).toBe(404)
    expect((await call.api('DELETE', `${url}?version=${sheet.version}`, undefined, zoe.token)).statusCode).toBe(404)
    await call.refused(403, 'forbidden', 'PUT', url, body, max.token)
    await call.refused(403, 'forbidden', 'PUT', url, body)
    expect((await call.api('PUT', url, body, other.tokens.token)).statusCode).toBe(404)
    // A wrong version tells nobody else that the timesheet exists.
    expect((await call.api('PUT', url, { ...body, version: 99 }, zoe.token)).statusCode).toBe(404)
    const unchanged = await call.ok('GET', `/timesheet/${sheet.id}`)
    expect(unchanged).toMatchObject({ proposal: null, version: sheet.version })

    const proposed = await propose(sheet, { end: '17:30', reason: 'Mine' }, lee.token)
    await call.refused(403, 'forbidden', 'POST', `${url}/accept`, { version: proposed.version }, lee.token)
    await call.refused(403, 'forbidden', 'POST', `${url}/decline`, { version: proposed.version }, lee.token)
    await call.refused(403, 'forbidden', 'DELETE', `${url}?version=${proposed.version}`, undefined, max.token)
    expect((await call.api('POST', `${url}/accept`, { version: proposed.version }, other.tokens.token)).statusCode).toBe(404)
  })

  it('waits for hours clocked out and not yet judged, and never for hours a payroll locked', async () => {
    const kim = await call.person('kim@example.com')
    const date = nextMonday()
    const shift = await call.publishedShift({ staff_id: kim.id, location_id: location, service_id: service, date, start: '09:00', end: '17:00' })
    clock.set(shift.starts_at)
    await call.shiftEvent(shift.id, 'shift.clock_in', kim.token)
    const open = await call.timesheetOf(shift.id)
    await call.refused(422, 'proposal_timesheet_open', 'PUT', `/timesheet/${open.id}/proposal`, { version: open.version, start: '08:30', reason: 'Early' }, kim.token)
    clock.set(shift.ends_at)
    await call.shiftEvent(shift.id, 'shift.complete', kim.token)

    const days = []
    for (const day of [1, 2, 3]) days.push(await workedShift(kim, addLocalDays(date, day)))
    const approved = await call.ok('POST', `/timesheet/${days[0].id}/events`, { type: 'timesheet.approve', version: days[0].version })
    const rejected = await call.ok('POST', `/timesheet/${days[1].id}/events`, { type: 'timesheet.reject', version: days[1].version })
    for (const judged of [approved, rejected]) {
      const refusal = await call.refused(422, 'proposal_timesheet_decided', 'PUT', `/timesheet/${judged.id}/proposal`, { version: judged.version, end: '17:30', reason: 'Late' }, kim.token)
      expect(refusal.details).toEqual({ status: judged.status })
    }
    const paid = await call.ok('POST', `/timesheet/${days[2].id}/events`, { type: 'timesheet.approve', version: days[2].version })
    await lockTimesheets(t.db, owner.business_id, [paid.id], randomUUID(), clock.now())
    await call.refused(422, 'locked', 'PUT', `/timesheet/${paid.id}/proposal`, { version: paid.version, end: '17:30', reason: 'Late' }, kim.token)
  })
})

describe('a manager deciding a proposed correction', () => {
  it('accepts it as their own correction: the same checks, flagged corrected, counted again, audited, and the staff member told', async () => {
    const noa = await call.person('noa@example.com')
    const date = nextMonday()
    const sheet = await workedShift(noa, date)
    const proposed = await propose(sheet, { end: '18:00', break_minutes: 30, reason: 'Forgot to clock out' }, noa.token)
    // Hours added since overlap the proposed ones: refused as the correction would be, and the proposal stays.
    const extra = await call.addHours({ staff_id: noa.id, location_id: location, service_id: service, date, start: '17:30', end: '19:00' })
    await call.refused(422, 'timesheet_overlap', 'POST', `/timesheet/${sheet.id}/proposal/accept`, { version: proposed.version })
    await call.ok('POST', `/timesheet/${extra.id}/events`, { type: 'timesheet.reject', version: extra.version })
    await call.refused(409, 'stale_version', 'POST', `/timesheet/${sheet.id}/proposal/accept`, { version: sheet.version })

    const response = await call.api('POST', `/timesheet/${sheet.id}/proposal/accept`, { version: proposed.version })
    expect(response.statusCode).toBe(200)
    const accepted = response.json().data
    expect(response.json().message).toBe('The correction is applied.')
    expect(accepted).toMatchObject({
      start_time: '09:00',
      end_time: '18:00',
      ended_at: `${date}T23:00:00.000Z`,
      break_minutes: 30,
      paid_minutes: 510,
      regular_minutes: 510,
      clocked: { clock_in_at: `${date}T14:00:00.000Z`, clock_out_at: `${date}T22:00:00.000Z`, break_minutes: 0 },
      correction_reason: 'Forgot to clock out',
      proposal: null,
      allowed_events: expect.arrayContaining(['timesheet.approve']),
      version: proposed.version + 1,
    })
    expect(kinds(accepted)).toContain('corrected')
    expect(kinds(accepted)).not.toContain('proposal')
    expect((await auditRows(t, owner.business_id, 'timesheets.accept_proposal')).at(-1)).toMatchObject({
      record_id: sheet.id,
      before: { ended_at: `${date}T22:00:00.000Z`, break_minutes: 0, correction_reason: null, proposed_ended_at: `${date}T23:00:00.000Z` },
      after: { ended_at: `${date}T23:00:00.000Z`, break_minutes: 30, correction_reason: 'Forgot to clock out', proposed_ended_at: null, flags: expect.arrayContaining(['corrected']) },
    })
    const [told] = await toldOf(noa.token)
    expect(told).toMatchObject({ operation: 'proposal_accepted', extra: { timesheet_id: sheet.id }, title: 'Your correction of Mon, Jan 31 was accepted: your hours are now 09:00–18:00.' })
    const history = await call.ok('GET', `/timesheet/${sheet.id}/history`, undefined, noa.token)
    expect(history.rows.map((entry: { action: string }) => entry.action)).toEqual(['timesheets.accept_proposal', 'timesheets.propose', 'timesheets.clock_out', 'timesheets.clock_in'])
    expect(history.rows[1].changes).toEqual(expect.arrayContaining([{ field: 'proposal_reason', before: null, after: 'Forgot to clock out' }]))

    await call.refused(422, 'no_proposal', 'POST', `/timesheet/${sheet.id}/proposal/accept`, { version: accepted.version })
    expect((await call.ok('POST', `/timesheet/${sheet.id}/events`, { type: 'timesheet.approve', version: accepted.version })).status).toBe('approved')
  })

  it('declines it, with a reason or without, and the staff member hears why; until then the hours are not judged', async () => {
    const ron = await call.person('ron@example.com')
    const date = nextMonday()
    const sheet = await workedShift(ron, date)
    const tuesday = await workedShift(ron, addLocalDays(date, 1))
    const proposed = await propose(sheet, { end: '17:30', reason: 'Forgot to clock out' }, ron.token)

    await call.refused(422, 'timesheet_has_proposal', 'POST', `/timesheet/${sheet.id}/events`, { type: 'timesheet.approve', version: proposed.version })
    await call.refused(422, 'timesheet_has_proposal', 'POST', `/timesheet/${sheet.id}/events`, { type: 'timesheet.reject', version: proposed.version })
    const bulk = await call.refused(422, 'timesheet_has_proposal', 'POST', '/timesheet/events', { type: 'timesheet.approve', ids: [tuesday.id, sheet.id] })
    expect(bulk.details).toEqual({ id: sheet.id })
    expect((await call.ok('GET', `/timesheet/${tuesday.id}`)).status).toBe('pending')

    await call.refused(409, 'stale_version', 'POST', `/timesheet/${sheet.id}/proposal/decline`, { version: sheet.version, reason: 'No' })
    const declined = await call.ok('POST', `/timesheet/${sheet.id}/proposal/decline`, { version: proposed.version, reason: ' The door log says 17:02 ' })
    expect(declined).toMatchObject({ end_time: '17:00', proposal: null, correction_reason: null, version: proposed.version + 1 })
    expect(kinds(declined)).not.toContain('proposal')
    expect((await auditRows(t, owner.business_id, 'timesheets.decline_proposal')).at(-1)).toMatchObject({
      record_id: sheet.id,
      before: { proposal_reason: 'Forgot to clock out' },
      after: { proposal_reason: null, note: 'The door log says 17:02' },
    })
    const [told] = await toldOf(ron.token)
    expect(told).toMatchObject({ operation: 'proposal_declined', extra: { timesheet_id: sheet.id }, title: 'Your correction of Mon, Feb 7 (09:00–17:30) was declined. The door log says 17:02' })
    await call.refused(422, 'no_proposal', 'POST', `/timesheet/${sheet.id}/proposal/decline`, { version: declined.version })

    const again = await propose(declined, { end: '17:10', reason: 'Then ten past' }, ron.token)
    await call.ok('POST', `/timesheet/${sheet.id}/proposal/decline`, { version: again.version })
    expect((await toldOf(ron.token))[0].title).toBe('Your correction of Mon, Feb 7 (09:00–17:10) was declined.')
    expect((await call.ok('POST', '/timesheet/events', { type: 'timesheet.approve', ids: [tuesday.id, sheet.id] })).timesheets.map((row: { status: string }) => row.status)).toEqual(['approved', 'approved'])
  })
})
