import type { Shift } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useShiftEvent } from '../api/shift-event.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import { shiftColours } from './shift-colour.ts'
import { StaffEventDialog, type StaffAsk } from './staff-event-dialog.tsx'

const ASKS: readonly StaffAsk[] = ['shift.request', 'shift.drop', 'shift.swap']
const HOUR = 3_600_000

/** Clocking in is offered from two hours before the shift until its end, not days ahead. */
const startsSoon = (shift: Shift, now = Date.now()) => now >= Date.parse(shift.starts_at) - 2 * HOUR && now <= Date.parse(shift.ends_at)

/**
 * One shift as its staff member sees it: when, where, what, its status and their pending
 * request, and what they may do — take an open shift, ask to drop or swap theirs, withdraw
 * what they asked, clock in — exactly as the machine allows.
 * @example
 * <StaffShiftCard shift={shift} me={user.id} words={words} />
 */
export function StaffShiftCard({ shift, me, words, highlighted = false }: { shift: Shift; me: string; words: ShiftWords; highlighted?: boolean }) {
  const { t } = useTranslation('app')
  const event = useShiftEvent()
  const [asking, setAsking] = useState<StaffAsk | null>(null)
  const [copied, setCopied] = useState(false)
  const allowed = new Set(shift.allowed_events)
  const mine = shift.requests.find((request) => request.requester.id === me && request.status === 'pending')
  const version = shift.version
  const copyCode = async () => {
    await navigator.clipboard?.writeText(shift.id).catch(() => {})
    setCopied(true)
  }
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
        <Badge tone={shift.status === 'published' ? (shift.staff ? 'green' : 'teal') : shift.status === 'cancelled' ? 'red' : 'slate'}>
          {shift.status === 'published' && !shift.staff ? t('schedules.card.open') : words.status(shift.status)}
        </Badge>
      </div>
      <p className="mt-1 text-slate-700">
        {shift.service.name}
        {shift.break_minutes > 0 && ` · ${t('schedules.mine.break', { duration: words.hours(shift.break_minutes) })}`}
      </p>
      {shift.notes && <p className="mt-1 text-slate-700 italic">{shift.notes}</p>}
      {mine && (
        <p className="mt-2 font-medium text-primary-900">
          {mine.kind === 'take' && t('schedules.mine.askedTake')}
          {mine.kind === 'drop' && t('schedules.mine.askedDrop')}
          {mine.kind === 'swap' && t('schedules.mine.askedSwap')}
        </p>
      )}
      {event.error && (
        <div className="mt-2">
          <Alert tone="error">{errorText(event.error)}</Alert>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {ASKS.filter((type) => allowed.has(type)).map((type) => (
          <Button key={type} size="sm" variant={type === 'shift.request' ? 'primary' : 'secondary'} onClick={() => setAsking(type)}>
            {words.event(type)}
          </Button>
        ))}
        {allowed.has('shift.withdraw') && mine && (
          <Button size="sm" variant="secondary" loading={event.isPending} onClick={() => event.mutate({ id: shift.id, body: { type: 'shift.withdraw', version, request_id: mine.id } })}>
            {words.event('shift.withdraw')}
          </Button>
        )}
        {allowed.has('shift.clock_in') && startsSoon(shift) && (
          <Button size="sm" variant="ghost" loading={event.isPending} onClick={() => event.mutate({ id: shift.id, body: { type: 'shift.clock_in', version } })}>
            {words.event('shift.clock_in')}
          </Button>
        )}
        {allowed.has('shift.complete') && (
          <Button size="sm" loading={event.isPending} onClick={() => event.mutate({ id: shift.id, body: { type: 'shift.complete', version } })}>
            {words.event('shift.complete')}
          </Button>
        )}
        {shift.staff?.id === me && shift.status === 'published' && (
          <Button size="sm" variant="ghost" onClick={() => void copyCode()} title={t('schedules.mine.codeHint')}>
            <CopyIcon className="size-4" />
            {copied ? t('schedules.mine.codeCopied') : t('schedules.mine.copyCode')}
          </Button>
        )}
      </div>
      {asking && <StaffEventDialog shift={shift} type={asking} words={words} onClose={() => setAsking(null)} />}
    </article>
  )
}
