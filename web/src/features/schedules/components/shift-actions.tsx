import type { Shift, ShiftEventBody } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { SelectField } from '../../../components/ui/text-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useDeleteShift } from '../api/delete-shift.ts'
import { useShiftEvent } from '../api/shift-event.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import type { Person } from '../utils/board-rows.ts'

interface ActionsProps {
  shift: Shift
  people: readonly Person[]
  words: ShiftWords
  canDelete: boolean
  /** The shift is gone (deleted). */
  onGone: () => void
}

/**
 * What a scheduler can do to a shift, exactly as its machine allows (`allowed_events`):
 * publish it, open it up or give it to someone, cancel it (after asking), delete a draft,
 * and decide the requests of staff.
 * @example
 * <ShiftActions shift={shift} people={team} words={words} canDelete onGone={close} />
 */
export function ShiftActions({ shift, people, words, canDelete, onGone }: ActionsProps) {
  const { t } = useTranslation('app')
  const event = useShiftEvent()
  const remove = useDeleteShift()
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null)
  const [assignee, setAssignee] = useState('')
  const allowed = new Set(shift.allowed_events)
  const send = (body: ShiftEventBody, after?: () => void) => event.mutate({ id: shift.id, body }, { onSuccess: () => after?.() })
  const version = shift.version

  return (
    <section aria-labelledby="shift-actions" className="space-y-3">
      <h3 id="shift-actions" className="text-sm font-semibold text-slate-900">
        {t('schedules.panel.actions')}
      </h3>
      {event.error && <Alert tone="error">{errorText(event.error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        {allowed.has('shift.publish') && (
          <Button size="sm" loading={event.isPending && event.variables?.body.type === 'shift.publish'} onClick={() => send({ type: 'shift.publish', version })}>
            {words.event('shift.publish')}
          </Button>
        )}
        {allowed.has('shift.unassign') && (
          <Button size="sm" variant="secondary" onClick={() => send({ type: 'shift.unassign', version })}>
            {words.event('shift.unassign')}
          </Button>
        )}
        {allowed.has('shift.cancel') && (
          <Button size="sm" variant="secondary" onClick={() => setAsking('cancel')}>
            {words.event('shift.cancel')}
          </Button>
        )}
        {canDelete && shift.status === 'draft' && (
          <Button size="sm" variant="ghost" onClick={() => setAsking('delete')}>
            {t('schedules.panel.delete')}
          </Button>
        )}
      </div>
      {allowed.has('shift.assign') && !shift.staff && (
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <SelectField
              name="assignee"
              label={t('schedules.panel.assignTo')}
              value={assignee}
              onChange={(change) => setAssignee(change.target.value)}
              options={[{ value: '', label: t('schedules.panel.choosePerson') }, ...people.map((person) => ({ value: person.id, label: person.name }))]}
            />
          </div>
          <Button size="md" variant="secondary" disabled={!assignee} onClick={() => send({ type: 'shift.assign', version, staff_id: assignee })}>
            {words.event('shift.assign')}
          </Button>
        </div>
      )}
      {shift.requests.length > 0 && (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold text-slate-900">{t('schedules.panel.requests')}</h4>
          <ul className="space-y-2">
            {shift.requests.map((request) => (
              <li key={request.id} className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
                <p className="text-slate-800">
                  {request.kind === 'take' && t('schedules.requests.take', { name: request.requester.name })}
                  {request.kind === 'drop' && t('schedules.requests.drop', { name: request.requester.name })}
                  {request.kind === 'swap' && t('schedules.requests.swap', { name: request.requester.name })}
                </p>
                {request.note && <p className="mt-1 text-slate-600 italic">“{request.note}”</p>}
                <div className="mt-2 flex gap-2">
                  {allowed.has('shift.approve') && (
                    <Button size="sm" onClick={() => send({ type: 'shift.approve', version, request_id: request.id })}>
                      {words.event('shift.approve')}
                    </Button>
                  )}
                  {allowed.has('shift.reject') && (
                    <Button size="sm" variant="secondary" onClick={() => send({ type: 'shift.reject', version, request_id: request.id })}>
                      {words.event('shift.reject')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={asking === 'cancel'}
        title={t('schedules.panel.cancelTitle')}
        confirmLabel={words.event('shift.cancel')}
        pending={event.isPending}
        error={event.error && errorText(event.error)}
        onConfirm={() => send({ type: 'shift.cancel', version }, () => setAsking(null))}
        onClose={() => setAsking(null)}
      >
        {shift.status === 'published' && shift.staff ? t('schedules.panel.cancelTold', { name: shift.staff.name }) : t('schedules.panel.cancelText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title={t('schedules.panel.deleteTitle')}
        confirmLabel={t('schedules.panel.delete')}
        pending={remove.isPending}
        error={remove.error && errorText(remove.error)}
        onConfirm={() => remove.mutate({ id: shift.id }, { onSuccess: onGone })}
        onClose={() => setAsking(null)}
      >
        {t('schedules.panel.deleteText')}
      </ConfirmDialog>
    </section>
  )
}
