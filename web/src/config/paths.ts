/** `'/users/edit/:id'` → `'id'`: the parameter names of a pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** A route of the app: the pattern wouter matches and a builder for links to it. */
export interface AppPath<P extends string> {
  pattern: P
  href: [ParamNames<P>] extends [never] ? () => string : (params: Record<ParamNames<P>, string>) => string
}

function path<const P extends string>(pattern: P): AppPath<P> {
  const href = (params: Record<string, string> = {}) =>
    pattern.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name]
      if (value === undefined) throw new Error(`Missing "${name}" for ${pattern}`)
      return encodeURIComponent(value)
    })
  return { pattern, href } as AppPath<P>
}

/**
 * Every page of Rota (SPEC.md §2), by name. Components link with `paths.x.href(…)` and
 * routes match `paths.x.pattern`, so no URL is spelled twice.
 * @example
 * <Link href={paths.usersEdit.href({ id: user.id })}>Edit</Link>
 */
export const paths = {
  home: path('/'),
  dashboard: path('/dashboard'),

  users: path('/users'),
  usersCreate: path('/users/create'),
  usersEdit: path('/users/edit/:id'),
  roles: path('/users/roles'),
  rolePermissions: path('/users/roles/permissions/:role_id'),

  locations: path('/locations'),
  services: path('/services'),
  schedules: path('/schedules'),
  timesheets: path('/timesheets'),

  timeoff: path('/timeoff'),
  timeoffRequests: path('/timeoff/timeoff-requests'),
  timeoffCategories: path('/timeoff/timeoff-categories'),

  finances: path('/finances'),
  invoices: path('/finances/invoices'),
  invoicesCreate: path('/finances/invoices/create'),
  invoicesEdit: path('/finances/invoices/edit/:id'),
  invoicesPreview: path('/finances/invoices/preview/:id'),
  expenses: path('/finances/expenses'),
  expensesCreate: path('/finances/expenses/create'),
  expensesEdit: path('/finances/expenses/edit/:id'),
  payrolls: path('/finances/payrolls'),
  payrollsCreate: path('/finances/payrolls/create'),
  payrollsEdit: path('/finances/payrolls/edit/:id'),
  payrollsPreview: path('/finances/payrolls/preview/:id'),

  settings: path('/settings'),
  support: path('/support'),
  faq: path('/faq'),

  communications: path('/communications'),
  chat: path('/communications/chat'),
  announcements: path('/communications/announcements'),
  communicationsFaqs: path('/communications/faqs'),

  auditLogs: path('/audit-logs'),

  report: path('/report'),
  reportTimesheets: path('/report/timesheets'),
  reportPayroll: path('/report/payroll'),
  reportInvoice: path('/report/invoice'),

  notifications: path('/notifications'),

  profile: path('/profile'),
  payslips: path('/profile/payslips'),
  payslip: path('/profile/payslips/:id'),

  publicInvoice: path('/frontend/invoice/:credentials/:id'),
  register: path('/register'),
  auth: path('/auth'),
  login: path('/auth/login'),
  forgetPassword: path('/auth/forget-password'),
  resetPassword: path('/auth/reset-password/:credentials'),
  acceptInvite: path('/auth/accept/:invite_credentials'),
  otp: path('/auth/otp/:email'),
  confirmEmail: path('/auth/confirm-email/:token'),
} as const

export type PathName = keyof typeof paths

/** Pages that need no sign-in; every other path of the registry is the protected area. */
export const PUBLIC_PATHS = [
  'publicInvoice',
  'register',
  'auth',
  'login',
  'forgetPassword',
  'resetPassword',
  'acceptInvite',
  'otp',
  'confirmEmail',
] as const satisfies readonly PathName[]

const publicNames: ReadonlySet<PathName> = new Set(PUBLIC_PATHS)

/** The patterns of the protected area, for the router to tell it from unknown paths. */
export const PROTECTED_PATTERNS: readonly string[] = (Object.keys(paths) as PathName[])
  .filter((name) => !publicNames.has(name))
  .map((name) => paths[name].pattern)

/**
 * Where to go after signing in: the `redirect` query when it is a path of this app, else home.
 * A full URL or `//host` is refused so a link cannot send someone elsewhere.
 * @example
 * safeRedirect('?redirect=%2Fusers%3Fpage%3D2') // '/users?page=2'
 */
export function safeRedirect(search: string): string {
  const target = new URLSearchParams(search).get('redirect')
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return paths.home.pattern
  return target
}
