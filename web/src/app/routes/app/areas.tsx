import { Suspense, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { ErrorBoundary } from '../../../components/errors/error-boundary.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { lazyPage } from '../../../lib/lazy-page.ts'

/** Each area is its own chunk, loaded on first visit (the budget of the signed-in shell leaves them out). */
const areas: readonly [prefix: string, page: ComponentType][] = [
  [paths.dashboard.pattern, lazyPage(() => import('./dashboard.tsx'), 'DashboardPage')],
  [paths.users.pattern, lazyPage(() => import('./users.tsx'), 'UsersArea')],
  [paths.locations.pattern, lazyPage(() => import('./locations.tsx'), 'LocationsPage')],
  [paths.services.pattern, lazyPage(() => import('./services.tsx'), 'ServicesPage')],
  [paths.schedules.pattern, lazyPage(() => import('./schedules.tsx'), 'SchedulesPage')],
  [paths.timesheets.pattern, lazyPage(() => import('./timesheets.tsx'), 'TimesheetsPage')],
  [paths.timeoff.pattern, lazyPage(() => import('./timeoff.tsx'), 'TimeoffArea')],
  [paths.finances.pattern, lazyPage(() => import('./finances.tsx'), 'FinancesArea')],
  [paths.settings.pattern, lazyPage(() => import('./settings.tsx'), 'SettingsPage')],
  [paths.support.pattern, lazyPage(() => import('./support.tsx'), 'SupportPage')],
  [paths.faq.pattern, lazyPage(() => import('./faq.tsx'), 'FaqPage')],
  [paths.communications.pattern, lazyPage(() => import('./communications.tsx'), 'CommunicationsArea')],
  [paths.auditLogs.pattern, lazyPage(() => import('./audit-logs.tsx'), 'AuditLogsPage')],
  [paths.report.pattern, lazyPage(() => import('./report.tsx'), 'ReportArea')],
  [paths.payslips.pattern, lazyPage(() => import('./payslips.tsx'), 'PayslipsArea')],
  [paths.profile.pattern, lazyPage(() => import('./profile.tsx'), 'ProfilePage')],
]

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
  const Page = areas.find(([prefix]) => location === prefix || location.startsWith(`${prefix}/`))?.[1]
  if (!Page) return null
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  )
}
