import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImportKind } from '@rota/core'
import { UploadIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ImportDialog } from './import-dialog.tsx'
import { TemplateButton } from './template-button.tsx'

/**
 * A list page's import actions: download the CSV template, and import a file through
 * the import dialog; `onImported` refreshes the page's list.
 * @example
 * <ImportActions kind="locations" onImported={() => queryClient.invalidateQueries({ queryKey: locationsKey })} />
 */
export function ImportActions({ kind, onImported }: { kind: ImportKind; onImported: () => void }) {
  const { t } = useTranslation('app')
  const [importing, setImporting] = useState(false)
  return (
    <>
      <TemplateButton kind={kind} variant="ghost" />
      <Button variant="secondary" onClick={() => setImporting(true)}>
        <UploadIcon className="size-4" />
        {t('imports.open')}
      </Button>
      {importing && <ImportDialog kind={kind} onClose={() => setImporting(false)} onImported={onImported} />}
    </>
  )
}
