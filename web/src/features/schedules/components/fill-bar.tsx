import type { FillAssignment, FillProposal, FillReason, LocalDate, Shift } from '@rota/core'
import { createContext, useContext, useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useFill } from '../hooks/use-fill.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'

/** The proposal on the board: each proposed shift's assignment, whether it is kept, and how to keep or drop it. */
export interface Ghosts {
  proposal: FillProposal
  byShift: ReadonlyMap<string, FillAssignment>
  kept: ReadonlySet<string>
  toggle: (shiftId: string) => void
}

const GhostsContext = createContext<Ghosts | null>(null)
export const GhostsProvider = ({ ghosts, children }: { ghosts: Ghosts | null; children: ReactNode }) => <GhostsContext.Provider value={ghosts}>{children}</GhostsContext.Provider>
export const useGhosts = () => useContext(GhostsContext)

/**
 * The open shifts as the proposal staffs them, each moved to its person's row: what the board
 * draws while a proposal is shown (the ghost cards).
 */
export function withGhosts(shifts: readonly Shift[], ghosts: Ghosts | null): Shift[] {
  if (!ghosts) return [...shifts]
  return shifts.map((shift) => {
    const proposed = ghosts.byShift.get(shift.id)
    return proposed ? { ...shift, staff: proposed.staff } : shift
  })
}

/** Why someone was chosen, in words: "available · 12 h this week of a 30 h target · worked at this client recently". */
export function useReasonText() {
  const { t } = useTranslation('app')
  return (reason: FillReason, hours: (minutes: number) => string) =>
    [
      t('schedules.fill.reason.available'),
      reason.target_minutes !== null
        ? t('schedules.fill.reason.weekOfTarget', { hours: hours(reason.week_minutes), target: hours(reason.target_minutes) })
        : t('schedules.fill.reason.week', { hours: hours(reason.week_minutes) }),
      ...(reason.preferred_minutes !== null && reason.week_minutes > reason.preferred_minutes ? [t('schedules.fill.reason.overPreferred', { hours: hours(reason.preferred_minutes) })] : []),
      ...(reason.recent_client ? [t('schedules.fill.reason.recentClient')] : []),
      ...(reason.preferred_client ? [t('schedules.fill.reason.preferredClient')] : []),
      ...(reason.overtime ? [t('schedules.fill.reason.overtime')] : []),
    ].join(' · ')
}

/**
 * A proposed assignment on the board: dashed and faded, its reason in its title and its name,
 * kept or dropped with a click, Enter or Space (it is a toggle button).
 * @example
 * <GhostCard shift={shift} assignment={assignment} kept onToggle={toggle} words={words} />
 */
export function GhostCard({ shift, assignment, kept, onToggle, words }: { shift: Shift; assignment: FillAssignment; kept: boolean; onToggle: () => void; words: ShiftWords }) {
  const { t } = useTranslation('app')
  const reasonText = useReasonText()
  const reason = reasonText(assignment.reason, words.hours)
  return (
    <button
      type="button"
      aria-pressed={kept}
      title={reason}
      data-ghost={shift.id}
      onClick={onToggle}
      className={`block w-full rounded-md border-2 border-dashed px-2 py-1 text-left text-xs text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-primary-600 ${kept ? 'border-primary-500 bg-primary-50' : 'border-slate-300 bg-white opacity-60'}`}
    >
      <span className="flex flex-wrap items-center justify-between gap-x-1 font-semibold tabular-nums">
        <span className="whitespace-nowrap">{words.time(shift)}</span>
        <span className="text-[0.65rem] tracking-wide text-primary-800 uppercase">{kept ? t('schedules.fill.kept') : t('schedules.fill.dropped')}</span>
      </span>
      <span className="block truncate font-medium">{shift.location.name}</span>
      <span className="block truncate text-slate-600">{shift.service.name}</span>
      <span className="sr-only">{` ${words.longDay(shift.date)}, ${t('schedules.fill.proposedFor', { name: assignment.staff.name })}. ${reason}`}</span>
    </button>
  )
}

/**
 * The fill's bar above the board: propose for the week shown, then the proposal's figures
 * (filled, cost, overtime, fairness before → after; why each unfilled shift stayed open),
 * accept all, accept the ones kept, or discard; the ghost cards are on the board meanwhile.
 * A week without open shifts says just that.
 * @example
 * <FillBar from={week.firstDay} to={week.lastDay} words={words} shifts={shifts} onGhosts={setGhosts} onClose={close} />
 */
export function FillBar({ from, to, words, shifts, onGhosts, onClose }: { from: LocalDate; to: LocalDate; words: ShiftWords; shifts: readonly Shift[]; onGhosts: (ghosts: Ghosts | null) => void; onClose: () => void }) {
  const { t } = useTranslation('app')
  const fill = useFill()
  const { state, proposal, kept, result, error, send } = fill

  useEffect(() => {
    if (state !== 'proposal' || !proposal) return onGhosts(null)
    onGhosts({
      proposal,
      byShift: new Map(proposal.assignments.map((a) => [a.shift_id, a])),
      kept: new Set(kept),
      toggle: (shiftId) => send({ type: 'fill.keep', shift_ids: [shiftId], kept: !kept.includes(shiftId) }),
    })
  }, [state, proposal, kept]) // onGhosts and send are new at each render; what is shown is what matters
  useEffect(() => () => onGhosts(null), []) // eslint-disable-line react-hooks/exhaustive-deps -- clear the board when the bar goes
  useEffect(() => {
    if (state === 'cancelled') onClose()
  }, [state]) // eslint-disable-line react-hooks/exhaustive-deps

  const named = (shiftId: string) => {
    const shift = shifts.find((s) => s.id === shiftId)
    return shift ? `${words.longDay(shift.date)} ${words.time(shift)} · ${shift.location.name} · ${shift.service.name}` : shiftId
  }
  const cancel = () => send({ type: 'fill.cancel' })

  return (
    <section aria-label={t('schedules.fill.title')} className="mb-4 space-y-3 rounded-lg border border-primary-200 bg-primary-50/40 p-3 text-sm">
      {state === 'choosing' && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-slate-800">{t('schedules.fill.explain', { from: words.day(from, { month: 'short', day: 'numeric' }), to: words.day(to, { month: 'short', day: 'numeric', year: 'numeric' }) })}</p>
          <Button size="sm" onClick={() => send({ type: 'fill.choose', from, to })}>
            {t('schedules.fill.propose')}
          </Button>
          <Button size="sm" variant="secondary" onClick={cancel}>
            {t('schedules.fill.cancel')}
          </Button>
        </div>
      )}
      {(state === 'solving' || state === 'applying') && (
        <div className="flex items-center gap-3" aria-live="polite">
          <Spinner className="size-4 text-primary-700" label={t(state === 'solving' ? 'schedules.fill.solving' : 'schedules.fill.applying')} />
          <span>{t(state === 'solving' ? 'schedules.fill.solving' : 'schedules.fill.applying')}</span>
          {state === 'solving' && (
            <Button size="sm" variant="secondary" onClick={cancel}>
              {t('schedules.fill.cancel')}
            </Button>
          )}
        </div>
      )}
      {state === 'proposal' && proposal && proposal.assignments.length + proposal.unfilled.length === 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-slate-900" aria-live="polite">
            {t('schedules.fill.none')}
          </p>
          <Button size="sm" variant="secondary" onClick={cancel}>
            {t('schedules.fill.close')}
          </Button>
        </div>
      )}
      {state === 'proposal' && proposal && proposal.assignments.length + proposal.unfilled.length > 0 && (
        <div className="space-y-2">
          <p className="font-semibold text-slate-900" aria-live="polite">
            {proposal.assignments.length + proposal.unfilled.length === 1
              ? t('schedules.fill.summaryOne', { filled: proposal.assignments.length, total: 1 })
              : t('schedules.fill.summaryMany', { filled: proposal.assignments.length, total: proposal.assignments.length + proposal.unfilled.length })}
            {' '}
            <span className="font-normal text-slate-700">{t(`schedules.fill.method.${proposal.method}`)}</span>
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-4">
            <dt>{t('schedules.fill.totals.cost')}</dt>
            <dd className="tabular-nums">{`${words.money(proposal.totals.before.cost_cents)} → ${words.money(proposal.totals.after.cost_cents)}`}</dd>
            <dt>{t('schedules.fill.totals.overtime')}</dt>
            <dd className="tabular-nums">{`${words.hours(proposal.totals.before.overtime_minutes)} → ${words.hours(proposal.totals.after.overtime_minutes)}`}</dd>
            <dt>{t('schedules.fill.totals.fairness')}</dt>
            <dd className="tabular-nums">{`${words.hours(proposal.totals.before.fairness_spread_minutes)} → ${words.hours(proposal.totals.after.fairness_spread_minutes)}`}</dd>
          </dl>
          {proposal.unfilled.length > 0 && (
            <div>
              <p className="font-semibold text-slate-900">{t('schedules.fill.unfilled', { count: proposal.unfilled.length })}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
                {proposal.unfilled.map((open) => (
                  <li key={open.shift_id}>{t('schedules.fill.unfilledLine', { shift: named(open.shift_id), rule: t(`schedules.fill.rules.${open.rule}`) })}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="text-slate-600">{t('schedules.fill.ghostHint')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={proposal.assignments.length === 0}
              onClick={() => {
                send({ type: 'fill.keep', shift_ids: proposal.assignments.map((a) => a.shift_id), kept: true })
                send({ type: 'fill.apply' })
              }}
            >
              {t('schedules.fill.acceptAll')}
            </Button>
            {/* Enabled whenever it counts some: with every proposal kept it accepts what "Accept all" does. */}
            <Button size="sm" variant="secondary" disabled={kept.length === 0} onClick={() => send({ type: 'fill.apply' })}>
              {t('schedules.fill.acceptSome', { count: kept.length })}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => send({ type: 'fill.discard' })}>
              {t('schedules.fill.discard')}
            </Button>
            <Button size="sm" variant="secondary" onClick={cancel}>
              {t('schedules.fill.cancel')}
            </Button>
          </div>
        </div>
      )}
      {state === 'error' && (
        <Alert tone="error" title={t('schedules.fill.failed')}>
          {error}
          <span className="mt-2 flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => send({ type: 'fill.retry' })}>
              {t('schedules.fill.retry')}
            </Button>
            <Button size="sm" variant="secondary" onClick={cancel}>
              {t('schedules.fill.cancel')}
            </Button>
          </span>
        </Alert>
      )}
      {state === 'done' && result && (
        <Alert tone="success">
          <span className="flex flex-wrap items-center gap-3">
            {t('schedules.fill.applied', { count: result.applied })}
            <Button size="sm" variant="secondary" onClick={onClose}>
              {t('schedules.fill.close')}
            </Button>
          </span>
        </Alert>
      )}
    </section>
  )
}
