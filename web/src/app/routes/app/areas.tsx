import type { ApiFunctions, Profile, Settings } from '@rota/core'
import type { QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { ErrorBoundary } from '../../../components/errors/error-boundary.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { lazyPage, type LazyPage } from '../../../lib/lazy-page.ts'
import type { Session, SessionSnapshot } from '../../../lib/session.ts'

/** What an area asks for ahead of being drawn, given who is signed in and the address's query. */
type AreaPrefetch = (queryClient: QueryClient, api: ApiFunctions, place: { user: Profile; settings: Settings | null; search: string }) => void

/**
 * Each area is its own chunk, loaded on first visit (the budget of the signed-in shell leaves them out);
 * an area whose first screen waits on a large answer also names the (small) module that asks for it ahead.
 */
const areas: readonly [prefix: string, page: LazyPage<object>, prefetch?: () => Promise<AreaPrefetch>][] = [
  [paths.dashboard.pattern, lazyPage(() => import('./dashboard.tsx'), 'DashboardPage')],
  [paths.users.pattern, lazyPage(() => import('./users.tsx'), 'UsersArea')],
  [paths.locations.pattern, lazyPage(() => import('./locations.tsx'), 'LocationsPage')],
  [paths.services.pattern, lazyPage(() => import('./services.tsx'), 'ServicesPage')],
  [
    paths.schedules.pattern,
    lazyPage(() => import('./schedules.tsx'), 'SchedulesPage'),
    () => import('../../../features/schedules/api/prefetch-board.ts').then((module) => module.prefetchBoard),
  ],
  [paths.timesheets.pattern, lazyPage(() => import('./timesheets.tsx'), 'TimesheetsPage')],
  [paths.timeoff.pattern, lazyPage(() => import('./timeoff.tsx'), 'TimeoffArea')],
  [paths.finances.pattern, lazyPage(() => import('./finances.tsx'), 'FinancesArea')],
  [paths.settings.pattern, lazyPage(() => import('./settings.tsx'), 'SettingsPage')],
  [paths.support.pattern, lazyPage(() => import('./support.tsx'), 'SupportPage')],
  [paths.faq.pattern, lazyPage(() => import('./faq.tsx'), 'FaqPage')],
  [paths.communications.pattern, lazyPage(() => import('./communications.tsx'), 'CommunicationsArea')],
  [paths.auditLogs.pattern, lazyPage(() => import('./audit-logs.tsx'), 'AuditLogsPage')],
  [paths.report.pattern, lazyPage(() => import('./report.tsx'), 'ReportArea')],
  [paths.notifications.pattern, lazyPage(() => import('./notifications.tsx'), 'NotificationsPage')],
  [paths.payslips.pattern, lazyPage(() => import('./payslips.tsx'), 'PayslipsArea')],
  [paths.profile.pattern, lazyPage(() => import('./profile.tsx'), 'ProfilePage')],
]

const areaAt = (location: string) => areas.find(([prefix]) => location === prefix || location.startsWith(`${prefix}/`))

/**
 * The prefix of the area at a location, or null.
 * @example
 * areaPrefix('/schedules') // '/schedules'
 */
export function areaPrefix(location: string): string | null {
  return areaAt(location)?.[0] ?? null
}

/**
 * Starts loading what the area at `location` needs — its code and the areas' translations at
 * once, and, for an area that says how, its first data as soon as the session is signed in with
 * its settings — while the shell is still on its way to the screen. Drawn later, the page has
 * them at hand rather than showing a fallback (which React keeps for at least 300 ms) and only
 * then asking for its data.
 * @example
 * preloadArea('/schedules', 'date=2026-03-09', { session, queryClient, api, i18n })
 */
export function preloadArea(location: string, search: string, context: { session: Session; queryClient: QueryClient; api: ApiFunctions; i18n: I18n }): void {
  const area = areaAt(location)
  if (!area) return
  const [, page, prefetch] = area
  page.preload()
  void context.i18n.loadNamespaces('app')
  if (!prefetch) return
  const ask = (state: SessionSnapshot) => {
    const user = state.context.user
    if (!user) return
    void prefetch().then(
      (fetchAhead) => fetchAhead(context.queryClient, context.api, { user, settings: state.context.settings, search }),
      () => {},
    )
  }
  const now = context.session.getSnapshot()
  if (now.matches('signedIn')) return ask(now)
  const waiting = context.session.subscribe((state) => {
    if (state.matches('signedIn')) ask(state)
    if (state.matches('signedIn') || state.matches('signedOut')) waiting.unsubscribe()
  })
}

export function PageLoader() {
  const { t } = useTranslation()
  return (
    <div className="flex justify-center py-24 text-primary-700">
      <Spinner className="size-7" label={t('loading')} />
    </div>
  )
}

/**
 * The page of the protected area at this location, inside its own error boundary so a
 * failing page (or a chunk that will not load) leaves the layout standing.
 */
export function Areas() {
  const [location] = useLocation()
  const Page = areaAt(location)?.[1]
  if (!Page) return null
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  )
}
