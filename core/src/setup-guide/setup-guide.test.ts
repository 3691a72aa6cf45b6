import { describe, expect, it } from 'vitest'
import { manager, noRights, superAdmin, systemAdministrator } from '../permissions/test-users.ts'
import {
  completeAll,
  completedCount,
  completeStep,
  isGuideFinished,
  parseCompletedSteps,
  serializeCompletedSteps,
  SETUP_STEP_PATHS,
  SETUP_STEPS,
  showsSetupGuide,
  type GuideMark,
} from './setup-guide.ts'

describe('steps', () => {
  it('are the six of the spec, each opening its page', () => {
    expect(SETUP_STEPS.map((step) => [step, SETUP_STEP_PATHS[step]])).toEqual([
      ['settings', '/settings'],
      ['roles', '/users/roles'],
      ['staffs', '/users'],
      ['clients', '/locations'],
      ['services', '/services'],
      ['schedules', '/schedules'],
    ])
  })
})

describe('parseCompletedSteps', () => {
  it.each<[string | null | undefined, GuideMark[]]>([
    [undefined, []],
    [null, []],
    ['', []],
    [' , ,', []],
    ['settings', ['settings']],
    ['roles,settings', ['settings', 'roles']],
    [' roles , settings ', ['settings', 'roles']],
    ['roles,roles,ROLES', ['roles']],
    ['Settings,Staffs', ['settings', 'staffs']],
    ['roles,payments,legacy step', ['roles']],
    ['all', ['all']],
    ['all,schedules,settings', ['settings', 'schedules', 'all']],
    ['settings;roles', []],
  ])('%j → %j', (value, expected) => {
    expect(parseCompletedSteps(value)).toEqual(expected)
  })
})

describe('serializeCompletedSteps', () => {
  it('writes steps in guide order, once each, all last', () => {
    expect(serializeCompletedSteps(['schedules', 'all', 'settings', 'schedules'])).toBe('settings,schedules,all')
    expect(serializeCompletedSteps([])).toBe('')
  })

  it('round-trips what it reads', () => {
    const stored = 'settings,roles,clients'
    expect(serializeCompletedSteps(parseCompletedSteps(stored))).toBe(stored)
  })
})

describe('completeStep', () => {
  it('adds the step once', () => {
    expect(completeStep([], 'clients')).toEqual(['clients'])
    expect(completeStep(['clients'], 'clients')).toEqual(['clients'])
    expect(completeStep(['services'], 'settings')).toEqual(['settings', 'services'])
  })

  it('does not touch the list it was given', () => {
    const before: GuideMark[] = ['settings']
    completeStep(before, 'roles')
    expect(before).toEqual(['settings'])
  })

  it('adds all when the sixth step is done, whatever the order', () => {
    let marks: GuideMark[] = []
    for (const step of [...SETUP_STEPS].reverse()) {
      expect(isGuideFinished(marks)).toBe(false)
      marks = completeStep(marks, step)
    }
    expect(marks).toEqual([...SETUP_STEPS, 'all'])
    expect(serializeCompletedSteps(marks)).toBe('settings,roles,staffs,clients,services,schedules,all')
  })
})

describe('completeAll', () => {
  it('marks every step and finishes the guide', () => {
    expect(completeAll()).toEqual(['settings', 'roles', 'staffs', 'clients', 'services', 'schedules', 'all'])
    expect(isGuideFinished(completeAll())).toBe(true)
    expect(completedCount(completeAll())).toBe(6)
  })
})

describe('completedCount', () => {
  it.each([
    ['', 0],
    ['settings', 1],
    ['settings,roles,unknown', 2],
    ['settings,roles,staffs,clients,services', 5],
    ['settings,roles,staffs,clients,services,schedules', 6],
    ['all', 6],
  ])('%j counts %i of 6', (stored, count) => {
    expect(completedCount(parseCompletedSteps(stored))).toBe(count)
  })
})

describe('showsSetupGuide', () => {
  const open = parseCompletedSteps('settings')
  const finished = parseCompletedSteps('all')

  it('is offered to administrators until it is finished', () => {
    expect(showsSetupGuide(superAdmin, open)).toBe(true)
    expect(showsSetupGuide(systemAdministrator, [])).toBe(true)
    expect(showsSetupGuide(superAdmin, finished)).toBe(false)
  })

  it('is never offered to anyone else', () => {
    expect(showsSetupGuide(manager, open)).toBe(false)
    expect(showsSetupGuide(noRights, [])).toBe(false)
    expect(showsSetupGuide(null, [])).toBe(false)
  })
})
