import { displayName, type Profile } from '@rota/core'
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../lib/role-name.ts'
import { Link } from 'wouter'
import { paths } from '../../config/paths.ts'
import { Avatar } from '../ui/avatar.tsx'
import { SignOutIcon, UserIcon } from '../ui/area-icons.tsx'
import { ChevronDownIcon } from '../ui/icons.tsx'

/**
 * The user menu of SPEC.md §1: who is signed in, their profile, and signing out.
 * @example
 * <UserMenu user={user} avatarSrc={imageSrc(user.file, 64)} onSignOut={() => session.send({ type: 'session.logout' })} />
 */
export function UserMenu({ user, avatarSrc, onSignOut }: { user: Profile; avatarSrc?: string | null; onSignOut: () => void }) {
  const { t } = useTranslation()
  const roleName = useRoleName()
  const name = displayName(user)
  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-2 rounded-full p-1 pr-2 text-sm hover:bg-slate-100 data-open:bg-slate-100">
        <Avatar user={user} src={avatarSrc} />
        <span className="sr-only">{t('userMenu.label')} </span>
        <span className="sr-only font-medium text-slate-800 md:not-sr-only md:max-w-40 md:truncate">{name}</span>
        <ChevronDownIcon className="hidden size-4 text-slate-500 md:block" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-40 w-64 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        <div className="px-3 py-2.5">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
          <p className="mt-1 inline-block rounded-full bg-secondary-100 px-2 py-0.5 text-xs font-medium text-primary-800">{roleName(user.role.name)}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <Link href={paths.profile.href()} className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100">
            <UserIcon className="size-4" />
            {t('userMenu.profile')}
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={onSignOut} className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100">
            <SignOutIcon className="size-4" />
            {t('userMenu.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
