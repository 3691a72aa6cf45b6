import type { Settings } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ImagePicker } from '../../../components/ui/image-picker.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { forgetImage, ImageUploadError, useImageUpload } from '../../../lib/image-upload.ts'
import { useImageUrl } from '../../../lib/image-url.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useApi } from '../../../lib/services.tsx'
import { useUpdateSettings } from '../api/update-settings.ts'

/**
 * The business's logo, shown beside its name on every page: uploaded, replaced or removed
 * at once, the image it replaces deleted from the store.
 * @example
 * <BusinessLogo settings={settings} />
 */
export function BusinessLogo({ settings }: { settings: Settings }) {
  const { t } = useTranslation('app')
  const api = useApi()
  const imageSrc = useImageUrl()
  const upload = useImageUpload('logos')
  const update = useUpdateSettings()
  const canEdit = useCan('settings', 'update')
  const [problem, setProblem] = useState<string | null>(null)

  const save = async (logo: string | null) => {
    await update.mutateAsync({ business_logo: logo, version: settings.version })
    await forgetImage(api, settings.business_logo)
  }
  const run = (work: () => Promise<void>) => {
    setProblem(null)
    work().catch((error: unknown) => setProblem(error instanceof ImageUploadError && error.reason !== 'refused' ? t(`image.${error.reason}`) : errorText(error)))
  }

  return (
    <Panel title={t('settings.logo')} description={t('settings.logoHint')}>
      <ImagePicker
        label={t('settings.logo')}
        src={imageSrc(settings.business_logo, 160)}
        shape="square"
        accept="image/png,image/jpeg,image/gif,image/webp"
        disabled={!canEdit}
        pending={upload.isPending || update.isPending}
        error={problem}
        onSelect={(file) => run(async () => save(await upload.mutateAsync(file)))}
        {...(canEdit ? { onRemove: () => run(() => save(null)) } : {})}
      />
    </Panel>
  )
}
