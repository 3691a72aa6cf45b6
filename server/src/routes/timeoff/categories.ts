import { TimeoffCategory } from '@rota/core'
import { AppError } from '../../errors.ts'
import { recordHistory } from '../../records/history.ts'
import { timeoffCategoryRecords } from '../../repositories/timeoff-categories.ts'
import type { Handlers } from '../handler.ts'
import { namedRecordHandlers } from '../named-records.ts'

const crud = namedRecordHandlers(timeoffCategoryRecords, 'timeoff-categories')

/** Time-off categories: a category people have asked for is archived (`active: false`), not deleted. */
export const timeoffCategoryHandlers: Handlers<'listTimeoffCategories' | 'getTimeoffCategory' | 'createTimeoffCategory' | 'updateTimeoffCategory' | 'deleteTimeoffCategory' | 'timeoffCategoryHistory'> = {
  listTimeoffCategories: ({ query }, ctx) => crud.list(query, ctx),
  getTimeoffCategory: ({ params }, ctx) => crud.get(params.id, ctx),
  createTimeoffCategory: ({ body }, ctx) => crud.create(body, ctx),
  updateTimeoffCategory: ({ params, body }, ctx) => crud.update(params.id, body, ctx),
  timeoffCategoryHistory: recordHistory({ model: 'timeoff-categories', schema: TimeoffCategory, find: (db, businessId, id) => timeoffCategoryRecords.get(db, businessId, id) }),
  async deleteTimeoffCategory({ params }, ctx) {
    try {
      return await crud.remove(params.id, ctx)
    } catch (error) {
      if (error instanceof AppError && error.code === 'in_use') throw new AppError(409, 'category_in_use')
      throw error
    }
  },
}
