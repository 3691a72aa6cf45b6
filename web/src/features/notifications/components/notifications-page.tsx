import type { Notification } from '@rota/core'
import { notificationTarget } from '@rota/machines'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { BellIcon } from '../../../components/ui/area-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { CheckIcon } from '../../../components/ui/icons.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { useKeepFocus } from '../../../lib/use-keep-focus.ts'
import { useListQuery } from '../../../lib/use-list-query.ts'
import { useNotifications, type NotificationsRequest } from '../api/list-notifications.ts'
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts'
import { useMarkNotification } from '../api/update-notification.ts'

/** Newest first is the server's only order; asked as the bell asks. */
const NEWEST_FIRST = { sort: 'created_at', order: 'desc' } as const
/** How many are unread in all, whichever list is shown: one row is enough to read the count. */
const UNREAD_COUNT: NotificationsRequest = { page: 1, page_size: 1, filter: { read_status: 'false' }, ...NEWEST_FIRST }

/**
 * Every notification of the signed-in user, beyond the bell's latest ten unread: newest first,
 * a page at a time, all or the unread alone (`?show=unread`, with the page, in the address).
 * Opening one marks it read and goes where the bell's would; each can be marked read or
 * unread again, or all read at once. The live updates that move the bell refresh this list.
 */
export function NotificationsPage() {
  const { t } = useTranslation('app')
  const list = useListQuery({ sorts: ['created_at'], defaultSort: 'created_at', filters: { show: ['unread'] } })
  const unreadOnly = list.filter('show') === 'unread'
  const notifications = useNotifications({ page: list.page, page_size: list.pageSize, ...NEWEST_FIRST, ...(unreadOnly ? { filter: { read_status: 'false' } } : {}) })
  const unread = useNotifications(UNREAD_COUNT).data?.count
  const markAll = useMarkAllNotificationsRead()
  const rows = notifications.data?.rows ?? []
  const box = useRef<HTMLDivElement>(null)
  // A row marked read leaves the unread list, and "Mark all read" turns itself off: focus goes on in the list.
  const keep = useKeepFocus(box, rows.map((row) => `${row.id}:${row.read_status}`).join())

  const count = notifications.isPlaceholderData ? undefined : notifications.data?.count
  const { page, settlePage } = list
  useEffect(() => {
    if (count !== undefined) settlePage(count)
  }, [count, page]) // eslint-disable-line react-hooks/exhaustive-deps -- settlePage is new on every render

  const show = (value: '' | 'unread') => list.setFilter('show', value)

  return (
    <>
      <PageHeading
        title={t('pages.notifications.title')}
        description={t('pages.notifications.description')}
        actions={
          <Button
            variant="secondary"
            disabled={!unread}
            loading={markAll.isPending}
            onClick={() => {
              keep.arm()
              markAll.mutate(undefined, { onError: keep.disarm })
            }}
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div role="group" aria-label={t('notifications.filter.label')} className="inline-flex rounded-lg bg-slate-100 p-0.5">
          {(['', 'unread'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={(value === 'unread') === unreadOnly}
              onClick={() => show(value)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${(value === 'unread') === unreadOnly ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {value === 'unread' ? t('notifications.filter.unread') : t('notifications.filter.all')}
            </button>
          ))}
        </div>
        {unread !== undefined && (
          <p role="status" className="text-sm text-slate-600">
            {t('notifications.unreadCount', { count: unread })}
          </p>
        )}
      </div>
      <div ref={box}>
        {notifications.isError ? (
          <Alert tone="error" title={t('notifications.unavailable')}>
            {errorText(notifications.error)}
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void notifications.refetch()}>
              {t('notifications.retry')}
            </Button>
          </Alert>
        ) : !notifications.data ? (
          <div className="flex justify-center py-16 text-primary-700">
            <Spinner className="size-7" label={t('notifications.loading')} />
          </div>
        ) : rows.length === 0 ? (
          unreadOnly ? (
            <EmptyState icon={CheckIcon} title={t('notifications.noneUnread.title')} description={t('notifications.noneUnread.description')}>
              <Button variant="secondary" onClick={() => show('')}>
                {t('notifications.noneUnread.showAll')}
              </Button>
            </EmptyState>
          ) : (
            <EmptyState icon={BellIcon} title={t('notifications.empty.title')} description={t('notifications.empty.description')} />
          )
        ) : (
          <ul
            aria-label={unreadOnly ? t('notifications.listUnread') : t('notifications.listAll')}
            aria-busy={notifications.isFetching}
            className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            {rows.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onMarking={keep.arm} onMarkFailed={keep.disarm} />
            ))}
          </ul>
        )}
      </div>
      {notifications.data && <Pagination page={list.page} pageSize={list.pageSize} count={notifications.data.count} onPage={list.setPage} label={t('notifications.pages')} />}
    </>
  )
}

/**
 * One notification: its title opens it, dated as the bell dates it; unread ones say so in
 * words and weight, not colour alone.
 */
function NotificationRow({ notification, onMarking, onMarkFailed }: { notification: Notification; onMarking: () => void; onMarkFailed: () => void }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const [, navigate] = useLocation()
  const mark = useMarkNotification()
  const unread = !notification.read_status
  const { title } = notification

  // Like the bell: where it leads opens whether or not marking it read succeeds, since that is what the click asked for.
  const open = () => {
    if (unread) mark.mutate({ id: notification.id, read: true, quietly: true })
    navigate(notificationTarget(notification))
  }

  return (
    <li className="flex items-start gap-3 px-4 py-3">
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-primary-600' : ''}`} />
      <div className="min-w-0 flex-1">
        <h2 className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <button
            type="button"
            onClick={open}
            className={`text-left hover:underline focus-visible:underline ${unread ? 'font-semibold text-slate-900' : 'font-normal text-slate-700'}`}
          >
            {title}
          </button>
          {unread && <Badge tone="teal">{t('notifications.unread')}</Badge>}
        </h2>
        {notification.body && <p className="mt-0.5 text-sm text-slate-600">{notification.body}</p>}
        <time dateTime={notification.created_at} className="mt-1 block text-xs text-slate-500">
          {/* A page kept for history says the day in words and the hour; the bell keeps its short date. */}
          {new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(notification.created_at))}
        </time>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0"
        loading={mark.isPending}
        aria-label={unread ? t('notifications.markReadNamed', { title }) : t('notifications.markUnreadNamed', { title })}
        onClick={() => {
          onMarking()
          mark.mutate({ id: notification.id, read: unread }, { onError: onMarkFailed })
        }}
      >
        {unread ? t('notifications.markRead') : t('notifications.markUnread')}
      </Button>
    </li>
  )
}
