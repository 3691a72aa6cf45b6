import { assign, setup } from 'xstate'
import { guardRoute, visibleMenu, type MaybeSubject, type MenuEntry } from '@rota/core'

/** Who is looking, what they may see, and where the last page sent them. */
export interface RouteGuardContext {
  user: MaybeSubject
  /** The sidebar this user sees. */
  menu: MenuEntry[]
  /** The last location checked, with its query. */
  location: string | null
  /** Where that location sent the user, when it did. */
  redirect: string | null
}

/** A page about to be shown, or a different user. */
export type RouteGuardEvent =
  /** The location the router is about to show: its path, and its query if any. */
  | { type: 'route.check'; pathname: string }
  /** Signed in or out, or the role's permissions changed: the menu and the current page are judged again. */
  | { type: 'user.changed'; user: MaybeSubject }

const redirectOf = ({ user, location }: RouteGuardContext) => {
  const decision = guardRoute(user, location ?? '/')
  return 'redirect' in decision ? decision.redirect : null
}

/**
 * Permissions for pages and the menu (SPEC.md §2, §6), deciding with core's
 * `guardRoute` and `visibleMenu`: each location the router is about to show is either
 * allowed or redirected (to sign-in, to the home of the role, or to /profile), and the
 * `navigate` action performs the redirect. A change of user re-judges the page on
 * screen, so losing a permission moves the user off a page they may no longer see.
 * @example
 * const guard = createActor(routeGuardMachine.provide({ actions: { navigate: (_, { to }) => navigate(to, { replace: true }) } }),
 *   { input: { user: session.getSnapshot().context.user } }).start()
 * guard.send({ type: 'route.check', pathname: location })
 */
export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
    input: {} as { user: MaybeSubject },
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    allowed: ({ context }) => redirectOf(context) === null,
    onAPage: ({ context }) => context.location !== null,
  },
}).createMachine({
  id: 'routeGuard',
  context: ({ input }) => ({ user: input.user, menu: visibleMenu(input.user), location: null, redirect: null }),
  initial: 'unchecked',
  on: {
    'route.check': { target: '.deciding', actions: assign({ location: ({ event }) => event.pathname }) },
    'user.changed': [
      {
        guard: 'onAPage',
        target: '.deciding',
        actions: assign({ user: ({ event }) => event.user, menu: ({ event }) => visibleMenu(event.user) }),
      },
      { actions: assign({ user: ({ event }) => event.user, menu: ({ event }) => visibleMenu(event.user) }) },
    ],
  },
  states: {
    unchecked: {},
    deciding: {
      always: [
        { guard: 'allowed', target: 'allowed', actions: assign({ redirect: null }) },
        {
          target: 'redirected',
          actions: [assign({ redirect: ({ context }) => redirectOf(context) }), { type: 'navigate', params: ({ context }) => ({ to: redirectOf(context)! }) }],
        },
      ],
    },
    allowed: {},
    redirected: {},
  },
})
