import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { safeRedirect } from '../../../config/paths.ts'
import { currentLocale } from '../../../lib/i18n.ts'
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
 * Takes the language the user chose in their profile as they sign in, so that it follows
 * them to another browser (the footer remembers a choice in this browser only, and saves
 * it to the profile once signed in).
 * @example
 * useProfileLanguage()
 */
export function useProfileLanguage(): void {
  const locale = useSession((state) => (state.matches('signedIn') ? state.context.user?.locale : undefined))
  const { i18n } = useTranslation()
  useEffect(() => {
    if (locale && locale !== currentLocale(i18n)) void i18n.changeLanguage(locale)
  }, [locale, i18n])
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
