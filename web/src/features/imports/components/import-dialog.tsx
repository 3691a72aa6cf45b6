import { CSV_COLUMNS, type ImportKind } from '@rota/core'
import { useId, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { UploadIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { ProgressBar } from '../../../components/ui/progress-bar.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useCsvImport } from '../hooks/use-csv-import.ts'
import { HeaderProblemsAlert } from './header-problems.tsx'
import { ImportPreview } from './import-preview.tsx'
import { TemplateButton } from './template-button.tsx'

/** While these last, closing the dialog cancels the import (nothing is written before the commit). */
const CANCELLABLE = new Set(['opening', 'uploading', 'previewing', 'preview', 'failed'])

/**
 * Importing clients or services from a CSV file, step by step: choose the file (its columns
 * are checked at once), watch it upload, read the preview — what will be created, updated,
 * left alone, and every refused row with its line — then import. With refused rows the
 * choice is explicit: skip them and import the others, or fix the file and choose it again;
 * no button offers an import that would be refused. Closing the dialog before the import
 * cancels it.
 * @example
 * {importing && <ImportDialog kind="locations" onClose={() => setImporting(false)} onImported={refreshList} />}
 */
export function ImportDialog({ kind, onClose, onImported }: { kind: ImportKind; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation('app')
  const importer = useCsvImport(kind, onImported)
  const inputId = useId()
  const [dragging, setDragging] = useState(false)
  const state = String(importer.state)
  const close = () => {
    if (state === 'committing') return
    if (CANCELLABLE.has(state)) importer.cancel()
    onClose()
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) void importer.choose(file)
  }
  const preview = importer.preview
  const refused = state === 'preview' && importer.error !== null
  const good = preview ? preview.created + preview.updated : 0

  return (
    <Modal open onClose={close} size="xl" title={t(`imports.title.${kind}`)} description={t('imports.description')}>
      <ModalBody>
        {state === 'idle' && (
          <>
            <label
              htmlFor={inputId}
              onDragOver={(event) => {
                event.preventDefault()
                setDragging(true)
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={drop}
              className={`flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-6 py-10 text-center focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary-600 ${dragging ? 'border-primary-500 bg-secondary-50' : 'border-slate-300 hover:border-primary-400'}`}
            >
              <UploadIcon className="size-8 text-primary-700" />
              <span id={`${inputId}-label`} className="text-sm font-semibold text-slate-900">
                {t('imports.choose')}
              </span>
              <span id={`${inputId}-hint`} className="text-xs text-slate-600">
                {t('imports.chooseHint')}
              </span>
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                aria-labelledby={`${inputId}-label`}
                aria-describedby={`${inputId}-hint`}
                className="sr-only"
                onChange={(event) => event.target.files?.[0] && void importer.choose(event.target.files[0])}
              />
            </label>
            {importer.header && <HeaderProblemsAlert name={importer.file?.name ?? ''} problems={importer.header} />}
            <div className="text-sm text-slate-600">
              <p>{t('imports.columns')}</p>
              <ul className="mt-2 flex flex-wrap gap-1.5">
                {CSV_COLUMNS[kind].map((column) => (
                  <li key={column.key}>
                    <code className={`rounded px-1.5 py-0.5 text-xs ${column.required ? 'bg-primary-50 font-semibold text-primary-900 ring-1 ring-primary-200' : 'bg-slate-100 text-slate-700'}`}>
                      {column.key}
                      {column.required && <span className="sr-only"> ({t('imports.required')})</span>}
                    </code>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-xs">{t('imports.columnsHint')}</p>
            </div>
          </>
        )}
        {(state === 'opening' || state === 'uploading') && (
          <div className="space-y-3 py-4">
            <p className="text-sm font-medium text-slate-900">{t('imports.uploading', { file: importer.file?.name ?? '' })}</p>
            <ProgressBar label={t('imports.uploadProgress')} value={importer.bytes} max={importer.file?.size} />
            <p className="text-sm text-slate-600" aria-live="polite">
              {t('imports.rowsRead', { rows: importer.progress.rows, invalid: importer.progress.invalid })}
            </p>
          </div>
        )}
        {(state === 'previewing' || state === 'committing' || state === 'cancelling') && (
          <div className="flex items-center gap-3 py-8 text-sm text-slate-700" role="status">
            <Spinner className="size-6 text-primary-700" />
            {state === 'previewing' ? t('imports.checking') : state === 'committing' ? t('imports.committing') : t('imports.cancelling')}
          </div>
        )}
        {state === 'preview' && preview && (
          <>
            <p className="text-sm text-slate-700">{t('imports.previewIntro', { file: importer.file?.name ?? '', rows: importer.progress.rows })}</p>
            <ImportPreview report={preview} columnNames={importer.columnNames} />
            {preview.invalid > 0 && (
              <Alert tone={refused ? 'error' : 'warning'} title={refused ? t('imports.refused') : undefined}>
                {good > 0 ? t('imports.fixOrSkip', { count: preview.invalid, good }) : t('imports.fixOnly', { count: preview.invalid })}
              </Alert>
            )}
          </>
        )}
        {state === 'done' && importer.report && (
          <>
            <Alert tone="success" title={t('imports.done')}>
              {t('imports.doneText', { created: importer.report.created, updated: importer.report.updated })}
            </Alert>
            <ImportPreview report={importer.report} columnNames={importer.columnNames} />
          </>
        )}
        {state === 'cancelled' && <Alert tone="info">{t('imports.cancelled')}</Alert>}
        {state === 'failed' && (
          <Alert tone="error" title={t('imports.failed')}>
            {importer.error}
          </Alert>
        )}
      </ModalBody>
      <ModalFooter>
        {state === 'idle' && (
          <>
            <TemplateButton kind={kind} variant="ghost" />
            <Button variant="secondary" onClick={close}>
              {t('actions.cancel')}
            </Button>
          </>
        )}
        {(state === 'opening' || state === 'uploading' || state === 'previewing') && (
          <Button variant="secondary" onClick={importer.cancel}>
            {t('imports.cancel')}
          </Button>
        )}
        {state === 'preview' && preview && preview.invalid === 0 && (
          <>
            <Button variant="secondary" onClick={importer.cancel}>
              {t('imports.cancel')}
            </Button>
            <Button onClick={() => importer.confirm()}>{t('imports.confirm', { count: good })}</Button>
          </>
        )}
        {state === 'preview' && preview && preview.invalid > 0 && (
          <>
            <Button variant="ghost" onClick={importer.cancel}>
              {t('imports.cancel')}
            </Button>
            <Button variant={good > 0 ? 'secondary' : 'primary'} onClick={importer.startOver}>
              {t('imports.fixFile')}
            </Button>
            {good > 0 && <Button onClick={() => importer.confirm(true)}>{t('imports.skipAndImport', { count: preview.invalid, good })}</Button>}
          </>
        )}
        {state === 'committing' && <Button loading>{t('imports.committing')}</Button>}
        {state === 'failed' && (
          <>
            <Button variant="secondary" onClick={importer.cancel}>
              {t('imports.cancel')}
            </Button>
            <Button onClick={importer.retry}>{t('imports.retry')}</Button>
          </>
        )}
        {(state === 'done' || state === 'cancelled') && (
          <>
            <Button variant="secondary" onClick={importer.reset}>
              {t('imports.another')}
            </Button>
            <Button onClick={onClose}>{t('actions.done')}</Button>
          </>
        )}
      </ModalFooter>
    </Modal>
  )
}
