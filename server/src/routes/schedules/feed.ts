import type { FastifyInstance } from 'fastify'
import { addressLine } from '@rota/core'
import ical, { ICalEventStatus } from 'ical-generator'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { shifts } from '../../db/schema/index.ts'
import { notFound } from '../../errors.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { businessOf, bumpFeedVersion, feedVersion, shiftsWhere, startsIn, toldSql } from '../../repositories/shifts.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

const DAY = 86_400_000

/** The address of a person's feed: the API's public calendar route with their signed token. */
const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/v1/calendar/${token}.ics`

export const calendarFeedHandlers: Handlers<'getCalendarFeed' | 'resetCalendarFeed'> = {
  async getCalendarFeed(_input, ctx) {
    const { businessId, userId } = ctx.auth
    const version = await feedVersion(ctx.db, businessId, userId)
    if (version === undefined) throw notFound()
    return { url: feedUrl(ctx.config.publicUrl, ctx.tokens.signFeed({ userId, version })) }
  },

  async resetCalendarFeed(_input, ctx) {
    const { businessId, userId } = ctx.auth
    const version = await ctx.db.transaction(async (tx) => {
      const bumped = await bumpFeedVersion(tx, businessId, userId)
      await audit(ctx, { action: 'calendar_feed.reset', model: 'schedules', recordId: userId }, tx)
      return bumped
    })
    return answer({ url: feedUrl(ctx.config.publicUrl, ctx.tokens.signFeed({ userId, version })) }, 'saved')
  },
}

/**
 * `GET /api/v1/calendar/{token}.ics`: a person's published shifts (from two months back to a
 * year ahead) as iCalendar, for Google, Apple or Outlook calendars to subscribe to: each at its
 * client's name and address (and map point when known), for the phone's calendar to give
 * directions, with the service and the shift's notes in its description. The
 * signed token is the only credential (calendar apps send no other); a reset one, a
 * disabled person or a tampered token answers 404, the same as one that never existed.
 */
export function registerCalendarFeed(api: FastifyInstance): void {
  api.get<{ Params: { token: string } }>(
    '/calendar/:token',
    { schema: { summary: 'A private calendar feed of one person’s published shifts (iCalendar); the address comes from GET /schedule/feed', tags: ['schedules'] } },
    async (request, reply) => {
      const { tokens, database, config } = api.services
      const claims = tokens.verifyFeed(request.params.token.replace(/\.ics$/, ''))
      if (!claims) throw notFound()
      const businessId = await database.scoped('system', (db) => businessOf(db, claims.userId))
      if (!businessId) throw notFound()
      const body = await database.scoped({ businessId }, async (db) => {
        if ((await feedVersion(db, businessId, claims.userId)) !== claims.version) throw notFound()
        const settings = await getSettings(db, businessId)
        const now = Date.now()
        // The shifts as the person was told of them (decision 024): a change not yet published is not in their calendar.
        const rows = await shiftsWhere(
          db,
          businessId,
          and(
            eq(toldSql.staff_id, claims.userId),
            or(inArray(toldSql.status, ['published', 'in_progress', 'completed']), and(eq(toldSql.status, 'cancelled'), sql`${shifts.published} is not null`)),
            startsIn(new Date(now - 60 * DAY), new Date(now + 365 * DAY), true),
          ),
          undefined,
          undefined,
          { told: true },
        )
        const calendar = ical({ name: `${settings.business_name} — Rota`, prodId: { company: 'Rota', product: 'Schedule' }, ttl: 3600 })
        for (const { shift, location, service } of rows) {
          calendar.createEvent({
            id: `${shift.id}@${new URL(config.publicUrl).host}`,
            start: shift.starts_at,
            end: shift.ends_at,
            summary: `${service.name} — ${location.name}`,
            // ical-generator escapes the text (RFC 5545: backslashes, semicolons, commas, line breaks).
            location: {
              title: `${location.name}, ${addressLine(location)}`,
              ...(location.latitude !== null && location.longitude !== null ? { geo: { lat: location.latitude, lon: location.longitude } } : {}),
            },
            description: shift.notes ? `${service.name}\n\n${shift.notes}` : service.name,
            status: shift.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
            lastModified: shift.updated_at,
            url: `${config.publicUrl}/schedules?id=${shift.id}`,
          })
        }
        return calendar.toString()
      })
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body)
    },
  )
}
