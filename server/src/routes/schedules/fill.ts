import { businessWeek, localDay, overtimeRuleOn, type FillProposal, type Settings } from '@rota/core'
import { and, eq, inArray } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import { shifts } from '../../db/schema/index.ts'
import { AppError, conflict, notFound, unprocessable } from '../../errors.ts'
import type { FillProblem } from '../../optimiser/problem.ts'
import type { FillAnswer } from '../../optimiser/problem-data.ts'
import { FillUnavailable } from '../../optimiser/worker-pool.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { fillStaff, insertProposal, markApplied, openShiftsBetween, preferredClients, proposalForUpdate, recentClients, servicePay } from '../../repositories/fill.ts'
import { staffRules, staffShiftsBetween, writeShift, type ShiftRow } from '../../repositories/shifts.ts'
import { awayBetween } from '../../repositories/timeoff-requests.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { judge } from './judge.ts'

const DAY_MS = 86_400_000
/** How far back "worked at this client recently" looks. */
const RECENT_DAYS = 28

type Ctx = HandlerContext<Auth>

/**
 * Everything the optimiser reads for a range: its open shifts, the people, their rules, their
 * shifts in the business weeks around it (and as many days either side as a run of days in a
 * row can reach), their approved time off, the clients they worked at in the four weeks
 * before, their preferred clients, and the services' pay rates.
 */
async function problemFor(ctx: Ctx, settings: Settings, range: { from: string; to: string }, ids: string[] | undefined, weights: FillProblem['weights']) {
  const { businessId } = ctx.auth
  const tz = settings.timezone
  const from = localDay(range.from, tz).from
  const to = localDay(range.to, tz).to
  const open = await openShiftsBetween(ctx.db, businessId, from, to, ids)
  if (ids && open.length !== new Set(ids).size) {
    const found = new Set(open.map((shift) => shift.id))
    throw unprocessable('fill_shift_not_open', { shift_ids: ids.filter((id) => !found.has(id)) })
  }
  const reach = ((settings.max_days_in_row ?? 0) + 1) * DAY_MS
  const around = {
    from: new Date(Math.min(businessWeek(range.from, tz, settings.week_start).from.getTime(), from.getTime() - reach)),
    to: new Date(Math.max(businessWeek(range.to, tz, settings.week_start).to.getTime(), to.getTime() + reach)),
  }
  const staff = await fillStaff(ctx.db, businessId)
  const ids_ = staff.map((person) => person.id)
  const [rules, saved, away, recent, preferred, pay] = [
    await staffRules(ctx.db, businessId, ids_),
    await staffShiftsBetween(ctx.db, businessId, ids_, around.from, around.to),
    await awayBetween(ctx.db, businessId, ids_, around.from, around.to),
    await recentClients(ctx.db, businessId, new Date(from.getTime() - RECENT_DAYS * DAY_MS), from),
    await preferredClients(ctx.db, businessId),
    await servicePay(ctx.db, businessId),
  ]
  const others = new Map<string, typeof saved>()
  for (const shift of saved) others.set(shift.staff_id!, [...(others.get(shift.staff_id!) ?? []), shift])
  const problem: FillProblem = {
    shifts: open,
    people: staff.map((person) => {
      const rule = rules.get(person.id)
      return {
        id: person.id,
        name: `${person.firstname} ${person.lastname}`.trim(),
        payRateCents: person.pay_rate_cents,
        serviceIds: rule?.serviceIds ?? [],
        availability: rule?.availability ?? null,
        maxWeeklyMinutes: rule?.maxWeeklyMinutes ?? null,
        preferredWeeklyMinutes: person.preferred_weekly_minutes,
        targetWeeklyMinutes: person.target_weekly_minutes,
        preferredLocationIds: preferred.get(person.id) ?? [],
        recentLocationIds: recent.get(person.id) ?? [],
        others: others.get(person.id) ?? [],
        timeOff: away.get(person.id) ?? [],
      }
    }),
    rules: {
      timeZone: tz,
      weekStart: settings.week_start,
      minRestMinutes: settings.min_rest_minutes,
      maxDaysInRow: settings.max_days_in_row,
      overtimeOf: (week) => overtimeRuleOn({ jurisdiction: settings.overtime_jurisdiction }, week),
      servicePay: pay,
    },
    weights,
  }
  return { problem, versions: new Map(open.map((shift) => [shift.id, shift.version])) }
}

/**
 * The solve, in the fill's worker threads (the API keeps answering meanwhile). A caller who
 * goes away (the web's Cancel aborts its request) stops it; no answer at all — the thread
 * failed before even the greedy proposal — is a 503 to try again, never a 500.
 */
async function solveAside(ctx: Ctx, problem: FillProblem, timeLimitMs: number): Promise<FillAnswer> {
  const stop = new AbortController()
  const response = ctx.reply.raw
  const gone = () => {
    if (!response.writableEnded) stop.abort()
  }
  response.once('close', gone)
  try {
    return await ctx.fill.solve(problem, { timeLimitMs }, stop.signal)
  } catch (error) {
    if (stop.signal.aborted || error instanceof FillUnavailable) throw new AppError(503, 'fill_unavailable', undefined, { 'retry-after': '5' })
    throw error
  } finally {
    response.off('close', gone)
  }
}

export const fillHandlers: Handlers<'fillSchedule' | 'applyFill'> = {
  async fillSchedule({ body }, ctx) {
    const settings = await getSettings(ctx.db, ctx.auth.businessId)
    const weights = { ...settings.fill_weights, ...body.weights }
    const { problem, versions } = await problemFor(ctx, settings, body, body.shift_ids, weights)
    const result = await solveAside(ctx, problem, body.time_limit_ms)
    const names = new Map(problem.people.map((person) => [person.id, person.name]))
    const proposal: Omit<FillProposal, 'id' | 'created_at'> = {
      status: 'proposed',
      from: body.from,
      to: body.to,
      method: result.method,
      solve_ms: result.solve_ms,
      weights,
      assignments: result.assignments.map((a) => ({ shift_id: a.shift_id, staff: { id: a.staff_id, name: names.get(a.staff_id) ?? '' }, reason: a.reason })),
      unfilled: result.unfilled,
      totals: result.totals,
    }
    const row = await insertProposal(ctx.db, ctx.auth.businessId, {
      assignments: result.assignments.map((a) => ({ shift_id: a.shift_id, staff_id: a.staff_id, version: versions.get(a.shift_id)! })),
      answer: proposal,
      created_by: ctx.auth.userId,
    })
    return answer({ ...proposal, id: row.id, created_at: row.created_at.toISOString() }, 'fill_proposed', 201)
  },

  async applyFill({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const applied = await ctx.db.transaction(async (tx) => {
      const proposal = await proposalForUpdate(tx, businessId, params.id)
      if (!proposal) throw notFound()
      if (proposal.status !== 'proposed') throw unprocessable('fill_already_applied')
      const kept = body.shift_ids ? new Set(body.shift_ids) : undefined
      if (kept) {
        const missing = [...kept].filter((id) => !proposal.assignments.some((a) => a.shift_id === id))
        if (missing.length > 0) throw unprocessable('fill_shift_not_proposed', { shift_ids: missing })
      }
      const chosen = proposal.assignments.filter((a) => !kept || kept.has(a.shift_id))
      const rows = await tx
        .select()
        .from(shifts)
        .where(and(eq(shifts.business_id, businessId), inArray(shifts.id, chosen.map((a) => a.shift_id))))
        .for('update')
      const byId = new Map<string, ShiftRow>(rows.map((row) => [row.id, row]))
      // A shift changed (edited, staffed, cancelled, deleted) since the proposal: nothing is applied.
      const changed = chosen.filter((a) => {
        const row = byId.get(a.shift_id)
        return !row || row.version !== a.version || row.staff_id !== null || (row.status !== 'draft' && row.status !== 'published')
      })
      if (changed.length > 0) throw conflict('fill_stale', { shift_ids: changed.map((a) => a.shift_id) })
      // The people's own schedules may have moved too: the schedule's refusals still hold.
      await judge(
        { ...ctx, db: tx },
        chosen.map((a) => {
          const row = byId.get(a.shift_id)!
          return { id: row.id, staff_id: a.staff_id, location_id: row.location_id, service_id: row.service_id, starts_at: row.starts_at, ends_at: row.ends_at, break_minutes: row.break_minutes }
        }),
        settings,
      )
      for (const a of chosen) {
        const before = byId.get(a.shift_id)!
        await writeShift(tx, businessId, a.shift_id, { staff_id: a.staff_id })
        await audit(ctx, { action: 'shifts.fill', model: 'schedules', recordId: a.shift_id, before: { staff_id: before.staff_id }, after: { staff_id: a.staff_id, proposal_id: proposal.id } }, tx)
      }
      await markApplied(tx, businessId, proposal.id)
      return { count: chosen.length, proposal }
    })
    const stored = applied.proposal.answer as Omit<FillProposal, 'id' | 'created_at'>
    return answer(
      { applied: applied.count, proposal: { ...stored, status: 'applied' as const, id: applied.proposal.id, created_at: applied.proposal.created_at.toISOString() } },
      'fill_applied',
    )
  },
}

