import { assign, setup } from 'xstate'
import type { Notification } from '@rota/core'
import { errorMessage, notProvided } from './placeholders.ts'

/** `GET /notification?filter[read_status]=false&page_size=10`: how many are unread, and the latest of them. */
export interface NotificationPage {
  count: number
  rows: Notification[]
}

/** How many unread notifications the bell fetches and keeps (SPEC.md §9). */
export const BELL_SIZE = 10

/** What the bell shows. */
export interface NotificationsContext {
  /** Unread in all, which may exceed the rows kept. */
  count: number
  rows: Notification[]
  /** The one being marked read on its way to its schedule. */
  opening: Notification | null
  error: string | null
}

/** A live update, a click on a notification, "mark all as read", or a fresh fetch. */
export type NotificationsEvent =
  | { type: 'notifications.received'; notification: Notification }
  | { type: 'notifications.open'; id: string }
  | { type: 'notifications.readAll' }
  | { type: 'notifications.refresh' }

/** Where the setup guide opens over the dashboard: the welcome notification leads there. */
export const SETUP_GUIDE_TARGET = '/dashboard?guide=open'

/**
 * The page a notification opens, from what it is about: a shift its schedule (SPEC.md §2),
 * a time-off request its panel, a team member their page, the welcome the setup guide;
 * anything else the schedules.
 * @example
 * notificationTarget({ …, extra: { schedule_id: 's1' } }) // '/schedules?id=s1'
 * notificationTarget({ …, extra: { timeoff_request_id: 't1' } }) // '/timeoff?id=t1'
 * notificationTarget({ …, model: 'users', operation: 'invite_accepted', extra: { user_id: 'u1' } }) // '/users/edit/u1'
 * notificationTarget({ …, extra: { payroll_id: 'p1' } }) // '/profile/payslips/p1'
 */
export function notificationTarget(notification: Pick<Notification, 'extra' | 'model' | 'operation'>): string {
  const { schedule_id: scheduleId, user_id: userId, timeoff_request_id: timeoffId } = notification.extra
  if (scheduleId) return `/schedules?id=${encodeURIComponent(scheduleId)}`
  if (timeoffId) return `/timeoff?id=${encodeURIComponent(timeoffId)}`
  if (userId) return `/users/edit/${encodeURIComponent(userId)}`
  // Expenses and payroll (decision 027): a claim opens in its panel, a paid run's notice opens one's payslip.
  const { expense_id: expenseId, payroll_id: payrollId } = notification.extra
  if (expenseId) return `/finances/expenses?id=${encodeURIComponent(expenseId)}`
  // Hours corrected, or a correction proposed, accepted or declined, open in the timesheet's panel.
  const { timesheet_id: timesheetId } = notification.extra
  if (timesheetId) return `/timesheets?id=${encodeURIComponent(timesheetId)}`
  if (payrollId) return `/profile/payslips/${encodeURIComponent(payrollId)}`
  if (notification.model === 'settings' && notification.operation === 'welcome') return SETUP_GUIDE_TARGET
  return '/schedules'
}

/**
 * The notification bell (SPEC.md §2, §4): the unread count and the latest ten, pushed
 * along by live updates. Opening one marks it read and navigates to what it is about;
 * that page opens even if marking fails, since that is what the click asked for, and
 * the notification then stays in the list. "Mark all as read" empties the bell once the
 * server agrees. A failed fetch keeps what was shown.
 * @example
 * const bell = createActor(notificationsMachine.provide({ actors: { fetchUnread, markRead },
 *   actions: { navigate: (_, { to }) => navigate(to) } })).start()
 * events.onmessage = (message) => bell.send({ type: 'notifications.received', notification: JSON.parse(message.data) })
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    fetchUnread: notProvided<NotificationPage>('fetchUnread'),
    markRead: notProvided<void, { notification: Notification }>('markRead'),
    markAllRead: notProvided<void>('markAllRead'),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    isListed: ({ context, event }) => event.type === 'notifications.open' && context.rows.some((row) => row.id === event.id),
  },
}).createMachine({
  id: 'notifications',
  context: { count: 0, rows: [], opening: null, error: null },
  initial: 'loading',
  on: {
    'notifications.received': {
      actions: assign(({ context, event }) => {
        if (context.rows.some((row) => row.id === event.notification.id)) return {}
        return { count: context.count + 1, rows: [event.notification, ...context.rows].slice(0, BELL_SIZE) }
      }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchUnread',
        src: 'fetchUnread',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ count: event.output.count, rows: event.output.rows.slice(0, BELL_SIZE), error: null })),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      // A notification already shown opens even while the list refreshes: the click is not lost.
      on: {
        'notifications.open': {
          guard: 'isListed',
          target: 'markingRead',
          actions: assign({ opening: ({ context, event }) => context.rows.find((row) => row.id === event.id) ?? null, error: null }),
        },
      },
    },
    ready: {
      on: {
        'notifications.open': {
          guard: 'isListed',
          target: 'markingRead',
          actions: assign({ opening: ({ context, event }) => context.rows.find((row) => row.id === event.id) ?? null, error: null }),
        },
        'notifications.readAll': { target: 'markingAllRead', actions: assign({ error: null }) },
        'notifications.refresh': { target: 'loading' },
      },
    },
    markingAllRead: {
      invoke: {
        id: 'markAllRead',
        src: 'markAllRead',
        onDone: { target: 'ready', actions: assign({ count: 0, rows: [] }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    markingRead: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ notification: context.opening! }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'navigate', params: ({ context }) => ({ to: notificationTarget(context.opening!) }) },
            assign(({ context }) => ({
              count: Math.max(0, context.count - 1),
              rows: context.rows.filter((row) => row.id !== context.opening?.id),
              opening: null,
            })),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'navigate', params: ({ context }) => ({ to: notificationTarget(context.opening!) }) },
            assign({ opening: null, error: ({ event }) => errorMessage(event.error) }),
          ],
        },
      },
    },
  },
})
