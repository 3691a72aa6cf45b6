import type { ButtonHTMLAttributes, ComponentType } from 'react'
import { Link } from 'wouter'

const iconButtonClass =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent'

interface IconActionProps {
  /** What the action does, for the tooltip and for screen readers. */
  label: string
  icon: ComponentType<{ className?: string }>
  /** `size-5` by default; `size-4` in denser lists. */
  iconClassName?: string
}

/**
 * A row action shown as an icon: the label is its tooltip and what a screen reader says.
 * @example
 * <IconButton icon={TrashIcon} label={t('locations.delete', { name })} onClick={() => setDeleting(location)} />
 */
export function IconButton({ label, icon: Icon, iconClassName = 'size-5', ...props }: IconActionProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'title' | 'children'>) {
  return (
    <button type="button" className={iconButtonClass} title={label} {...props}>
      <Icon className={iconClassName} />
      <span className="sr-only">{label}</span>
    </button>
  )
}

/**
 * A row action that opens a page, shown as an icon.
 * @example
 * <IconLink icon={PencilIcon} label={t('members.edit', { name })} href={paths.usersEdit.href({ id })} />
 */
export function IconLink({ label, icon: Icon, iconClassName = 'size-5', href }: IconActionProps & { href: string }) {
  return (
    <Link href={href} className={iconButtonClass} title={label}>
      <Icon className={iconClassName} />
      <span className="sr-only">{label}</span>
    </Link>
  )
}
