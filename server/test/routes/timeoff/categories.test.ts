import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { apiOf, personIn } from './helpers.ts'

let t: TestApp
let owner: Owner
let other: Owner
const { api, ok, refused, rows } = apiOf(() => t, () => owner)

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
})
afterAll(() => t.close())

describe('time-off categories', () => {
  it('start as registration made them: vacation and sick days with yearly balances, the others keeping none', async () => {
    const list = await rows('/timeoff_category?page_size=100')
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Bereavement', 'Personal day', 'Sick leave', 'Unpaid leave', 'Vacation'])
    expect(list.find((c: { name: string }) => c.name === 'Vacation')).toMatchObject({
      colour: '#0d9488',
      paid: true,
      unit: 'days',
      day_minutes: 480,
      accrual: 'yearly',
      yearly_allowance_minutes: 4800,
      carry_over_max_minutes: 2400,
      allow_negative: false,
      active: true,
      version: 1,
    })
    expect(list.find((c: { name: string }) => c.name === 'Unpaid leave')).toMatchObject({ paid: false, accrual: 'none', yearly_allowance_minutes: null })
  })

  it('are added with what their accrual needs, unique by name whatever the accents and case', async () => {
    const banked = await ok('POST', '/timeoff_category', { name: 'Temps accumulé', unit: 'hours', accrual: 'per_hour_worked', accrual_rate: '0.04', colour: '#1D4ED8' })
    expect(banked).toMatchObject({ name: 'Temps accumulé', unit: 'hours', accrual_rate: '0.04', colour: '#1d4ed8', paid: true, allow_negative: false })
    expect((await refused(409, 'POST', '/timeoff_category', { name: 'TEMPS ACCUMULE' })).code).toBe('name_taken')
    expect((await refused(400, 'POST', '/timeoff_category', { name: 'Yearly', accrual: 'yearly' })).details).toHaveProperty('yearly_allowance_minutes')
    expect((await refused(400, 'POST', '/timeoff_category', { name: 'Earned', accrual: 'per_hour_worked' })).details).toHaveProperty('accrual_rate')
    expect((await refused(400, 'POST', '/timeoff_category', { name: 'Rate', accrual: 'per_hour_worked', accrual_rate: '1.5' })).details).toHaveProperty('accrual_rate')
    expect((await refused(400, 'POST', '/timeoff_category', { name: 'Day', day_minutes: 20 })).details).toHaveProperty('day_minutes')
    expect((await rows('/timeoff_category?q=accumule')).map((c: { id: string }) => c.id)).toEqual([banked.id])
    expect((await auditRows(t, owner.business_id, 'timeoff-categories.create')).at(-1)).toMatchObject({ record_id: banked.id })
  })

  it('change with the version read, keeping what their accrual needs once merged', async () => {
    const created = await ok('POST', '/timeoff_category', { name: 'Study leave', accrual: 'yearly', yearly_allowance_minutes: 960 })
    const changed = await ok('PUT', `/timeoff_category/${created.id}`, { carry_over_max_minutes: 480, allow_negative: true, version: 1 })
    expect(changed).toMatchObject({ carry_over_max_minutes: 480, allow_negative: true, version: 2 })
    expect((await refused(409, 'PUT', `/timeoff_category/${created.id}`, { paid: false, version: 1 })).code).toBe('stale_version')
    expect((await refused(400, 'PUT', `/timeoff_category/${created.id}`, { yearly_allowance_minutes: null, version: 2 })).details).toHaveProperty('yearly_allowance_minutes')
  })

  it('are deleted while nobody asked for them, archived once someone has', async () => {
    const unused = await ok('POST', '/timeoff_category', { name: 'Jury duty' })
    expect((await api('DELETE', `/timeoff_category/${unused.id}`)).statusCode).toBe(200)
    expect((await api('GET', `/timeoff_category/${unused.id}`)).statusCode).toBe(404)

    const used = await ok('POST', '/timeoff_category', { name: 'Moving day' })
    const sam = await personIn(t, owner.business_id, 'sam@example.com')
    await ok('POST', '/timeoff_request', { category_id: used.id, start_date: '2027-05-03' }, sam.token)
    const inUse = await refused(409, 'DELETE', `/timeoff_category/${used.id}`)
    expect(inUse).toMatchObject({ code: 'category_in_use', message: 'People have asked for this kind of time off: archive it instead of deleting it.' })
    await ok('PUT', `/timeoff_category/${used.id}`, { active: false, version: used.version })
    expect((await rows('/timeoff_category?filter[active]=false')).map((c: { id: string }) => c.id)).toEqual([used.id])
    expect((await rows('/timeoff_category?filter[active]=true&page_size=100')).map((c: { id: string }) => c.id)).not.toContain(used.id)
  })

  it('are read by staff, changed only with the right, and never another business’s', async () => {
    const ana = await personIn(t, owner.business_id, 'ana@example.com')
    const [first] = await rows('/timeoff_category', ana.token)
    expect((await api('POST', '/timeoff_category', { name: 'Mine' }, ana.token)).statusCode).toBe(403)
    expect((await api('PUT', `/timeoff_category/${first.id}`, { paid: false, version: first.version }, ana.token)).statusCode).toBe(403)
    expect((await api('GET', `/timeoff_category/${first.id}`, undefined, other.tokens.token)).statusCode).toBe(404)
    expect((await api('PUT', `/timeoff_category/${first.id}`, { paid: false, version: first.version }, other.tokens.token)).statusCode).toBe(404)
    expect((await rows('/timeoff_category?page_size=100', other.tokens.token)).map((c: { id: string }) => c.id)).not.toContain(first.id)
  })
})
