import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import type { MenuEntry } from '@rota/core'
import { useAtom } from 'jotai'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { paths } from '../../config/paths.ts'
import { CloseIcon, CollapseIcon, ExpandIcon, MenuIcon } from '../ui/icons.tsx'
import { CompanyBadge } from './company-badge.tsx'
import { mobileMenuOpenAtom, sidebarCollapsedAtom } from './layout-state.ts'
import { Sidebar } from './sidebar.tsx'

interface AppLayoutProps {
  /** The sidebar's entries, as the user's rights allow. */
  menu: readonly MenuEntry[]
  business: { name: string; logoUrl: string | null }
  /** The top bar's right-hand side: setup guide, bell, user menu. */
  actions: ReactNode
  /** Standing notices above the page. */
  banner?: ReactNode
  /** The footer's right-hand side: the language selector. */
  footer: ReactNode
  /** Counts shown beside menu entries, by entry id (unread chat messages beside Communications). */
  badges?: Record<string, number>
  children: ReactNode
}

/**
 * The signed-in frame of SPEC.md §1: top bar, collapsible sidebar (a drawer opened by the
 * menu button on small screens), the page, and the footer. A page holding an element marked
 * `data-fit` (chat, which scrolls inside itself) gets the viewport's height and no more, the
 * marked element taking what the page's heading leaves: whatever stands above it (a banner, a
 * heading on two lines), its last row and the footer stay on screen.
 */
export function AppLayout({ menu, business, actions, banner, footer, badges, children }: AppLayoutProps) {
  const { t } = useTranslation()
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom)
  const [mobileOpen, setMobileOpen] = useAtom(mobileMenuOpenAtom)
  const home = (
    <Link href={paths.home.href()} title={collapsed ? business.name : undefined} className="block min-w-0 flex-1 rounded-lg">
      <CompanyBadge name={business.name} logoUrl={business.logoUrl} collapsed={collapsed} />
    </Link>
  )

  return (
    <div className="min-h-dvh lg:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        {t('skipToContent')}
      </a>

      <aside
        className={`sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] lg:flex ${collapsed ? 'w-[4.75rem]' : 'w-64'}`}
      >
        <div className={`flex h-16 items-center border-b border-slate-100 ${collapsed ? 'justify-center px-2' : 'px-5'}`}>{home}</div>
        <div className="flex-1 overflow-y-auto px-3 py-4">
          <Sidebar entries={menu} collapsed={collapsed} badges={badges} />
        </div>
        <div className="border-t border-slate-100 p-3">
          <button
            type="button"
            onClick={() => setCollapsed(!collapsed)}
            aria-expanded={!collapsed}
            className={`flex w-full items-center gap-3 rounded-lg p-2.5 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-900 ${collapsed ? 'justify-center' : ''}`}
          >
            {collapsed ? <ExpandIcon /> : <CollapseIcon />}
            <span className={collapsed ? 'sr-only' : ''}>{collapsed ? t('nav.expand') : t('nav.collapse')}</span>
          </button>
        </div>
      </aside>

      <Dialog open={mobileOpen} onClose={() => setMobileOpen(false)} className="fixed inset-0 z-50 lg:hidden">
        <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity data-closed:opacity-0" />
        <DialogPanel
          transition
          className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl transition-transform data-closed:-translate-x-full"
        >
          <DialogTitle className="sr-only">{t('nav.menu')}</DialogTitle>
          <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
            <CompanyBadge name={business.name} logoUrl={business.logoUrl} />
            <button type="button" onClick={() => setMobileOpen(false)} className="rounded-lg p-2 text-slate-500 hover:bg-slate-100">
              <CloseIcon />
              <span className="sr-only">{t('nav.closeMenu')}</span>
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-4">
            <Sidebar entries={menu} badges={badges} onNavigate={() => setMobileOpen(false)} />
          </div>
        </DialogPanel>
      </Dialog>

      <div className="flex min-w-0 flex-1 flex-col has-[[data-fit]]:h-dvh">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={() => setMobileOpen(true)}
            aria-expanded={mobileOpen}
            className="-ml-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
          >
            <MenuIcon className="size-6" />
            <span className="sr-only">{t('nav.openMenu')}</span>
          </button>
          <div className="min-w-0 lg:hidden">
            <CompanyBadge name={business.name} logoUrl={business.logoUrl} />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">{actions}</div>
        </header>
        {banner}
        <main id="main" tabIndex={-1} className="w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6 lg:px-10 has-[[data-fit]]:flex has-[[data-fit]]:min-h-0 has-[[data-fit]]:flex-col has-[[data-fit]]:overflow-y-auto">
          {children}
        </main>
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 text-xs text-slate-500 sm:px-6">
          <span>{t('footer.poweredBy', { business: business.name })}</span>
          {footer}
        </footer>
      </div>
    </div>
  )
}
