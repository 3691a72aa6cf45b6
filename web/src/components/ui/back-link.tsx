import { Link } from 'wouter'
import { ChevronLeftIcon } from './action-icons.tsx'

/**
 * The way back to a page's list, above its heading.
 * @example
 * <BackLink href={paths.users.href()}>{t('app:members.backToTeam')}</BackLink>
 */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className="mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-primary-700 hover:text-primary-900 hover:underline">
      <ChevronLeftIcon className="size-4" />
      {children}
    </Link>
  )
}
