import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { documentTitle } from '../../lib/document-title.ts'

/**
 * A page's title: the h1, the document title, and where focus lands after navigating
 * (from the menu, a link, a notification), so a screen reader announces the new page.
 * Focus already inside the page, such as a field that asked for it, stays where it is.
 * @example
 * <PageHeading title={t('app:schedules.title')} description={t('app:schedules.description')} />
 */
export function PageHeading({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = documentTitle(t('documentTitle', { page: title }))
  }, [t, title])
  useEffect(() => {
    const active = document.activeElement
    if (!active || active === document.body || !active.closest('main')) heading.current?.focus({ preventScroll: true })
  }, [title])
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none">
          {title}
        </h1>
        {description && <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex gap-2">{actions}</div>}
    </div>
  )
}
