import { can, type Availability } from '@rota/core'
import type { Auth, HandlerContext } from '../../context.ts'
import { conflict, forbidden, notFound } from '../../errors.ts'
import { availabilityOf, replaceAvailability, schedulableStaff } from '../../repositories/shifts.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

type Ctx = HandlerContext<Auth>

/** A person sets their own availability; a scheduler (schedules:update) anyone's. Another business's person is a 404. */
async function requireAvailabilityOf(ctx: Ctx, userId: string): Promise<void> {
  if (userId !== ctx.auth.userId && !can(ctx.auth, 'schedules', 'update')) throw forbidden()
  if ((await schedulableStaff(ctx.db, ctx.auth.businessId, [userId])).length === 0) throw notFound()
}

async function read(ctx: Ctx, userId: string): Promise<Availability> {
  const { rules, version } = await availabilityOf(ctx.db, ctx.auth.businessId, userId)
  const exceptions = [...(rules?.availability.exceptions ?? [])]
  return {
    user_id: userId,
    windows: [...(rules?.availability.windows ?? [])].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start)),
    exceptions: exceptions.sort((a, b) => a.date.localeCompare(b.date)),
    version,
  }
}

export const availabilityHandlers: Handlers<'getAvailability' | 'updateAvailability'> = {
  async getAvailability({ params }, ctx) {
    await requireAvailabilityOf(ctx, params.user_id)
    return read(ctx, params.user_id)
  },

  async updateAvailability({ params, body }, ctx) {
    await requireAvailabilityOf(ctx, params.user_id)
    const before = await read(ctx, params.user_id)
    await ctx.db.transaction(async (tx) => {
      if (!(await replaceAvailability(tx, ctx.auth.businessId, params.user_id, body.version, body))) throw conflict('stale_version')
      await audit(ctx, { action: 'availability.update', model: 'schedules', recordId: params.user_id, before: { windows: before.windows, exceptions: before.exceptions }, after: { windows: body.windows, exceptions: body.exceptions } }, tx)
    })
    return answer(await read(ctx, params.user_id), 'saved')
  },
}
