import type { ApiFunctions, Location } from '@rota/core'

/**
 * `GET /location/{id}`: a client as saved now, to reload a form that met someone else's change.
 * @example
 * setLocation(await fetchLocation(api, location.id))
 */
export function fetchLocation(api: ApiFunctions, id: string): Promise<Location> {
  return api.getLocation({ params: { id } }, { silent: true })
}
