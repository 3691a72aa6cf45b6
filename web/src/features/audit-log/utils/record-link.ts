import { paths } from '../../../config/paths.ts'

const withId = (href: string, id: string) => `${href}?id=${encodeURIComponent(id)}`

/** Where each audited model's records open, by the audit row's model. */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  locations: (id) => withId(paths.locations.href(), id),
  services: (id) => withId(paths.services.href(), id),
  users: (id) => paths.usersEdit.href({ id }),
  roles: (id) => paths.rolePermissions.href({ role_id: id }),
  schedules: (id) => withId(paths.schedules.href(), id),
  'timeoff-requests': (id) => withId(paths.timeoffRequests.href(), id),
  'timeoff-categories': (id) => withId(paths.timeoffCategories.href(), id),
  timesheets: (id) => withId(paths.timesheets.href(), id),
}

/**
 * The page that opens an audit row's record, when the model has one and the row names it.
 * @example
 * recordLink('locations', 'a5d3…') // '/locations?id=a5d3…'
 */
export function recordLink(model: string, recordId: string | null): string | null {
  const page = RECORD_PAGES[model]
  return page && recordId ? page(recordId) : null
}
