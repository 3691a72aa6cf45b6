import { addLocalDays, firstDayOfWeek, lastDayOfLocalMonth, localDateOf, weekStartFor, type TimeoffCalendarEntry } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { ChevronLeftIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ChevronRightIcon } from '../../../components/ui/icons.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { useTimeoffCalendar } from '../api/get-calendar.ts'
import { formatLeaveDay } from '../utils/leave.ts'
import { useCategoryName } from '../hooks/use-category-name.ts'

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
/** A month view shows six weeks, whatever day the month starts on. */
const GRID_DAYS = 42

/** The month before or after `month` (YYYY-MM). */
function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const moved = new Date(Date.UTC(year, index - 1 + by, 1))
  return moved.toISOString().slice(0, 7)
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`)

/**
 * Who is away, a month at a time (`?month=2027-03` in the address): each day with the people
 * away, coloured by their category (colleagues' time off shows only as "Away"), pending
 * requests marked. A table of weeks on a desk, the days with someone away listed on a phone.
 * Someone whose request the reader may open opens it in the panel.
 * @example
 * <TeamCalendar decides={canDecide} />
 */
export function TeamCalendar({ decides }: { decides: boolean }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const settings = useSession((state) => state.context.settings)
  const me = useSession((state) => state.context.user?.id)
  const record = useOpenRecord()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const timeZone = settings?.timezone ?? 'America/Toronto'
  const asked = new URLSearchParams(search).get('month')
  const month = asked && MONTH.test(asked) ? asked : localDateOf(new Date(), timeZone).slice(0, 7)
  const weekStart = weekStartFor(settings?.locale ?? locale, settings?.week_start ?? 0)
  const firstDay = firstDayOfWeek(`${month}-01`, weekStart)
  const days = Array.from({ length: GRID_DAYS }, (_, index) => addLocalDays(firstDay, index))
  const calendar = useTimeoffCalendar({ from: days[0]!, to: days[GRID_DAYS - 1]! })
  const go = (next: string) => {
    const params = new URLSearchParams(search)
    params.set('month', next)
    navigate(`${location}?${params.toString()}`)
  }

  const monthName = new Intl.DateTimeFormat(`${locale}-CA`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(`${month}-01`))
  const weekdays = days.slice(0, 7).map((day) => new Intl.DateTimeFormat(`${locale}-CA`, { weekday: 'short', timeZone: 'UTC' }).format(utcDay(day)))
  const entries = calendar.data ?? []
  const awayOn = (day: string) => entries.filter((entry) => entry.start_date <= day && entry.end_date >= day)
  const inMonth = (day: string) => day.startsWith(month)
  const openable = (entry: TimeoffCalendarEntry) => decides || entry.staff.id === me
  const lastDay = lastDayOfLocalMonth(`${month}-01`)
  const busyDays = days.filter((day) => inMonth(day) && day <= lastDay && awayOn(day).length > 0)

  return (
    <section aria-labelledby="timeoff-calendar-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="timeoff-calendar-title" className="text-lg font-semibold text-slate-900 first-letter:uppercase" aria-live="polite">
          {monthName}
        </h2>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => go(shiftMonth(month, -1))}>
            <ChevronLeftIcon className="size-4" />
            <span className="sr-only">{t('timeoff.calendar.previous')}</span>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => go(localDateOf(new Date(), timeZone).slice(0, 7))}>
            {t('timeoff.calendar.today')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => go(shiftMonth(month, 1))}>
            <ChevronRightIcon className="size-4" />
            <span className="sr-only">{t('timeoff.calendar.next')}</span>
          </Button>
        </div>
      </div>
      {calendar.isError ? (
        <Alert tone="error" title={t('timeoff.calendar.unavailable')}>
          {errorText(calendar.error)}
        </Alert>
      ) : calendar.isPending ? (
        <Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('timeoff.calendar.loading')} />
      ) : (
        <>
          <table className="hidden w-full table-fixed border-collapse text-sm sm:table" aria-busy={calendar.isFetching || undefined}>
            <caption className="sr-only">{t('timeoff.calendar.caption', { month: monthName })}</caption>
            <thead>
              <tr>
                {weekdays.map((weekday) => (
                  <th key={weekday} scope="col" className="pb-2 text-left text-xs font-semibold text-slate-500 uppercase">
                    {weekday}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: GRID_DAYS / 7 }, (_, week) => (
                <tr key={week}>
                  {days.slice(week * 7, week * 7 + 7).map((day) => (
                    <td key={day} className={`h-24 border border-slate-100 p-1.5 align-top ${inMonth(day) ? '' : 'bg-slate-50 text-slate-500'}`}>
                      <span className="text-xs font-medium" aria-hidden="true">
                        {Number(day.slice(8))}
                      </span>
                      <span className="sr-only">{formatLeaveDay(day, locale)}</span>
                      <ul className="mt-1 space-y-1">
                        {awayOn(day).map((entry) => (
                          <li key={entry.id}>
                            <Absence entry={entry} onOpen={openable(entry) ? () => record.open(entry.id) : undefined} compact />
                          </li>
                        ))}
                      </ul>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="sm:hidden">
            {busyDays.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">{t('timeoff.calendar.nobody')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {busyDays.map((day) => (
                  <li key={day} className="py-3">
                    <h3 className="text-sm font-semibold text-slate-900">{formatLeaveDay(day, locale)}</h3>
                    <ul className="mt-2 space-y-1.5">
                      {awayOn(day).map((entry) => (
                        <li key={entry.id}>
                          <Absence entry={entry} onOpen={openable(entry) ? () => record.open(entry.id) : undefined} />
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Legend entries={entries} />
        </>
      )}
    </section>
  )
}

/** One person away on a day: their name and why (or just "Away"), a pending request dashed. */
function Absence({ entry, onOpen, compact = false }: { entry: TimeoffCalendarEntry; onOpen?: (() => void) | undefined; compact?: boolean }) {
  const { t } = useTranslation('app')
  const categoryName = useCategoryName()
  const colour = entry.category?.colour ?? '#94a3b8'
  const why = entry.category ? categoryName(entry.category.name) : t('timeoff.calendar.away')
  const pending = entry.status === 'pending'
  const body = (
    <>
      <span className="block truncate font-medium text-slate-900">{entry.staff.name}</span>
      <span className={`block truncate text-slate-600 ${compact ? 'sr-only' : ''}`}>
        {why}
        {pending && ` · ${t('timeoff.calendar.pending')}`}
      </span>
    </>
  )
  const className = `block w-full rounded-md border-l-4 bg-slate-50 px-1.5 py-0.5 text-left text-xs ${pending ? 'border-dashed opacity-80' : ''}`
  const style = { borderLeftColor: colour }
  if (!onOpen) {
    return (
      <span className={className} style={style} title={why}>
        {body}
      </span>
    )
  }
  return (
    <button type="button" onClick={onOpen} className={`${className} hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-600`} style={style} title={why}>
      {body}
    </button>
  )
}

/** The categories on the month, with their colours. */
function Legend({ entries }: { entries: readonly TimeoffCalendarEntry[] }) {
  const categoryName = useCategoryName()
  const { t } = useTranslation('app')
  const seen = new Map<string, { name: string; colour: string }>()
  for (const entry of entries) seen.set(entry.category?.id ?? 'away', entry.category ?? { name: t('timeoff.calendar.away'), colour: '#94a3b8' })
  if (seen.size === 0) return <p className="mt-4 hidden text-sm text-slate-600 sm:block">{t('timeoff.calendar.nobody')}</p>
  return (
    <ul aria-label={t('timeoff.calendar.legend')} className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {[...seen.entries()].map(([id, category]) => (
        <li key={id} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: category.colour }} />
          {categoryName(category.name)}
        </li>
      ))}
    </ul>
  )
}
