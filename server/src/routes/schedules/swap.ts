import { localDateOf, localTimeOf, type ShiftConflict, type SwapOption } from '@rota/core'
import { and, asc, eq, gt, isNotNull, lt, ne, not } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import { shifts } from '../../db/schema/index.ts'
import { notFound } from '../../errors.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { pendingSql, shiftsWhere, toldSql, type ShiftRow } from '../../repositories/shifts.ts'
import type { Handlers } from '../handler.ts'
import { conflictsOf, pendingChange, spanOf, surroundings, viewerOf, type Surroundings } from './present.ts'

type Ctx = HandlerContext<Auth>

const DAY_MS = 86_400_000
/** How far ahead a swap is looked for, and how many colleagues' shifts are offered at most. */
const HORIZON_DAYS = 42
const OPTIONS_MAX = 100

/**
 * What stops two people exchanging their shifts, if anything: each, given the other's shift
 * instead of their own, must be free then (no overlap, no approved time off) and may work its
 * service. `around` must hold both people's shifts; it is not changed.
 * @example
 * swapClash(mine, theirs, await surroundings(tx, businessId, [mine, theirs], viewer, settings, now)) // null
 */
export function swapClash(mine: ShiftRow, theirs: ShiftRow, around: Surroundings): ShiftConflict | null {
  for (const [person, shift, leaving] of [
    [mine.staff_id!, theirs, mine.id],
    [theirs.staff_id!, mine, theirs.id],
  ] as const) {
    const others = new Map(around.others).set(person, (around.others.get(person) ?? []).filter((other) => other.id !== leaving && other.id !== shift.id))
    const clash = conflictsOf(spanOf(shift), person, { ...around, others }).find((conflict) => conflict.severity === 'error')
    if (clash) return clash
  }
  return null
}

export const shiftSwapHandlers: Handlers<'shiftSwapOptions'> = {
  /**
   * A staff member's published shift and the colleagues' published shifts of the next six
   * weeks it could be exchanged for, soonest first: the picker of "Ask to swap this shift".
   */
  async shiftSwapOptions({ params }, ctx) {
    const { businessId, userId } = ctx.auth
    const [found] = await shiftsWhere(ctx.db, businessId, and(eq(shifts.id, params.id), eq(toldSql.staff_id, userId), eq(toldSql.status, 'published')), undefined, undefined, { told: true })
    if (!found) throw notFound()
    // A swap waits while either shift has a change its staff were not told of (decision 024): then no colleague's shift is offered.
    if (pendingChange(found.live!) !== null) return []
    const mine = found.shift
    const now = ctx.clock.now()
    // Once it has started it is too late to swap (the machine's `started`): nothing to offer.
    if (mine.starts_at <= now) return []
    const candidates = await shiftsWhere(
      ctx.db,
      businessId,
      and(
        eq(shifts.status, 'published'),
        isNotNull(shifts.staff_id),
        ne(shifts.staff_id, userId),
        gt(shifts.starts_at, now),
        lt(shifts.starts_at, new Date(now.getTime() + HORIZON_DAYS * DAY_MS)),
        not(pendingSql),
      ),
      { limit: OPTIONS_MAX * 3, offset: 0, order: [asc(shifts.starts_at), asc(shifts.id)] },
    )
    if (candidates.length === 0) return []
    const settings = await getSettings(ctx.db, businessId)
    const around = await surroundings(ctx.db, businessId, [mine, ...candidates.map((candidate) => candidate.shift)], { ...viewerOf(ctx.auth), schedules: true }, settings, now)
    const tz = settings.timezone
    const options: SwapOption[] = []
    for (const { shift: theirs, staff, location, service } of candidates) {
      if (options.length === OPTIONS_MAX) break
      if (!staff || swapClash(mine, theirs, around)) continue
      options.push({
        id: theirs.id,
        staff: { id: staff.id, name: `${staff.firstname} ${staff.lastname}`.trim() },
        location: { id: location.id, name: location.name },
        service: { id: service.id, name: service.name },
        starts_at: theirs.starts_at.toISOString(),
        ends_at: theirs.ends_at.toISOString(),
        date: localDateOf(theirs.starts_at, tz),
        start_time: localTimeOf(theirs.starts_at, tz),
        end_time: localTimeOf(theirs.ends_at, tz),
      })
    }
    return options
  },
}
