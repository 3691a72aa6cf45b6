import { ROW_PROBLEM_CODES, type ImportReport, type ImportRowError } from '@rota/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../../lib/i18n.ts'
import { readableValues } from '../../../lib/validation.ts'

type CellProblem = ImportRowError['errors'][number]

/**
 * A refused cell in the reader's language, from its stable code and values (the server's
 * English `message` only for a code this version does not know yet).
 * @example
 * problemText(t, { column: 'postal_code', code: 'postal_code_province', params: { letter: 'M', province: 'QC', expected: 'ON' }, message: '…' })
 */
export function problemText(t: TFunction<'app'>, problem: CellProblem): string {
  if (!(ROW_PROBLEM_CODES as readonly string[]).includes(problem.code)) return problem.message
  return t(`imports.problems.${problem.code}` as 'imports.problems.required', readableValues(problem.params, (code) => t(`provinces.${code}` as 'provinces.ON')))
}

function Count({ label, value, tone = 'plain' }: { label: string; value: number; tone?: 'plain' | 'bad' | 'good' }) {
  const { i18n } = useTranslation('app')
  const colours = { plain: 'bg-slate-50 text-slate-900', good: 'bg-secondary-50 text-primary-900', bad: value > 0 ? 'bg-red-50 text-red-800' : 'bg-slate-50 text-slate-900' }
  return (
    <div className={`rounded-xl px-4 py-3 ${colours[tone]}`}>
      <dt className="text-xs font-medium tracking-wide uppercase opacity-80">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value.toLocaleString(`${currentLocale(i18n)}-CA`)}</dd>
    </div>
  )
}

/**
 * What an import will do (the dry run) or did (the commit): how many records are created,
 * updated, left unchanged, and the rows refused, each with its line in the file and every
 * reason, column by column, in the reader's language; a column is named as the file heads it
 * (`columnNames`: `{ postal_code: 'code_postal' }`) when known.
 * @example
 * <ImportPreview report={preview} columnNames={importer.columnNames} />
 */
export function ImportPreview({ report, columnNames = {} }: { report: ImportReport; columnNames?: Readonly<Record<string, string>> }) {
  const { t } = useTranslation('app')
  const done = !report.dry_run
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label={done ? t('imports.counts.created') : t('imports.counts.toCreate')} value={report.created} tone="good" />
        <Count label={done ? t('imports.counts.updated') : t('imports.counts.toUpdate')} value={report.updated} tone="good" />
        <Count label={t('imports.counts.unchanged')} value={report.unchanged} />
        <Count label={done ? t('imports.counts.skipped') : t('imports.counts.invalid')} value={done ? report.skipped : report.invalid} tone="bad" />
      </dl>
      {report.errors.length > 0 && (
        <div className="max-h-72 overflow-auto rounded-xl ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t('imports.errorsCaption')}</caption>
            <thead className="sticky top-0 bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold text-slate-600 uppercase">
                  {t('imports.line')}
                </th>
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold text-slate-600 uppercase">
                  {t('imports.problem')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {report.errors.map((row) => (
                <tr key={row.line}>
                  <th scope="row" className="px-3 py-2 text-left align-top font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                    {t('imports.lineNumber', { line: row.line })}
                  </th>
                  <td className="px-3 py-2">
                    <ul className="space-y-0.5">
                      {row.errors.map((error) => (
                        <li key={`${error.column}:${error.code}`}>
                          <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">{columnNames[error.column] ?? error.column}</code> <span className="text-slate-700">{problemText(t, error)}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.invalid > report.errors.length && <p className="text-sm text-slate-600">{t('imports.moreErrors', { shown: report.errors.length, count: report.invalid })}</p>}
    </div>
  )
}
