import type { ReactNode } from 'react'
import { CheckIcon, InfoIcon, WarningIcon } from './icons.tsx'

const tones = {
  error: { box: 'bg-red-50 text-red-800 ring-red-200', icon: WarningIcon },
  warning: { box: 'bg-tertiary-50 text-tertiary-800 ring-tertiary-200', icon: WarningIcon },
  info: { box: 'bg-secondary-50 text-secondary-700 ring-secondary-200', icon: InfoIcon },
  success: { box: 'bg-secondary-50 text-secondary-700 ring-secondary-200', icon: CheckIcon },
} as const

/**
 * A message in the page. Errors are announced at once (`role="alert"`); the others politely.
 * @example
 * {error && <Alert tone="error">{error}</Alert>}
 */
export function Alert({ tone = 'info', title, children }: { tone?: keyof typeof tones; title?: ReactNode; children?: ReactNode }) {
  const { box, icon: Icon } = tones[tone]
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-lg p-3 text-sm ring-1 ring-inset ${box}`}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  )
}
