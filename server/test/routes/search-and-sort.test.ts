import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backfillTextKeys } from '../../src/db/text-keys.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../helpers/business.ts'

/**
 * Every list with a search (clients, services, team, roles): a search ignores accents,
 * case and extra spaces, and names sort the way people read them ("Client 2" before
 * "Client 10", "École" among the e's), identically on PGlite and PostgreSQL.
 */
let t: TestApp
let owner: Owner

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(owner.tokens.token), ...(payload ? { payload } : {}) })

async function created(url: string, body: object) {
  const response = await api('POST', url, body)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}

const namesOf = async (url: string, key = 'name'): Promise<string[]> => {
  const response = await api('GET', url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data.rows.map((row: Record<string, string>) => row[key])
}

describe('clients', () => {
  beforeAll(async () => {
    const address = { street: '1 Main St' }
    await created('/location', { ...address, name: 'Client 10', city: 'Québec', province: 'QC', postal_code: 'G1R 4P5' })
    await created('/location', { ...address, name: 'client 2', city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4', contact_person: 'Hélène Côté' })
    await created('/location', { ...address, name: 'Client 1', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' })
    await created('/location', { ...address, name: 'École Sainte-Anne', city: 'Lévis', province: 'QC', postal_code: 'G6V 1A1' })
    await created('/location', { ...address, name: 'Zeta Tower', city: 'Île-Perrot', province: 'QC', postal_code: 'J7V 1A1' })
  })

  it('finds accented names, cities and contacts typed without accents or in capitals', async () => {
    expect(await namesOf('/location?q=montreal')).toEqual(['client 2'])
    expect(await namesOf('/location?q=QUEBEC')).toEqual(['Client 10'])
    expect(await namesOf('/location?q=quÉbec')).toEqual(['Client 10'])
    expect(await namesOf('/location?q=helene%20cote')).toEqual(['client 2'])
    expect(await namesOf('/location?q=ecole')).toEqual(['École Sainte-Anne'])
    expect(await namesOf('/location?q=h2x1y4')).toEqual(['client 2'])
  })

  it('sorts names naturally and accents among their letters, both ways', async () => {
    expect(await namesOf('/location?sort=name')).toEqual(['Client 1', 'client 2', 'Client 10', 'École Sainte-Anne', 'Zeta Tower'])
    expect(await namesOf('/location?sort=name&order=desc')).toEqual(['Zeta Tower', 'École Sainte-Anne', 'Client 10', 'client 2', 'Client 1'])
  })

  it('sorts cities the same way', async () => {
    expect(await namesOf('/location?sort=city', 'city')).toEqual(['Île-Perrot', 'Lévis', 'Montréal', 'Ottawa', 'Québec'])
  })

  it('keeps a renamed client findable by its new name only', async () => {
    const { rows } = (await api('GET', '/location?q=zeta')).json().data
    await api('PUT', `/location/${rows[0].id}`, { name: 'Tour Éole', version: rows[0].version })
    expect(await namesOf('/location?q=eole')).toEqual(['Tour Éole'])
    expect(await namesOf('/location?q=zeta')).toEqual([])
  })

  it('finds and sorts clients that came from a CSV import', async () => {
    const job = await created('/import', { kind: 'locations' })
    const cells = { name: 'Client 3', street: '2 Rue Principale', city: 'Saint-Jérôme', province: 'QC', postal_code: 'J7Z 1A1' }
    await api('POST', `/import/${job.id}/rows`, { rows: [{ line: 2, cells }] })
    expect((await api('POST', `/import/${job.id}/commit`, {})).statusCode).toBe(200)
    expect(await namesOf('/location?q=jerome')).toEqual(['Client 3'])
    expect((await namesOf('/location?sort=name')).slice(0, 4)).toEqual(['Client 1', 'client 2', 'Client 3', 'Client 10'])
  })
})

describe('services', () => {
  beforeAll(async () => {
    for (const name of ['Nettoyage 12', 'nettoyage 9', 'Déneigement', 'Entretien ménager']) {
      await created('/service', { name, bill_rate_cents: 4000, pay_rate_cents: 2000, description: name === 'Entretien ménager' ? 'Bureaux et résidences' : null })
    }
  })

  it('searches names and descriptions without accents and sorts naturally', async () => {
    expect(await namesOf('/service?q=deneigement')).toEqual(['Déneigement'])
    expect(await namesOf('/service?q=RESIDENCES')).toEqual(['Entretien ménager'])
    expect(await namesOf('/service?sort=name')).toEqual(['Déneigement', 'Entretien ménager', 'nettoyage 9', 'Nettoyage 12'])
  })
})

describe('team members', () => {
  beforeAll(async () => {
    await created('/user', { email: 'zoe@example.com', firstname: 'Zoé', lastname: 'Ébert', role: 'Staff' })
    await created('/user', { email: 'francois@example.com', firstname: 'François', lastname: 'Dubé', role: 'Staff' })
    await created('/user', { email: 'nameless@example.com', role: 'Staff' })
  })

  it('finds people by names typed without accents, whole or in part, and by e-mail', async () => {
    expect(await namesOf('/user?q=francois%20dube', 'email')).toEqual(['francois@example.com'])
    expect(await namesOf('/user?q=EBERT', 'email')).toEqual(['zoe@example.com'])
    expect(await namesOf('/user?q=nameless', 'email')).toEqual(['nameless@example.com'])
  })

  it('sorts by last name, accents aside, and someone without a name by e-mail', async () => {
    expect(await namesOf('/user?sort=name', 'lastname')).toEqual(['Dubé', 'Ébert', '', 'Owner'])
  })
})

describe('roles', () => {
  it('finds roles without accents and sorts them naturally after the administrator roles', async () => {
    for (const name of ['Équipe 10', 'équipe 2', 'Chef d’équipe']) await created('/role', { name })
    expect(await namesOf('/role?q=equipe%202')).toEqual(['équipe 2'])
    expect(await namesOf('/role?page_size=100')).toEqual(['Super Admin', 'System Administrator', 'Chef d’équipe', 'équipe 2', 'Équipe 10', 'Manager', 'Staff'])
  })
})

describe('rows written before the keys existed', () => {
  it('get them from the start-up backfill, and are then found and sorted', async () => {
    await created('/location', { name: 'Vieux Client 5', street: '3 Rue', city: 'Sherbrooke', province: 'QC', postal_code: 'J1H 1A1' })
    await t.db.execute(sql`update locations set search_key = null, sort_key = null, city_key = null where business_id = ${owner.business_id}`)
    await t.db.execute(sql`update users set search_key = null, sort_key = null where business_id = ${owner.business_id}`)
    expect(await namesOf('/location?q=sherbrooke')).toEqual([])

    expect(await backfillTextKeys(t.db)).toBeGreaterThanOrEqual(7)
    expect(await namesOf('/location?q=sherbrooke')).toEqual(['Vieux Client 5'])
    expect(await namesOf('/user?q=dube', 'email')).toEqual(['francois@example.com'])
    expect((await namesOf('/location?sort=name')).slice(0, 3)).toEqual(['Client 1', 'client 2', 'Client 3'])
    expect(await backfillTextKeys(t.db)).toBe(0)
  })
})
