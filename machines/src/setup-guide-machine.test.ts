import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { completedCount, isGuideFinished, serializeCompletedSteps, SETUP_STEP_PATHS, type PermissionSubject, type SetupStep } from '@rota/core'
import { answeredByModel, machineModel, missingTransitions, pathName, walk, type Meanings, type World } from './testing/index.ts'
import { setupGuideMachine, type SetupGuideContext, type SetupGuideInput } from './setup-guide-machine.ts'

const owner: PermissionSubject = { role: { name: 'Super Admin' }, permissions: [] }
const staff: PermissionSubject = { role: { name: 'Staff' }, permissions: [{ model_name: 'schedules', read: true, create: false, update: false, delete: false }] }

interface GuideWorld extends World {
  saves: string[]
  visited: string[]
}

function stubWorld(): GuideWorld {
  const world: GuideWorld = {
    actors: { save: answeredByModel },
    provide: { actions: { navigate: (_: unknown, { to }: { to: string }) => void world.visited.push(to) } },
    invoked: (_, input) => void world.saves.push((input as { completed_guided_setup: string }).completed_guided_setup),
    saves: [],
    visited: [],
  }
  return world
}

type Guide = { context: SetupGuideContext }

const meanings: Meanings<GuideWorld> = {
  notOffered: ({ context }: Guide) => {
    expect(context.administrator).toBe(false)
  },
  offered: ({ context }: Guide, { world, event }) => {
    expect(context.administrator).toBe(true)
    if (event.type === 'guide.step.complete') {
      expect(world.visited.at(-1)).toBe(SETUP_STEP_PATHS[event.step as SetupStep])
      expect(context.marks).toContain(event.step)
    }
  },
  'offered.display.shown': ({ context }: Guide) => {
    expect(completedCount(context.marks)).toBeLessThan(6)
  },
  'offered.display.finished': ({ context }: Guide) => {
    expect(isGuideFinished(context.marks)).toBe(true)
    expect(completedCount(context.marks)).toBe(6)
  },
  'offered.persistence.saving': ({ context }: Guide, { world }) => {
    expect(world.saves.at(-1)).toBe(serializeCompletedSteps(context.marks))
  },
  'offered.persistence.unsaved': ({ context }: Guide) => {
    expect(context.error).toMatch(/\S/)
  },
}

const inputs: SetupGuideInput[] = [
  { user: owner, completed: '' },
  { user: owner, completed: 'settings,roles,staffs,clients,services' },
  { user: owner, completed: 'settings,roles,staffs,clients,services,schedules,all' },
  { user: staff, completed: '' },
]
const walks = inputs.map((input) => ({
  input,
  paths: machineModel(setupGuideMachine, {
    input,
    events: () => ({
      'guide.step.complete': [{ step: 'settings' }, { step: 'schedules' }],
      'xstate.error.actor.save': [{ error: new Error('Network error') }],
    }),
  }).getShortestPaths(),
}))

describe('setup guide machine (model)', () => {
  it('walks every transition, for a new guide, a nearly done one, a finished one and a non-administrator', () => {
    expect(missingTransitions(setupGuideMachine, walks)).toEqual([])
  })

  const cases = walks.flatMap(({ input, paths }) => paths.map((path) => [`${input.user?.role.name} [${input.completed}]: ${pathName(path)}`, input, path] as const))
  it.each(cases)('%s', (_, input, path) => walk(path, { machine: setupGuideMachine, world: stubWorld(), meanings, input }))
})

describe('setup guide, as the header uses it', () => {
  it('keeps saving after "Remind Me Later" hides the guide', async () => {
    let finishSave = () => {}
    const save = vi.fn(() => new Promise<void>((resolve) => (finishSave = resolve)))
    const guide = createActor(setupGuideMachine.provide({ actors: { save: fromPromise(save) } }), { input: { user: owner, completed: '' } }).start()
    guide.send({ type: 'guide.step.complete', step: 'roles' })
    guide.send({ type: 'guide.remind.later' })
    finishSave()
    const saved = await waitFor(guide, (snapshot) => snapshot.matches({ offered: { persistence: 'saved' } }))
    expect(saved.matches({ offered: { display: 'snoozed' } })).toBe(true)
    expect(save).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ input: { completed_guided_setup: 'roles' } }))
  })

  it('"Mark As Completed" saves every step and the finished marker', () => {
    const save = vi.fn(async () => {})
    const guide = createActor(setupGuideMachine.provide({ actors: { save: fromPromise(save) } }), { input: { user: owner, completed: 'roles' } }).start()
    guide.send({ type: 'guide.complete.all' })
    expect(guide.getSnapshot().matches({ offered: { display: 'finished' } })).toBe(true)
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ input: { completed_guided_setup: 'settings,roles,staffs,clients,services,schedules,all' } }))
  })
})
