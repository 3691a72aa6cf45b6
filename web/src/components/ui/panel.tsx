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
