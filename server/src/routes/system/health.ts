import { AppError } from '../../errors.ts'
import type { Handlers } from '../handler.ts'
import { VERSION } from '../../version.ts'

/** For load balancers and `rota smoke`: 200 when the database answers, 503 otherwise. */
export const healthHandlers: Handlers<'health'> = {
  async health(_input, ctx) {
    if (!(await ctx.database.ping())) throw new AppError(503, 'database_unreachable')
    return { status: 'ok', database: 'ok', driver: ctx.database.driver, version: VERSION }
  },
}
