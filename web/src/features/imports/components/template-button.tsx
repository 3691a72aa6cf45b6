import { csvTemplate, type ImportKind } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { DownloadIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { downloadText } from '../../../lib/download.ts'

const fileNames: Record<ImportKind, string> = { locations: 'rota-clients-template.csv', services: 'rota-services-template.csv', shifts: 'rota-shifts-template.csv' }

/**
 * Downloads the sample file of an import (SPEC.md §7): Rota's header row and a few
 * realistic rows, with a byte-order mark so spreadsheet programs keep the accents.
 * @example
 * <TemplateButton kind="locations" />
 */
export function TemplateButton({ kind, variant = 'secondary' }: { kind: ImportKind; variant?: 'secondary' | 'ghost' }) {
  const { t } = useTranslation('app')
  return (
    <Button variant={variant} onClick={() => downloadText(fileNames[kind], `\uFEFF${csvTemplate(kind)}`, 'text/csv;charset=utf-8')}>
      <DownloadIcon className="size-4" />
      {t('imports.template')}
    </Button>
  )
}
