import { addressLine, localTimeOf, mapsUrl, type Shift, type ShiftEventBody } from '@rota/core'
import { isOpenShift, leavesEarly } from '@rota/machines'
import { useTranslation } from 'react-i18next'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useSwapOptions } from '../api/list-swap-options.ts'
import { useShiftEvent } from '../api/shift-event.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import { shiftColours } from './shift-colour.ts'
import { useBusinessTimeZone } from '../../../lib/format.ts'
import { isPlacedEvent } from '../../timesheets/api/clock.ts'
import { locate } from '../../timesheets/utils/locate.ts'
import { useHoliday } from '../hooks/use-holidays.ts'

const HOUR = 3_600_000

/** Clocking in is offered from two hours before the shift until its end, not days ahead. */
const startsSoon = (shift: Shift, now = Date.now()) => now >= Date.parse(shift.starts_at) - 2 * HOUR && now <= Date.parse(shift.ends_at)

/**
 * One shift as its staff member sees it: when, where (the client's address, opening in the
 * phone's maps: staff may not read clients, so the shift is where they find it), what, its
 * status and their pending request, and what they may do — ask for an open shift (or read why
 * they cannot), ask to drop theirs (with a note) or swap it for a colleague's (picked from those
 * both could work), withdraw what they asked, clock in and out (saying where they are, as the
 * time clock does) — exactly as the machine allows, with the buttons every record screen has.
 * @example
 * <StaffShiftCard shift={shift} me={user.id} words={words} />
 */
export function StaffShiftCard({
  shift,
  me,
  words,
  highlighted = false,
  unavailable = null,
  geolocation = globalThis.navigator?.geolocation,
}: {
  shift: Shift
  me: string
  words: ShiftWords
  highlighted?: boolean
  /** Why the person cannot ask for this open shift, when they cannot. */
  unavailable?: string | null
  geolocation?: Geolocation | undefined
}) {
  const { t } = useTranslation('app')
  const timeZone = useBusinessTimeZone()
  const event = useShiftEvent()
  const swapOptions = useSwapOptions()
  const holiday = useHoliday(shift.date)
  const mine = shift.requests.find((request) => request.requester.id === me && request.status === 'pending')
  const allowed = shift.allowed_events.filter((type) => type !== 'shift.clock_in' || startsSoon(shift))
  const note = { label: t('schedules.mine.note'), field: 'note', optional: true }
  const pickSwap = async () =>
    (await swapOptions(shift.id)).map((option) => ({
      value: option.id,
      label: `${words.day(option.date, { weekday: 'short', month: 'short', day: 'numeric' })} · ${option.start_time}–${option.end_time}`,
      detail: t('schedules.mine.swapDetail', { name: option.staff.name, place: option.location.name, service: option.service.name }),
    }))
  return (
    <article
      aria-labelledby={`shift-${shift.id}`}
      aria-current={highlighted ? 'true' : undefined}
      data-shift={shift.id}
      style={shiftColours(shift.service.colour, shift.status)}
      className={`scroll-mt-24 rounded-xl border border-l-4 p-4 text-sm text-slate-900 shadow-sm ${highlighted ? 'ring-2 ring-primary-600' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`shift-${shift.id}`} className="text-base font-semibold">
          <span className="tabular-nums">{words.time(shift)}</span> · {shift.location.name}
        </h3>
        <StatusBadge lifecycle="shift" status={isOpenShift(shift.status, { staffed: shift.staff !== null }) ? 'open' : shift.status} />
      </div>
      {holiday && <p className="mt-1 font-medium text-amber-800">{t('schedules.board.holidayNote', { name: holiday })}</p>}
      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-slate-700">
        <span>{addressLine(shift.location)}</span>
        <a
          href={mapsUrl(shift.location)}
          target="_blank"
          rel="noopener"
          aria-label={t('schedules.mine.openInMaps', { place: shift.location.name })}
          className="inline-flex min-h-8 items-center font-medium text-primary-800 underline"
        >
          {t('schedules.mine.maps')}
        </a>
      </p>
      <p className="mt-1 text-slate-700">
        {shift.service.name}
        {shift.break_minutes > 0 && ` · ${t('schedules.mine.break', { duration: words.hours(shift.break_minutes) })}`}
      </p>
      {shift.clocked_in_at && <p className="mt-1 font-medium text-slate-800 tabular-nums">{t('timesheets.clock.clockedInAt', { time: localTimeOf(shift.clocked_in_at, timeZone) })}</p>}
      {shift.notes && <p className="mt-1 text-slate-700 italic">{shift.notes}</p>}
      {mine && (
        <p className="mt-2 font-medium text-primary-900">
          {mine.kind === 'take' && t('schedules.mine.askedTake')}
          {mine.kind === 'drop' && t('schedules.mine.askedDrop')}
          {mine.kind === 'swap' && t('schedules.mine.askedSwap')}
        </p>
      )}
      {unavailable && <p className="mt-2 font-medium text-slate-800">{unavailable}</p>}
      <div className="mt-3 space-y-2">
        <RecordActions
          allowed={allowed}
          options={{
            'shift.request': { tone: 'primary', confirm: { title: t('schedules.mine.requestTitle'), text: t('schedules.mine.askExplain') }, reason: note },
            'shift.drop': { confirm: { title: t('schedules.mine.dropTitle'), text: t('schedules.mine.askExplain') }, reason: note },
            'shift.swap': {
              confirm: { title: t('schedules.mine.swapTitle'), text: t('schedules.mine.askExplain') },
              pick: { label: t('schedules.mine.swapPick'), field: 'with_shift_id', load: pickSwap, empty: t('schedules.mine.swapNone'), loading: t('schedules.mine.swapLoading') },
              reason: note,
            },
            // Clocking out early asks first: one tap would end the day's hours.
            'shift.complete': { tone: 'primary', ...(leavesEarly(shift) ? { confirm: { title: t('timesheets.clock.earlyTitle'), text: t('timesheets.clock.earlyText', { end: shift.end_time }) } } : {}) },
          }}
          send={async (type, payload) => {
            // Clocking in or out here says where the person is, as the time clock does: without it the manager sees the hours unverified.
            const placed = isPlacedEvent(type) ? { position: await locate(geolocation) } : {}
            const withdrawn = type === 'shift.withdraw' && mine ? { request_id: mine.id } : {}
            return event.mutateAsync({ id: shift.id, body: { type, version: shift.version, ...withdrawn, ...payload, ...placed } as ShiftEventBody })
          }}
        />
      </div>
    </article>
  )
}
