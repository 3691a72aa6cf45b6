import type { OnboardingEntry } from '@rota/core'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useDeleteOnboardingEntry } from '../api/delete-onboarding-entry.ts'
import { useOnboardingEntries } from '../api/list-onboarding-entries.ts'
import { useUpdateOnboardingEntry } from '../api/update-onboarding-entry.ts'
import { OnboardingEntryDialog } from './onboarding-entry-dialog.tsx'


/**
 * The onboarding every new team member goes through (SPEC.md §7): the entries in order,
 * added, changed, moved up or down, and deleted after asking (with everyone's progress).
 * @example
 * <OnboardingEntries />
 */
export function OnboardingEntries() {
  const { t } = useTranslation('app')
  const entries = useOnboardingEntries()
  const move = useUpdateOnboardingEntry({ silent: true })
  const remove = useDeleteOnboardingEntry()
  const canEdit = useCan('settings', 'update')
  const [editing, setEditing] = useState<OnboardingEntry | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<OnboardingEntry | null>(null)
  const [moving, setMoving] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const rows = entries.data?.rows ?? []

  /** Swaps an entry with its neighbour; every entry whose place changed is saved with its index as position. */
  const reorder = async (from: number, to: number) => {
    const order = [...rows]
    const [moved] = order.splice(from, 1)
    if (!moved) return
    order.splice(to, 0, moved)
    setMoving(true)
    setProblem(null)
    try {
      for (const [position, entry] of order.entries()) {
        if (entry.position !== position) await move.mutateAsync({ id: entry.id, body: { position, version: entry.version } })
      }
    } catch (error) {
      setProblem(errorText(error))
    } finally {
      setMoving(false)
    }
  }

  return (
    <Panel
      title={t('onboarding.title')}
      description={t('onboarding.description')}
      actions={
        canEdit && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
            <PlusIcon className="size-4" />
            {t('onboarding.add')}
          </Button>
        )
      }
    >
      {problem && <Alert tone="error">{problem}</Alert>}
      {entries.isError ? (
        <Alert tone="error">{errorText(entries.error)}</Alert>
      ) : entries.isPending ? (
        <Spinner className="mx-auto size-6 text-primary-700" label={t('onboarding.loading')} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('onboarding.empty')}</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-busy={moving || undefined}>
          {rows.map((entry, index) => (
            <li key={entry.id} className="flex items-start gap-3 py-3">
              <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-secondary-100 text-xs font-bold text-primary-800" aria-hidden="true">
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {entry.title}
                  {entry.required ? <Badge tone="teal">{t('onboarding.required')}</Badge> : <Badge>{t('onboarding.optional')}</Badge>}
                </p>
                {entry.description && <p className="mt-0.5 text-sm text-slate-600">{entry.description}</p>}
              </div>
              {canEdit && (
                <span className="flex shrink-0 items-center gap-0.5">
                  <IconButton icon={ArrowUpIcon} iconClassName="size-4" label={t('onboarding.moveUp', { title: entry.title })} disabled={moving || index === 0} onClick={() => void reorder(index, index - 1)} />
                  <IconButton icon={ArrowDownIcon} iconClassName="size-4" label={t('onboarding.moveDown', { title: entry.title })} disabled={moving || index === rows.length - 1} onClick={() => void reorder(index, index + 1)} />
                  <IconButton icon={PencilIcon} iconClassName="size-4" label={t('onboarding.edit', { title: entry.title })} onClick={() => setEditing(entry)} />
                  <IconButton
                    icon={TrashIcon}
                    iconClassName="size-4"
                    label={t('onboarding.delete', { title: entry.title })}
                    onClick={() => {
                      remove.reset()
                      setDeleting(entry)
                    }}
                  />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {editing !== undefined && <OnboardingEntryDialog entry={editing} onClose={() => setEditing(undefined)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={t('onboarding.deleteTitle', { title: deleting.title })}
          confirmLabel={t('actions.delete')}
          pending={remove.isPending}
          error={remove.error && errorText(remove.error)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        >
          {t('onboarding.deleteText')}
        </ConfirmDialog>
      )}
    </Panel>
  )
}
