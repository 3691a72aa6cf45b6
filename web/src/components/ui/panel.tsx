import { useId, type ReactNode } from 'react'

/**
 * A titled section of a page (a settings group, the profile's security): a white card
 * with its heading, an optional line about it, and its actions at the foot.
 * @example
 * <Panel title={t('app:settings.invoices')} footer={<Button type="submit">{t('app:actions.save')}</Button>}>…</Panel>
 */
export function Panel({ title, description, actions, footer, children }: { title: string; description?: ReactNode; actions?: ReactNode; footer?: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-6 py-4">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex gap-2">{actions}</div>}
      </header>
      <div className="px-6 py-5">{children}</div>
      {footer && <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 bg-slate-50 px-6 py-3">{footer}</div>}
    </section>
  )
}

/**
 * A bar that fills as work advances; without a `max` it says only that work is going on.
 * @example
 * <ProgressBar label={t('app:imports.uploading')} value={bytes} max={file.size} />
 */
export function ProgressBar({ label, value, max }: { label: string; value: number; max?: number }) {
  const known = max !== undefined && max > 0
  const percent = known ? Math.min(100, Math.round((value / max) * 100)) : 100
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={known ? percent : undefined}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className={`h-full rounded-full bg-primary-600 transition-[width] ${known ? '' : 'animate-pulse'}`} style={{ width: `${percent}%` }} />
    </div>
  )
}
