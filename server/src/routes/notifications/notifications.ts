import { isGuideFinished, parseCompletedSteps, SETUP_STEPS, type Alert } from '@rota/core'
import { getSettings } from '../../repositories/businesses.ts'
import { listNotifications, markAllRead, setRead } from '../../repositories/notifications.ts'
import { listTeam } from '../../repositories/team.ts'
import type { Handlers } from '../handler.ts'

/** The bell (the user's own notifications) and the administrators' standing alerts. */
export const notificationHandlers: Handlers<'listNotifications' | 'updateNotification' | 'markAllNotificationsRead' | 'getAlerts'> = {
  listNotifications: ({ query }, ctx) => listNotifications(ctx.db, ctx.auth.businessId, ctx.auth.userId, ctx.auth.locale, query),

  updateNotification: ({ params, body }, ctx) => setRead(ctx.db, ctx.auth.businessId, ctx.auth.userId, ctx.auth.locale, params.id, body.read_status),

  markAllNotificationsRead: async (_input, ctx) => ({ updated: await markAllRead(ctx.db, ctx.auth.businessId, ctx.auth.userId) }),

  async getAlerts(_input, ctx) {
    const { businessId } = ctx.auth
    const alerts: Alert[] = []
    const settings = await getSettings(ctx.db, businessId)
    const marks = parseCompletedSteps(settings.completed_guided_setup)
    if (!isGuideFinished(marks)) {
      const done = SETUP_STEPS.filter((step) => marks.includes(step)).length
      alerts.push({ id: 'setup', level: 'info', key: 'alerts.setup_incomplete', values: { done, total: SETUP_STEPS.length }, link: null })
    }
    const invited = await listTeam(ctx.db, businessId, { page: 1, page_size: 100, order: 'asc', filter: { status: 'invited' } }, ctx.totals)
    const expired = invited.rows.filter((user) => user.invite?.status === 'expired').length
    if (expired > 0) alerts.push({ id: 'invites_expired', level: 'warning', key: 'alerts.invites_expired', values: { count: expired }, link: '/users' })
    if (!ctx.config.smtpUrl) alerts.push({ id: 'mail_off', level: 'info', key: 'alerts.mail_not_configured', values: {}, link: null })
    return alerts
  },
}
