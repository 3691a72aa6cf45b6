import { LocationDetail, type Location } from '@rota/core'
import type { Auth, HandlerContext } from '../../context.ts'
import { recordHistory } from '../../records/history.ts'
import { ratesOf, replaceRates } from '../../repositories/location-rates.ts'
import { locationRecords } from '../../repositories/locations.ts'
import { audit } from '../audit.ts'
import { answer, type Answer, type Handlers } from '../handler.ts'
import { namedRecordHandlers } from '../named-records.ts'

const crud = namedRecordHandlers(locationRecords, 'locations', 'clients')

/** A client's answer with its own rates beside it (read once the change is committed). */
async function withRates(answered: Answer<Location>, ctx: HandlerContext<Auth>) {
  return answer({ ...answered.data, rates: await ratesOf(ctx.db, ctx.auth.businessId, answered.data.id) }, answered.message, answered.status)
}

/** Clients (locations), and each client's own bill rates by service (decision 037). */
export const locationHandlers: Handlers<'listLocations' | 'getLocation' | 'createLocation' | 'updateLocation' | 'setLocationRates' | 'deleteLocation' | 'locationHistory'> = {
  listLocations: ({ query }, ctx) => crud.list(query, ctx),
  getLocation: async ({ params }, ctx) => {
    const location = await crud.get(params.id, ctx)
    return { ...location, rates: await ratesOf(ctx.db, ctx.auth.businessId, location.id) }
  },
  createLocation: async ({ body }, ctx) => withRates(await crud.create(body, ctx), ctx),
  updateLocation: async ({ params, body }, ctx) => withRates(await crud.update(params.id, body, ctx), ctx),
  setLocationRates: async ({ params, body }, ctx) => {
    const after = await ctx.db.transaction(async (tx) => {
      const change = await replaceRates(tx, ctx.auth.businessId, params.id, body)
      if (change.after !== change.before) await audit(ctx, { action: 'locations.update', model: 'locations', recordId: params.id, before: change.before, after: change.after }, tx)
      return change.after
    })
    return answer(after, 'saved')
  },
  deleteLocation: ({ params }, ctx) => crud.remove(params.id, ctx),
  // With the rates: a change of them shows in the client's history like any other field.
  locationHistory: recordHistory({ model: 'locations', schema: LocationDetail, find: (db, businessId, id) => locationRecords.get(db, businessId, id) }),
}
