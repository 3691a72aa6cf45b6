import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { guardRoute, visibleMenu, type PermissionSubject } from '@rota/core'
import { machineModel, missingTransitions, pathName, walk, type Meanings, type World } from './testing/index.ts'
import { routeGuardMachine, type RouteGuardContext } from './route-guard-machine.ts'

const rights = (read: boolean, create = false) => ({ read, create, update: false, delete: false })
const owner: PermissionSubject = { role: { name: 'Super Admin' }, permissions: [] }
const scheduler: PermissionSubject = {
  role: { name: 'Scheduler' },
  permissions: [
    { model_name: 'schedules', ...rights(true, true) },
    { model_name: 'users', ...rights(true) },
  ],
}
const volunteer: PermissionSubject = { role: { name: 'Volunteer' }, permissions: [] }

interface RouterWorld extends World {
  navigations: string[]
}

function routerWorld(): RouterWorld {
  const world: RouterWorld = {
    provide: { actions: { navigate: (_: unknown, { to }: { to: string }) => void world.navigations.push(to) } },
    navigations: [],
  }
  return world
}

type Guard = { context: RouteGuardContext }

const meanings: Meanings<RouterWorld> = {
  routeGuard: ({ context }: Guard) => {
    expect(context.menu).toEqual(visibleMenu(context.user))
  },
  unchecked: ({ context }: Guard, { world }) => {
    expect(context.location).toBeNull()
    expect(world.navigations).toEqual([])
  },
  allowed: ({ context }: Guard) => {
    expect(guardRoute(context.user, context.location!)).toEqual({ allowed: true })
    expect(context.redirect).toBeNull()
  },
  redirected: ({ context }: Guard, { world }) => {
    expect(guardRoute(context.user, context.location!)).toEqual({ redirect: context.redirect })
    expect(world.navigations.at(-1)).toBe(context.redirect)
  },
}

const input = { user: scheduler }
const paths = machineModel(routeGuardMachine, {
  input,
  events: () => ({
    'route.check': ['/', '/dashboard', '/users/create', '/users/edit/42', '/schedules?id=s1'].map((pathname) => ({ pathname })),
    'user.changed': [owner, volunteer, null].map((user) => ({ user })),
  }),
  // The menu follows from the user.
  context: ({ menu: _, ...rest }: RouteGuardContext) => rest,
}).getShortestPaths()

describe('route guard machine (model)', () => {
  it('walks every transition', () => {
    expect(missingTransitions(routeGuardMachine, [{ paths, input }])).toEqual([])
  })

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_, path) =>
    walk(path, { machine: routeGuardMachine, world: routerWorld(), meanings, input }),
  )
})

describe('route guard, as the router uses it', () => {
  it('moves a user off a page once their role no longer lets them see it', () => {
    const navigate = vi.fn()
    const guard = createActor(routeGuardMachine.provide({ actions: { navigate } }), { input: { user: scheduler } }).start()
    guard.send({ type: 'route.check', pathname: '/users' })
    expect(guard.getSnapshot().value).toBe('allowed')
    guard.send({ type: 'user.changed', user: volunteer })
    expect(guard.getSnapshot().value).toBe('redirected')
    expect(navigate).toHaveBeenCalledExactlyOnceWith(expect.anything(), { to: '/profile' })
  })

  it('sends a signed-out visitor to sign in and back', () => {
    const navigate = vi.fn()
    const guard = createActor(routeGuardMachine.provide({ actions: { navigate } }), { input: { user: null } }).start()
    guard.send({ type: 'route.check', pathname: '/schedules?id=s1' })
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/auth?redirect=%2Fschedules%3Fid%3Ds1' })
    expect(guard.getSnapshot().context.menu).toEqual([])
  })
})
