import { displayName } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { LANGUAGES } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'

/** The signed-in user's own page, which everyone may see (where the route guard sends those without a right). */
export function ProfilePage() {
  const { t } = useTranslation('app')
  const user = useSession((state) => state.context.user)
  const settings = useSession((state) => state.context.settings)
  if (!user) return null
  const rows = [
    { label: t('profile.email'), value: user.email },
    { label: t('profile.phone'), value: user.phone ?? t('profile.none') },
    { label: t('profile.role'), value: user.role.name },
    { label: t('profile.business'), value: settings?.business_name ?? user.business_id },
    { label: t('profile.language'), value: LANGUAGES.find((language) => language.code === user.locale)?.name ?? user.locale },
  ]
  return (
    <>
      <PageHeading title={t('pages.profile.title')} description={t('pages.profile.description')} />
      <section className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex items-center gap-4 bg-gradient-to-r from-secondary-100 to-tertiary-50 px-6 py-6">
          <Avatar user={user} className="size-16 text-lg" />
          <div className="min-w-0">
            <h2 className="truncate text-lg font-bold text-slate-900">{displayName(user)}</h2>
            <p className="truncate text-sm text-slate-600">{user.role.name}</p>
          </div>
        </div>
        <dl className="divide-y divide-slate-100">
          {rows.map((row) => (
            <div key={row.label} className="grid gap-1 px-6 py-4 sm:grid-cols-3">
              <dt className="text-sm font-medium text-slate-500">{row.label}</dt>
              <dd className="text-sm text-slate-900 sm:col-span-2">{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  )
}
