import { useTranslation } from 'react-i18next'
import { Alert } from './ui/alert.tsx'
import { Button } from './ui/button.tsx'

/**
 * Why a save was refused, above the form. When someone else saved the record first
 * (409, `stale`), it says so and offers to reload the latest version.
 * @example
 * {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={reload} />}
 */
export function RefusalAlert({ text, stale, onReload }: { text: string; stale: boolean; onReload: () => void }) {
  const { t } = useTranslation('app')
  return (
    <Alert tone="error" title={stale ? t('stale.title') : undefined}>
      {text}
      {stale && (
        <Button variant="secondary" size="sm" className="mt-2" onClick={onReload}>
          {t('stale.reload')}
        </Button>
      )}
    </Alert>
  )
}
