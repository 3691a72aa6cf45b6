import type { ComponentType, ReactNode } from 'react'
import { InboxIcon } from './icons.tsx'

/**
 * What a page shows when it has nothing to list yet: what will appear here and how to start.
 * `heading` 1 when it is all the page has (a link that is not valid), so the page keeps its title.
 * @example
 * <EmptyState title={t('app:empty.title')} description={t('app:schedules.empty')} />
 */
export function EmptyState({
  title,
  description,
  icon: Icon = InboxIcon,
  heading = 2,
  children,
}: {
  title: string
  heading?: 1 | 2
  description?: string
  icon?: ComponentType<{ className?: string }>
  children?: ReactNode
}) {
  return (
    <section className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center" aria-label={title}>
      <div className="mx-auto mb-4 grid size-12 place-items-center rounded-full bg-secondary-100 text-primary-700">
        <Icon className="size-6" />
      </div>
      {heading === 1 ? <h1 className="text-lg font-semibold text-slate-900">{title}</h1> : <h2 className="text-base font-semibold text-slate-900">{title}</h2>}
      {description && <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{description}</p>}
      {children && <div className="mt-6 flex justify-center gap-3">{children}</div>}
    </section>
  )
}
