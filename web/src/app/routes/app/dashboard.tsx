import { can, displayName, type PermissionModel } from '@rota/core'
import { format } from 'date-fns'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { Alert } from '../../../components/ui/alert.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { DashboardOverview } from '../../../features/dashboard/components/dashboard-overview.tsx'
import { useDashboard } from '../../../features/dashboard/api/get-dashboard.ts'
import { errorText } from '../../../lib/error-text.ts'
import { BuildingIcon, CalendarIcon, ChartIcon, TeamIcon } from '../../../components/ui/area-icons.tsx'
import { ChevronRightIcon } from '../../../components/ui/icons.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { paths } from '../../../config/paths.ts'
import { dateLocale } from '../../../lib/date-locale.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'

const shortcuts: readonly { key: 'team' | 'clients' | 'schedules'; href: string; model: PermissionModel; icon: ComponentType<{ className?: string }> }[] = [
  { key: 'team', href: paths.users.href(), model: 'users', icon: TeamIcon },
  { key: 'clients', href: paths.locations.href(), model: 'locations', icon: BuildingIcon },
  { key: 'schedules', href: paths.schedules.href(), model: 'schedules', icon: CalendarIcon },
]

function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'
}

/**
 * The administrators' home: a greeting and today's date, then the business at work (what
 * needs attention, the week in numbers, the trend) or, until anything is scheduled or worked,
 * the first things to do and the setup guide.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation('app')
  const user = useSession((state) => state.context.user)
  const dashboard = useDashboard()
  const now = new Date()
  const today = format(now, 'PPPP', { locale: dateLocale(currentLocale(i18n)) })

  return (
    <>
      <PageHeading title={t('pages.dashboard.title')} description={`${t(`dashboard.greeting.${partOfDay(now.getHours())}`, { name: user ? displayName(user) : '' })} · ${today}`} />
      {dashboard.isPending ? (
        <Spinner className="mx-auto my-12 size-6 text-primary-700" label={t('dashboard.loading')} />
      ) : dashboard.isError ? (
        <Alert tone="error" title={t('dashboard.unavailable')}>
          {errorText(dashboard.error)}
        </Alert>
      ) : dashboard.data.first_run ? (
        <FirstRun />
      ) : (
        <DashboardOverview dashboard={dashboard.data} />
      )}
    </>
  )
}

/** Before anything is scheduled or worked: the first things to do, and the way to the setup guide. */
function FirstRun() {
  const { t } = useTranslation('app')
  const user = useSession((state) => state.context.user)
  const visible = shortcuts.filter((shortcut) => can(user, shortcut.model, 'read'))
  return (
    <>
      <section aria-labelledby="shortcuts" className="mb-8">
        <h2 id="shortcuts" className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('dashboard.shortcuts')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {visible.map(({ key, href, icon: Icon }) => (
            <li key={key}>
              <Link href={href} className="group flex h-full items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-primary-300">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-secondary-100 text-primary-700">
                  <Icon className="size-6" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{t(`dashboard.cards.${key}.title`)}</span>
                  <span className="block text-sm text-slate-600">{t(`dashboard.cards.${key}.description`)}</span>
                </span>
                <ChevronRightIcon className="size-5 text-slate-400 group-hover:text-primary-700" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <EmptyState icon={ChartIcon} title={t('dashboard.emptyTitle')} description={t('dashboard.empty')} />
      <p className="mt-4 text-center text-sm">
        <Link href={`${paths.dashboard.href()}?guide=open`} className="font-semibold text-primary-800 underline">
          {t('dashboard.openGuide')}
        </Link>
      </p>
    </>
  )
}
