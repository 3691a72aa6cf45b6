import { Service } from '@rota/core'
import { recordHistory } from '../../records/history.ts'
import { serviceRecords } from '../../repositories/services.ts'
import type { Handlers } from '../handler.ts'
import { namedRecordHandlers } from '../named-records.ts'

const crud = namedRecordHandlers(serviceRecords, 'services', 'services')

/** Services and their rates. */
export const serviceHandlers: Handlers<'listServices' | 'getService' | 'createService' | 'updateService' | 'deleteService' | 'serviceHistory'> = {
  listServices: ({ query }, ctx) => crud.list(query, ctx),
  getService: ({ params }, ctx) => crud.get(params.id, ctx),
  createService: ({ body }, ctx) => crud.create(body, ctx),
  updateService: ({ params, body }, ctx) => crud.update(params.id, body, ctx),
  deleteService: ({ params }, ctx) => crud.remove(params.id, ctx),
  serviceHistory: recordHistory({ model: 'services', schema: Service, find: (db, businessId, id) => serviceRecords.get(db, businessId, id) }),
}
