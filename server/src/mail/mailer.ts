import type { Locale } from '@rota/core'
import nodemailer, { type Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'
import type { Background } from '../services/background.ts'
import { mailOutbox } from '../db/schema/index.ts'
import { renderMail, type MailKind, type MailVariables } from './templates.ts'

export interface MailRequest<K extends MailKind> {
  businessId: string
  to: string
  locale: Locale
  kind: K
  variables: MailVariables[K]
  /** Files sent with it (an invoice's PDF); the outbox keeps their names. */
  attachments?: { filename: string; content: Buffer; contentType: string }[]
}

/**
 * Sends Rota's e-mails. Every mail is recorded in the outbox table; with an SMTP
 * server (ROTA_SMTP_URL) it is also delivered, otherwise it is only logged, so a
 * newcomer can still read invitation and reset links. Sending happens after the
 * request answers (`queue`), so no answer's timing depends on whether mail went out.
 */
export function createMailer(options: { database: Database; smtpUrl: string | undefined; from: string; log: FastifyBaseLogger; background: Background }) {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined

  async function send<K extends MailKind>(request: MailRequest<K>): Promise<void> {
    const mail = renderMail(request.kind, request.locale, request.variables)
    let status = 'logged'
    let error: string | null = null
    if (transport) {
      try {
        await transport.sendMail({ from: options.from, to: request.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: request.attachments ?? [] })
        status = 'sent'
      } catch (cause) {
        status = 'failed'
        error = cause instanceof Error ? cause.message : String(cause)
        options.log.error({ err: cause, kind: request.kind }, 'mail delivery failed')
      }
    } else {
      options.log.info({ to: request.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP server configured)')
    }
    await options.database.scoped({ businessId: request.businessId }, (db) => db.insert(mailOutbox).values({
      business_id: request.businessId,
      kind: request.kind,
      to: request.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      status,
      error,
    }))
  }

  return {
    send,
    /** Sends after the answer; failures are logged and recorded, never thrown at the caller. */
    queue<K extends MailKind>(request: MailRequest<K>): void {
      options.background.run(`mail ${request.kind}`, () => send(request))
    },
    close(): void {
      transport?.close()
    },
  }
}

export type Mailer = ReturnType<typeof createMailer>
