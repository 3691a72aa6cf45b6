import type { LocalDate, Shift } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useCopySchedule } from '../api/copy-schedule.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'

interface CopyWeekProps {
  from: LocalDate
  to: LocalDate
  fromLabel: string
  toLabel: string
  /** The shifts of the week shown, kept current: the copies are those that were not there before. */
  shifts: readonly Shift[]
  words: ShiftWords
  onClose: () => void
}

/**
 * Copying last week into the week shown: its shifts come as drafts, and whatever would clash
 * (someone already busy, on time off) is skipped and listed, so nothing is lost silently. The
 * copies that break a softer rule (over weekly hours, outside availability) are counted and
 * listed too: the answer counts the copies only, so they are found in the week read again.
 * @example
 * <CopyWeekDialog from={previous.firstDay} to={week.firstDay} shifts={weekShifts} words={words} onClose={close} />
 */
export function CopyWeekDialog({ from, to, fromLabel, toLabel, shifts, words, onClose }: CopyWeekProps) {
  const { t } = useTranslation('app')
  const copy = useCopySchedule()
  const report = copy.data
  // The week's shifts before the copy; the copy's answer comes once the week has been read again.
  const [before, setBefore] = useState<ReadonlySet<string>>(new Set())
  const warned = report ? shifts.filter((shift) => !before.has(shift.id) && shift.conflicts.length > 0) : []
  return (
    <Modal open onClose={copy.isPending ? () => {} : onClose} title={t('schedules.copy.title')} description={t('schedules.copy.description', { from: fromLabel, to: toLabel })}>
      <ModalBody>
        {copy.error && <Alert tone="error">{errorText(copy.error)}</Alert>}
        {report ? (
          <div className="space-y-3 text-sm">
            <Alert tone="success">{t('schedules.copy.created', { count: report.created })}</Alert>
            {warned.length > 0 && (
              <div>
                <p className="font-semibold text-slate-900">{warned.length === 1 ? t('schedules.copy.warnedOne', { count: 1 }) : t('schedules.copy.warnedMany', { count: warned.length })}</p>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                  {warned.map((shift) => (
                    <li key={shift.id}>
                      {t('schedules.copy.skippedLine', {
                        who: shift.staff?.name ?? t('schedules.card.open'),
                        day: words.longDay(shift.date),
                        why: shift.conflicts.map((conflict) => words.conflict(conflict)).join(' · '),
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {report.skipped.length > 0 && (
              <div>
                <p className="font-semibold text-slate-900">{t('schedules.copy.skipped', { count: report.skipped.length })}</p>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                  {report.skipped.map((skip) => (
                    <li key={`${skip.shift_id}-${skip.date}`}>
                      {t('schedules.copy.skippedLine', {
                        who: skip.staff ?? t('schedules.card.open'),
                        day: words.longDay(skip.date),
                        why: skip.reason === 'clock_gap' ? t('schedules.copy.clockGap') : words.conflict({ kind: skip.reason, severity: 'error', shift_id: null, minutes: null }),
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-700">{t('schedules.copy.explain')}</p>
        )}
      </ModalBody>
      <ModalFooter>
        {report ? (
          <Button onClick={onClose}>{t('schedules.copy.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={copy.isPending}>
              {t('schedules.copy.cancel')}
            </Button>
            <Button
              loading={copy.isPending}
              onClick={() => {
                setBefore(new Set(shifts.map((shift) => shift.id)))
                copy.mutate({ from, to })
              }}
            >
              {t('schedules.copy.confirm')}
            </Button>
          </>
        )}
      </ModalFooter>
    </Modal>
  )
}
