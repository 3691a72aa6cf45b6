import { notificationTarget } from '@rota/machines'
import type { Locale } from '@rota/core'
import type { Database } from '../db/database.ts'
import type { Mailer } from '../mail/mailer.ts'
import { getSettings } from '../repositories/businesses.ts'
import { claimNotificationMail, type Announcement } from '../repositories/notifications.ts'
import type { Background } from './background.ts'

/**
 * E-mails the notifications of people who asked for them (their profile's
 * `email_notifications`). Every API process hears every announcement; the one whose claim
 * on the row succeeds sends it, so a notification is mailed once however many run.
 * The mail carries the notification's title, already in the recipient's language, and
 * a link to where the bell would have led.
 */
export function createNotificationMail(options: { database: Database; mailer: Mailer; background: Background; publicUrl: string }) {
  return (announced: Announcement): void => {
    if (!('id' in announced) || !announced.mail) return
    options.background.run('notification mail', async () => {
      const claimed = await options.database.scoped({ businessId: announced.business_id }, async (db) => {
        const row = await claimNotificationMail(db, announced.business_id, announced.id)
        return row && { ...row, business: (await getSettings(db, announced.business_id)).business_name }
      })
      if (!claimed) return
      const target = notificationTarget(claimed)
      await options.mailer.send({
        businessId: announced.business_id,
        to: claimed.recipient.email,
        locale: claimed.recipient.locale as Locale,
        kind: 'notification',
        variables: { firstname: claimed.recipient.firstname, business_name: claimed.business, title: claimed.title, link: `${options.publicUrl}${target}` },
      })
    })
  }
}
