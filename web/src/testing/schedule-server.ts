import type { CheckShiftBody, Shift, ShiftConflict } from '@rota/core'
import type { z } from 'zod'
import { fakeServer } from './fake-server.ts'
import { availability, location, member, service } from './records.ts'

type Handlers = Parameters<typeof fakeServer>[0]

interface ScheduleServerOptions {
  shifts?: Shift[]
  team?: ReturnType<typeof member>[]
  clients?: ReturnType<typeof location>[]
  services?: ReturnType<typeof service>[]
  /** What `POST /schedule/check` answers for a body; none by default. */
  check?: (body: z.input<typeof CheckShiftBody>) => ShiftConflict[]
  handlers?: Handlers
}

/** One page of a list, as `?page=&page_size=` ask. */
function page<T>(rows: T[], query?: URLSearchParams) {
  const size = Number(query?.get('page_size') ?? rows.length) || rows.length
  const number = Number(query?.get('page') ?? 1)
  return { body: { data: { count: rows.length, rows: rows.slice((number - 1) * size, number * size) } } }
}

/**
 * A fake API that keeps shifts like the server does, enough for the schedule's screens: lists
 * by range, one by id, moved and created ones (a new id, a draft), publishing (a draft or a
 * change becomes published, nothing pending), machine events echoed, a conflict check, and the
 * team, clients and services. `shifts` is the live list, for assertions.
 * @example
 * const { server, shifts } = scheduleServer({ shifts: [shift()] })
 */
export function scheduleServer({ shifts = [], team = [member()], clients = [location()], services = [service()], check = () => [], handlers = {} }: ScheduleServerOptions = {}) {
  let made = 0
  const find = (path: string) => shifts.find((one) => path.endsWith(one.id))
  const server = fakeServer({
    'GET /user': ({ query }) => page(team, query),
    'GET /location': ({ query }) => page(clients, query),
    'GET /service': ({ query }) => page(services, query),
    'GET /schedule': ({ query }) => {
      const from = query.get('from') ?? '0000-01-01'
      const to = query.get('to') ?? '9999-12-31'
      return page(shifts.filter((one) => one.date >= from && one.date <= to))
    },
    'GET /timeoff_calendar': () => ({ body: { data: [] } }),
    'GET /schedule/feed': () => ({ body: { data: { url: 'http://rota.test/api/v1/calendar/secret-token.ics' } } }),
    'POST /schedule/feed/reset': () => ({ body: { data: { url: 'http://rota.test/api/v1/calendar/new-token.ics' }, message: 'Saved.' } }),
    'GET /availability/{id}': () => ({ body: { data: availability() } }),
    'GET /schedule/{id}': ({ path }) => {
      const one = find(path)
      return one ? { body: { data: one } } : { status: 404, body: { message: 'Not found.', code: 'not_found' } }
    },
    'POST /schedule/check': ({ body }) => {
      const asked = body as z.input<typeof CheckShiftBody>
      return { body: { data: { conflicts: check(asked), paid_minutes: 480 - (asked.break_minutes ?? 0), cost_cents: 19_600, value_cents: 52_000 } } }
    },
    'POST /schedule': ({ body }) => {
      const asked = body as { staff_id: string | null; location_id: string; service_id: string; date: string; start: string; end: string }
      made += 1
      const person = team.find((one) => one.id === asked.staff_id)
      const created: Shift = {
        ...shifts[0]!,
        id: `00000000-0000-4000-9000-${String(made).padStart(12, '0')}`,
        staff: person ? { id: person.id, name: `${person.firstname} ${person.lastname}` } : null,
        date: asked.date,
        start_time: asked.start,
        end_time: asked.end,
        status: 'draft',
        pending_change: 'new',
        version: 1,
      }
      shifts.push(created)
      return { status: 201, body: { data: [created], message: 'Saved.' } }
    },
    'PUT /schedule/{id}': ({ path, body }) => {
      const one = find(path)!
      const changes = body as { date?: string; staff_id?: string | null; version: number }
      const person = team.find((candidate) => candidate.id === changes.staff_id)
      Object.assign(one, {
        ...(changes.date ? { date: changes.date } : {}),
        ...(changes.staff_id !== undefined ? { staff: person ? { id: person.id, name: `${person.firstname} ${person.lastname}` } : null } : {}),
        ...(one.status === 'published' ? { pending_change: 'changed' } : {}),
        version: one.version + 1,
      })
      return { body: { data: [one], message: 'Saved.' } }
    },
    'POST /schedule/events': ({ body }) => {
      const { ids } = body as { ids: string[] }
      const published = shifts.filter((one) => ids.includes(one.id))
      for (const one of published) Object.assign(one, { status: one.status === 'cancelled' ? 'cancelled' : 'published', pending_change: null, version: one.version + 1, allowed_events: ['shift.cancel', 'shift.assign'] })
      return { body: { data: { shifts: published, notified: new Set(published.flatMap((one) => (one.staff ? [one.staff.id] : []))).size }, message: 'Published.' } }
    },
    'POST /schedule/{id}/events': ({ path }) => ({ body: { data: find(path.replace(/\/events$/, '')), message: 'Saved.' } }),
    ...handlers,
  })
  return { server, shifts }
}
