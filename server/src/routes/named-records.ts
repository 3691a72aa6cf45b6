import type { ListQuery, PermissionModel, SetupStep } from '@rota/core'
import type { Auth, HandlerContext } from '../context.ts'
import { completeGuideStep } from '../repositories/businesses.ts'
import type { namedRecords } from '../repositories/named-records.ts'
import { audit } from './audit.ts'
import { answer } from './handler.ts'

type Records<Api, Query extends ListQuery, Create extends { name: string }, Update extends { name?: string; version: number }> = ReturnType<
  typeof namedRecords<{ name: string }, Api, Query, Create, Update>
>

/**
 * The five handlers of a named record (list, read, create, change, delete), each
 * change audited in its transaction; creating one can complete a setup-guide step.
 */
export function namedRecordHandlers<Api extends { id: string }, Query extends ListQuery, Create extends { name: string }, Update extends { name?: string; version: number }>(
  records: Records<Api, Query, Create, Update>,
  model: PermissionModel,
  guideStep?: SetupStep,
) {
  type Ctx = HandlerContext<Auth>
  return {
    list: (query: Query, ctx: Ctx) => records.list(ctx.db, ctx.auth.businessId, query, ctx.totals),
    get: (id: string, ctx: Ctx) => records.get(ctx.db, ctx.auth.businessId, id),
    create: async (body: Create, ctx: Ctx) => {
      const created = await ctx.db.transaction(async (tx) => {
        const record = await records.create(tx, ctx.auth.businessId, body)
        await audit(ctx, { action: `${model}.create`, model, recordId: record.id, after: record }, tx)
        if (guideStep) await completeGuideStep(tx, ctx.auth.businessId, guideStep)
        return record
      })
      return answer(created, 'saved', 201)
    },
    update: async (id: string, body: Update, ctx: Ctx) => {
      const after = await ctx.db.transaction(async (tx) => {
        const change = await records.update(tx, ctx.auth.businessId, id, body)
        await audit(ctx, { action: `${model}.update`, model, recordId: id, before: change.before, after: change.after }, tx)
        return change.after
      })
      return answer(after, 'saved')
    },
    remove: async (id: string, ctx: Ctx) => {
      await ctx.db.transaction(async (tx) => {
        const removed = await records.remove(tx, ctx.auth.businessId, id)
        await audit(ctx, { action: `${model}.delete`, model, recordId: id, before: removed }, tx)
      })
      return answer({}, 'deleted')
    },
  }
}
