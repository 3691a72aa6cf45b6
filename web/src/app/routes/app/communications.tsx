import { useTranslation } from 'react-i18next'
import { Link, Route, Switch, useLocation } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { ChatIcon } from '../../../components/ui/area-icons.tsx'
import { InfoIcon } from '../../../components/ui/icons.tsx'
import { paths } from '../../../config/paths.ts'

const tabs = [
  { path: paths.chat.href(), key: 'chat' },
  { path: paths.announcements.href(), key: 'announcements' },
  { path: paths.communicationsFaqs.href(), key: 'communicationsFaqs' },
] as const

/** Communications: chat by default (SPEC.md §2), announcements and FAQs, as tabs under the page's heading. */
export function CommunicationsArea() {
  const { t } = useTranslation('app')
  const [location] = useLocation()
  const current = tabs.find((tab) => tab.path === location)?.key ?? 'chat'
  const nav = (
    <nav aria-label={t('communications.tabs')} className="mb-6 flex gap-1 border-b border-slate-200">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          href={tab.path}
          aria-current={current === tab.key ? 'page' : undefined}
          className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-medium ${current === tab.key ? 'border-primary-700 text-primary-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {t(`pages.${tab.key}.title`)}
        </Link>
      ))}
    </nav>
  )
  return (
    <Switch>
      <Route path={paths.announcements.pattern}>
        <AreaPage page="announcements" icon={ChatIcon} tabs={nav} />
      </Route>
      <Route path={paths.communicationsFaqs.pattern}>
        <AreaPage page="communicationsFaqs" icon={InfoIcon} tabs={nav} />
      </Route>
      <Route>
        <AreaPage page="chat" icon={ChatIcon} tabs={nav} />
      </Route>
    </Switch>
  )
}
