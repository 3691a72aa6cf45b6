import { PERMISSION_MODELS, type PermissionAction, type PermissionModel } from '../contract/permission-models.ts'
import { can, isAdministrator, type MaybeSubject } from './can.ts'

/** What a page of the protected area needs: nothing beyond signing in, an administrator, or a right. */
export type PageRequirement = 'user' | 'administrators' | { model: PermissionModel; action: PermissionAction }

/** The guard's answer: show the page, or go elsewhere. */
export type RouteDecision = { allowed: true } | { redirect: string }

const models: ReadonlySet<string> = new Set(PERMISSION_MODELS)

/** Section roots whose default page belongs to one of their models (SPEC.md §2). */
const sectionModels: Readonly<Record<string, PermissionModel>> = {
  finances: 'invoices',
  timeoff: 'timeoff-requests',
  report: 'timesheets',
}

/** Words that name what a page does rather than what it shows; some are followed by an id. */
const pageActions: Readonly<Record<string, { action: PermissionAction; takesId: boolean }>> = {
  create: { action: 'create', takesId: false },
  edit: { action: 'update', takesId: true },
  preview: { action: 'read', takesId: true },
  permissions: { action: 'read', takesId: true },
}

function segmentsOf(location: string): string[] {
  const path = location.split(/[?#]/, 1)[0] ?? ''
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase()
      } catch {
        return segment.toLowerCase()
      }
    })
}

/**
 * What a protected page needs (SPEC.md §6). The model is the last segment that names
 * one, so ids, "create", "edit", "preview" and "permissions" never count; a word that
 * takes an id swallows the segment after it, so an id spelled like a model cannot
 * change the answer. Pages that name no model (profile, support, FAQ, chat, unknown
 * pages that will show the 404) need only a signed-in user.
 * @example
 * pageRequirement('/finances/invoices/edit/42') // { model: 'invoices', action: 'update' }
 */
export function pageRequirement(location: string): PageRequirement {
  const segments = segmentsOf(location)
  if (segments[0] === 'dashboard') return 'administrators'
  let model: PermissionModel | undefined
  let action: PermissionAction = 'read'
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] ?? ''
    const pageAction = pageActions[segment]
    if (pageAction) {
      action = pageAction.action
      if (pageAction.takesId) index++
    } else if (models.has(segment)) {
      model = segment as PermissionModel
    } else if (segment in sectionModels) {
      model = sectionModels[segment]
    }
  }
  return model ? { model, action } : 'user'
}

/**
 * The route guard of SPEC.md §2 and §6 for the protected area. Signed-out users go to
 * sign in and come back; `/` opens the dashboard for administrators and the schedules
 * for others; a page the user may not see sends them to /profile, which everyone may
 * see. For someone who may not read schedules, `/` goes straight to /profile instead
 * of bouncing through /schedules.
 * @example
 * guardRoute(profile, '/users/create') // { allowed: true } or { redirect: '/profile' }
 */
export function guardRoute(user: MaybeSubject, location: string): RouteDecision {
  if (user == null) return { redirect: `/auth?redirect=${encodeURIComponent(location)}` }
  if (segmentsOf(location).length === 0) {
    if (isAdministrator(user)) return { redirect: '/dashboard' }
    return { redirect: can(user, 'schedules', 'read') ? '/schedules' : '/profile' }
  }
  const requirement = pageRequirement(location)
  const allowed =
    requirement === 'user' ||
    (requirement === 'administrators' ? isAdministrator(user) : can(user, requirement.model, requirement.action))
  return allowed ? { allowed: true } : { redirect: '/profile' }
}
