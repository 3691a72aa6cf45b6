import { initials } from '@rota/core'

/**
 * The business's logo and name from its settings (SPEC.md §1); its initials on a tile until a logo is set.
 * A name too long for the space ends in an ellipsis and shows whole on hover.
 * @example
 * <CompanyBadge name={settings.business_name} logoUrl={logo} />
 */
export function CompanyBadge({ name, logoUrl, collapsed = false }: { name: string; logoUrl: string | null; collapsed?: boolean }) {
  const [first = '', ...rest] = name.trim().split(/\s+/)
  return (
    <span className="flex min-w-0 items-center gap-3">
      {logoUrl ? (
        <img src={logoUrl} alt="" className="size-9 shrink-0 rounded-lg object-cover ring-1 ring-slate-200" />
      ) : (
        <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary-700 text-sm font-bold text-white">
          {initials({ firstname: first, lastname: rest.at(-1) ?? '' }) || 'R'}
        </span>
      )}
      <span title={collapsed ? undefined : name} className={collapsed ? 'sr-only' : 'min-w-0 truncate text-sm font-semibold text-slate-900'}>
        {name}
      </span>
    </span>
  )
}
