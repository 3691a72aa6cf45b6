import { localTimeOf, type Shift } from '@rota/core'
import { leavesEarly } from '@rota/machines'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { CLOCK_EVENTS, isPlacedEvent, useClockEvent, type ClockEvent } from '../api/clock.ts'
import { locate } from '../utils/locate.ts'
import { useBusinessTimeZone } from '../../../lib/format.ts'
import { useKeepFocus } from '../../../lib/use-keep-focus.ts'

const labels = {
  'shift.clock_in': 'timesheets.clock.clockIn',
  'shift.break_start': 'timesheets.clock.breakStart',
  'shift.break_end': 'timesheets.clock.breakEnd',
  'shift.complete': 'timesheets.clock.clockOut',
} as const

/** What the shift's staff member sees of where the clock stands. */
function stateOf(shift: Shift): 'before' | 'working' | 'onBreak' | 'done' {
  if (shift.status === 'completed') return 'done'
  if (shift.status !== 'in_progress') return 'before'
  return shift.allowed_events.includes('shift.break_end') ? 'onBreak' : 'working'
}

/**
 * The time clock of one shift for its staff member: Clock in, Start and End break, Clock
 * out — exactly the clock events the shift machine allows now (its `allowed_events`).
 * Clocking out more than a quarter of an hour before the shift's end asks first (one tap
 * would end the day's hours). Clocking in or out asks the browser where the person is (the browser asks them first);
 * without an answer it goes ahead and says the manager will see it unverified. Used on
 * the staff member's timesheets page, and by any screen showing one of their shifts.
 * @example
 * <TimeClock shift={shift} />
 */
export function TimeClock({ shift, geolocation = globalThis.navigator?.geolocation }: { shift: Shift; geolocation?: Geolocation | undefined }) {
  const { t } = useTranslation('app')
  const timeZone = useBusinessTimeZone()
  const clock = useClockEvent()
  const [pending, setPending] = useState<ClockEvent | null>(null)
  const [locating, setLocating] = useState(false)
  const [unshared, setUnshared] = useState(false)
  const [refusal, setRefusal] = useState<unknown>(null)
  const [askingEarly, setAskingEarly] = useState(false)
  const offered = CLOCK_EVENTS.filter((type) => shift.allowed_events.includes(type))
  const state = stateOf(shift)
  const box = useRef<HTMLElement>(null)
  const keep = useKeepFocus(box, shift.allowed_events.join())

  const send = async (type: ClockEvent) => {
    setPending(type)
    setRefusal(null)
    keep.arm()
    try {
      let position = null
      if (isPlacedEvent(type)) {
        setLocating(true)
        position = await locate(geolocation)
        setLocating(false)
        setUnshared(position === null)
      }
      await clock.mutateAsync({ shift, type, position })
    } catch (error) {
      keep.disarm()
      setRefusal(error)
    } finally {
      setLocating(false)
      setPending(null)
    }
  }

  const when = `${localTimeOf(shift.starts_at, timeZone)} – ${localTimeOf(shift.ends_at, timeZone)}`
  return (
    <section ref={box} aria-label={t('timesheets.clock.shiftLabel', { when, client: shift.location.name })} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-semibold text-slate-900">{when}</p>
          <p className="text-sm text-slate-600">
            {shift.location.name} · {shift.service.name}
          </p>
          {shift.clocked_in_at && <p className="text-sm font-medium text-slate-800 tabular-nums">{t('timesheets.clock.clockedInAt', { time: localTimeOf(shift.clocked_in_at, timeZone) })}</p>}
        </div>
        {/* Said as it changes ("On a break"), not only shown. */}
        <span aria-live="polite">
          <Badge tone={state === 'working' ? 'green' : state === 'onBreak' ? 'amber' : 'slate'}>{t(`timesheets.clock.states.${state}`)}</Badge>
        </span>
      </div>
      {offered.length > 0 && (
        <div className="grid gap-2 sm:flex">
          {offered.map((type) => (
            <Button
              key={type}
              size="lg"
              variant={type === 'shift.clock_in' || type === 'shift.complete' ? 'primary' : 'secondary'}
              loading={pending === type}
              disabled={pending !== null && pending !== type}
              onClick={() => (type === 'shift.complete' && leavesEarly(shift) ? setAskingEarly(true) : void send(type))}
            >
              {t(labels[type])}
            </Button>
          ))}
        </div>
      )}
      <p role="status" className="text-sm text-slate-600">
        {locating ? t('timesheets.clock.locating') : unshared ? t('timesheets.clock.unshared') : ''}
      </p>
      {refusal !== null && <Alert tone="error">{errorText(refusal)}</Alert>}
      <ConfirmDialog
        open={askingEarly}
        tone="primary"
        title={t('timesheets.clock.earlyTitle')}
        confirmLabel={t(labels['shift.complete'])}
        onConfirm={() => {
          setAskingEarly(false)
          void send('shift.complete')
        }}
        onClose={() => setAskingEarly(false)}
      >
        {t('timesheets.clock.earlyText', { end: localTimeOf(shift.ends_at, timeZone) })}
      </ConfirmDialog>
    </section>
  )
}
