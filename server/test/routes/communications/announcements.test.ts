import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roleId } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { apiOf, personIn } from '../timeoff/helpers.ts'

let t: TestApp
let owner: Owner
let other: Owner
const { api, ok, refused, rows } = apiOf(() => t, () => owner)
let sequence = 0
const person = (role = 'Staff') => personIn(t, owner.business_id, `news${++sequence}@example.com`, { role })
const bell = async (token: string) => (await rows('/notification?page_size=50', token)) as { model: string; operation: string; title: string; extra: Record<string, string> }[]

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
})
afterAll(() => t.close())

describe('announcements', () => {
  it('go to everyone or to roles, notify each recipient, and show the author who read and acknowledged', async () => {
    const manager = await person('Manager')
    const ann = await person()
    const bob = await person()
    const posted = await ok('POST', '/announcement', { title: 'New uniforms', body: 'Pick them up **Monday**.', pinned: true, requires_ack: true }, manager.token)
    expect(posted).toMatchObject({ title: 'New uniforms', pinned: true, requires_ack: true, roles: [], stats: { read: 0, acknowledged: 0 } })
    expect(posted.stats.recipients).toBeGreaterThanOrEqual(3)
    const told = (await bell(ann.token)).filter((n) => n.model === 'announcements')
    expect(told).toMatchObject([{ operation: 'posted', extra: { announcement_id: posted.id } }])
    expect(told[0]!.title).toContain('New uniforms')

    const seen = await ok('GET', `/announcement/${posted.id}`, undefined, ann.token)
    expect(seen).toMatchObject({ addressed_to_me: true, read_at: null, acknowledged_at: null, stats: null })
    await ok('POST', `/announcement/${posted.id}/receipt`, {}, bob.token)
    const acknowledged = await ok('POST', `/announcement/${posted.id}/receipt`, { acknowledge: true }, ann.token)
    expect(acknowledged.read_at).not.toBeNull()
    expect(acknowledged.acknowledged_at).not.toBeNull()

    const receipts = (await ok('GET', `/announcement/${posted.id}/recipients`, undefined, manager.token)) as { person: { id: string }; read_at: string | null; acknowledged_at: string | null }[]
    expect(receipts.find((r) => r.person.id === ann.id)).toMatchObject({ read_at: expect.any(String), acknowledged_at: expect.any(String) })
    expect(receipts.find((r) => r.person.id === bob.id)).toMatchObject({ read_at: expect.any(String), acknowledged_at: null })
    expect(receipts.some((r) => r.person.id === manager.id)).toBe(false)
    expect((await ok('GET', `/announcement/${posted.id}`, undefined, manager.token)).stats).toMatchObject({ read: 2, acknowledged: 1 })
    await refused(403, 'GET', `/announcement/${posted.id}/recipients`, undefined, ann.token)
    // Ann's list of what she has still to acknowledge no longer holds it; Bob's does.
    expect((await rows('/announcement?filter[unacknowledged]=true', ann.token)).map((a: { id: string }) => a.id)).not.toContain(posted.id)
    expect((await rows('/announcement?filter[unacknowledged]=true', bob.token)).map((a: { id: string }) => a.id)).toContain(posted.id)
  })

  it('to a role reach only its people; others neither list nor open it', async () => {
    const manager = await person('Manager')
    const staff = await person()
    const posted = await ok('POST', '/announcement', { title: 'Managers only', body: 'Budget meeting', role_ids: [await roleId(t, owner.business_id, 'Manager')] })
    expect(posted.roles).toEqual([{ id: expect.any(String), name: 'Manager' }])
    expect((await rows('/announcement', manager.token)).map((a: { id: string }) => a.id)).toContain(posted.id)
    expect((await rows('/announcement', staff.token)).map((a: { id: string }) => a.id)).not.toContain(posted.id)
    await refused(404, 'GET', `/announcement/${posted.id}`, undefined, staff.token)
    await refused(404, 'POST', `/announcement/${posted.id}/receipt`, { acknowledge: true }, staff.token)
    await refused(422, 'POST', '/announcement', { title: 'x', body: 'y', role_ids: ['6c1f0f55-0000-4000-8000-000000000000'] })
  })

  it('are posted, pinned and withdrawn only by whoever runs the schedule, and never across businesses', async () => {
    const staff = await person()
    await refused(403, 'POST', '/announcement', { title: 'Hi', body: 'Me' }, staff.token)
    const posted = await ok('POST', '/announcement', { title: 'Pin me', body: 'Later' })
    const pinned = await ok('PUT', `/announcement/${posted.id}`, { pinned: true, version: posted.version })
    expect(pinned).toMatchObject({ pinned: true, version: posted.version + 1 })
    expect((await refused(409, 'PUT', `/announcement/${posted.id}`, { pinned: false, version: posted.version })).code).toBe('stale_version')
    const first = (await rows('/announcement'))[0]
    expect(first.pinned).toBe(true)
    await refused(404, 'GET', `/announcement/${posted.id}`, undefined, other.tokens.token)
    await refused(404, 'DELETE', `/announcement/${posted.id}`, undefined, other.tokens.token)
    await ok('DELETE', `/announcement/${posted.id}`)
    await refused(404, 'GET', `/announcement/${posted.id}`)
    await refused(400, 'POST', '/announcement', { title: '', body: 'x' })
  })
})

describe('FAQs', () => {
  it('are ordered by category and position, searchable without accents, and read by everyone', async () => {
    const staff = await person()
    const second = await ok('POST', '/faq', { category: 'Pay', question: 'When is payday?', answer: 'Every second **Friday**.' })
    const first = await ok('POST', '/faq', { category: 'Pay', question: 'Où voir mes heures ?', answer: 'Under *Timesheets*.', position: 0 })
    expect(second.position).toBe(0)
    await ok('PUT', `/faq/${second.id}`, { position: 1, version: second.version })
    await ok('POST', '/faq', { category: 'Access', question: 'How do I reset my password?', answer: 'Use *Forgot password*.' })
    const all = (await ok('GET', '/faq', undefined, staff.token)) as { question: string }[]
    expect(all.map((faq) => faq.question)).toEqual(['How do I reset my password?', 'Où voir mes heures ?', 'When is payday?'])
    expect(((await ok('GET', '/faq?q=ou voir', undefined, staff.token)) as { id: string }[]).map((faq) => faq.id)).toEqual([first.id])
    expect(((await ok('GET', '/faq?q=FRIDAY', undefined, staff.token)) as { id: string }[]).map((faq) => faq.id)).toEqual([second.id])
    await refused(403, 'POST', '/faq', { category: 'x', question: 'y', answer: 'z' }, staff.token)
    expect(await ok('GET', '/faq', undefined, other.tokens.token)).toEqual([])
    await refused(404, 'PUT', `/faq/${first.id}`, { answer: 'x', version: 1 }, other.tokens.token)
    await refused(409, 'PUT', `/faq/${first.id}`, { answer: 'x', version: 99 })
    await ok('DELETE', `/faq/${first.id}`)
    await refused(404, 'DELETE', `/faq/${first.id}`)
  })
})

describe('support', () => {
  it("names the business's administrators, Rota's help and the version", async () => {
    const staff = await person()
    const support = await ok('GET', '/support', undefined, staff.token)
    expect(support.administrators).toEqual([{ name: expect.any(String), email: owner.email }])
    expect(support.help_url).toMatch(/^https:\/\//)
    expect(support.version).toMatch(/^\d+\.\d+\.\d+/)
    expect((await api('GET', '/support', undefined, other.tokens.token)).json().data.administrators).toEqual([{ name: expect.any(String), email: other.email }])
  })
})
