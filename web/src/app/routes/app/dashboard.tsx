import { can, displayName, type PermissionModel } from '@rota/core'
import { format } from 'date-fns'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
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

/** The administrators' home: a greeting, today's date and the first things to do. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('app')
  const user = useSession((state) => state.context.user)
  const now = new Date()
  const today = format(now, 'PPPP', { locale: dateLocale(currentLocale(i18n)) })
  const visible = shortcuts.filter((shortcut) => can(user, shortcut.model, 'read'))

  return (
    <>
      <PageHeading title={t('pages.dashboard.title')} description={`${t(`dashboard.greeting.${partOfDay(now.getHours())}`, { name: user ? displayName(user) : '' })} · ${today}`} />
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
    </>
  )
}
