import { addLocalDays, type OvertimeJurisdiction } from '@rota/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

const clock = testClock('2028-01-01T12:00:00Z')

let t: TestApp
let owner: Owner
let call: ReturnType<typeof timesheetApi>
let location: string
let service: string
let people = 0

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  call = timesheetApi(t, owner, clock)
  location = (await call.ok('POST', '/location', { name: 'Harbour Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
  service = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
})
afterAll(() => t.close())

const newPerson = () => call.person(`person${++people}@example.com`)

/** Hours worked on the business's clock, added by the owner once worked (a timesheet each). */
async function worked(staff: string, entries: [date: string, start: string, end: string][]) {
  const made = []
  for (const [date, start, end] of entries) made.push(await call.addHours({ staff_id: staff, location_id: location, service_id: service, date, start, end }))
  return made
}

/** The week's hours of a person, as the timesheets now say (each is counted again when another of its week changes). */
async function weekOf(staff: string, from: string, to: string) {
  const { rows } = await call.ok('GET', `/timesheet?from=${from}&to=${to}&filter[staff]=${staff}&page_size=100`)
  const sum = (field: string) => rows.reduce((total: number, row: Record<string, number>) => total + row[field]!, 0)
  return { paid: sum('paid_minutes'), regular: sum('regular_minutes'), overtime: sum('overtime_minutes'), double: sum('double_time_minutes'), rows }
}

describe('overtime under each province’s preset', () => {
  // Sunday 2028-01-09 starts the business's week (an English business starts on Sunday).
  // Monday to Friday 9 hours, Saturday 6: 51 hours, 3,060 minutes.
  const week: [string, string, string][] = [
    ['2028-01-10', '08:00', '17:00'],
    ['2028-01-11', '08:00', '17:00'],
    ['2028-01-12', '08:00', '17:00'],
    ['2028-01-13', '08:00', '17:00'],
    ['2028-01-14', '08:00', '17:00'],
    ['2028-01-15', '09:00', '15:00'],
  ]
  const cases: [OvertimeJurisdiction, { regular: number; overtime: number; double: number }][] = [
    ['ON', { regular: 2640, overtime: 420, double: 0 }], // 44 h a week
    ['QC', { regular: 2400, overtime: 660, double: 0 }], // 40 h a week
    ['AB', { regular: 2640, overtime: 420, double: 0 }], // 8 h a day (5 h) or 44 a week (7 h): the week's is more
    ['MB', { regular: 2400, overtime: 660, double: 0 }], // 8 a day (5 h) or 40 a week (11 h)
    ['BC', { regular: 2400, overtime: 660, double: 0 }], // 8 a day first (5 h), then 40 a week on the rest: Saturday's 6 h
    ['SK', { regular: 2400, overtime: 660, double: 0 }],
    ['FED', { regular: 2400, overtime: 660, double: 0 }],
    ['NB', { regular: 2640, overtime: 420, double: 0 }], // 44
    ['NS', { regular: 2880, overtime: 180, double: 0 }], // 48
    ['PE', { regular: 2880, overtime: 180, double: 0 }], // 48
    ['NL', { regular: 2400, overtime: 660, double: 0 }], // 40
    ['NT', { regular: 2400, overtime: 660, double: 0 }],
    ['NU', { regular: 2400, overtime: 660, double: 0 }],
    ['YT', { regular: 2400, overtime: 660, double: 0 }],
  ]

  it.each(cases)('%s splits the same 51-hour week as its law does', async (jurisdiction, expected) => {
    await call.ok('PUT', '/settings', { overtime_jurisdiction: jurisdiction })
    const person = await newPerson()
    await worked(person.id, week)
    expect(await weekOf(person.id, '2028-01-09', '2028-01-15')).toMatchObject({ paid: 3060, ...expected })
  })

  it('counts a day’s double time in British Columbia past 12 hours', async () => {
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'BC' })
    const person = await newPerson()
    const [long] = await worked(person.id, [['2028-01-17', '06:00', '19:00']])
    expect(long).toMatchObject({ paid_minutes: 780, regular_minutes: 480, overtime_minutes: 240, double_time_minutes: 60 })
  })

  it('counts a night across midnight toward the day it starts, so its hours past 8 are that day’s overtime', async () => {
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'AB' })
    const person = await newPerson()
    const [night] = await worked(person.id, [['2028-01-18', '22:00', '09:00']])
    expect(night).toMatchObject({ date: '2028-01-18', paid_minutes: 660, regular_minutes: 480, overtime_minutes: 180 })
  })

  it('counts every other timesheet of the week again when its rules change', async () => {
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'ON' })
    const person = await newPerson()
    await worked(person.id, week.map(([date, start, end]) => [addLocalDays(date, 14), start, end]))
    expect(await weekOf(person.id, '2028-01-23', '2028-01-29')).toMatchObject({ overtime: 420 })
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'QC' })
    expect(await weekOf(person.id, '2028-01-23', '2028-01-29')).toMatchObject({ overtime: 660 })
    await call.ok('PUT', '/settings', { week_start: 1 })
    // Weeks from Monday: the same six days are still one week.
    expect(await weekOf(person.id, '2028-01-23', '2028-01-29')).toMatchObject({ overtime: 660 })
    await call.ok('PUT', '/settings', { week_start: 0, overtime_jurisdiction: 'ON' })
  })
})

describe('weeks with a clock change (Toronto, 2028)', () => {
  it('pays the 11 hours really worked on the morning the clocks spring forward', async () => {
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'ON' })
    const person = await newPerson()
    // Sunday 2028-03-12 at 02:00 the clocks go to 03:00: midnight to noon that day is 11 hours.
    const [sunday] = await worked(person.id, [
      ['2028-03-12', '00:00', '12:00'],
      ['2028-03-13', '08:00', '17:00'],
      ['2028-03-14', '08:00', '17:00'],
      ['2028-03-15', '08:00', '17:00'],
      ['2028-03-16', '08:00', '17:00'],
      ['2028-03-17', '08:00', '17:00'],
    ])
    expect(sunday).toMatchObject({ date: '2028-03-12', start_time: '00:00', end_time: '12:00' })
    expect((await call.ok('GET', `/timesheet/${sunday.id}`)).paid_minutes).toBe(660)
    // 660 + 5 × 540 = 3,360 minutes, 56 hours: 12 over Ontario's 44 (a 12-hour Sunday would make it 13).
    expect(await weekOf(person.id, '2028-03-12', '2028-03-18')).toMatchObject({ paid: 3360, regular: 2640, overtime: 720 })
  })

  it('pays 9 hours for the night the clocks fall back, in the week it starts', async () => {
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'QC' })
    const person = await newPerson()
    // Sunday 2028-11-05 at 02:00 the clocks go back to 01:00: Saturday 22:00 to Sunday 06:00 is 9 hours.
    const entries = await worked(person.id, [
      ['2028-10-30', '09:00', '17:00'],
      ['2028-10-31', '09:00', '17:00'],
      ['2028-11-01', '09:00', '17:00'],
      ['2028-11-02', '09:00', '17:00'],
      ['2028-11-04', '22:00', '06:00'],
    ])
    const night = await call.ok('GET', `/timesheet/${entries[4].id}`)
    expect(night).toMatchObject({ date: '2028-11-04', paid_minutes: 540 })
    // 4 × 480 + 540 = 2,460 minutes in the week of Sunday 2028-10-29: 60 past Québec's 40 hours.
    expect(await weekOf(person.id, '2028-10-29', '2028-11-04')).toMatchObject({ paid: 2460, overtime: 60 })
    expect(night).toMatchObject({ regular_minutes: 480, overtime_minutes: 60 })
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'ON' })
  })
})
