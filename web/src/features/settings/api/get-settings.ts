import type { ApiFunctions, Settings } from '@rota/core'

/**
 * `GET /settings`: the settings as saved now, to reload a form that met someone else's change.
 * @example
 * session.send({ type: 'session.settings.updated', settings: await fetchSettings(api) })
 */
export function fetchSettings(api: ApiFunctions): Promise<Settings> {
  return api.getSettings(undefined, { silent: true })
}
