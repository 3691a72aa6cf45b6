import type { ReactNode } from 'react'

const tones = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  teal: 'bg-primary-50 text-primary-800 ring-primary-600/25',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  red: 'bg-red-50 text-red-800 ring-red-600/25',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const

export type BadgeTone = keyof typeof tones

/**
 * A short status in a pill: active, invited, expired…
 * @example
 * <Badge tone="green">{t('app:status.active')}</Badge>
 */
export function Badge({ tone = 'slate', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}>{children}</span>
}
