import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import type { HeaderProblems } from '../hooks/use-csv-import.ts'

/**
 * Why a file cannot be imported as it is, before anything was sent: not UTF-8, empty, not
 * CSV, or its header row lacks required columns, has unknown ones or names one twice.
 * @example
 * {importer.header && <HeaderProblemsAlert name={file.name} problems={importer.header} />}
 */
export function HeaderProblemsAlert({ name, problems }: { name: string; problems: HeaderProblems }) {
  const { t } = useTranslation('app')
  const lines = [
    ...(problems.notUtf8 ? [t('imports.notUtf8')] : []),
    ...(problems.empty ? [t('imports.empty')] : []),
    ...(problems.malformed ? [t('imports.malformed', { detail: problems.malformed })] : []),
    ...(problems.missing.length > 0 ? [t('imports.missing', { columns: problems.missing.join(', ') })] : []),
    ...(problems.unknown.length > 0 ? [t('imports.unknown', { columns: problems.unknown.join(', ') })] : []),
    ...(problems.duplicated ? [t('imports.duplicated')] : []),
  ]
  return (
    <Alert tone="error" title={t('imports.cannotRead', { file: name })}>
      <ul className="list-disc space-y-1 pl-4">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Alert>
  )
}
