import { Location } from '@rota/core'
import { recordHistory } from '../../records/history.ts'
import { locationRecords } from '../../repositories/locations.ts'
import type { Handlers } from '../handler.ts'
import { namedRecordHandlers } from '../named-records.ts'

const crud = namedRecordHandlers(locationRecords, 'locations', 'clients')

/** Clients (locations). */
export const locationHandlers: Handlers<'listLocations' | 'getLocation' | 'createLocation' | 'updateLocation' | 'deleteLocation' | 'locationHistory'> = {
  listLocations: ({ query }, ctx) => crud.list(query, ctx),
  getLocation: ({ params }, ctx) => crud.get(params.id, ctx),
  createLocation: ({ body }, ctx) => crud.create(body, ctx),
  updateLocation: ({ params, body }, ctx) => crud.update(params.id, body, ctx),
  deleteLocation: ({ params }, ctx) => crud.remove(params.id, ctx),
  locationHistory: recordHistory({ model: 'locations', schema: Location, find: (db, businessId, id) => locationRecords.get(db, businessId, id) }),
}
