import { formatBadgeCount, formatNotificationDate } from '@rota/core'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { BellIcon } from '../../../components/ui/area-icons.tsx'
import { CheckIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useNotificationBell } from '../hooks/use-notification-bell.ts'

/**
 * The notification bell (SPEC.md §2): the unread count (99+ above 99) and the latest ten,
 * dated DD/MM/YY in the business's time zone; opening one marks it read and shows what it
 * is about; "Mark all as read" empties it; every notification is a link away (/notifications).
 * @example
 * <NotificationBell timeZone={settings.timezone} />
 */
export function NotificationBell({ timeZone }: { timeZone?: string }) {
  const { t, i18n } = useTranslation()
  const { count, rows, loading, opening, clearing, send } = useNotificationBell()
  const badge = formatBadgeCount(count)
  const locale = currentLocale(i18n)

  return (
    <Popover className="relative">
      <PopoverButton className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-open:bg-slate-100">
        <BellIcon className="size-6" />
        <span className="sr-only">{t('bell.label', { count })}</span>
        {badge && (
          <span
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-tertiary-300 px-1 text-[0.6875rem] font-bold text-slate-900 ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        // On a phone the bell is not at the screen's edge, so the panel spans the screen under the header, a margin each side;
        // wider, it hangs from the bell. Placed by CSS, not Headless UI's anchor: that portals the panel between focus
        // sentinels that axe reports as hidden yet focusable.
        className="fixed inset-x-4 top-18 z-40 rounded-xl bg-white shadow-lg ring-1 ring-slate-200 focus:outline-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
      >
        {({ close }) => (
          <>
            <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
              <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                {t('bell.title')}
                {count > 0 && <span className="rounded-full bg-secondary-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-primary-800">{t('bell.unread', { count })}</span>}
              </h2>
              {count > 0 && (
                <button
                  type="button"
                  disabled={clearing || opening !== null}
                  onClick={() => send({ type: 'notifications.readAll' })}
                  className="rounded-md px-2 py-1 text-xs font-semibold text-primary-800 hover:bg-secondary-50 disabled:opacity-60"
                >
                  {t('bell.markAllRead')}
                </button>
              )}
            </div>
            {loading && rows.length === 0 ? (
              <div className="flex justify-center py-8 text-primary-700">
                <Spinner label={t('bell.loading')} />
              </div>
            ) : rows.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
                <span className="grid size-10 place-items-center rounded-full bg-secondary-100 text-primary-700">
                  <CheckIcon />
                </span>
                <p className="text-sm font-medium text-slate-900">{t('bell.emptyTitle')}</p>
                <p className="text-xs text-slate-500">{t('bell.empty')}</p>
              </div>
            ) : (
              <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto py-1">
                {rows.map((notification) => (
                  <li key={notification.id}>
                    <button
                      type="button"
                      disabled={opening !== null}
                      onClick={() => {
                        send({ type: 'notifications.open', id: notification.id })
                        close()
                      }}
                      className="group flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 disabled:opacity-60"
                    >
                      <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary-600" />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-medium text-slate-900">{notification.title}</span>
                        {notification.body && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-600">{notification.body}</span>}
                        <time dateTime={notification.created_at} className="mt-1 block text-xs text-slate-500">
                          {formatNotificationDate(notification.created_at, locale, timeZone)}
                        </time>
                      </span>
                      <ChevronRightIcon className="mt-1 size-4 shrink-0 text-slate-400 group-hover:text-slate-700" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="border-t border-slate-100 px-4 py-2.5 text-center">
              <Link href={paths.notifications.href()} onClick={() => close()} className="text-sm font-semibold text-primary-800 hover:underline">
                {t('bell.seeAll')}
              </Link>
            </div>
          </>
        )}
      </PopoverPanel>
    </Popover>
  )
}
