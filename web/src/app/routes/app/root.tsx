import { isMenuGroup, MENU, pageRequirement } from '@rota/core'
import { routeGuardMachine } from '@rota/machines'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Redirect, useLocation, useSearch } from 'wouter'
import { FullScreenLoader } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { useServices, useSession } from '../../../lib/services.tsx'
import type { SessionSnapshot } from '../../../lib/session.ts'
import { areaPrefix, Areas, PageLoader, preloadArea } from './areas.tsx'
import { Shell } from './shell.tsx'

/** The menu label of the area a refused location belongs to (its model's entry), or null for a page anyone may see. */
function refusedArea(location: string): string | null {
  const requirement = pageRequirement(location)
  if (requirement === 'user') return null
  if (requirement === 'administrators') return 'menu.dashboard'
  const items = MENU.flatMap((entry) => (isMenuGroup(entry) ? [...entry.children] : [entry]))
  return items.find((item) => item.access === requirement.model)?.labelKey ?? null
}

function phaseOf(state: SessionSnapshot): 'signedIn' | 'loading' | 'signingOut' | 'signedOut' {
  if (state.matches('signedIn')) return 'signedIn'
  if (state.matches('checking') || state.matches('loadingUser') || state.matches('loadingSettings')) return 'loading'
  if (state.matches('signingOut')) return 'signingOut'
  return 'signedOut'
}

/**
 * The protected area (SPEC.md §2, §6): signed-out visitors go to sign in and come back
 * (`/auth?redirect=…`), while a deliberate sign-out simply lands on /auth; the route
 * guard machine decides every location before its page is drawn, so a page the user may
 * not see never starts loading its data. Sent to /profile from such a page, the user is
 * told why ("You do not have access to Settings") until they go elsewhere.
 */
export function ProtectedRoot() {
  const { t, i18n } = useTranslation()
  const { session, api } = useServices()
  const queryClient = useQueryClient()
  const phase = useSession(phaseOf)
  const user = useSession((state) => state.context.user)
  const settings = useSession((state) => state.context.settings)
  const [location, navigate] = useLocation()
  const search = useSearch()
  const here = search ? `${location}?${search}` : location
  const leftOnPurpose = useRef(false)
  const [refused, setRefused] = useState<{ area: string; at: string } | null>(null)
  // Entering an area starts its code and first data on their way from this render: an effect would
  // wait for the shell's first commit, which React holds back 300 ms after the loader it replaces.
  const preloaded = useRef<string | null>(null)
  const area = areaPrefix(location)
  if (area !== preloaded.current) {
    preloaded.current = area
    preloadArea(location, search, { session, queryClient, api, i18n })
  }

  const guard = useActorRef(
    routeGuardMachine.provide({
      actions: {
        navigate: ({ context }, { to }) => {
          const area = to === paths.profile.href() && context.location ? refusedArea(context.location) : null
          setRefused(area ? { area, at: to } : null)
          navigate(to, { replace: true })
        },
      },
    }),
    { input: { user: null } },
  )
  // Only a signed-in user is judged here: leaving is this component's to handle, so a
  // deliberate sign-out is not turned into "sign in to come back".
  useLayoutEffect(() => {
    if (phase === 'signedIn') guard.send({ type: 'user.changed', user })
  }, [guard, phase, user])
  useLayoutEffect(() => {
    if (phase === 'signedIn') guard.send({ type: 'route.check', pathname: here })
  }, [guard, phase, here])
  // The guard judges paths; a list's search or page in the query must not unmount the page being typed in.
  const allowed = useSelector(guard, (state) => state.matches('allowed') && state.context.location?.split('?')[0] === location)
  const menu = useSelector(guard, (state) => state.context.menu)

  if (phase === 'loading' || phase === 'signingOut') return <FullScreenLoader label={t('loading')} />
  if (phase === 'signedOut' || !user) {
    const to = leftOnPurpose.current ? paths.auth.href() : `${paths.auth.href()}?${new URLSearchParams({ redirect: here })}`
    return <Redirect to={to} replace />
  }
  const signOut = () => {
    leftOnPurpose.current = true
    session.send({ type: 'session.logout' })
  }
  const notice = refused && refused.at === location ? t('guard.noAccess', { area: t(refused.area as 'menu.settings') }) : null
  return (
    <Shell user={user} settings={settings} menu={menu} notice={notice} onSignOut={signOut}>
      {allowed ? <Areas /> : <PageLoader />}
    </Shell>
  )
}
