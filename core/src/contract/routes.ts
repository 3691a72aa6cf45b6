import { z } from 'zod'
import { Empty, IdParams, ListQuery, page } from './common.ts'
import { CreateRoleBody, CreateUserBody, InviteResult, Role, RoleChoice, UpdateRoleBody, UpdateUserBody, User, UserQuery } from './users.ts'
import { FileIdQuery, UploadSignQuery, UploadSignature } from './files.ts'
import {
  CreateOnboardingEntryBody,
  CreateOnboardingRecordBody,
  OnboardingEntry,
  OnboardingQuery,
  OnboardingRecord,
  UpdateOnboardingEntryBody,
  UpdateOnboardingRecordBody,
} from './onboarding.ts'
import { CreateLocationBody, Location, LocationDetail, LocationQuery, SetLocationRatesBody, UpdateLocationBody } from './location.ts'
import { CreateServiceBody, Service, ServiceQuery, UpdateServiceBody } from './service.ts'
import { CommitImportBody, CreateImportBody, ImportJob, ImportReport, ImportRowsBody, ImportRowsResult } from './imports.ts'
import { Alert, Notification, NotificationQuery, ReadAllResult, UpdateNotificationBody } from './notifications.ts'
import { ClientConfig, Health, MissingTranslationBody, MissingTranslationParams, Profile, Settings, UpdateProfileBody, UpdateSettingsBody } from './account.ts'
import {
  AcceptInviteBody,
  AuthTokens,
  ChangePasswordBody,
  GoogleLoginBody,
  InviteInfo,
  LinkGoogleBody,
  LoginBody,
  LoginResult,
  LogoutBody,
  OtpResendBody,
  OtpVerifyBody,
  RefreshBody,
  RegisterBusinessBody,
  ResetPasswordRequestBody,
  ResetTokenInfo,
  TokenBody,
  UpdateEmailBody,
  UpdatePasswordBody,
} from './auth.ts'
import {
  Availability,
  BulkShiftEventsBody,
  BulkShiftEventsResult,
  CalendarFeed,
  CheckShiftBody,
  CheckShiftResult,
  CopyScheduleBody,
  CopyScheduleResult,
  CreateShiftBody,
  Shift,
  ShiftEventBody,
  ShiftExportQuery,
  ShiftExportRow,
  ShiftQuery,
  SwapOption,
  UpdateAvailabilityBody,
  UpdateShiftBody,
  UserIdParams,
} from './schedule.ts'
import { historyRoute } from './history.ts'
import { ApplyFillBody, ApplyFillResult, FillBody, FillProposal } from './fill.ts'
import {
  Announcement,
  AnnouncementQuery,
  AnnouncementReceiptBody,
  AnnouncementRecipient,
  ChatChannel,
  ChatMessage,
  ChatMessagePage,
  ChatMessageQuery,
  ChatPeople,
  ChatPeopleQuery,
  ChatChannelsQuery,
  ChatUnread,
  CreateAnnouncementBody,
  CreateChatChannelBody,
  CreateFaqBody,
  DirectChatBody,
  Faq,
  FaqQuery,
  ReadChatBody,
  SendChatMessageBody,
  SupportInfo,
  UpdateAnnouncementBody,
  UpdateChatChannelBody,
  UpdateChatMessageBody,
  UpdateFaqBody,
} from './communications.ts'
import {
  BulkTimeoffEventsBody,
  BulkTimeoffEventsResult,
  CreateTimeoffCategoryBody,
  CreateTimeoffRequestBody,
  TimeoffBalance,
  TimeoffBalanceQuery,
  TimeoffCalendarEntry,
  TimeoffCalendarQuery,
  TimeoffCategory,
  TimeoffCategoryQuery,
  TimeoffEventBody,
  TimeoffRequest,
  TimeoffRequestQuery,
  UpdateTimeoffCategoryBody,
} from './time-off.ts'
import {
  AcceptProposalBody,
  BulkTimesheetEventsBody,
  BulkTimesheetEventsResult,
  CreateTimesheetBody,
  DeclineProposalBody,
  ProposeCorrectionBody,
  Timesheet,
  TimesheetEventBody,
  TimesheetQuery,
  TimesheetReport,
  TimesheetReportQuery,
  UpdateTimesheetBody,
  WithdrawProposalQuery,
} from './timesheet.ts'
import {
  CreateInvoiceBody,
  Invoice,
  InvoiceEventBody,
  InvoiceLink,
  InvoiceProposal,
  InvoiceProposalQuery,
  InvoiceQuery,
  InvoiceReport,
  InvoiceReportQuery,
  InvoiceSummary,
  PublicInvoice,
  PublicInvoiceParams,
  UpdateInvoiceBody,
} from './invoice.ts'
import { UninvoicedClients, UninvoicedQuery } from './invoice-batch.ts'
import { defineRoute } from './route.ts'
import { AuditChainReport, AuditLogDetail, AuditLogEntry, AuditLogExportQuery, AuditLogExportRow, AuditLogIdParams, AuditLogQuery } from './audit-log.ts'
import { Dashboard } from './dashboard.ts'
import { BulkExpenseEventsBody, BulkExpenseEventsResult, CreateExpenseBody, Expense, ExpenseEventBody, ExpenseQuery, UpdateExpenseBody } from './expense.ts'
import {
  CreatePayrollBody,
  Payroll,
  PayrollEventBody,
  PayrollMargin,
  PayrollMarginQuery,
  PayrollQuery,
  PayrollReport,
  PayrollReportQuery,
  Payslip,
  PayslipParams,
  PayslipQuery,
  PayslipSummary,
  RecalculatePayrollBody,
  UpdatePayrollBody,
} from './payroll.ts'

/**
 * Every route of Rota's API under /api/v1. The server registers exactly these
 * (and publishes them as OpenAPI at /api/docs); the clients call them by name.
 */
export const routes = {
  health: defineRoute({
    method: 'GET', path: '/health', tag: 'system', access: 'public',
    summary: 'Whether the API and its database are reachable, and the version',
    response: Health,
  }),
  reportMissingTranslations: defineRoute({
    method: 'POST', path: '/locales/missing/{lng}/{ns}', tag: 'system', access: 'public',
    summary: 'In development only: the web app reports translation keys it could not find (logged as warnings)',
    params: MissingTranslationParams, body: MissingTranslationBody, response: Empty,
  }),
  getClientConfig: defineRoute({
    method: 'GET', path: '/config', tag: 'system', access: 'public',
    summary: 'What clients need before sign-in: Google client id, image hosting, mail delivery',
    response: ClientConfig,
  }),

  registerBusiness: defineRoute({
    method: 'POST', path: '/business', tag: 'auth', access: 'public',
    summary: 'Register a business and its owner (Super Admin); signs the owner in',
    body: RegisterBusinessBody, response: AuthTokens,
  }),
  login: defineRoute({
    method: 'POST', path: '/auth/login', tag: 'auth', access: 'public', basicAuth: true,
    summary: 'Sign in with e-mail and password in a Basic Authorization header',
    body: LoginBody, response: LoginResult,
  }),
  refreshToken: defineRoute({
    method: 'POST', path: '/auth/refresh_token', tag: 'auth', access: 'public',
    summary: 'Exchange a refresh token for a new token pair (the old refresh token is spent)',
    body: RefreshBody, response: AuthTokens,
  }),
  logout: defineRoute({
    method: 'POST', path: '/auth/logout', tag: 'auth', access: 'public',
    summary: 'Sign out: revokes the session of the bearer token or of the refresh token given',
    body: LogoutBody, response: Empty,
  }),
  verifyOtp: defineRoute({
    method: 'POST', path: '/auth/otp/verify', tag: 'auth', access: 'public',
    summary: 'Finish a sign-in with the 6-digit code sent by e-mail',
    body: OtpVerifyBody, response: AuthTokens,
  }),
  resendOtp: defineRoute({
    method: 'POST', path: '/auth/otp/resend', tag: 'auth', access: 'public',
    summary: 'Send a new sign-in code for the same sign-in attempt',
    body: OtpResendBody, response: Empty,
  }),
  resetPasswordRequest: defineRoute({
    method: 'POST', path: '/auth/reset_password_request', tag: 'auth', access: 'public',
    summary: 'E-mail a password-reset link (the answer is the same whether or not the account exists)',
    body: ResetPasswordRequestBody, response: Empty,
  }),
  verifyResetToken: defineRoute({
    method: 'POST', path: '/auth/verify_reset_token', tag: 'auth', access: 'public',
    summary: 'Check a password-reset link before asking for the new password',
    body: TokenBody, response: ResetTokenInfo,
  }),
  updatePassword: defineRoute({
    method: 'PUT', path: '/auth/update_password', tag: 'auth', access: 'public',
    summary: 'Set a new password with a reset link; signs out every session',
    body: UpdatePasswordBody, response: Empty,
  }),
  changePassword: defineRoute({
    method: 'POST', path: '/auth/change_password', tag: 'auth', access: 'user',
    summary: 'Change the signed-in user\'s password; signs out the other sessions and returns new tokens',
    body: ChangePasswordBody, response: AuthTokens,
  }),
  updateEmail: defineRoute({
    method: 'PUT', path: '/auth/update_email', tag: 'auth', access: 'user',
    summary: 'Ask to change the e-mail address; the change happens when the link sent to the new address is opened',
    body: UpdateEmailBody, response: Empty,
  }),
  confirmEmail: defineRoute({
    method: 'POST', path: '/auth/confirm_email', tag: 'auth', access: 'public',
    summary: 'Confirm an e-mail change with the link sent to the new address',
    body: TokenBody, response: Empty,
  }),
  logoutOthers: defineRoute({
    method: 'POST', path: '/auth/logout_others', tag: 'auth', access: 'user',
    summary: 'Sign out every other session of the signed-in user (other browsers, phones, scripts)',
    response: Empty,
  }),
  googleLogin: defineRoute({
    method: 'POST', path: '/auth/google', tag: 'auth', access: 'public',
    summary: 'Sign in with a Google ID token',
    body: GoogleLoginBody, response: LoginResult,
  }),
  linkGoogle: defineRoute({
    method: 'POST', path: '/auth/link_google', tag: 'auth', access: 'user',
    summary: 'Link a Google account to the signed-in user',
    body: LinkGoogleBody, response: Empty,
  }),
  verifyInvite: defineRoute({
    method: 'POST', path: '/user/verify_invite', tag: 'auth', access: 'public',
    summary: 'Check an invitation link before asking for a password',
    body: TokenBody, response: InviteInfo,
  }),
  acceptInvite: defineRoute({
    method: 'POST', path: '/user/accept_invite', tag: 'auth', access: 'public',
    summary: 'Accept an invitation: set a password and sign in',
    body: AcceptInviteBody, response: AuthTokens,
  }),

  getProfile: defineRoute({
    method: 'GET', path: '/profile', tag: 'profile', access: 'user',
    summary: 'The signed-in user with their role and permissions',
    response: Profile,
  }),
  updateProfile: defineRoute({
    method: 'PUT', path: '/profile', tag: 'profile', access: 'user',
    summary: 'Update the signed-in user\'s own fields',
    body: UpdateProfileBody, response: Profile,
  }),

  getSettings: defineRoute({
    method: 'GET', path: '/settings', tag: 'settings', access: 'user',
    summary: 'The business\'s settings',
    response: Settings,
  }),
  updateSettings: defineRoute({
    method: 'PUT', path: '/settings', tag: 'settings', access: ['settings', 'update'],
    summary: 'Change the business\'s settings',
    body: UpdateSettingsBody, response: Settings,
  }),

  listProfileOnboarding: defineRoute({
    method: 'GET', path: '/profile/onboarding', tag: 'profile', access: 'user',
    summary: 'The signed-in user\'s progress on the business\'s onboarding entries',
    query: OnboardingQuery, response: page(OnboardingRecord),
  }),
  createProfileOnboarding: defineRoute({
    method: 'POST', path: '/profile/onboarding', tag: 'profile', access: 'user',
    summary: 'Record progress on one onboarding entry (done, with an optional note)',
    body: CreateOnboardingRecordBody, response: OnboardingRecord,
  }),
  updateProfileOnboarding: defineRoute({
    method: 'PUT', path: '/profile/onboarding/{id}', tag: 'profile', access: 'user',
    summary: 'Change one of the signed-in user\'s onboarding records',
    params: IdParams, body: UpdateOnboardingRecordBody, response: OnboardingRecord,
  }),
  listOnboardingEntries: defineRoute({
    method: 'GET', path: '/settings/onboarding', tag: 'settings', access: 'user',
    summary: 'The onboarding entries every new team member goes through',
    query: OnboardingQuery, response: page(OnboardingEntry),
  }),
  createOnboardingEntry: defineRoute({
    method: 'POST', path: '/settings/onboarding', tag: 'settings', access: ['settings', 'update'],
    summary: 'Add an onboarding entry',
    body: CreateOnboardingEntryBody, response: OnboardingEntry,
  }),
  updateOnboardingEntry: defineRoute({
    method: 'PUT', path: '/settings/onboarding/{id}', tag: 'settings', access: ['settings', 'update'],
    summary: 'Change an onboarding entry',
    params: IdParams, body: UpdateOnboardingEntryBody, response: OnboardingEntry,
  }),
  deleteOnboardingEntry: defineRoute({
    method: 'DELETE', path: '/settings/onboarding/{id}', tag: 'settings', access: ['settings', 'update'],
    summary: 'Remove an onboarding entry (with everyone\'s progress on it)',
    params: IdParams, response: Empty,
  }),

  getUploadSignature: defineRoute({
    method: 'GET', path: '/upload_sign_url', tag: 'files', access: 'user',
    summary: 'Signed parameters to upload one image straight to the image store (POST url, multipart, fields + file)',
    query: UploadSignQuery, response: UploadSignature,
  }),
  deleteFile: defineRoute({
    method: 'DELETE', path: '/file', tag: 'files', access: 'user',
    summary: 'Delete an uploaded file of this business (`?id=`)',
    query: FileIdQuery, response: Empty,
  }),

  listUsers: defineRoute({
    method: 'GET', path: '/user', tag: 'users', access: ['users', 'read'],
    summary: 'Team members: search, filter by role or status, sort, page',
    query: UserQuery, response: page(User),
  }),
  listRoleChoices: defineRoute({
    method: 'GET', path: '/user/role_choices', tag: 'users', access: ['users', 'create'],
    summary: 'The roles the caller may give when inviting (administrator roles only to administrators); needs no roles:read',
    response: z.array(RoleChoice),
  }),
  getUser: defineRoute({
    method: 'GET', path: '/user/{id}', tag: 'users', access: ['users', 'read'],
    summary: 'One team member',
    params: IdParams, response: User,
  }),
  createUser: defineRoute({
    method: 'POST', path: '/user', tag: 'users', access: ['users', 'create'], idempotent: true,
    summary: 'Invite a team member by e-mail (they choose their password when they accept); an invitation revoked or expired is replaced',
    body: CreateUserBody, response: InviteResult,
  }),
  updateUser: defineRoute({
    method: 'PUT', path: '/user/{id}', tag: 'users', access: ['users', 'update'],
    summary: 'Change a team member (names, phone, picture, role, pay rate, status); an administrator only by an administrator; disabling signs them out everywhere',
    params: IdParams, body: UpdateUserBody, response: User,
  }),
  deleteUser: defineRoute({
    method: 'DELETE', path: '/user/{id}', tag: 'users', access: ['users', 'delete'],
    summary: 'Remove a team member (not yourself, not the last Super Admin)',
    params: IdParams, response: Empty,
  }),
  resendInvite: defineRoute({
    method: 'POST', path: '/user/{id}/invite', tag: 'users', access: ['users', 'create'], idempotent: true,
    summary: 'Send an invitation again with a new link (the old link stops working)',
    params: IdParams, response: InviteResult,
  }),
  revokeInvite: defineRoute({
    method: 'DELETE', path: '/user/{id}/invite', tag: 'users', access: ['users', 'create'],
    summary: 'Revoke a pending invitation: its link stops working',
    params: IdParams, response: User,
  }),

  listRoles: defineRoute({
    method: 'GET', path: '/role', tag: 'roles', access: ['roles', 'read'],
    summary: 'Roles with their permission entries and how many users hold each',
    query: ListQuery, response: page(Role),
  }),
  getRole: defineRoute({
    method: 'GET', path: '/role/{id}', tag: 'roles', access: ['roles', 'read'],
    summary: 'One role with its permission entries',
    params: IdParams, response: Role,
  }),
  createRole: defineRoute({
    method: 'POST', path: '/role', tag: 'roles', access: ['roles', 'create'],
    summary: 'Create a role, optionally with its permission entries',
    body: CreateRoleBody, response: Role,
  }),
  updateRole: defineRoute({
    method: 'PUT', path: '/role/{id}', tag: 'roles', access: ['roles', 'update'],
    summary: 'Rename a role or save its permission matrix (privileged roles cannot be changed)',
    params: IdParams, body: UpdateRoleBody, response: Role,
  }),
  deleteRole: defineRoute({
    method: 'DELETE', path: '/role/{id}', tag: 'roles', access: ['roles', 'delete'],
    summary: 'Delete a role nobody holds',
    params: IdParams, response: Empty,
  }),

  listLocations: defineRoute({
    method: 'GET', path: '/location', tag: 'locations', access: ['locations', 'read'],
    summary: 'Clients (locations): search, filter, sort, page',
    query: LocationQuery, response: page(Location),
  }),
  getLocation: defineRoute({
    method: 'GET', path: '/location/{id}', tag: 'locations', access: ['locations', 'read'],
    summary: 'One client location, with its own bill rates by service',
    params: IdParams, response: LocationDetail,
  }),
  createLocation: defineRoute({
    method: 'POST', path: '/location', tag: 'locations', access: ['locations', 'create'], idempotent: true,
    summary: 'Add a client location (names are unique per business)',
    body: CreateLocationBody, response: LocationDetail,
  }),
  updateLocation: defineRoute({
    method: 'PUT', path: '/location/{id}', tag: 'locations', access: ['locations', 'update'],
    summary: 'Change a client location (send the version you read; a stale one answers 409)',
    params: IdParams, body: UpdateLocationBody, response: LocationDetail,
  }),
  setLocationRates: defineRoute({
    method: 'PUT', path: '/location/{id}/rates', tag: 'locations', access: ['locations', 'update'],
    summary: 'Replace a client\'s own bill rates by service (a service left out bills at its own rate again); send the client\'s version',
    params: IdParams, body: SetLocationRatesBody, response: LocationDetail,
  }),
  deleteLocation: defineRoute({
    method: 'DELETE', path: '/location/{id}', tag: 'locations', access: ['locations', 'delete'],
    summary: 'Delete a client location (refused while schedules use it)',
    params: IdParams, response: Empty,
  }),
  locationHistory: historyRoute('/location', 'locations', 'client location'),

  listServices: defineRoute({
    method: 'GET', path: '/service', tag: 'services', access: ['services', 'read'],
    summary: 'Services: search, filter, sort, page',
    query: ServiceQuery, response: page(Service),
  }),
  getService: defineRoute({
    method: 'GET', path: '/service/{id}', tag: 'services', access: ['services', 'read'],
    summary: 'One service',
    params: IdParams, response: Service,
  }),
  createService: defineRoute({
    method: 'POST', path: '/service', tag: 'services', access: ['services', 'create'], idempotent: true,
    summary: 'Add a service with its bill and pay rates (names are unique per business)',
    body: CreateServiceBody, response: Service,
  }),
  updateService: defineRoute({
    method: 'PUT', path: '/service/{id}', tag: 'services', access: ['services', 'update'],
    summary: 'Change a service (send the version you read; a stale one answers 409)',
    params: IdParams, body: UpdateServiceBody, response: Service,
  }),
  deleteService: defineRoute({
    method: 'DELETE', path: '/service/{id}', tag: 'services', access: ['services', 'delete'],
    summary: 'Delete a service (refused while schedules use it)',
    params: IdParams, response: Empty,
  }),
  serviceHistory: historyRoute('/service', 'services', 'service'),

  listNotifications: defineRoute({
    method: 'GET', path: '/notification', tag: 'notifications', access: 'user',
    summary: 'The signed-in user\'s notifications, newest first (live updates: GET /api/v1/events)',
    query: NotificationQuery, response: page(Notification),
  }),
  updateNotification: defineRoute({
    method: 'PUT', path: '/notification/{id}', tag: 'notifications', access: 'user',
    summary: 'Mark one of the signed-in user\'s notifications read or unread',
    params: IdParams, body: UpdateNotificationBody, response: Notification,
  }),
  markAllNotificationsRead: defineRoute({
    method: 'POST', path: '/notification/read_all', tag: 'notifications', access: 'user',
    summary: 'Mark every unread notification of the signed-in user read',
    response: ReadAllResult,
  }),
  getAlerts: defineRoute({
    method: 'GET', path: '/alerts', tag: 'notifications', access: ['settings', 'read'],
    summary: 'Standing notices for administrators',
    response: z.array(Alert),
  }),

  createImport: defineRoute({
    method: 'POST', path: '/import', tag: 'import', access: 'user', idempotent: true,
    summary: 'Start a CSV import of locations, services or shifts (needs create and update on that model; schedules for shifts)',
    body: CreateImportBody, response: ImportJob,
  }),
  addImportRows: defineRoute({
    method: 'POST', path: '/import/{id}/rows', tag: 'import', access: 'user', idempotent: true, cellsChecked: true,
    summary: 'Send a batch of CSV records (up to 5,000); each is checked and kept until the commit',
    params: IdParams, body: ImportRowsBody, response: ImportRowsResult,
  }),
  commitImport: defineRoute({
    method: 'POST', path: '/import/{id}/commit', tag: 'import', access: 'user', idempotent: true,
    summary: 'Write every row in one transaction (or, with invalid rows and no skip_invalid, none); dry_run changes nothing',
    params: IdParams, body: CommitImportBody, response: ImportReport,
  }),
  getImport: defineRoute({
    method: 'GET', path: '/import/{id}', tag: 'import', access: 'user',
    summary: 'An import\'s progress',
    params: IdParams, response: ImportJob,
  }),
  cancelImport: defineRoute({
    method: 'DELETE', path: '/import/{id}', tag: 'import', access: 'user',
    summary: 'Cancel an open import: its rows are dropped and nothing is written',
    params: IdParams, response: Empty,
  }),

  listShifts: defineRoute({
    method: 'GET', path: '/schedule', tag: 'schedules', access: ['schedules', 'read'],
    summary: 'Shifts by range (from, to: business days), staff (or open), client, service, status, role; the board asks for a whole week at once. Staff without schedules:update see their published shifts and the open ones they may take',
    query: ShiftQuery, response: page(Shift),
  }),
  getShift: defineRoute({
    method: 'GET', path: '/schedule/{id}', tag: 'schedules', access: ['schedules', 'read'],
    summary: 'A shift with its conflicts, requests and allowed events',
    params: IdParams, response: Shift,
  }),
  createShift: defineRoute({
    method: 'POST', path: '/schedule', tag: 'schedules', access: ['schedules', 'create'], idempotent: true,
    summary: 'Draft a shift (or, with repeat, one per occurrence); refused with 422 shift_overlap or time_off, answered with its warnings',
    body: CreateShiftBody, response: z.array(Shift),
  }),
  updateShift: defineRoute({
    method: 'PUT', path: '/schedule/{id}', tag: 'schedules', access: ['schedules', 'update'],
    summary: 'Change a shift (scope following: and the later shifts of its series); a published one is published again by the next publish',
    params: IdParams, body: UpdateShiftBody, response: z.array(Shift),
  }),
  deleteShift: defineRoute({
    method: 'DELETE', path: '/schedule/{id}', tag: 'schedules', access: ['schedules', 'delete'],
    summary: 'Delete a draft shift (a published one is cancelled instead, so that its staff hear of it)',
    params: IdParams, response: Empty,
  }),
  shiftEvent: defineRoute({
    method: 'POST', path: '/schedule/{id}/events', tag: 'schedules', access: ['schedules', 'read'],
    summary: 'A shift machine event: publish, cancel, assign, unassign (schedules:update); request an open shift, drop or swap one\'s own, withdraw a request (the staff member); approve or reject a request (schedules:update); clock in (with the browser\'s position, if shared), start and end a break, clock out (complete) — the time clock, writing the shift\'s timesheet; an overdue shift may be completed by anyone, at its planned end',
    params: IdParams, body: ShiftEventBody, response: Shift,
  }),
  shiftEvents: defineRoute({
    method: 'POST', path: '/schedule/events', tag: 'schedules', access: ['schedules', 'update'],
    summary: 'Publish or cancel many shifts at once, all or none; each person affected is notified once',
    body: BulkShiftEventsBody, response: BulkShiftEventsResult,
  }),
  checkShift: defineRoute({
    method: 'POST', path: '/schedule/check', tag: 'schedules', access: ['schedules', 'create'],
    summary: 'What a shift would conflict with, and what it would cost, before it is saved',
    body: CheckShiftBody, response: CheckShiftResult,
  }),
  copySchedule: defineRoute({
    method: 'POST', path: '/schedule/copy', tag: 'schedules', access: ['schedules', 'create'],
    summary: 'Copy a week (or a day) of shifts to another as drafts, skipping those that would conflict',
    body: CopyScheduleBody, response: CopyScheduleResult,
  }),
  exportShifts: defineRoute({
    method: 'GET', path: '/schedule/export', tag: 'schedules', access: ['schedules', 'read'],
    summary: 'The shifts starting between two business days (at most a year), as a shifts file holds them: staff e-mail, client, service, date, start, end, break, notes, status; a page at a time',
    query: ShiftExportQuery, response: page(ShiftExportRow),
  }),
  getAvailability: defineRoute({
    method: 'GET', path: '/availability/{user_id}', tag: 'schedules', access: 'user',
    summary: 'When a person can work (their own, or anyone\'s with schedules:update)',
    params: UserIdParams, response: Availability,
  }),
  updateAvailability: defineRoute({
    method: 'PUT', path: '/availability/{user_id}', tag: 'schedules', access: 'user',
    summary: 'Set when a person can work, as a whole (their own, or anyone\'s with schedules:update)',
    params: UserIdParams, body: UpdateAvailabilityBody, response: Availability,
  }),
  getCalendarFeed: defineRoute({
    method: 'GET', path: '/schedule/feed', tag: 'schedules', access: 'user',
    summary: 'The address of the signed-in person\'s private calendar feed of their published shifts (iCalendar)',
    response: CalendarFeed,
  }),
  shiftHistory: historyRoute('/schedule', 'schedules', 'shift'),
  shiftSwapOptions: defineRoute({
    method: 'GET', path: '/schedule/{id}/swap_options', tag: 'schedules', access: ['schedules', 'read'],
    summary: 'Colleagues\' published shifts in the next six weeks that one\'s own published shift could be swapped for (both people free for the other\'s, soonest first, at most 100); 404 for a shift that is not one\'s own',
    params: IdParams, response: z.array(SwapOption),
  }),
  resetCalendarFeed: defineRoute({
    method: 'POST', path: '/schedule/feed/reset', tag: 'schedules', access: 'user',
    summary: 'A new calendar feed address; the old one stops working',
    response: CalendarFeed,
  }),
  // The fill (issue 18): an optimiser that staffs open shifts, as a proposal applied as drafts.
  fillSchedule: defineRoute({
    method: 'POST', path: '/schedule/fill', tag: 'schedules', access: ['schedules', 'update'],
    summary: 'Propose who should work the open shifts of a range (at most two weeks): every hard rule kept (service, availability, time off, overlap, rest, weekly hours, days in a row), cost, overtime, preferred hours, fairness, continuity and preferences weighed; a reason per assignment and the blocking rule per unfilled shift; stored until applied',
    body: FillBody, response: FillProposal,
  }),
  applyFill: defineRoute({
    method: 'POST', path: '/schedule/fill/{id}/apply', tag: 'schedules', access: ['schedules', 'update'],
    summary: 'Write a fill proposal (all of it, or the shifts kept) as draft assignments in one transaction; a shift changed since the proposal refuses the whole apply (409)',
    params: IdParams, body: ApplyFillBody, response: ApplyFillResult,
  }),

  listTimeoffCategories: defineRoute({
    method: 'GET', path: '/timeoff_category', tag: 'timeoff', access: ['timeoff-categories', 'read'],
    summary: 'Time-off categories: search, filter[active], sort, page',
    query: TimeoffCategoryQuery, response: page(TimeoffCategory),
  }),
  getTimeoffCategory: defineRoute({
    method: 'GET', path: '/timeoff_category/{id}', tag: 'timeoff', access: ['timeoff-categories', 'read'],
    summary: 'One time-off category',
    params: IdParams, response: TimeoffCategory,
  }),
  createTimeoffCategory: defineRoute({
    method: 'POST', path: '/timeoff_category', tag: 'timeoff', access: ['timeoff-categories', 'create'], idempotent: true,
    summary: 'Add a time-off category (names are unique per business)',
    body: CreateTimeoffCategoryBody, response: TimeoffCategory,
  }),
  updateTimeoffCategory: defineRoute({
    method: 'PUT', path: '/timeoff_category/{id}', tag: 'timeoff', access: ['timeoff-categories', 'update'],
    summary: 'Change a time-off category, or archive it (active: false); send the version you read',
    params: IdParams, body: UpdateTimeoffCategoryBody, response: TimeoffCategory,
  }),
  timeoffCategoryHistory: historyRoute('/timeoff_category', 'timeoff-categories', 'time-off category'),
  deleteTimeoffCategory: defineRoute({
    method: 'DELETE', path: '/timeoff_category/{id}', tag: 'timeoff', access: ['timeoff-categories', 'delete'],
    summary: 'Delete a time-off category nobody has asked for yet (one in use is archived instead: 409 in_use)',
    params: IdParams, response: Empty,
  }),

  listTimeoffRequests: defineRoute({
    method: 'GET', path: '/timeoff_request', tag: 'timeoff', access: ['timeoff-requests', 'read'],
    summary: 'Time-off requests: one\'s own, or everyone\'s for someone who decides (timeoff-requests:update); by range, scope, status (comma-separated), category, person. The schedule board asks for a week of approved ones at once',
    query: TimeoffRequestQuery, response: page(TimeoffRequest),
  }),
  getTimeoffRequest: defineRoute({
    method: 'GET', path: '/timeoff_request/{id}', tag: 'timeoff', access: ['timeoff-requests', 'read'],
    summary: 'A time-off request with the shifts it touches and its allowed events',
    params: IdParams, response: TimeoffRequest,
  }),
  createTimeoffRequest: defineRoute({
    method: 'POST', path: '/timeoff_request', tag: 'timeoff', access: ['timeoff-requests', 'create'], idempotent: true,
    summary: 'Ask for time off (for oneself; for someone else with timeoff-requests:update); refused with 422 over the balance unless the category allows it, or overlapping another request',
    body: CreateTimeoffRequestBody, response: TimeoffRequest,
  }),
  timeoffRequestHistory: historyRoute('/timeoff_request', 'timeoff-requests', 'time-off request (one\'s own, or anyone\'s for someone who decides)'),
  timeoffRequestEvent: defineRoute({
    method: 'POST', path: '/timeoff_request/{id}/events', tag: 'timeoff', access: ['timeoff-requests', 'read'],
    summary: 'A time-off machine event: approve (unassign_shifts: the person\'s shifts then become open shifts, in the same transaction), reject with a reason, decide a cancellation (timeoff-requests:update, not on one\'s own request); cancel (the person, or someone who decides)',
    params: IdParams, body: TimeoffEventBody, response: TimeoffRequest,
  }),
  timeoffRequestEvents: defineRoute({
    method: 'POST', path: '/timeoff_request/events', tag: 'timeoff', access: ['timeoff-requests', 'update'],
    summary: 'Approve or reject many requests at once, all or none',
    body: BulkTimeoffEventsBody, response: BulkTimeoffEventsResult,
  }),
  getTimeoffBalances: defineRoute({
    method: 'GET', path: '/timeoff_balance', tag: 'timeoff', access: ['timeoff-requests', 'read'],
    summary: 'A person\'s balance of each active category in the year of a day (one\'s own; anyone\'s for someone who decides)',
    query: TimeoffBalanceQuery, response: z.array(TimeoffBalance),
  }),
  getTimeoffCalendar: defineRoute({
    method: 'GET', path: '/timeoff_calendar', tag: 'timeoff', access: ['timeoff-requests', 'read'],
    summary: 'Who is away between two days (at most six weeks): everyone\'s approved time off, the category named on one\'s own or to someone who decides',
    query: TimeoffCalendarQuery, response: z.array(TimeoffCalendarEntry),
  }),

  listTimesheets: defineRoute({
    method: 'GET', path: '/timesheet', tag: 'timesheets', access: ['timesheets', 'read'],
    summary: 'Timesheets by range (from, to: business days), staff, client, service, status, shift, flagged or open; staff without timesheets:update see their own. Forgotten clock-outs past their grace period are closed first',
    query: TimesheetQuery, response: page(Timesheet),
  }),
  getTimesheet: defineRoute({
    method: 'GET', path: '/timesheet/{id}', tag: 'timesheets', access: ['timesheets', 'read'],
    summary: 'A timesheet with its clocked and corrected times, overtime split, flags and allowed events',
    params: IdParams, response: Timesheet,
  }),
  createTimesheet: defineRoute({
    method: 'POST', path: '/timesheet', tag: 'timesheets', access: ['timesheets', 'create'], idempotent: true,
    summary: 'Add a timesheet for work done without a shift (flagged unscheduled); the person\'s week is counted again for overtime',
    body: CreateTimesheetBody, response: Timesheet,
  }),
  updateTimesheet: defineRoute({
    method: 'PUT', path: '/timesheet/{id}', tag: 'timesheets', access: ['timesheets', 'update'],
    summary: 'Correct a pending timesheet with a reason (the clocked times are kept beside the corrected ones); 422 locked once an approved payroll counted it',
    params: IdParams, body: UpdateTimesheetBody, response: Timesheet,
  }),
  timesheetEvent: defineRoute({
    method: 'POST', path: '/timesheet/{id}/events', tag: 'timesheets', access: ['timesheets', 'update'],
    summary: 'A timesheet machine event: approve, reject (with a note), reopen; 422 locked once an approved payroll counted it, timesheet_has_proposal while its staff member\'s proposed correction waits',
    params: IdParams, body: TimesheetEventBody, response: Timesheet,
  }),
  timesheetEvents: defineRoute({
    method: 'POST', path: '/timesheet/events', tag: 'timesheets', access: ['timesheets', 'update'],
    summary: 'Approve (a week) or reject many timesheets at once, all or none; each person is notified once',
    body: BulkTimesheetEventsBody, response: BulkTimesheetEventsResult,
  }),
  proposeTimesheetCorrection: defineRoute({
    method: 'PUT', path: '/timesheet/{id}/proposal', tag: 'timesheets', access: ['timesheets', 'read'],
    summary: 'Propose a correction of one\'s own pending, clocked-out timesheet with a reason (replacing one proposed before); the managers are told. Someone else\'s: 404, or 403 to a manager, who corrects it instead',
    params: IdParams, body: ProposeCorrectionBody, response: Timesheet,
  }),
  withdrawTimesheetProposal: defineRoute({
    method: 'DELETE', path: '/timesheet/{id}/proposal', tag: 'timesheets', access: ['timesheets', 'read'],
    summary: 'Withdraw one\'s own proposed correction, with the version read',
    params: IdParams, query: WithdrawProposalQuery, response: Timesheet,
  }),
  acceptTimesheetProposal: defineRoute({
    method: 'POST', path: '/timesheet/{id}/proposal/accept', tag: 'timesheets', access: ['timesheets', 'update'],
    summary: 'Apply a proposed correction as a manager\'s correction, its reason recorded (flagged corrected, the week counted again); the staff member is told',
    params: IdParams, body: AcceptProposalBody, response: Timesheet,
  }),
  declineTimesheetProposal: defineRoute({
    method: 'POST', path: '/timesheet/{id}/proposal/decline', tag: 'timesheets', access: ['timesheets', 'update'],
    summary: 'Turn a proposed correction down, with a reason if given; the staff member is told',
    params: IdParams, body: DeclineProposalBody, response: Timesheet,
  }),
  timesheetHistory: historyRoute('/timesheet', 'timesheets', 'timesheet'),
  timesheetReport: defineRoute({
    method: 'GET', path: '/report/timesheets', tag: 'timesheets', access: ['timesheets', 'read'],
    summary: 'Hours by person, client, service or week: planned (published shifts) against actual (timesheets), regular against overtime; staff without timesheets:update see their own',
    query: TimesheetReportQuery, response: TimesheetReport,
  }),

  listAuditLog: defineRoute({
    method: 'GET', path: '/audit_log', tag: 'audit-logs', access: ['audit-logs', 'read'],
    summary: 'The audit trail, newest first: by who acted, action (or its prefix), model, record, business days and text anywhere in a row',
    query: AuditLogQuery, response: page(AuditLogEntry),
  }),
  exportAuditLog: defineRoute({
    method: 'GET', path: '/audit_log/export', tag: 'audit-logs', access: ['audit-logs', 'read'],
    summary: 'The audit rows of a filtered range of business days (at most a year), oldest first, with their values before and after, a page at a time; the first page is itself audited',
    query: AuditLogExportQuery, response: page(AuditLogExportRow),
  }),
  verifyAuditLog: defineRoute({
    method: 'GET', path: '/audit_log/verify', tag: 'audit-logs', access: ['audit-logs', 'read'],
    summary: 'Checks the business\'s audit chain: each row\'s hash against its content and the row before it; reports the first break and the chain\'s head',
    response: AuditChainReport,
  }),
  getAuditLog: defineRoute({
    method: 'GET', path: '/audit_log/{id}', tag: 'audit-logs', access: ['audit-logs', 'read'],
    summary: 'One audit row: the values before and after, IP and user agent, whether its record still exists, its chain hashes',
    params: AuditLogIdParams, response: AuditLogDetail,
  }),
  // A team member's history sits with the audit work: the person's audit rows, as any record's.
  userHistory: historyRoute('/user', 'users', 'team member (changes to their record, invitations, sign-ins)'),
  getDashboard: defineRoute({
    method: 'GET', path: '/dashboard', tag: 'dashboard', access: 'user',
    summary: 'Administrators only (403 for anyone else, SPEC.md §6): what needs attention this week, the week in numbers against the last, and a 12-week trend of hours, on the business\'s clock',
    response: Dashboard,
  }),
  listExpenses: defineRoute({
    method: 'GET', path: '/expense', tag: 'expenses', access: ['expenses', 'read'],
    summary: 'Expense claims by date range, person, status, category, client; staff without expenses:update see their own',
    query: ExpenseQuery, response: page(Expense),
  }),
  getExpense: defineRoute({
    method: 'GET', path: '/expense/{id}', tag: 'expenses', access: ['expenses', 'read'],
    summary: 'An expense claim with its receipt, payroll and allowed events',
    params: IdParams, response: Expense,
  }),
  createExpense: defineRoute({
    method: 'POST', path: '/expense', tag: 'expenses', access: ['expenses', 'create'], idempotent: true,
    summary: 'Submit a claim (one\'s own; someone else\'s with expenses:update): mileage is priced at the business\'s rate per kilometre; a receipt must be a file the business uploaded to the receipts folder',
    body: CreateExpenseBody, response: Expense,
  }),
  updateExpense: defineRoute({
    method: 'PUT', path: '/expense/{id}', tag: 'expenses', access: ['expenses', 'create'],
    summary: 'Change a submitted claim (one\'s own, or anyone\'s with expenses:update); 422 locked once an approved payroll reimburses it',
    params: IdParams, body: UpdateExpenseBody, response: Expense,
  }),
  deleteExpense: defineRoute({
    method: 'DELETE', path: '/expense/{id}', tag: 'expenses', access: ['expenses', 'create'],
    summary: 'Withdraw a submitted claim (one\'s own, or anyone\'s with expenses:update)',
    params: IdParams, response: Empty,
  }),
  expenseHistory: historyRoute('/expense', 'expenses', 'expense claim'),
  expenseEvent: defineRoute({
    method: 'POST', path: '/expense/{id}/events', tag: 'expenses', access: ['expenses', 'update'],
    summary: 'An expense machine event: approve, reject (with a reason) — not on one\'s own claim unless an administrator; reimburse by hand (petty cash) while no payroll counts it',
    params: IdParams, body: ExpenseEventBody, response: Expense,
  }),
  expenseEvents: defineRoute({
    method: 'POST', path: '/expense/events', tag: 'expenses', access: ['expenses', 'update'],
    summary: 'Approve or reject many claims at once, all or none',
    body: BulkExpenseEventsBody, response: BulkExpenseEventsResult,
  }),

  listPayrolls: defineRoute({
    method: 'GET', path: '/payroll', tag: 'payrolls', access: ['payrolls', 'read'],
    summary: 'Pay runs, newest period first by default: filter[status], filter[number]',
    query: PayrollQuery, response: page(Payroll),
  }),
  getPayroll: defineRoute({
    method: 'GET', path: '/payroll/{id}', tag: 'payrolls', access: ['payrolls', 'read'],
    summary: 'A pay run with each person\'s lines and totals, and (for a draft) who has hours still waiting for approval',
    params: IdParams, response: Payroll,
  }),
  createPayroll: defineRoute({
    method: 'POST', path: '/payroll', tag: 'payrolls', access: ['payrolls', 'create'], idempotent: true,
    summary: 'A draft pay run for the pay period (from the schedule in settings) holding a date: approved hours × pay rate with overtime, vacation pay, approved expenses to reimburse; 409 duplicate when the period has one',
    body: CreatePayrollBody, response: Payroll,
  }),
  updatePayroll: defineRoute({
    method: 'PUT', path: '/payroll/{id}', tag: 'payrolls', access: ['payrolls', 'update'],
    summary: 'A draft\'s notes and manual lines (bonus, deduction, advance), the whole list of them',
    params: IdParams, body: UpdatePayrollBody, response: Payroll,
  }),
  deletePayroll: defineRoute({
    method: 'DELETE', path: '/payroll/{id}', tag: 'payrolls', access: ['payrolls', 'delete'],
    summary: 'Delete a draft pay run (an approved one stays: it is numbered and locks what it paid)',
    params: IdParams, response: Empty,
  }),
  recalculatePayroll: defineRoute({
    method: 'POST', path: '/payroll/{id}/recalculate', tag: 'payrolls', access: ['payrolls', 'update'],
    summary: 'Count a draft again from the approved timesheets and expenses as they are now; manual lines stay',
    params: IdParams, body: RecalculatePayrollBody, response: Payroll,
  }),
  payrollEvent: defineRoute({
    method: 'POST', path: '/payroll/{id}/events', tag: 'payrolls', access: ['payrolls', 'update'],
    summary: 'A payroll machine event: approve (numbers the run, locks its timesheets and expenses; 422 payroll_outdated when they changed since it was counted), pay (its expenses reimbursed, each person told their payslip is ready)',
    params: IdParams, body: PayrollEventBody, response: Payroll,
  }),
  payrollHistory: historyRoute('/payroll', 'payrolls', 'pay run'),
  listPayslips: defineRoute({
    method: 'GET', path: '/payslip', tag: 'payrolls', access: 'user',
    summary: 'The signed-in person\'s payslips of approved and paid runs, newest first',
    query: PayslipQuery, response: page(PayslipSummary),
  }),
  getPayslip: defineRoute({
    method: 'GET', path: '/payroll/{id}/payslip/{staff_id}', tag: 'payrolls', access: 'user',
    summary: 'One person\'s payslip: one\'s own of an approved or paid run, or anyone\'s with payrolls:read',
    params: PayslipParams, response: Payslip,
  }),
  payrollReport: defineRoute({
    method: 'GET', path: '/report/payroll', tag: 'payrolls', access: ['payroll', 'read'],
    summary: 'Gross, overtime, reimbursements, deductions and net of approved and paid runs by period and person',
    query: PayrollReportQuery, response: PayrollReport,
  }),
  payrollMargin: defineRoute({
    method: 'GET', path: '/report/payroll/margin', tag: 'payrolls', access: ['payroll', 'read'],
    summary: 'Per client, labour cost of the approved hours that start in the range (as paid: regular, overtime, double time) against the value of sent and paid invoices whose period starts in it (before tax, re-billed expenses left out): margin and margin %',
    query: PayrollMarginQuery, response: PayrollMargin,
  }),
  listInvoices: defineRoute({
    method: 'GET', path: '/invoice', tag: 'invoices', access: ['invoices', 'read'],
    summary: 'Invoices by status, client, overdue (derived: still owed after the due date) and period; q searches the number and the client',
    query: InvoiceQuery, response: page(InvoiceSummary),
  }),
  invoiceProposal: defineRoute({
    method: 'GET', path: '/invoice/proposal', tag: 'invoices', access: ['invoices', 'create'],
    summary: 'What an invoice for a client and period would bill: its approved, not yet invoiced timesheets and the lines they make (by service, or one per shift)',
    query: InvoiceProposalQuery, response: InvoiceProposal,
  }),
  uninvoicedClients: defineRoute({
    method: 'GET', path: '/invoice/uninvoiced', tag: 'invoices', access: ['invoices', 'create'],
    summary: 'Month-end: every client a draft for the period would bill, by name, with how many approved, not yet invoiced timesheets and billable expenses (dated up to the period\'s end) and their subtotal before tax; clients with nothing to bill left out, archived ones included when they have something',
    query: UninvoicedQuery, response: UninvoicedClients,
  }),
  getInvoice: defineRoute({
    method: 'GET', path: '/invoice/{id}', tag: 'invoices', access: ['invoices', 'read'],
    summary: 'An invoice with its lines, taxes (each its own line, with the registration numbers), payments, balance and allowed events',
    params: IdParams, response: Invoice,
  }),
  createInvoice: defineRoute({
    method: 'POST', path: '/invoice', tag: 'invoices', access: ['invoices', 'create'], idempotent: true,
    summary: 'A draft invoice for a client and period: its approved, not yet invoiced timesheets are billed (and marked invoiced), with manual items, a discount, notes, terms and a due date',
    body: CreateInvoiceBody, response: Invoice,
  }),
  updateInvoice: defineRoute({
    method: 'PUT', path: '/invoice/{id}', tag: 'invoices', access: ['invoices', 'update'],
    summary: 'Change a draft invoice (version required); changing its period or timesheets releases and bills hours again',
    params: IdParams, body: UpdateInvoiceBody, response: Invoice,
  }),
  invoiceEvent: defineRoute({
    method: 'POST', path: '/invoice/{id}/events', tag: 'invoices', access: ['invoices', 'update'],
    summary: 'An invoice machine event: send (allocates its number, e-mails the client the link with the PDF), payment (date, amount, method, reference; more than the balance is refused), void (releases its timesheets)',
    params: IdParams, body: InvoiceEventBody, response: Invoice,
  }),
  invoiceHistory: historyRoute('/invoice', 'invoices', 'invoice'),
  getInvoiceLink: defineRoute({
    method: 'GET', path: '/invoice/{id}/link', tag: 'invoices', access: ['invoices', 'read'],
    summary: 'The client\'s link to a sent invoice (and its PDF)',
    params: IdParams, response: InvoiceLink,
  }),
  renewInvoiceLink: defineRoute({
    method: 'POST', path: '/invoice/{id}/link', tag: 'invoices', access: ['invoices', 'update'],
    summary: 'A new link for the client; the previous one stops working',
    params: IdParams, response: InvoiceLink,
  }),
  publicInvoice: defineRoute({
    method: 'GET', path: '/public/invoice/{credentials}/{id}', tag: 'invoices', access: 'public',
    summary: 'A sent invoice through its client\'s link, without signing in (recorded as viewed); a wrong, revoked or other invoice\'s link is 404',
    params: PublicInvoiceParams, response: PublicInvoice,
  }),
  invoiceReport: defineRoute({
    method: 'GET', path: '/report/invoice', tag: 'invoices', access: ['invoice', 'read'],
    summary: 'Revenue by month of issue and client, and what is owed today by days past due (current, 1–30, 31–60, 61–90, 90+)',
    query: InvoiceReportQuery, response: InvoiceReport,
  }),
  // Communications: chat, announcements, FAQs, support (docs/decisions/029)
  listChatChannels: defineRoute({
    method: 'GET', path: '/chat/channel', tag: 'chat', access: 'user',
    summary:
      'The channels and conversations the signed-in user is in, with unread counts, latest activity first (the business\'s and its locations\' channels appear on first use). ' +
      'Someone in every location\'s channel gets the 100 with the latest messages; `q` finds any by name (at most 50), `id` reads one',
    query: ChatChannelsQuery, response: z.array(ChatChannel),
  }),
  createChatChannel: defineRoute({
    method: 'POST', path: '/chat/channel', tag: 'chat', access: ['schedules', 'update'], idempotent: true,
    summary: 'A custom channel of chosen members (and its maker)',
    body: CreateChatChannelBody, response: ChatChannel,
  }),
  updateChatChannel: defineRoute({
    method: 'PUT', path: '/chat/channel/{id}', tag: 'chat', access: ['schedules', 'update'],
    summary: 'Archive a channel (no new messages) or take it out of the archive; rename a custom channel or change its members',
    params: IdParams, body: UpdateChatChannelBody, response: ChatChannel,
  }),
  openDirectChat: defineRoute({
    method: 'POST', path: '/chat/direct', tag: 'chat', access: 'user',
    summary: 'The direct conversation of the signed-in user with these people: found again, or started',
    body: DirectChatBody, response: ChatChannel,
  }),
  listChatMessages: defineRoute({
    method: 'GET', path: '/chat/channel/{id}/message', tag: 'chat', access: 'user',
    summary: 'A conversation newest first, paged backwards with `before` (a message position); 404 for a channel one is not in',
    params: IdParams, query: ChatMessageQuery, response: ChatMessagePage,
  }),
  sendChatMessage: defineRoute({
    method: 'POST', path: '/chat/channel/{id}/message', tag: 'chat', access: 'user',
    summary: 'Send a message (text, mentions that notify, attachments from the file store); the same client_id again answers the first message',
    params: IdParams, body: SendChatMessageBody, response: ChatMessage,
  }),
  updateChatMessage: defineRoute({
    method: 'PUT', path: '/chat/message/{id}', tag: 'chat', access: 'user',
    summary: 'Edit one\'s own message (shown as edited)',
    params: IdParams, body: UpdateChatMessageBody, response: ChatMessage,
  }),
  deleteChatMessage: defineRoute({
    method: 'DELETE', path: '/chat/message/{id}', tag: 'chat', access: 'user',
    summary: 'Delete one\'s own message (it keeps its place, shown as deleted)',
    params: IdParams, response: ChatMessage,
  }),
  readChatChannel: defineRoute({
    method: 'POST', path: '/chat/channel/{id}/read', tag: 'chat', access: 'user',
    summary: 'The signed-in user has read the channel up to a message position (never moves back)',
    params: IdParams, body: ReadChatBody, response: ChatChannel,
  }),
  chatUnread: defineRoute({
    method: 'GET', path: '/chat/unread', tag: 'chat', access: 'user',
    summary: 'Unread messages of the signed-in user, in all and by channel',
    response: ChatUnread,
  }),
  chatPeople: defineRoute({
    method: 'GET', path: '/chat/people', tag: 'chat', access: 'user',
    summary: 'Active people of the business to start a conversation with or mention (at most 50, by name)',
    query: ChatPeopleQuery, response: ChatPeople,
  }),
  listAnnouncements: defineRoute({
    method: 'GET', path: '/announcement', tag: 'communications', access: 'user',
    summary: 'Announcements addressed to the signed-in user (all of them for whoever may post), pinned first, newest first',
    query: AnnouncementQuery, response: page(Announcement),
  }),
  getAnnouncement: defineRoute({
    method: 'GET', path: '/announcement/{id}', tag: 'communications', access: 'user',
    summary: 'One announcement addressed to the signed-in user (any, for whoever may post)',
    params: IdParams, response: Announcement,
  }),
  createAnnouncement: defineRoute({
    method: 'POST', path: '/announcement', tag: 'communications', access: ['schedules', 'update'], idempotent: true,
    summary: 'Post an announcement to everyone or to roles; each recipient is notified',
    body: CreateAnnouncementBody, response: Announcement,
  }),
  updateAnnouncement: defineRoute({
    method: 'PUT', path: '/announcement/{id}', tag: 'communications', access: ['schedules', 'update'],
    summary: 'Pin, unpin or correct an announcement',
    params: IdParams, body: UpdateAnnouncementBody, response: Announcement,
  }),
  deleteAnnouncement: defineRoute({
    method: 'DELETE', path: '/announcement/{id}', tag: 'communications', access: ['schedules', 'update'],
    summary: 'Withdraw an announcement',
    params: IdParams, response: Empty,
  }),
  announcementReceipt: defineRoute({
    method: 'POST', path: '/announcement/{id}/receipt', tag: 'communications', access: 'user',
    summary: 'The signed-in user has read an announcement addressed to them (and acknowledges it)',
    params: IdParams, body: AnnouncementReceiptBody, response: Announcement,
  }),
  announcementRoles: defineRoute({
    method: 'GET', path: '/announcement/roles', tag: 'communications', access: ['schedules', 'update'],
    summary: 'The roles an announcement may be addressed to',
    response: z.array(z.object({ id: z.uuid(), name: z.string() })),
  }),
  announcementRecipients: defineRoute({
    method: 'GET', path: '/announcement/{id}/recipients', tag: 'communications', access: ['schedules', 'update'],
    summary: 'Who an announcement went to, and who has read and acknowledged it',
    params: IdParams, response: z.array(AnnouncementRecipient),
  }),
  listFaqs: defineRoute({
    method: 'GET', path: '/faq', tag: 'communications', access: 'user',
    summary: 'Questions and answers by category and position, or those matching `q`',
    query: FaqQuery, response: z.array(Faq),
  }),
  createFaq: defineRoute({
    method: 'POST', path: '/faq', tag: 'communications', access: ['settings', 'update'], idempotent: true,
    summary: 'Add a question and its answer (Markdown); last in its category unless a position is given',
    body: CreateFaqBody, response: Faq,
  }),
  updateFaq: defineRoute({
    method: 'PUT', path: '/faq/{id}', tag: 'communications', access: ['settings', 'update'],
    summary: 'Change a question, its answer, category or position',
    params: IdParams, body: UpdateFaqBody, response: Faq,
  }),
  deleteFaq: defineRoute({
    method: 'DELETE', path: '/faq/{id}', tag: 'communications', access: ['settings', 'update'],
    summary: 'Remove a question',
    params: IdParams, response: Empty,
  }),
  getSupport: defineRoute({
    method: 'GET', path: '/support', tag: 'communications', access: 'user',
    summary: 'How to reach the business\'s administrators and Rota\'s help; the version running',
    response: SupportInfo,
  }),
} as const

export type Routes = typeof routes
export type RouteName = keyof Routes

