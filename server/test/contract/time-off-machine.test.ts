import { allowedEvents, TIMEOFF_DECIDER_EVENTS, timeOffMachine } from '@rota/machines'
import { machineModel, missingTransitions, pathName, walk, type Meanings, type World } from '@rota/machines/testing'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../helpers/business.ts'
import { categoryId, personIn } from '../routes/timeoff/helpers.ts'

/**
 * The time-off machine walked path by path against a real Rota: every shortest path of its
 * model is a fresh request, each step the event sent by whoever may send it (the person
 * withdraws, a manager decides), and at each state the server's record must be where the
 * machine is, offering the person and the manager exactly what the machine allows them.
 */
let t: TestApp
let owner: Owner
let manager: { id: string; token: string }
let staff: { id: string; token: string }
let unpaid: string
let current: { id: string; version: number; status: string }

const paths = machineModel(timeOffMachine, { events: () => ({}) }).getShortestPaths()
const DECIDER = new Set<string>(TIMEOFF_DECIDER_EVENTS)

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

/** What the server does with each event: sent by whoever may send it, with what it needs. */
const world: World = {
  events: Object.fromEntries(
    [...new Set(allowedEventsEverywhere())].map((type) => [
      type,
      async (event: AnyEventObject, actor) => {
        const token = DECIDER.has(type) ? manager.token : staff.token
        const response = await call('POST', `/timeoff_request/${current.id}/events`, token, { type, version: current.version, ...(type === 'timeoff.reject' ? { reason: 'Walked by the model' } : {}) })
        expect(response.statusCode, response.body).toBe(200)
        current = response.json().data
        actor.send(event)
      },
    ]),
  ),
}

function allowedEventsEverywhere(): string[] {
  return ['pending', 'approved', 'cancellation_requested', 'rejected', 'cancelled'].flatMap((status) => allowedEvents(timeOffMachine, status as never))
}

/** In every state: the record is there, and each party is offered what the machine allows them. */
const meanings: Meanings<World> = Object.fromEntries(
  ['pending', 'approved', 'cancellation_requested', 'rejected', 'cancelled'].map((status) => [
    status,
    async (snapshot: AnyMachineSnapshot) => {
      expect(current.status).toBe(snapshot.value)
      const allowed = allowedEvents(timeOffMachine, status as never)
      const asPerson = (await call('GET', `/timeoff_request/${current.id}`, staff.token)).json().data
      const asManager = (await call('GET', `/timeoff_request/${current.id}`, manager.token)).json().data
      expect(asPerson.allowed_events.sort()).toEqual(allowed.filter((type) => !DECIDER.has(type)).sort())
      expect(asManager.allowed_events.sort()).toEqual(allowed.filter((type) => DECIDER.has(type) || status !== 'pending').sort())
    },
  ]),
)

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  manager = await personIn(t, owner.business_id, 'mona@example.com', { role: 'Manager' })
  staff = await personIn(t, owner.business_id, 'sam@example.com')
  unpaid = await categoryId(t, owner.business_id, 'Unpaid leave')
})
afterAll(() => t.close())

describe('the time-off machine against a real server', () => {
  it('walks every transition', () => {
    expect(missingTransitions(timeOffMachine, [{ paths }])).toEqual([])
  })

  it.each(paths.map((path, index) => [pathName(path), path, index] as const))('%s', async (_, path, index) => {
    const day = new Date(Date.UTC(2029, 0, 2 + index * 2)).toISOString().slice(0, 10)
    const asked = await call('POST', '/timeoff_request', staff.token, { category_id: unpaid, start_date: day })
    expect(asked.statusCode, asked.body).toBe(201)
    current = asked.json().data
    await walk(path, { machine: timeOffMachine, world, meanings })
  })
})
