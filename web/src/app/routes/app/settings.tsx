import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { fetchSettings } from '../../../features/settings/api/get-settings.ts'
import { BusinessLogo } from '../../../features/settings/components/business-logo.tsx'
import { OnboardingEntries } from '../../../features/settings/components/onboarding-entries.tsx'
import { SettingsForm } from '../../../features/settings/components/settings-form.tsx'
import { useServices, useSession } from '../../../lib/services.tsx'
import { PageLoader } from './areas.tsx'

/** The business's settings, its logo, and the onboarding of new team members. */
export function SettingsPage() {
  const { t } = useTranslation('app')
  const { api, session } = useServices()
  const settings = useSession((state) => state.context.settings)
  const [reloads, setReloads] = useState(0)
  const reload = async () => {
    session.send({ type: 'session.settings.updated', settings: await fetchSettings(api) })
    setReloads((count) => count + 1)
  }
  return (
    <>
      <PageHeading title={t('pages.settings.title')} description={t('pages.settings.description')} />
      {settings ? (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <SettingsForm key={reloads} settings={settings} onReload={() => void reload()} />
          <div className="space-y-6">
            <BusinessLogo settings={settings} />
            <OnboardingEntries />
          </div>
        </div>
      ) : (
        <PageLoader />
      )}
    </>
  )
}
