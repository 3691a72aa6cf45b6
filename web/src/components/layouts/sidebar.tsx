import { isMenuGroup, type MenuEntry, type MenuItem } from '@rota/core'
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { BriefcaseIcon, BuildingIcon, CalendarIcon, ChartIcon, ClockIcon, ChatIcon, DashboardIcon, MoneyIcon, SettingsIcon, ShieldIcon, SunIcon, SupportIcon, TeamIcon, UserIcon } from '../ui/area-icons.tsx'
import { ChevronDownIcon, InfoIcon } from '../ui/icons.tsx'

const icons: Record<string, ComponentType<{ className?: string }>> = {
  dashboard: DashboardIcon,
  schedules: CalendarIcon,
  hours: ClockIcon,
  locations: BuildingIcon,
  services: BriefcaseIcon,
  finance: MoneyIcon,
  'user-management': TeamIcon,
  timeoff: SunIcon,
  report: ChartIcon,
  communications: ChatIcon,
  settings: SettingsIcon,
  'audit-logs': ShieldIcon,
  profile: UserIcon,
  support: SupportIcon,
  faq: InfoIcon,
}

function within(location: string, path: string): boolean {
  return location === path || location.startsWith(`${path}/`)
}

/** The menu link the location belongs to: the longest path that contains it, so /users/roles is Roles, not Team Members. */
export function activeItemId(entries: readonly MenuEntry[], location: string): string | undefined {
  const links = entries.flatMap((entry): MenuItem[] => (isMenuGroup(entry) ? [...entry.children] : [entry]))
  const matches = links.filter((link) => within(location, link.path))
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.id
}

const linkClass = (active: boolean, collapsed: boolean) =>
  `group flex items-center gap-3 rounded-lg text-sm font-medium transition-colors ${collapsed ? 'justify-center p-2.5' : 'px-3 py-2'} ${
    active ? 'bg-secondary-100 text-primary-900' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`

/** How many wait behind an entry: shown as a number, read out as "3 unread". */
function CountBadge({ count, collapsed }: { count: number; collapsed: boolean }) {
  const { t } = useTranslation()
  return (
    <span className={collapsed ? 'sr-only' : 'rounded-full bg-primary-700 px-2 py-0.5 text-xs font-semibold text-white'}>
      <span aria-hidden={!collapsed}>{collapsed ? '' : count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('chat.unread', { count })}</span>
    </span>
  )
}

/**
 * The sidebar of SPEC.md §2 with the entries the user's rights allow (SPEC.md §6, decided by
 * the route guard): groups open on the current page; collapsed, it keeps the icons and
 * names them for screen readers and on hover.
 * @example
 * <Sidebar entries={visibleMenu(user)} collapsed={false} onNavigate={closeMobileMenu} />
 */
export function Sidebar({
  entries,
  collapsed = false,
  badges = {},
  onNavigate,
}: {
  entries: readonly MenuEntry[]
  collapsed?: boolean
  /** A count beside an entry (by id), such as unread chat messages; nothing when zero. */
  badges?: Record<string, number>
  onNavigate?: () => void
}) {
  const { t } = useTranslation()
  const [location] = useLocation()
  const active = activeItemId(entries, location)
  const label = (key: string) => t(key as 'menu.dashboard')

  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-1">
      {entries.map((entry) => {
        const Icon = icons[entry.id] ?? InfoIcon
        if (!isMenuGroup(entry)) {
          return (
            <Link
              key={entry.id}
              href={entry.path}
              onClick={onNavigate}
              aria-current={active === entry.id ? 'page' : undefined}
              title={collapsed ? label(entry.labelKey) : undefined}
              className={linkClass(active === entry.id, collapsed)}
            >
              <span className="relative shrink-0">
                <Icon className="size-5" />
                {collapsed && (badges[entry.id] ?? 0) > 0 && <span aria-hidden="true" className="absolute -top-1 -right-1 size-2.5 rounded-full bg-tertiary-300 ring-2 ring-white" />}
              </span>
              <span className={collapsed ? 'sr-only' : 'flex-1 truncate'}>{label(entry.labelKey)}</span>
              {(badges[entry.id] ?? 0) > 0 && <CountBadge count={badges[entry.id]!} collapsed={collapsed} />}
            </Link>
          )
        }
        const open = entry.children.some((child) => child.id === active)
        if (collapsed) {
          return (
            <Link key={entry.id} href={entry.path} onClick={onNavigate} title={label(entry.labelKey)} className={linkClass(open, true)}>
              <Icon className="size-5 shrink-0" />
              <span className="sr-only">{label(entry.labelKey)}</span>
            </Link>
          )
        }
        return (
          <Disclosure key={`${entry.id}-${open}`} defaultOpen={open}>
            <DisclosureButton className={`${linkClass(false, false)} w-full text-left`}>
              <Icon className="size-5 shrink-0" />
              <span className="flex-1 truncate">{label(entry.labelKey)}</span>
              <ChevronDownIcon className="size-4 shrink-0 transition-transform group-data-open:rotate-180" />
            </DisclosureButton>
            <DisclosurePanel className="ml-5 flex flex-col gap-0.5 border-l border-slate-200 py-1 pl-3">
              {entry.children.map((child) => (
                <Link
                  key={child.id}
                  href={child.path}
                  onClick={onNavigate}
                  aria-current={active === child.id ? 'page' : undefined}
                  className={`rounded-md px-3 py-1.5 text-sm ${active === child.id ? 'bg-secondary-100 font-semibold text-primary-900' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`}
                >
                  {label(child.labelKey)}
                </Link>
              ))}
            </DisclosurePanel>
          </Disclosure>
        )
      })}
    </nav>
  )
}
