import { weekStartFor, type Availability } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlusIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText, isStale } from '../../../lib/error-text.ts'
import { useSession } from '../../../lib/services.tsx'
import { useAvailability } from '../api/get-availability.ts'
import { useUpdateAvailability } from '../api/update-availability.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import { formatLocalDate, todayOn } from '../utils/business-days.ts'

type Window = Availability['windows'][number]
type Exception = Availability['exceptions'][number]

const input = 'block rounded-lg border-0 bg-white px-2.5 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-primary-600 focus:outline-none'

/**
 * When a person can work, as they (or a scheduler) set it: hours for each day of the week —
 * none at all means any time — and dated exceptions (away all day, or only some hours). The
 * scheduler is warned when a shift falls outside. Saved as a whole.
 * @example
 * <AvailabilityEditor userId={user.id} words={words} />
 */
export function AvailabilityEditor({ userId, words }: { userId: string; words: ShiftWords }) {
  const { t } = useTranslation('app')
  const loaded = useAvailability(userId)
  // Told here, not in the form: the form starts afresh from each saved version.
  const [done, setDone] = useState(false)
  if (loaded.isPending) return <Spinner className="mx-auto size-6 text-primary-700" label={t('schedules.availability.loading')} />
  if (loaded.isError) return <Alert tone="error">{errorText(loaded.error)}</Alert>
  return (
    <div className="space-y-4">
      {done && <Alert tone="success">{t('schedules.availability.saved')}</Alert>}
      <AvailabilityForm key={loaded.data.version} saved={loaded.data} userId={userId} words={words} onSaving={() => setDone(false)} onSaved={() => setDone(true)} onReload={() => void loaded.refetch()} />
    </div>
  )
}

interface FormProps {
  saved: Availability
  userId: string
  words: ShiftWords
  onSaving: () => void
  onSaved: () => void
  onReload: () => void
}

function AvailabilityForm({ saved, userId, words, onSaving, onSaved, onReload }: FormProps) {
  const { t } = useTranslation('app')
  const settings = useSession((state) => state.context.settings)
  const save = useUpdateAvailability(userId)
  const [windows, setWindows] = useState<Window[]>(saved.windows)
  const [exceptions, setExceptions] = useState<Exception[]>(saved.exceptions)
  const start = weekStartFor(settings?.locale ?? 'en', settings?.week_start ?? 0)
  const weekdays = Array.from({ length: 7 }, (_, index) => (index + start) % 7)
  // 2023-01-01 was a Sunday: the days from it name the weekdays.
  const dayName = (weekday: number) => formatLocalDate(`2023-01-0${weekday + 1}`, words.locale, { weekday: 'long' })
  const changeWindow = (index: number, patch: Partial<Window>) => setWindows(windows.map((window, at) => (at === index ? { ...window, ...patch } : window)))
  const changeException = (index: number, patch: Partial<Exception>) => setExceptions(exceptions.map((exception, at) => (at === index ? { ...exception, ...patch } : exception)))
  const submit = () => {
    onSaving()
    save.mutate(
      { version: saved.version, windows, exceptions: exceptions.map((exception) => (exception.available ? exception : { ...exception, start: null, end: null })) },
      { onSuccess: onSaved },
    )
  }

  return (
    <div className="space-y-6">
      {save.error && (
        <Alert tone="error">
          {errorText(save.error)}
          {isStale(save.error) && (
            <Button variant="secondary" size="sm" className="mt-2" onClick={onReload}>
              {t('stale.reload')}
            </Button>
          )}
        </Alert>
      )}
      <Panel title={t('schedules.availability.weekly')} description={t('schedules.availability.weeklyHint')}>
        <ul className="divide-y divide-slate-100">
          {weekdays.map((weekday) => (
            <li key={weekday} className="flex flex-wrap items-start gap-3 py-3">
              <span className="w-28 pt-2 text-sm font-medium text-slate-800">{dayName(weekday)}</span>
              <div className="flex-1 space-y-2">
                {windows.map((window, index) =>
                  window.weekday !== weekday ? null : (
                    <div key={index} className="flex flex-wrap items-center gap-2">
                      <label className="sr-only" htmlFor={`window-${index}-start`}>
                        {t('schedules.availability.from', { day: dayName(weekday) })}
                      </label>
                      <input id={`window-${index}-start`} type="time" value={window.start} onChange={(event) => changeWindow(index, { start: event.target.value })} className={input} />
                      <span aria-hidden="true">–</span>
                      <label className="sr-only" htmlFor={`window-${index}-end`}>
                        {t('schedules.availability.until', { day: dayName(weekday) })}
                      </label>
                      <input id={`window-${index}-end`} type="time" value={window.end} onChange={(event) => changeWindow(index, { end: event.target.value })} className={input} />
                      <IconButton icon={TrashIcon} label={t('schedules.availability.removeHours', { day: dayName(weekday) })} onClick={() => setWindows(windows.filter((_, at) => at !== index))} />
                    </div>
                  ),
                )}
                <Button variant="ghost" size="sm" onClick={() => setWindows([...windows, { weekday, start: '09:00', end: '17:00' }])}>
                  <PlusIcon className="size-4" />
                  {t('schedules.availability.addHours', { day: dayName(weekday) })}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={t('schedules.availability.exceptions')} description={t('schedules.availability.exceptionsHint')}>
        {exceptions.length === 0 && <p className="mb-3 text-sm text-slate-600">{t('schedules.availability.noExceptions')}</p>}
        <ul className="space-y-3">
          {exceptions.map((exception, index) => (
            <li key={index} className="grid gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end">
              <label className="text-xs font-medium text-slate-700">
                {t('schedules.availability.date')}
                <input type="date" value={exception.date} onChange={(event) => changeException(index, { date: event.target.value })} className={`${input} mt-1`} />
              </label>
              <label className="text-xs font-medium text-slate-700">
                {t('schedules.availability.kind')}
                <select
                  value={exception.available ? 'some' : 'away'}
                  onChange={(event) => changeException(index, event.target.value === 'some' ? { available: true, start: exception.start ?? '09:00', end: exception.end ?? '17:00' } : { available: false })}
                  className={`${input} mt-1 pr-8`}
                >
                  <option value="away">{t('schedules.availability.away')}</option>
                  <option value="some">{t('schedules.availability.onlyBetween')}</option>
                </select>
              </label>
              <div className="flex flex-wrap items-end gap-2">
                {exception.available && (
                  <>
                    <label className="text-xs font-medium text-slate-700">
                      {t('schedules.availability.start')}
                      <input type="time" value={exception.start ?? ''} onChange={(event) => changeException(index, { start: event.target.value })} className={`${input} mt-1`} />
                    </label>
                    <label className="text-xs font-medium text-slate-700">
                      {t('schedules.availability.end')}
                      <input type="time" value={exception.end ?? ''} onChange={(event) => changeException(index, { end: event.target.value })} className={`${input} mt-1`} />
                    </label>
                  </>
                )}
                <label className="min-w-40 flex-1 text-xs font-medium text-slate-700">
                  {t('schedules.availability.note')}
                  <input type="text" value={exception.note ?? ''} maxLength={200} onChange={(event) => changeException(index, { note: event.target.value || null })} className={`${input} mt-1 w-full`} />
                </label>
              </div>
              <IconButton icon={TrashIcon} label={t('schedules.availability.removeException')} onClick={() => setExceptions(exceptions.filter((_, at) => at !== index))} />
            </li>
          ))}
        </ul>
        <Button variant="ghost" size="sm" className="mt-3" onClick={() => setExceptions([...exceptions, { date: todayOn(settings ?? { timezone: 'America/Toronto' }), available: false, start: null, end: null, note: null }])}>
          <PlusIcon className="size-4" />
          {t('schedules.availability.addException')}
        </Button>
      </Panel>
      <div className="flex justify-end">
        <Button onClick={submit} loading={save.isPending}>
          {t('schedules.availability.save')}
        </Button>
      </div>
    </div>
  )
}
