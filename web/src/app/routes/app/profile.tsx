import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { buttonClass } from '../../../components/ui/button.tsx'
import { paths } from '../../../config/paths.ts'
import { Panel } from '../../../components/ui/panel.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { GoogleButton } from '../../../features/auth/components/google-button.tsx'
import { EmailForm } from '../../../features/profile/components/email-form.tsx'
import { OnboardingChecklist } from '../../../features/profile/components/onboarding-checklist.tsx'
import { PasswordForm } from '../../../features/profile/components/password-form.tsx'
import { ProfileForm } from '../../../features/profile/components/profile-form.tsx'
import { ProfileSummary } from '../../../features/profile/components/profile-summary.tsx'
import { SignInMethods } from '../../../features/profile/components/sign-in-methods.tsx'
import { useOnboardingEntries } from '../../../features/settings/api/list-onboarding-entries.ts'
import { useClientConfig } from '../../../lib/client-config.ts'
import { useServices, useSession } from '../../../lib/services.tsx'

/** The signed-in user's own page, which everyone may see (where the route guard sends those without a right). */
export function ProfilePage() {
  const { t } = useTranslation('app')
  const { api, session } = useServices()
  const user = useSession((state) => state.context.user)
  const business = useSession((state) => state.context.settings?.business_name)
  const { data: config } = useClientConfig()
  const entries = useOnboardingEntries()
  const [reloads, setReloads] = useState(0)
  if (!user) return null
  const reload = async () => {
    session.send({ type: 'session.user.updated', user: await api.getProfile(undefined, { silent: true }) })
    setReloads((count) => count + 1)
  }
  const clientId = config?.google_client_id
  return (
    <>
      <PageHeading
        title={t('pages.profile.title')}
        description={t('pages.profile.description')}
        actions={
          <Link href={paths.payslips.href()} className={buttonClass('secondary', 'md')}>
            {t('payroll.myPayslips')}
          </Link>
        }
      />
      <div className="space-y-6">
        <ProfileSummary user={user} business={business ?? user.business_id} />
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <ProfileForm key={`${reloads}:${user.locale}`} user={user} onReload={() => void reload()} />
          <Panel title={t('profile.security')}>
            <div className="space-y-8">
              <PasswordForm />
              <div className="border-t border-slate-100 pt-6">
                <EmailForm current={user.email} />
              </div>
            </div>
          </Panel>
        </div>
        <Panel title={t('profile.signIn')}>
          <SignInMethods linked={user.google_linked} googleButton={clientId ? (onCredential) => <GoogleButton clientId={clientId} onCredential={onCredential} /> : null} />
        </Panel>
        <OnboardingChecklist entries={entries.data?.rows ?? []} />
      </div>
    </>
  )
}
