import { isAdministrator, type MaybeSubject } from '../permissions/can.ts'

/** The six steps of the setup guide, in the order it shows them (SPEC.md §3/§4). */
export const SETUP_STEPS = ['settings', 'roles', 'staffs', 'clients', 'services', 'schedules'] as const
export type SetupStep = (typeof SETUP_STEPS)[number]

/** Added to `completed_guided_setup` once every step is done; the guide then stays away. */
export const GUIDE_FINISHED = 'all'

/** One name of `completed_guided_setup`: a step, or the finished marker. */
export type GuideMark = SetupStep | typeof GUIDE_FINISHED

/** The page a step opens. */
export const SETUP_STEP_PATHS: Readonly<Record<SetupStep, string>> = {
  settings: '/settings',
  roles: '/users/roles',
  staffs: '/users',
  clients: '/locations',
  services: '/services',
  schedules: '/schedules',
}

const order: readonly GuideMark[] = [...SETUP_STEPS, GUIDE_FINISHED]

function canonical(marks: Iterable<string>): GuideMark[] {
  const present = new Set(marks)
  return order.filter((mark) => present.has(mark))
}

/**
 * Reads the settings' comma-separated `completed_guided_setup`. Spaces, letter case,
 * repeats and names this version does not know are tolerated; the answer is in guide
 * order with `all` last.
 * @example
 * parseCompletedSteps(' roles, Settings,,roles,old-step') // ['settings', 'roles']
 */
export function parseCompletedSteps(value: string | null | undefined): GuideMark[] {
  return canonical((value ?? '').split(',').map((name) => name.trim().toLowerCase()))
}

/**
 * Writes marks back in the form the settings store.
 * @example
 * serializeCompletedSteps(['settings', 'roles']) // 'settings,roles'
 */
export function serializeCompletedSteps(marks: readonly GuideMark[]): string {
  return canonical(marks).join(',')
}

/**
 * Marks a step done; when that completes all six, adds `all` so the guide disappears.
 * @example
 * completeStep(['settings'], 'roles') // ['settings', 'roles']
 */
export function completeStep(marks: readonly GuideMark[], step: SetupStep): GuideMark[] {
  const done = canonical([...marks, step])
  const everyStep = SETUP_STEPS.every((candidate) => done.includes(candidate))
  return everyStep ? canonical([...done, GUIDE_FINISHED]) : done
}

/**
 * "Mark As Completed": every step and `all`.
 * @example
 * serializeCompletedSteps(completeAll()) // 'settings,roles,staffs,clients,services,schedules,all'
 */
export function completeAll(): GuideMark[] {
  return [...order]
}

/** Whether the guide is over for good. @example isGuideFinished(['all']) // true */
export function isGuideFinished(marks: readonly GuideMark[]): boolean {
  return marks.includes(GUIDE_FINISHED)
}

/**
 * The header badge's count out of six. A finished guide counts six even when an older
 * version stored only `all`.
 * @example
 * completedCount(['settings', 'services']) // 2
 */
export function completedCount(marks: readonly GuideMark[]): number {
  if (isGuideFinished(marks)) return SETUP_STEPS.length
  return SETUP_STEPS.filter((step) => marks.includes(step)).length
}

/**
 * Whether the user is offered the guide: administrators only, until it is finished.
 * "Remind me later" is session state and lives in the guide's machine.
 * @example
 * showsSetupGuide(profile, parseCompletedSteps(settings.completed_guided_setup))
 */
export function showsSetupGuide(user: MaybeSubject, marks: readonly GuideMark[]): boolean {
  return isAdministrator(user) && !isGuideFinished(marks)
}
