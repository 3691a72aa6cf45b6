import type { ApiFunctions, Settings } from '@rota/core'

/**
 * `PUT /settings` with the guide's marks, comma-separated (SPEC.md §7).
 * @example
 * await saveGuide(api, 'settings,roles')
 */
export function saveGuide(api: ApiFunctions, completed: string): Promise<Settings> {
  return api.updateSettings({ body: { completed_guided_setup: completed } }, { silent: true })
}
