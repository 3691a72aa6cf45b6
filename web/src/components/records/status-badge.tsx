import { useTranslation } from 'react-i18next'
import { Badge, type BadgeTone } from '../ui/badge.tsx'

/** What a status means at a glance: nothing yet, under way, done well, waiting on someone, refused or lost. */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger'

const badgeTones: Record<StatusTone, BadgeTone> = {
  neutral: 'slate',
  info: 'teal',
  success: 'green',
  warning: 'amber',
  danger: 'red',
}

/**
 * Every status a record screen shows, by lifecycle, with its tone: the states of the
 * lifecycle machines (a test checks none is missing), the statuses derived from them
 * (an open shift, an overdue invoice, a timesheet an approved payroll locked), and `record`
 * for what has no lifecycle but can be retired (a client, a service). Each reads as `records.statuses.{lifecycle}.{status}` in `app`.
 */
export const STATUS_TONES = {
  record: { active: 'success', inactive: 'neutral' },
  shift: { draft: 'neutral', open: 'warning', published: 'info', in_progress: 'info', completed: 'success', cancelled: 'neutral' },
  timesheet: { pending: 'warning', approved: 'success', rejected: 'danger', locked: 'info' },
  timeoff: { pending: 'warning', approved: 'success', cancellation_requested: 'warning', rejected: 'danger', cancelled: 'neutral' },
  invoice: { draft: 'neutral', sent: 'info', partially_paid: 'warning', overdue: 'danger', paid: 'success', void: 'neutral' },
  expense: { submitted: 'warning', approved: 'info', rejected: 'danger', reimbursed: 'success' },
  payroll: { draft: 'neutral', approved: 'info', paid: 'success' },
} as const satisfies Record<string, Record<string, StatusTone>>

export type Lifecycle = keyof typeof STATUS_TONES
export type StatusIn<L extends Lifecycle> = keyof (typeof STATUS_TONES)[L] & string
type StatusKey = { [L in Lifecycle]: `records.statuses.${L}.${StatusIn<L>}` }[Lifecycle]

/**
 * A record's status as a coloured pill, in the reader's language: the same words and
 * colours on every screen and in every History tab. A status Rota does not know (sent by
 * a newer server) shows as it is, neutral, rather than nothing.
 * @example
 * <StatusBadge lifecycle="invoice" status={isOverdue(invoice.status, invoice.due_date, today) ? 'overdue' : invoice.status} />
 */
export function StatusBadge<L extends Lifecycle>({ lifecycle, status }: { lifecycle: L; status: StatusIn<L> }) {
  const { t } = useTranslation('app')
  const tones: Partial<Record<string, StatusTone>> = STATUS_TONES[lifecycle]
  const key = `records.statuses.${lifecycle}.${status}` as StatusKey
  return <Badge tone={badgeTones[tones[status] ?? 'neutral']}>{t(key, { defaultValue: status })}</Badge>
}

/**
 * Whether a record without a lifecycle (a client, a service) is still offered: Active in
 * green, or Inactive.
 * @example
 * <ActiveBadge active={location.active} />
 */
export function ActiveBadge({ active }: { active: boolean }) {
  return <StatusBadge lifecycle="record" status={active ? 'active' : 'inactive'} />
}
