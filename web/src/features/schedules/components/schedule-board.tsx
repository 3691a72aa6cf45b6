import { addLocalDays, displayName, localDay, type LocalDate, type Shift } from '@rota/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyIcon, SendIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { CloseIcon } from '../../../components/ui/icons.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useRoleName } from '../../../lib/role-name.ts'
import { useSession } from '../../../lib/services.tsx'
import { useShiftRecord } from '../api/get-shift.ts'
import { useClients } from '../api/list-clients.ts'
import { useServiceChoices } from '../api/list-services.ts'
import { useShifts } from '../api/list-shifts.ts'
import { useTeam } from '../api/list-team.ts'
import { useBoardMoves } from '../hooks/use-board-moves.ts'
import { useHolidays } from '../hooks/use-holidays.ts'
import { useBoardPlace } from '../hooks/use-board-place.ts'
import { useShiftWords } from '../hooks/use-shift-words.ts'
import { useNarrowScreen } from '../hooks/use-narrow-screen.ts'
import { useStableHandler } from '../hooks/use-stable-handler.ts'
import { boardRows, dayTotals, keepUnchanged, NO_FILTERS, totalsOf, type BoardFilters, type BoardRow, type Client, type Person } from '../utils/board-rows.ts'
import { boardWeek, formatWeek, todayOn } from '../utils/business-days.ts'
import { totalsWithin } from '../utils/day-parts.ts'
import { publishPlan } from '../utils/publish-plan.ts'
import { BoardToolbar, PeriodNavigation } from './board-toolbar.tsx'
import { CopyWeekDialog } from './copy-week-dialog.tsx'
import { FillBar, GhostsProvider, withGhosts, type Ghosts } from './fill-bar.tsx'
import { DayTimeline } from './day-timeline.tsx'
import { PhoneBoard } from './phone-board.tsx'
import { PublishDialog, usePublishSummary } from './publish-dialog.tsx'
import { ShiftPanel, type PanelTarget } from './shift-panel.tsx'
import type { ServiceChoice, ShiftDefaults } from './shift-form.tsx'
import { WeekGrid, type Drop } from './week-grid.tsx'
import { useAway } from '../api/list-away.ts'
import { awayByRow } from '../utils/away.ts'

const FALLBACK_CLOCK = { timezone: 'America/Toronto', week_start: 0, locale: 'en' } as const

/** People, clients and services named by the shifts, for a viewer who may not read the lists themselves. */
function namedIn(shifts: readonly Shift[]) {
  const people = new Map<string, Person>()
  const clients = new Map<string, Client>()
  const services = new Map<string, ServiceChoice>()
  for (const shift of shifts) {
    if (shift.staff) people.set(shift.staff.id, { id: shift.staff.id, name: shift.staff.name, role: null })
    clients.set(shift.location.id, { id: shift.location.id, name: shift.location.name, city: null })
    services.set(shift.service.id, shift.service)
  }
  const byName = <T extends { name: string }>(map: Map<string, T>) => [...map.values()].sort((a, b) => a.name.localeCompare(b.name))
  return { people: byName(people), clients: byName(clients), services: byName(services) }
}

const NAMED_NONE: ReturnType<typeof namedIn> = { people: [], clients: [], services: [] }

/**
 * The scheduler's board: a week (or a day) of shifts by person or by client, totals per row,
 * day and week; shifts dragged, copied, added from a cell, changed in the side panel; last
 * week copied in; the week's changes published with a summary first.
 * @example
 * <ScheduleBoard />
 */
export function ScheduleBoard() {
  const { t } = useTranslation('app')
  const words = useShiftWords()
  const roleName = useRoleName()
  const clock = useSession((state) => state.context.settings) ?? FALLBACK_CLOCK
  const place = useBoardPlace()
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS)
  const record = useOpenRecord()
  // Where a new shift starts from (the cell clicked); `?id=new` alone, after a reload, starts on the day shown.
  const [defaults, setDefaults] = useState<ShiftDefaults | null>(null)
  const [publishing, setPublishing] = useState(false)
  const [copying, setCopying] = useState(false)
  const [published, setPublished] = useState<string | null>(null)
  const [filling, setFilling] = useState(false)
  const [ghosts, setGhosts] = useState<Ghosts | null>(null)
  const canFill = useCan('schedules', 'update')
  const canDelete = useCan('schedules', 'delete')
  const canCreate = useCan('schedules', 'create')

  const today = todayOn(clock)
  const linked = useShiftRecord(record.id)
  // A notification's link names a shift, not a week: show the week it is in.
  const showWeekOf = linked.data && !place.date ? linked.data.date : null
  useEffect(() => {
    if (showWeekOf) place.go({ date: showWeekOf }, { replace: true })
  }, [showWeekOf]) // place.go is new at each render; the date to show is what matters
  const date = place.date ?? today
  const week = useMemo(() => boardWeek(date, clock), [date, clock])
  const holidays = useHolidays(week.dates)
  const shifts = useShifts({ from: week.firstDay, to: week.lastDay })
  const team = useTeam(useCan('users', 'read'))
  const clientList = useClients(useCan('locations', 'read'))
  const serviceList = useServiceChoices(useCan('services', 'read'))

  const savedShifts = useMemo(() => shifts.data ?? [], [shifts.data])
  // While a proposal is shown, its open shifts stand in their people's rows as ghosts.
  const weekShifts = useMemo(() => withGhosts(savedShifts, ghosts), [savedShifts, ghosts])
  // Read from the shifts only while a list is missing (not the viewer's to read, or not here yet).
  const lists = team.data && clientList.data && serviceList.data
  const named = useMemo(() => (lists ? NAMED_NONE : namedIn(weekShifts)), [lists, weekShifts])
  const people: Person[] = useMemo(
    () => (team.data ? team.data.map((user) => ({ id: user.id, name: displayName(user), role: { id: user.role.id, name: roleName(user.role.name) } })) : named.people),
    [team.data, named.people, roleName],
  )
  const clients: Client[] = useMemo(() => (clientList.data ? clientList.data.map((client) => ({ id: client.id, name: client.name, city: client.city })) : named.clients), [clientList.data, named.clients])
  const services: ServiceChoice[] = useMemo(() => serviceList.data ?? named.services, [serviceList.data, named.services])

  // A phone shows a day at a time, picked among the week's: its rows keep the whole week for the picker's counts.
  const phone = useNarrowScreen()
  const timeline = place.view === 'day' && !phone
  // The day view shows the nights begun the day before too: asked for apart when that day is in the week before.
  const eve = addLocalDays(date, -1)
  const eveShifts = useShifts({ from: eve, to: eve }, timeline && eve < week.firstDay)
  const shownShifts = useMemo(() => (timeline && eve < week.firstDay ? [...(eveShifts.data ?? []), ...weekShifts] : weekShifts), [timeline, eve, week.firstDay, eveShifts.data, weekShifts])
  const dates = useMemo(() => (timeline ? [eve, date] : week.dates), [timeline, eve, date, week])
  const dayRange = useMemo(() => localDay(date, clock.timezone), [date, clock.timezone])
  // Rows that show the same as before stay the same objects, so that only the rows a change concerns are drawn again.
  const shownRows = useRef<BoardRow[]>([])
  const rows = useMemo(
    () => (shownRows.current = keepUnchanged(shownRows.current, boardRows({ shifts: shownShifts, dates, by: place.by, team: people, clients, filters }))),
    [shownShifts, dates, place.by, people, clients, filters],
  )
  // A day counts the time that falls on it (a night is shared with the next day); a week each shift whole, on the day it starts.
  const totals = useMemo(() => {
    const all = rows.flatMap((row) => [...row.cells.values()].flat())
    return { days: dayTotals(rows, week.dates), all: timeline ? totalsWithin(all, dayRange) : totalsOf(all) }
  }, [rows, week.dates, timeline, dayRange])
  const awayEntries = useAway({ from: week.firstDay, to: week.lastDay }, useCan('timeoff-requests', 'read'))
  const away = useMemo(() => awayByRow(awayEntries.data ?? [], week.dates), [awayEntries.data, week.dates])
  const rowName = (rowKey: string) => (rowKey === 'open' ? t('schedules.board.openShifts') : (rows.find((row) => row.key === rowKey)?.label ?? ''))
  const moves = useBoardMoves({ words, rowName })
  const plan = useMemo(() => publishPlan(weekShifts), [weekShifts])
  const oneDay = place.view === 'day' || phone
  const shown = phone ? (totals.days.get(date) ?? totals.all) : totals.all
  const summary = usePublishSummary()
  const weekLabel = formatWeek(week, words.locale)

  // Ctrl+Z (⌘Z) undoes the last move while no field has the focus.
  useEffect(() => {
    const undo = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [role="dialog"]')
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && !typing && moves.canUndo) {
        event.preventDefault()
        void moves.undo()
      }
    }
    window.addEventListener('keydown', undo)
    return () => window.removeEventListener('keydown', undo)
  }, [moves])

  const step = place.view === 'day' ? 1 : 7
  const target: PanelTarget | null = record.id ? { kind: 'edit', id: record.id } : record.isNew && canCreate ? { kind: 'new', defaults: defaults ?? { date } } : null
  const open = useStableHandler((shift: Shift) => record.open(shift.id))
  const create = useStableHandler(({ rowKey, date: day, start }: { rowKey: string; date: LocalDate; start?: string }) => {
    if (!canCreate) return
    const [kind, id] = rowKey.split(':')
    setDefaults({ date: day, ...(start ? { start } : {}), ...(kind === 'staff' ? { staff_id: id } : kind === 'client' ? { location_id: id } : { staff_id: null }) })
    record.openNew()
  })
  const drop = useStableHandler((move: Drop) => void moves.drop(move))
  const close = () => {
    setDefaults(null)
    record.close()
  }

  return (
    <>
      <PageHeading
        title={t('pages.schedules.title')}
        description={t('pages.schedules.description')}
        actions={
          // On a phone the buttons go to as many lines as they need, each on one line.
          <div className="flex flex-wrap gap-2 *:whitespace-nowrap">
            {canFill && (
              <Button variant="secondary" onClick={() => setFilling(true)} disabled={filling}>
                {t('schedules.fill.open')}
              </Button>
            )}
            {canCreate && (
              <Button variant="secondary" onClick={() => setCopying(true)}>
                <CopyIcon className="size-4" />
                {t('schedules.copy.open')}
              </Button>
            )}
            <Button onClick={() => setPublishing(true)} disabled={plan.ids.length === 0} title={plan.ids.length === 0 ? t('schedules.publish.nothing') : summary(plan)}>
              <SendIcon className="size-4" />
              {plan.ids.length > 0 ? t('schedules.publish.open', { count: plan.ids.length }) : t('schedules.publish.upToDate')}
            </Button>
          </div>
        }
      />
      <BoardToolbar
        compact={phone}
        view={place.view}
        by={place.by}
        filters={filters}
        people={people}
        clients={clients}
        services={services}
        onView={(view) => place.go({ view })}
        onBy={(by) => place.go({ by })}
        onFilters={setFilters}
        navigation={
          <PeriodNavigation
            label={place.view === 'day' ? words.longDay(date) : weekLabel}
            previousLabel={place.view === 'day' ? t('schedules.board.previousDay') : t('schedules.board.previousWeek')}
            nextLabel={place.view === 'day' ? t('schedules.board.nextDay') : t('schedules.board.nextWeek')}
            onPrevious={() => place.go({ date: addLocalDays(date, -step) })}
            onToday={() => place.go({ date: null })}
            onNext={() => place.go({ date: addLocalDays(date, step) })}
          />
        }
      />
      {filling && place.view === 'week' && (
        <FillBar key={week.firstDay} from={week.firstDay} to={week.lastDay} words={words} shifts={savedShifts} onGhosts={setGhosts} onClose={() => setFilling(false)} />
      )}
      <div className="mb-3 flex flex-wrap items-center gap-x-6 gap-y-1 text-sm text-slate-700 tabular-nums" aria-live="polite">
        {t(oneDay ? 'schedules.board.dayTotals' : 'schedules.board.weekTotals', { hours: words.hours(shown.minutes), cost: words.money(shown.cost), value: words.money(shown.value) })}
        {shifts.isFetching && <Spinner className="size-4 text-primary-700" label={t('schedules.board.loading')} />}
      </div>
      {shifts.isError ? (
        <Alert tone="error" title={t('schedules.board.unavailable')}>
          {errorText(shifts.error)}
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void shifts.refetch()}>
            {t('schedules.board.retry')}
          </Button>
        </Alert>
      ) : phone ? (
        <PhoneBoard
          rows={rows}
          dates={week.dates}
          date={date}
          today={today}
          days={totals.days}
          by={place.by}
          words={words}
          away={away}
          holidays={holidays}
          onDate={(day) => place.go({ date: day })}
          onOpen={open}
          onCreate={create}
        />
      ) : place.view === 'day' ? (
        <DayTimeline rows={rows} date={date} day={dayRange} away={away} by={place.by} words={words} caption={t('schedules.board.dayCaption', { day: words.longDay(date) })} holiday={holidays.get(date)} onOpen={open} onCreate={create} />
      ) : (
        <GhostsProvider ghosts={ghosts}>
        <WeekGrid
          rows={rows}
          dates={week.dates}
          by={place.by}
          today={today}
          days={totals.days}
          week={totals.all}
          words={words}
          caption={t('schedules.board.caption', { week: weekLabel })}
          away={away}
          holidays={holidays}
          onOpen={open}
          onCreate={create}
          onDrop={drop}
        />
        </GhostsProvider>
      )}
      {shifts.isSuccess && weekShifts.length === 0 && !phone && <p className="mt-3 text-sm text-slate-600">{t('schedules.board.emptyWeek')}</p>}
      {(moves.note || published) && (
        // Beside the board rather than above it, so that a move does not push the board down.
        <div className="fixed inset-x-4 bottom-4 z-30 mx-auto max-w-xl space-y-2 shadow-lg sm:bottom-6">
          {moves.note && (
            <Alert tone={moves.note.tone}>
              <span className="flex flex-wrap items-center gap-3">
                {moves.note.text}
                {moves.note.undoable && moves.canUndo && (
                  <Button variant="secondary" size="sm" onClick={() => void moves.undo()} disabled={moves.busy}>
                    {t('schedules.board.undo')}
                  </Button>
                )}
                <IconButton icon={CloseIcon} label={t('schedules.board.dismiss')} iconClassName="size-4" onClick={moves.dismiss} />
              </span>
            </Alert>
          )}
          {published && (
            <Alert tone="success">
              <span className="flex flex-wrap items-center gap-3">
                {published}
                <IconButton icon={CloseIcon} label={t('schedules.board.dismiss')} iconClassName="size-4" onClick={() => setPublished(null)} />
              </span>
            </Alert>
          )}
        </div>
      )}
      {target && <ShiftPanel target={target} people={people} clients={clients} services={services} words={words} canDelete={canDelete} onClose={close} />}
      {publishing && (
        <PublishDialog
          plan={plan}
          week={weekLabel}
          onClose={() => setPublishing(false)}
          onPublished={(notified) => {
            setPublishing(false)
            setPublished(notified === 1 ? t('schedules.publish.doneOne', { count: notified }) : t('schedules.publish.doneMany', { count: notified }))
          }}
        />
      )}
      {copying && (
        <CopyWeekDialog
          from={addLocalDays(week.firstDay, -7)}
          to={week.firstDay}
          fromLabel={formatWeek(boardWeek(addLocalDays(week.firstDay, -7), clock), words.locale)}
          toLabel={weekLabel}
          shifts={savedShifts}
          words={words}
          onClose={() => setCopying(false)}
        />
      )}
    </>
  )
}
