import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'
import { closeForgottenClockOuts } from '../records/forgotten-clock-outs.ts'
import { overdueTimesheets } from '../repositories/timesheets.ts'
import type { Clock } from './clock.ts'

/** How often the API process looks for forgotten clock-outs. */
export const SWEEP_EVERY_MS = 5 * 60_000

/**
 * Closes forgotten clock-outs of every business in the background, every few minutes, so a
 * manager's report and a staff member's hours are right even when nobody reads timesheets.
 * It looks across businesses in the system scope and closes each business's own in its scope.
 * Several API processes may sweep together: each close locks its shift, and a second finds
 * it closed.
 */
export function createClockOutSweeper(options: { database: Database; clock: Clock; log: FastifyBaseLogger; everyMs?: number }) {
  const { database, clock, log } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined

  async function sweep(): Promise<number> {
    const now = clock.now()
    const due = await database.scoped('system', (db) => overdueTimesheets(db, null, now))
    let closed = 0
    for (const businessId of new Set(due.map((item) => item.business_id))) {
      closed += await database.scoped({ businessId }, (db) => closeForgottenClockOuts(db, businessId, now))
    }
    if (closed > 0) log.info({ closed }, 'forgotten clock-outs closed')
    return closed
  }

  return {
    /** One sweep now (the timer's, or a test's); a sweep already running is awaited instead. */
    sweep(): Promise<number> {
      running ??= sweep().finally(() => (running = undefined))
      return running
    },
    start(): void {
      timer = setInterval(() => {
        this.sweep().catch((err: unknown) => log.error({ err }, 'forgotten clock-out sweep failed'))
      }, options.everyMs ?? SWEEP_EVERY_MS)
      timer.unref()
    },
    async stop(): Promise<void> {
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}

export type ClockOutSweeper = ReturnType<typeof createClockOutSweeper>
