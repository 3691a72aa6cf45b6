import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { addLocalDays, localDay, type LocalDate, type Shift } from '@rota/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { CalendarIcon } from '../../../components/ui/area-icons.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useSession } from '../../../lib/services.tsx'
import { useShiftRecord } from '../api/get-shift.ts'
import { useAway } from '../api/list-away.ts'
import { useShifts } from '../api/list-shifts.ts'
import { useBoardPlace } from '../hooks/use-board-place.ts'
import { useShiftWords, type ShiftWords } from '../hooks/use-shift-words.ts'
import { boardWeek, formatWeek, todayOn } from '../utils/business-days.ts'
import { isAsked } from '../utils/away.ts'
import { totalsOf } from '../utils/board-rows.ts'
import { shareWithin } from '../utils/day-parts.ts'
import { AvailabilityEditor } from './availability-editor.tsx'
import { PeriodNavigation, Toggle } from './board-toolbar.tsx'
import { CalendarFeedPanel } from './calendar-feed-panel.tsx'
import { StaffShiftCard } from './staff-shift-card.tsx'

const FALLBACK_CLOCK = { timezone: 'America/Toronto', week_start: 0, locale: 'en' } as const
/** How far ahead the list and the open shifts look: the longest range one answer covers. */
const AHEAD_DAYS = 41

/** Whether two spans of time (a shift, time off) share a moment. */
const overlaps = (a: { starts_at: string; ends_at: string }, b: { starts_at: string; ends_at: string }) => Date.parse(a.starts_at) < Date.parse(b.ends_at) && Date.parse(b.starts_at) < Date.parse(a.ends_at)

/** Shifts grouped by business day, in order. */
function byDay(shifts: readonly Shift[]): [LocalDate, Shift[]][] {
  const days = new Map<LocalDate, Shift[]>()
  for (const shift of [...shifts].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) days.set(shift.date, [...(days.get(shift.date) ?? []), shift])
  return [...days.entries()]
}

const tabClass = 'shrink-0 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm focus:outline-none data-focus:ring-2 data-focus:ring-primary-600'

/**
 * What a staff member opens first, on a phone as much as on a computer: their shifts (coming
 * up, or a week at a time), the open shifts they can ask for, when they can work, and their
 * private calendar address. A notification's link (`?id=`) shows its shift's week with the
 * shift marked.
 * @example
 * <MyShifts />
 */
export function MyShifts() {
  const { t } = useTranslation('app')
  const words = useShiftWords()
  const me = useSession((state) => state.context.user)
  const clock = useSession((state) => state.context.settings) ?? FALLBACK_CLOCK
  const place = useBoardPlace()
  const today = todayOn(clock)
  const record = useOpenRecord()
  const linked = useShiftRecord(record.id)
  const [tab, setTab] = useState(0)
  const [layout, setLayout] = useState<'list' | 'week'>(record.id ? 'week' : 'list')
  const showWeekOf = linked.data && !place.date ? linked.data.date : null
  useEffect(() => {
    if (showWeekOf) place.go({ date: showWeekOf }, { replace: true })
  }, [showWeekOf]) // place.go is new at each render; the date to show is what matters
  useEffect(() => {
    if (!linked.data) return
    setTab(0)
    setLayout('week')
    document.querySelector(`[data-shift="${linked.data.id}"]`)?.scrollIntoView?.({ block: 'center' })
  }, [linked.data])

  // From yesterday: a night begun then is still ahead of (or around) its staff member after midnight.
  // The range the API serves in one page is six weeks: yesterday and the forty days after today.
  const ahead = useShifts({ from: addLocalDays(today, -1), to: addLocalDays(today, AHEAD_DAYS - 1) })
  const away = useAway({ from: today, to: addLocalDays(today, AHEAD_DAYS) }, useCan('timeoff-requests', 'read'))
  const now = Date.now()
  // Upcoming: not over yet (one at work stays until it is clocked out); an open shift, until it starts.
  const mine = (ahead.data ?? []).filter((shift) => shift.staff?.id === me?.id && (shift.status === 'in_progress' || Date.parse(shift.ends_at) > now))
  const open = (ahead.data ?? []).filter((shift) => !shift.staff && Date.parse(shift.starts_at) > now)
  if (!me) return null
  const myTimeOff = (away.data ?? []).filter((entry) => entry.staff.id === me.id && !isAsked(entry))
  // Why the server offers no request on an open shift: what the web can see of it, else its rules in general.
  const whyNot = (shift: Shift): string | null => {
    if (shift.allowed_events.includes('shift.request') || shift.requests.some((request) => request.requester.id === me.id)) return null
    if (myTimeOff.some((entry) => overlaps(entry, shift))) return t('schedules.mine.cannotTimeOff')
    if (mine.some((other) => other.status !== 'cancelled' && overlaps(other, shift))) return t('schedules.mine.cannotOverlap')
    return t('schedules.mine.cannotOther')
  }
  const askable = open.filter((shift) => whyNot(shift) === null).length

  return (
    <>
      <PageHeading title={t('pages.schedules.title')} description={t('schedules.mine.description')} />
      {record.id && linked.isError && <Alert tone="error">{t('schedules.panel.gone')}</Alert>}
      {record.id && linked.data && (
        <div className="mb-4">
          <Alert tone="info">{t('schedules.fromNotification')}</Alert>
        </div>
      )}
      <TabGroup selectedIndex={tab} onChange={setTab}>
        <TabList aria-label={t('schedules.mine.sections')} className="mb-4 flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
          <Tab className={tabClass}>{t('schedules.mine.myShifts')}</Tab>
          <Tab className={tabClass}>{t('schedules.mine.openShifts', { count: askable })}</Tab>
          <Tab className={tabClass}>{t('schedules.mine.availability')}</Tab>
          <Tab className={tabClass}>{t('schedules.mine.calendar')}</Tab>
        </TabList>
        <TabPanels>
          <TabPanel className="space-y-4 focus:outline-none">
            <Toggle
              label={t('schedules.mine.layout')}
              value={layout}
              onChange={setLayout}
              options={[
                { value: 'list', label: t('schedules.mine.list') },
                { value: 'week', label: t('schedules.mine.week') },
              ]}
            />
            {layout === 'list' ? (
              <ShiftList shifts={mine} loading={ahead.isPending} error={ahead.error} me={me.id} words={words} empty={t('schedules.mine.noneAhead')} />
            ) : (
              <MyWeek date={place.date ?? today} clock={clock} me={me.id} highlighted={record.id} words={words} onDate={(date) => place.go({ date })} />
            )}
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <p className="mb-4 text-sm text-slate-600">
              {t('schedules.mine.openHint')}
              {askable < open.length && ` ${t('schedules.mine.openCount', { total: open.length, count: askable })}`}
            </p>
            <ShiftList shifts={open} loading={ahead.isPending} error={ahead.error} me={me.id} words={words} empty={t('schedules.mine.noneOpen')} whyNot={whyNot} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <AvailabilityEditor userId={me.id} words={words} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <CalendarFeedPanel />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </>
  )
}

function ShiftList({
  shifts,
  loading,
  error,
  me,
  words,
  empty,
  highlighted = null,
  whyNot,
}: {
  shifts: readonly Shift[]
  loading: boolean
  error: unknown
  me: string
  words: ShiftWords
  empty: string
  highlighted?: string | null
  /** Why the person cannot ask for a shift, if they cannot. */
  whyNot?: (shift: Shift) => string | null
}) {
  const { t } = useTranslation('app')
  if (loading) return <Spinner className="mx-auto size-6 text-primary-700" label={t('schedules.board.loading')} />
  if (error) return <Alert tone="error">{errorText(error)}</Alert>
  if (shifts.length === 0) return <EmptyState title={empty} icon={CalendarIcon} />
  return (
    <div className="space-y-6">
      {byDay(shifts).map(([date, day]) => (
        <section key={date} aria-label={words.longDay(date)} className="space-y-2">
          <h2 className="text-sm font-semibold text-slate-700">{words.longDay(date)}</h2>
          {day.map((shift) => (
            <StaffShiftCard key={shift.id} shift={shift} me={me} words={words} highlighted={shift.id === highlighted} unavailable={whyNot?.(shift) ?? null} />
          ))}
        </section>
      ))}
    </div>
  )
}

function MyWeek({ date, clock, me, highlighted, words, onDate }: { date: LocalDate; clock: Parameters<typeof boardWeek>[1]; me: string; highlighted: string | null; words: ShiftWords; onDate: (date: LocalDate | null) => void }) {
  const { t } = useTranslation('app')
  const week = boardWeek(date, clock)
  // From the day before the week: a night begun then ends on the week's first day.
  const shifts = useShifts({ from: addLocalDays(week.firstDay, -1), to: week.lastDay })
  const mine = (shifts.data ?? []).filter((shift) => shift.staff?.id === me)
  const totals = totalsOf(mine.filter((shift) => shift.date >= week.firstDay))
  return (
    <div className="space-y-4">
      <PeriodNavigation
        label={formatWeek(week, words.locale)}
        previousLabel={t('schedules.board.previousWeek')}
        nextLabel={t('schedules.board.nextWeek')}
        onPrevious={() => onDate(addLocalDays(week.firstDay, -7))}
        onToday={() => onDate(null)}
        onNext={() => onDate(addLocalDays(week.firstDay, 7))}
      />
      <p className="text-sm text-slate-700 tabular-nums">{t('schedules.mine.weekHours', { hours: words.hours(totals.minutes) })}</p>
      {shifts.isPending ? (
        <Spinner className="mx-auto size-6 text-primary-700" label={t('schedules.board.loading')} />
      ) : shifts.isError ? (
        <Alert tone="error">{errorText(shifts.error)}</Alert>
      ) : (
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-7">
          {week.dates.map((day) => {
            const theirs = mine.filter((shift) => shift.date === day)
            const eve = addLocalDays(day, -1)
            const carried = mine.filter((shift) => shift.date === eve && shareWithin(shift, localDay(day, clock.timezone)) > 0)
            return (
              <li key={day} aria-label={words.longDay(day)} className="space-y-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
                <h2 className="text-sm font-semibold text-slate-800">{words.day(day)}</h2>
                {carried.map((shift) => (
                  <p key={shift.id} className="rounded-lg border border-l-0 border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-700 tabular-nums">
                    {t('schedules.mine.continued', { end: shift.end_time, place: shift.location.name })}
                  </p>
                ))}
                {theirs.length === 0 && carried.length === 0 ? (
                  <p className="text-xs text-slate-500">{t('schedules.mine.free')}</p>
                ) : (
                  theirs.map((shift) => <StaffShiftCard key={shift.id} shift={shift} me={me} words={words} highlighted={shift.id === highlighted} />)
                )}
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
