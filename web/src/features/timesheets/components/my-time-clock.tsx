import { clockInOpen, localDateOf } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useSession } from '../../../lib/services.tsx'
import { useMyClockShifts } from '../api/clock.ts'
import { TimeClock } from './time-clock.tsx'
import { useBusinessTimeZone } from '../../../lib/format.ts'

/**
 * The signed-in person's time clock: the shifts they are at work on, and those whose clock-in
 * is open now (from two hours before the start to the end, a night begun yesterday included),
 * each with its TimeClock; finished ones drop off.
 * @example
 * <MyTimeClock />
 */
export function MyTimeClock({ geolocation }: { geolocation?: Geolocation | undefined }) {
  const { t } = useTranslation('app')
  const userId = useSession((state) => state.context.user?.id) ?? ''
  const timeZone = useBusinessTimeZone()
  const today = localDateOf(new Date(), timeZone)
  const shifts = useMyClockShifts(userId, today)
  // One at work, or one whose clock-in is open now: a night begun yesterday still runs past midnight; one over or hours away is not offered.
  const now = new Date()
  const clockable = (shifts.data?.rows ?? []).filter((shift) => shift.status === 'in_progress' || (shift.status === 'published' && clockInOpen(shift, now)))

  return (
    <Panel title={t('timesheets.clock.title')} description={t('timesheets.clock.hint')}>
      {shifts.isPending ? (
        <Spinner className="mx-auto size-6 text-primary-700" label={t('timesheets.clock.loading')} />
      ) : shifts.isError ? (
        <Alert tone="error">{errorText(shifts.error)}</Alert>
      ) : clockable.length === 0 ? (
        <p className="text-sm text-slate-600">{t('timesheets.clock.none')}</p>
      ) : (
        <div className="space-y-3">
          {clockable.map((shift) => (
            <TimeClock key={shift.id} shift={shift} geolocation={geolocation} />
          ))}
        </div>
      )}
    </Panel>
  )
}
