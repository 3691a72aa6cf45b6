import type { RouteName } from '@rota/core'
import { authHandlers } from './auth/index.ts'
import { businessHandlers } from './business/register.ts'
import type { Handlers } from './handler.ts'
import { profileHandlers } from './profile/profile.ts'
import { settingsHandlers } from './settings/settings.ts'
import { healthHandlers } from './system/health.ts'

/** One handler per route of the contract; TypeScript refuses a missing one. */
export const handlers: Handlers<RouteName> = {
  ...healthHandlers,
  ...businessHandlers,
  ...authHandlers,
  ...profileHandlers,
  ...settingsHandlers,
}
