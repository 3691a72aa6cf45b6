import { displayName, type Profile } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { ImagePicker } from '../../../components/ui/image-picker.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { forgetImage, ImageUploadError, useImageUpload } from '../../../lib/image-upload.ts'
import { useImageUrl } from '../../../lib/image-url.ts'
import { useApi } from '../../../lib/services.tsx'
import { useUpdateProfile } from '../api/update-profile.ts'

/**
 * Who is signed in, in which business and role, with their picture to upload, replace or
 * remove (the one replaced is deleted from the store).
 * @example
 * <ProfileSummary user={user} business={settings.business_name} />
 */
export function ProfileSummary({ user, business }: { user: Profile; business: string }) {
  const { t } = useTranslation('app')
  const roleName = useRoleName()
  const api = useApi()
  const imageSrc = useImageUrl()
  const upload = useImageUpload('avatars')
  const update = useUpdateProfile()
  const [problem, setProblem] = useState<string | null>(null)
  const save = async (file: string | null) => {
    await update.mutateAsync({ file, version: user.version })
    await forgetImage(api, user.file)
  }
  const run = (work: () => Promise<void>) => {
    setProblem(null)
    work().catch((error: unknown) => setProblem(error instanceof ImageUploadError && error.reason !== 'refused' ? t(`image.${error.reason}`) : errorText(error)))
  }
  return (
    <section aria-label={t('profile.summary')} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="bg-gradient-to-r from-secondary-100 to-tertiary-50 px-6 py-6">
        <ImagePicker
          label={t('profile.picture')}
          src={imageSrc(user.file, 160) ?? user.google_picture}
          fallback={<Avatar user={user} className="size-20 text-xl" />}
          accept="image/png,image/jpeg,image/gif,image/webp"
          pending={upload.isPending || update.isPending}
          error={problem}
          onSelect={(file) => run(async () => save(await upload.mutateAsync(file)))}
          {...(user.file ? { onRemove: () => run(() => save(null)) } : {})}
        />
      </div>
      <dl className="grid gap-4 px-6 py-5 sm:grid-cols-2 lg:grid-cols-4">
        {[
          [t('profile.name'), displayName(user)],
          [t('fields.email'), user.email],
          [t('fields.role'), roleName(user.role.name)],
          [t('profile.business'), business],
        ].map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
            <dd className="mt-1 truncate text-sm font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
