import type { RouteName } from '@rota/core'
import { authHandlers } from './auth/index.ts'
import { businessHandlers } from './business/register.ts'
import type { Handlers } from './handler.ts'
import { importHandlers } from './import/import.ts'
import { locationHandlers } from './locations/locations.ts'
import { notificationHandlers } from './notifications/notifications.ts'
import { profileHandlers } from './profile/profile.ts'
import { roleHandlers } from './roles/roles.ts'
import { serviceHandlers } from './services/services.ts'
import { settingsHandlers } from './settings/settings.ts'
import { configHandlers } from './system/config.ts'
import { healthHandlers } from './system/health.ts'
import { userHandlers } from './users/users.ts'
import { fileHandlers } from './files/files.ts'
import { profileOnboardingHandlers } from './profile/onboarding.ts'
import { onboardingEntryHandlers } from './settings/onboarding.ts'
import { scheduleHandlers } from './schedules/index.ts'
import { timeoffHandlers } from './timeoff/index.ts'
import { timesheetRouteHandlers } from './timesheets/index.ts'
import { auditLogHandlers } from './audit-log/audit-log.ts'
import { dashboardHandlers } from './dashboard/dashboard.ts'
import { userHistoryHandlers } from './users/history.ts'
import { expenseRouteHandlers } from './expenses/index.ts'
import { payrollRouteHandlers } from './payrolls/index.ts'
import { invoiceRouteHandlers } from './invoices/index.ts'
import { communicationHandlers } from './communications/index.ts'

/** One handler per route of the contract; TypeScript refuses a missing one. */
export const handlers: Handlers<RouteName> = {
  ...healthHandlers,
  ...configHandlers,
  ...businessHandlers,
  ...authHandlers,
  ...profileHandlers,
  ...settingsHandlers,
  ...userHandlers,
  ...roleHandlers,
  ...locationHandlers,
  ...serviceHandlers,
  ...importHandlers,
  ...notificationHandlers,
  ...fileHandlers,
  ...profileOnboardingHandlers,
  ...onboardingEntryHandlers,
  ...scheduleHandlers,
  ...timeoffHandlers,
  ...timesheetRouteHandlers,
  ...auditLogHandlers,
  ...dashboardHandlers,
  ...userHistoryHandlers,
  ...expenseRouteHandlers,
  ...payrollRouteHandlers,
  ...invoiceRouteHandlers,
  ...communicationHandlers,
}
