import type { ApiFunctions, Service } from '@rota/core'

/**
 * `GET /service/{id}`: a service as saved now, to reload a form that met someone else's change.
 * @example
 * setService(await fetchService(api, service.id))
 */
export function fetchService(api: ApiFunctions, id: string): Promise<Service> {
  return api.getService({ params: { id } }, { silent: true })
}
