import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { usePublishShifts } from '../api/publish-shifts.ts'
import type { PublishPlan } from '../utils/publish-plan.ts'

/**
 * The publish summary in words: "14 new shifts, 3 changed shifts, 1 cancelled shift, 6 people
 * will be notified".
 * Singular and plural are chosen here since French and Spanish adjectives agree with them.
 * @example
 * usePublishSummary()(plan) // '2 new shifts, 1 person will be notified'
 */
export function usePublishSummary(): (plan: PublishPlan) => string {
  const { t } = useTranslation('app')
  return (plan) => {
    const parts = [
      plan.created > 0 && (plan.created === 1 ? t('schedules.publish.newOne', { count: plan.created }) : t('schedules.publish.newMany', { count: plan.created })),
      plan.changed > 0 && (plan.changed === 1 ? t('schedules.publish.changedOne', { count: plan.changed }) : t('schedules.publish.changedMany', { count: plan.changed })),
      plan.cancelled > 0 && (plan.cancelled === 1 ? t('schedules.publish.cancelledOne', { count: plan.cancelled }) : t('schedules.publish.cancelledMany', { count: plan.cancelled })),
      plan.people === 1 ? t('schedules.publish.personOne', { count: plan.people }) : t('schedules.publish.peopleMany', { count: plan.people }),
    ].filter((part): part is string => typeof part === 'string')
    return parts.join(', ')
  }
}

/**
 * Before a week is published: what will be published and who will hear of it; then all of it
 * is published at once (or none, if one shift can no longer be), each person told once.
 * @example
 * {publishing && <PublishDialog plan={plan} week="Mar 8 – 14, 2026" onClose={() => setPublishing(false)} onPublished={say} />}
 */
export function PublishDialog({ plan, week, onClose, onPublished }: { plan: PublishPlan; week: string; onClose: () => void; onPublished: (notified: number) => void }) {
  const { t } = useTranslation('app')
  const publish = usePublishShifts()
  const summary = usePublishSummary()
  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t('schedules.publish.title', { week })}
      confirmLabel={t('schedules.publish.confirm')}
      pending={publish.isPending}
      error={publish.error && errorText(publish.error)}
      onConfirm={() => publish.mutate(plan.ids, { onSuccess: ({ notified }) => onPublished(notified) })}
      onClose={onClose}
    >
      <p className="font-semibold text-slate-900">{summary(plan)}.</p>
      <p className="mt-2">{t('schedules.publish.explain')}</p>
    </ConfirmDialog>
  )
}
