import { useTranslation } from 'react-i18next'
import { Link, Route, Switch, useLocation } from 'wouter'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { paths } from '../../../config/paths.ts'
import { AnnouncementsScreen } from '../../../features/announcements/components/announcements-screen.tsx'
import { ChatScreen } from '../../../features/chat/components/chat-screen.tsx'
import { FaqScreen } from '../../../features/faq/components/faq-screen.tsx'

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
    <>
      <PageHeading title={t(`pages.${current}.title`)} description={t(`pages.${current}.description`)} />
      {nav}
      <Switch>
        <Route path={paths.announcements.pattern}>
          <AnnouncementsScreen />
        </Route>
        <Route path={paths.communicationsFaqs.pattern}>
          <FaqScreen />
        </Route>
        <Route>
          <ChatScreen />
        </Route>
      </Switch>
    </>
  )
}
