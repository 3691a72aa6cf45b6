import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { answeredByModel, machineModel, missingTransitions, pathName, walk, type Meanings, type World } from './testing/index.ts'
import type { Notification } from '@rota/core'
import { BELL_SIZE, notificationTarget, notificationsMachine, type NotificationPage, type NotificationsContext } from './notifications-machine.ts'

const notification = (id: string, scheduleId: string | null = `schedule-${id}`): Notification => ({
  id,
  title: `Shift ${id} changed`,
  body: null,
  model: 'schedules',
  operation: 'update',
  created_at: '2025-01-06T09:00:00Z',
  read_status: false,
  extra: scheduleId ? { schedule_id: scheduleId } : {},
})

const firstPage: NotificationPage = { count: 14, rows: [notification('a'), notification('b', null)] }

interface BellWorld extends World {
  visited: string[]
  /** The notification last seen being opened. */
  opened: Notification | null
}

function stubWorld(): BellWorld {
  const visited: string[] = []
  return {
    actors: { fetchUnread: answeredByModel, markRead: answeredByModel, markAllRead: answeredByModel },
    provide: { actions: { navigate: (_: unknown, { to }: { to: string }) => void visited.push(to) } },
    visited,
    opened: null,
  }
}

const meanings: Meanings<BellWorld> = {
  ready: ({ context }: { context: NotificationsContext }, { world, event }) => {
    expect(context.rows.length).toBeLessThanOrEqual(BELL_SIZE)
    expect(context.count).toBeGreaterThanOrEqual(context.rows.length)
    expect(context.opening).toBeNull()
    if (event.type.startsWith('xstate.error.')) expect(context.error).toMatch(/\S/)
    if (event.type === 'xstate.done.actor.fetchUnread') expect(context.count).toBe(event.output.count)
    if (event.type === 'xstate.done.actor.markAllRead') expect(context).toMatchObject({ count: 0, rows: [] })
    if (event.type === 'xstate.error.actor.markAllRead') expect(context.count).toBeGreaterThanOrEqual(0)
    if (event.type.endsWith('.actor.markRead')) {
      expect(world.visited.at(-1)).toBe(notificationTarget(world.opened!))
      if (event.type.startsWith('xstate.done.')) expect(context.rows).not.toContainEqual(world.opened)
      else expect(context.rows).toContainEqual(world.opened)
    }
  },
  markingRead: ({ context }: { context: NotificationsContext }, { world }) => {
    expect(context.rows).toContainEqual(context.opening)
    world.opened = context.opening
  },
}

const model = machineModel(notificationsMachine, {
  events: ({ context }) => ({
    'xstate.done.actor.fetchUnread': [{ output: firstPage }, { output: { count: 0, rows: [] } }],
    'xstate.error.actor.fetchUnread': [{ error: new Error('Network error') }],
    'notifications.received': [{ notification: notification('c') }],
    'notifications.open': (context as NotificationsContext).rows.map(({ id }) => ({ id })),
    'xstate.error.actor.markRead': [{ error: new Error('Network error') }],
    'notifications.readAll': [{}],
    'xstate.done.actor.markAllRead': [{ output: undefined }],
    'xstate.error.actor.markAllRead': [{ error: new Error('Network error') }],
  }),
  // Which notifications are listed decides what can be opened; the count only goes up and down.
  context: ({ count, ...rest }: NotificationsContext) => ({ ...rest, counted: count > 0 }),
})
const paths = model.getShortestPaths()

describe('notifications machine (model)', () => {
  it('walks every transition', () => {
    expect(missingTransitions(notificationsMachine, [{ paths }])).toEqual([])
  })

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_, path) =>
    walk(path, { machine: notificationsMachine, world: stubWorld(), meanings }),
  )
})

describe('notification bell', () => {
  function bell(page: NotificationPage, markRead = vi.fn(async () => {})) {
    const navigate = vi.fn()
    const actor = createActor(
      notificationsMachine.provide({
        actors: { fetchUnread: fromPromise(async () => page), markRead: fromPromise(markRead) },
        actions: { navigate },
      }),
    ).start()
    return { actor, navigate, markRead }
  }

  it('keeps the ten latest when live updates arrive, and counts them all', async () => {
    const { actor } = bell(firstPage)
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    for (const id of ['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']) actor.send({ type: 'notifications.received', notification: notification(id) })
    const { count, rows } = actor.getSnapshot().context
    expect(count).toBe(23)
    expect(rows.map((row) => row.id)).toEqual(['k', 'j', 'i', 'h', 'g', 'f', 'e', 'd', 'c', 'a'])
  })

  it('marks a notification read, drops it from the bell and opens its schedule', async () => {
    const { actor, navigate, markRead } = bell(firstPage)
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    actor.send({ type: 'notifications.open', id: 'a' })
    const after = await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(markRead).toHaveBeenCalledWith(expect.objectContaining({ input: { notification: notification('a') } }))
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/schedules?id=schedule-a' })
    expect(after.context).toMatchObject({ count: 13, rows: [notification('b', null)] })
  })

  it('opens what a notification is about: the setup guide for the welcome, the new member for an accepted invitation, the time-off request for a decision', () => {
    const welcome = { ...notification('w', null), model: 'settings', operation: 'welcome' }
    expect(notificationTarget(welcome)).toBe('/dashboard?guide=open')
    const accepted = { ...notification('u', null), model: 'users', operation: 'invite_accepted', extra: { user_id: 'member-1' } }
    expect(notificationTarget(accepted)).toBe('/users/edit/member-1')
    const approved = { ...notification('t', null), model: 'timeoff-requests', operation: 'approved', extra: { timeoff_request_id: 'request-1' } }
    expect(notificationTarget(approved)).toBe('/timeoff?id=request-1')
    expect(notificationTarget({ ...notification('e', null), model: 'expenses', operation: 'approve', extra: { expense_id: 'claim-1' } })).toBe('/finances/expenses?id=claim-1')
    expect(notificationTarget({ ...notification('t', null), model: 'timesheets', operation: 'corrected', extra: { timesheet_id: 'sheet-1' } })).toBe('/timesheets?id=sheet-1')
    // A forgotten clock-out names its shift too: it opens there.
    expect(notificationTarget({ ...notification('f', null), model: 'timesheets', operation: 'forgotten_clock_out', extra: { timesheet_id: 'sheet-1', schedule_id: 'shift-1' } })).toBe('/schedules?id=shift-1')
    expect(notificationTarget({ ...notification('p', null), model: 'payrolls', operation: 'paid', extra: { payroll_id: 'run-1' } })).toBe('/profile/payslips/run-1')
  })

  it('empties the bell when every notification is marked read, and keeps it when that fails', async () => {
    const markAllRead = vi.fn(async () => {})
    const actor = createActor(
      notificationsMachine.provide({ actors: { fetchUnread: fromPromise(async () => firstPage), markRead: fromPromise(async () => {}), markAllRead: fromPromise(markAllRead) } }),
    ).start()
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    actor.send({ type: 'notifications.readAll' })
    const after = await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(markAllRead).toHaveBeenCalledOnce()
    expect(after.context).toMatchObject({ count: 0, rows: [], error: null })

    const failing = createActor(
      notificationsMachine.provide({
        actors: { fetchUnread: fromPromise(async () => firstPage), markRead: fromPromise(async () => {}), markAllRead: fromPromise(async () => Promise.reject(new Error('Offline'))) },
      }),
    ).start()
    await waitFor(failing, (snapshot) => snapshot.matches('ready'))
    failing.send({ type: 'notifications.readAll' })
    const kept = await waitFor(failing, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== null)
    expect(kept.context).toMatchObject({ count: 14, rows: firstPage.rows, error: 'Offline' })
  })

  it('ignores an id that is not in the bell', async () => {
    const { actor, markRead } = bell(firstPage)
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    actor.send({ type: 'notifications.open', id: 'gone' })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(markRead).not.toHaveBeenCalled()
  })
})
