import type { Payroll } from '@rota/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { TextareaField } from '../../../components/ui/form-fields.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useUpdatePayroll } from '../api/payrolls.ts'

/**
 * A pay run's notes (what the clerk wants remembered about it): written and saved while it is a
 * draft by someone who changes pay runs, read by anyone else and once it is approved.
 * @example
 * <PayrollNotes payroll={run} editable={run.status === 'draft' && clerk} />
 */
export function PayrollNotes({ payroll, editable }: { payroll: Payroll; editable: boolean }) {
  const { t } = useTranslation('app')
  const update = useUpdatePayroll()
  const [text, setText] = useState(payroll.notes ?? '')
  const [error, setError] = useState<string | null>(null)
  const changed = text.trim() !== (payroll.notes ?? '')

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    try {
      const saved = await update.mutateAsync({ id: payroll.id, version: payroll.version, notes: text.trim() || null })
      setText(saved.notes ?? '')
    } catch (refusal) {
      setError(errorText(refusal))
    }
  }

  if (!editable) {
    return (
      <Panel title={t('payroll.notes.title')}>
        <p className="text-sm whitespace-pre-line text-slate-700">{payroll.notes ?? t('payroll.notes.none')}</p>
      </Panel>
    )
  }
  return (
    <Panel title={t('payroll.notes.title')} description={t('payroll.notes.hint')}>
      <form onSubmit={(event) => void save(event)} className="space-y-3" noValidate>
        <TextareaField name="notes" label={t('payroll.notes.label')} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} error={error ?? undefined} />
        <div className="flex justify-end">
          <Button type="submit" size="sm" loading={update.isPending} disabled={!changed}>
            {t('payroll.notes.save')}
          </Button>
        </div>
      </form>
    </Panel>
  )
}
