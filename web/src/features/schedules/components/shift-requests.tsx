import { localDateOf, localHoursOf, type Shift, type ShiftEventBody } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField } from '../../../components/ui/text-field.tsx'
import { useShiftCheck } from '../api/check-shift.ts'
import { useShiftEvent } from '../api/shift-event.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import type { Person } from '../utils/board-rows.ts'
import { useBusinessTimeZone } from '../../../lib/format.ts'

/**
 * What staff asked about a shift, for the scheduler to decide — each request approved or
 * declined by itself (with a reason the requester is told, if given), so its events carry the request — and, for an open shift, whom to
 * give it to. Offered only as the shift's `allowed_events` allow; the other events are the
 * panel's buttons.
 * @example
 * <ShiftRequests shift={shift} people={team} words={words} />
 */
export function ShiftRequests({ shift, people, words }: { shift: Shift; people: readonly Person[]; words: ShiftWords }) {
  const { t } = useTranslation('app')
  const timeZone = useBusinessTimeZone()
  const event = useShiftEvent()
  const [assignee, setAssignee] = useState('')
  const allowed = new Set(shift.allowed_events)
  const send = (body: ShiftEventBody) => event.mutate({ id: shift.id, body })
  const assignable = allowed.has('shift.assign') && !shift.staff
  // Each request is decided by itself; declining says why, if the scheduler wants to.
  const decisions = (['shift.approve', 'shift.reject'] as const).filter((type) => allowed.has(type))
  if (shift.requests.length === 0 && shift.swap_offers.length === 0 && !assignable) return null
  const when = (at: { starts_at: string; ends_at: string; location: { name: string } }) =>
    [
      words.day(localDateOf(at.starts_at, timeZone), { weekday: 'short', month: 'short', day: 'numeric' }),
      localHoursOf(at.starts_at, at.ends_at, timeZone),
      at.location.name,
    ].join(' · ')

  return (
    <section aria-labelledby="shift-requests" className="space-y-3">
      <h3 id="shift-requests" className="text-sm font-semibold text-slate-900">
        {t('schedules.panel.requests')}
      </h3>
      {event.error && event.variables?.body.type === 'shift.assign' && <Alert tone="error">{words.refusal(event.error)}</Alert>}
      {shift.requests.length > 0 && (
        <ul className="space-y-2">
          {shift.requests.map((request) => (
            <li key={request.id} className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
              <p className="text-slate-800">
                {request.kind === 'take' && t('schedules.requests.take', { name: request.requester.name })}
                {request.kind === 'drop' && t('schedules.requests.drop', { name: request.requester.name })}
                {request.kind === 'swap' && t('schedules.requests.swap', { name: request.requester.name })}
              </p>
              {request.swap_shift && (
                <p className="mt-1 font-medium text-slate-900">{[request.swap_shift.staff?.name, when(request.swap_shift)].filter(Boolean).join(' · ')}</p>
              )}
              {request.note && <p className="mt-1 text-slate-600 italic">“{request.note}”</p>}
              {request.kind === 'take' && decisions.includes('shift.approve') && <TakeConflicts shift={shift} requesterId={request.requester.id} words={words} />}
              <div className="mt-2">
                <RecordActions
                  allowed={decisions}
                  options={{
                    'shift.approve': { tone: 'primary' },
                    'shift.reject': {
                      confirm: { title: t('schedules.requests.rejectTitle', { name: request.requester.name }), text: t('schedules.requests.rejectHint', { name: request.requester.name }) },
                      reason: { label: t('schedules.requests.rejectReason'), field: 'note', optional: true },
                    },
                  }}
                  send={(type, payload) =>
                    event.mutateAsync({ id: shift.id, body: { type, version: shift.version, request_id: request.id, ...payload } as ShiftEventBody }).catch((error: unknown) => {
                      // A clash says on which day, as the panel's other refusals do.
                      throw new Error(words.refusal(error))
                    })
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {shift.swap_offers.length > 0 && (
        <ul className="space-y-2">
          {shift.swap_offers.map((offer) => (
            <li key={offer.request_id} className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
              <p className="text-slate-800">{t('schedules.requests.swapOffered', { name: offer.requester.name })}</p>
              <p className="mt-1 font-medium text-slate-900">{when(offer.shift)}</p>
              <p className="mt-1 text-slate-600">{t('schedules.requests.swapOfferedHint')}</p>
            </li>
          ))}
        </ul>
      )}
      {assignable && (
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
          <Button variant="secondary" disabled={!assignee} loading={event.isPending && event.variables?.body.type === 'shift.assign'} onClick={() => send({ type: 'shift.assign', version: shift.version, staff_id: assignee })}>
            {words.event('shift.assign')}
          </Button>
        </div>
      )}
    </section>
  )
}

/**
 * What giving an open shift to the one who asked would break (rest, weekly hours, availability…),
 * as the form's check says it: an open shift has no staff member, so its own conflicts say nothing of theirs.
 */
function TakeConflicts({ shift, requesterId, words }: { shift: Shift; requesterId: string; words: ShiftWords }) {
  const { t } = useTranslation('app')
  const check = useShiftCheck({
    id: shift.id,
    staff_id: requesterId,
    location_id: shift.location.id,
    service_id: shift.service.id,
    date: shift.date,
    start: shift.start_time,
    end: shift.end_time,
    break_minutes: shift.break_minutes,
    notes: shift.notes,
  })
  const conflicts = check.data?.conflicts ?? []
  if (conflicts.length === 0) return null
  return <p className="mt-1 text-amber-800">{t('schedules.requests.ifApproved', { conflicts: conflicts.map(words.conflict).join(' · ') })}</p>
}
