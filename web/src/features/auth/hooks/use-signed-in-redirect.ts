import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { safeRedirect } from '../../../config/paths.ts'
import { useSession } from '../../../lib/services.tsx'

/**
 * Sends a signed-in user on from a public page (SPEC.md §2): to the page they were
 * going to (`?redirect=`), else home. Returns whether that is happening, so the page
 * can keep its button busy meanwhile.
 * @example
 * const leaving = useSignedInRedirect()
 */
export function useSignedInRedirect(): boolean {
  const signedIn = useSession((state) => state.matches('signedIn'))
  const search = useSearch()
  const [, navigate] = useLocation()
  useEffect(() => {
    if (signedIn) navigate(safeRedirect(search), { replace: true })
  }, [signedIn, search, navigate])
  return signedIn
}

/**
 * The current `?redirect=` to carry along between the sign-in pages.
 * @example
 * <Link href={withRedirect(paths.register.href(), search)}>…</Link>
 */
export function withRedirect(href: string, search: string): string {
  const redirect = new URLSearchParams(search).get('redirect')
  return redirect ? `${href}?${new URLSearchParams({ redirect })}` : href
}
