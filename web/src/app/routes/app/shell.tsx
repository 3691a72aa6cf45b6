import { can, parseCompletedSteps, showsSetupGuide, type Locale, type MenuEntry, type Profile, type Settings } from '@rota/core'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLayout } from '../../../components/layouts/app-layout.tsx'
import { UserMenu } from '../../../components/layouts/user-menu.tsx'
import { LanguageSelect } from '../../../components/language-select.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { AlertsBanner } from '../../../features/alerts/components/alerts-banner.tsx'
import { NotificationBell } from '../../../features/notifications/components/notification-bell.tsx'
import { useChatUnread } from '../../../features/chat/api/chat.ts'
import { useChatLive, useUnreadTitle } from '../../../features/chat/hooks/use-chat-live.ts'
import { useImageUrl } from '../../../lib/image-url.ts'
import { LiveUpdatesProvider } from '../../../lib/live-updates.tsx'
import { useServices, useSession } from '../../../lib/services.tsx'
import { forgetOnSignOut } from '../../../lib/sign-out.ts'

// Only administrators setting up a business meet the guide: everyone else's shell goes without it.
const SetupGuide = lazy(() => import('../../../features/setup-guide/components/setup-guide.tsx').then((module) => ({ default: module.SetupGuide })))

// "Remind Me Later" hides the guide for the session (SPEC.md §4): this tab's, across reloads, until sign-out.
const SNOOZED = 'rota.setupGuide.snoozed'
const snoozed = (userId: string) => {
  try {
    return sessionStorage.getItem(SNOOZED) === userId
  } catch {
    return false
  }
}
forgetOnSignOut(() => {
  try {
    sessionStorage.removeItem(SNOOZED)
  } catch {
    // Nothing was kept.
  }
})

/** A new language is also the user's language for e-mails from now on. */
function useSaveLocale() {
  const { api, session } = useServices()
  return (locale: Locale) =>
    api.updateProfile({ body: { locale } }, { silent: true }).then(
      (user) => session.send({ type: 'session.user.updated', user }),
      () => {},
    )
}

/**
 * The signed-in layout with everything Rota puts in it: the business's name and logo,
 * the setup guide for administrators, the bell, the user menu, the alerts for those who
 * may read the settings, and the language selector.
 */
export function Shell({
  user,
  settings,
  menu,
  notice,
  onSignOut,
  children,
}: {
  user: Profile
  settings: Settings | null
  menu: readonly MenuEntry[]
  /** Why the user landed here instead of where they were going, when the route guard sent them. */
  notice?: string | null
  onSignOut: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  const { session } = useServices()
  const imageSrc = useImageUrl()
  const [guideSnoozed, setGuideSnoozed] = useState(() => snoozed(user.id))
  const snooze = () => {
    try {
      sessionStorage.setItem(SNOOZED, user.id)
    } catch {
      // Hidden until this page is left, then.
    }
    setGuideSnoozed(true)
  }
  const settingsError = useSession((state) => (state.context.settings === null ? state.context.error : null))
  const saveLocale = useSaveLocale()
  const logoUrl = imageSrc(settings?.business_logo, 72)

  return (
    <LiveUpdatesProvider>
      <ShellLayout menu={menu}
        business={{ name: settings?.business_name ?? user.business_id, logoUrl }}
        actions={
          <>
            {/* Keyed by the marks, so a step done on its own page (the server marks it) shows in the badge. */}
            {settings && !guideSnoozed && showsSetupGuide(user, parseCompletedSteps(settings.completed_guided_setup)) && (
              <Suspense fallback={null}>
                <SetupGuide key={settings.completed_guided_setup} user={user} completed={settings.completed_guided_setup} onSnooze={snooze} />
              </Suspense>
            )}
            <NotificationBell timeZone={settings?.timezone} />
            <UserMenu user={user} avatarSrc={imageSrc(user.file, 64)} onSignOut={onSignOut} />
          </>
        }
        banner={
          <>
            {settingsError && (
              <div className="px-4 pt-4 sm:px-6 lg:px-10">
                <Alert tone="warning" title={t('settingsFailed')}>
                  <Button variant="secondary" size="sm" className="mt-2" onClick={() => session.send({ type: 'session.settings.reload' })}>
                    {t('retry')}
                  </Button>
                </Alert>
              </div>
            )}
            <AlertsBanner enabled={can(user, 'settings', 'read')} />
            {notice && (
              <div className="px-4 pt-4 sm:px-6 lg:px-10">
                <Alert tone="warning">{notice}</Alert>
              </div>
            )}
          </>
        }
        footer={<LanguageSelect onChange={saveLocale} />}
      >
        {children}
      </ShellLayout>
    </LiveUpdatesProvider>
  )
}

/** The layout inside the live updates: chat's unread count beside Communications and in the tab's title. */
function ShellLayout(props: Omit<Parameters<typeof AppLayout>[0], 'badges'>) {
  useChatLive()
  const unread = useChatUnread().data?.total ?? 0
  useUnreadTitle(unread)
  return <AppLayout {...props} badges={{ communications: unread }} />
}
