import type { OnboardingEntry } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { CheckboxField } from '../../../components/ui/form-fields.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { ProgressBar } from '../../../components/ui/progress-bar.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useCreateOnboardingRecord } from '../api/create-onboarding-record.ts'
import { useOnboardingRecords } from '../api/list-onboarding-records.ts'
import { useUpdateOnboardingRecord } from '../api/update-onboarding-record.ts'

/**
 * The signed-in user's onboarding: the business's entries (`entries`, in order), each ticked
 * off when done, and how far along they are. Nothing shows when the business has none.
 * @example
 * <OnboardingChecklist entries={entries.data?.rows ?? []} />
 */
export function OnboardingChecklist({ entries }: { entries: readonly OnboardingEntry[] }) {
  const { t } = useTranslation('app')
  const records = useOnboardingRecords()
  const create = useCreateOnboardingRecord()
  const update = useUpdateOnboardingRecord()
  // A tick shows at once; it is forgotten once the server's answer is back in the list.
  const [ticking, setTicking] = useState<Record<string, boolean>>({})
  if (entries.length === 0) return null
  const byEntry = new Map((records.data?.rows ?? []).map((record) => [record.entry_id, record]))
  const isDone = (entry: OnboardingEntry) => ticking[entry.id] ?? byEntry.get(entry.id)?.completed ?? false
  const done = entries.filter(isDone).length
  const busy = create.isPending || update.isPending || records.isFetching
  const toggle = (entry: OnboardingEntry, completed: boolean) => {
    const record = byEntry.get(entry.id)
    const settled = { onSettled: () => setTicking(({ [entry.id]: _, ...rest }) => rest) }
    setTicking((current) => ({ ...current, [entry.id]: completed }))
    if (record) update.mutate({ id: record.id, completed, version: record.version }, settled)
    else create.mutate({ entry_id: entry.id, completed }, settled)
  }
  const failure = records.error ?? create.error ?? update.error
  return (
    <Panel title={t('profile.onboarding')} description={t('profile.onboardingHint')}>
      <div className="space-y-4">
        <div className="space-y-1.5">
          <ProgressBar label={t('profile.onboardingProgress', { done, total: entries.length })} value={done} max={entries.length} />
          <p className="text-sm text-slate-600">{t('profile.onboardingProgress', { done, total: entries.length })}</p>
        </div>
        {failure && <Alert tone="error">{errorText(failure)}</Alert>}
        <ul className="space-y-3" aria-busy={busy || undefined}>
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-start justify-between gap-3">
              <CheckboxField
                label={entry.title}
                description={entry.description ?? undefined}
                checked={isDone(entry)}
                disabled={busy || records.isPending}
                onChange={(event) => toggle(entry, event.target.checked)}
              />
              {!entry.required && <Badge>{t('onboarding.optional')}</Badge>}
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  )
}
