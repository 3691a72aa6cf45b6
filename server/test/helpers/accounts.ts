import { and, asc, eq } from 'drizzle-orm'
import { hkdfSync } from 'node:crypto'
import { SignJWT } from 'jose'
import { auditLogs, roles, type mailOutbox } from '../../src/db/schema/index.ts'
import { createUser, type UserRow } from '../../src/repositories/users.ts'
import { hashPassword } from '../../src/services/passwords.ts'
import type { TestApp } from './app.ts'

type Mail = typeof mailOutbox.$inferSelect

/** The audit rows of a business, oldest first, optionally of one action. */
export async function auditRows(t: TestApp, businessId: string, action?: string) {
  const rows = await t.db
    .select()
    .from(auditLogs)
    .where(action ? and(eq(auditLogs.business_id, businessId), eq(auditLogs.action, action)) : eq(auditLogs.business_id, businessId))
    .orderBy(asc(auditLogs.id))
  return rows
}

/** The id of one of a business's roles, by name. */
export async function roleId(t: TestApp, businessId: string, name: string): Promise<string> {
  const [row] = await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.business_id, businessId), eq(roles.name, name)))
  if (!row) throw new Error(`no role ${name} in ${businessId}`)
  return row.id
}

/** Adds a person to a business straight through the repositories (the users routes are not part of these tests). */
export async function addUser(
  t: TestApp,
  businessId: string,
  user: { email: string; password?: string; role?: string; status?: 'active' | 'invited' | 'disabled'; firstname?: string; locale?: string },
): Promise<UserRow> {
  return createUser(t.db, {
    business_id: businessId,
    email: user.email,
    password_hash: user.password ? await hashPassword(user.password) : null,
    firstname: user.firstname ?? 'Sam',
    lastname: 'Staff',
    role_id: await roleId(t, businessId, user.role ?? 'Staff'),
    status: user.status ?? 'active',
    locale: user.locale ?? 'en',
  })
}

/** Mails sent to an address, oldest first, optionally of one kind. */
export async function mailsTo(t: TestApp, to: string, kind?: string): Promise<Mail[]> {
  return (await t.mails()).filter((mail) => mail.to === to && (kind === undefined || mail.kind === kind))
}

/** The newest mail to an address of one kind; fails the test when there is none. */
export async function lastMail(t: TestApp, to: string, kind: string): Promise<Mail> {
  const mail = (await mailsTo(t, to, kind)).at(-1)
  if (!mail) throw new Error(`no ${kind} mail to ${to}`)
  return mail
}

/** The token at the end of a link such as `http://rota.test/auth/reset-password/<token>` in a mail's text. */
export function linkToken(text: string, path: string): string {
  const match = new RegExp(`/auth/${path}/([A-Za-z0-9_-]{20,})`).exec(text)
  if (!match) throw new Error(`no /auth/${path}/ link in: ${text}`)
  return match[1]!
}

/** The 6-digit code of an OTP mail. */
export function otpFromMail(mail: Mail): string {
  const match = /\b(\d{6})\b/.exec(mail.subject)
  if (!match) throw new Error(`no code in: ${mail.subject}`)
  return match[1]!
}

/**
 * Signs an access token the way the server does (same key derivation from the
 * secret) but with any claims, to test expiry, issuer, audience and tenants.
 */
export async function craftAccessToken(
  secret: string,
  claims: { sub: string; bid: string; sid: string; iss?: string; aud?: string; exp?: number; alg?: 'HS256' | 'HS512' },
): Promise<string> {
  const key = new Uint8Array(hkdfSync('sha256', secret, 'rota', 'rota access token', 32))
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ bid: claims.bid, sid: claims.sid })
    .setProtectedHeader({ alg: claims.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(claims.iss ?? 'rota')
    .setAudience(claims.aud ?? 'rota-api')
    .setIssuedAt(now - 60)
    .setExpirationTime(claims.exp ?? now + 600)
    .sign(key)
}

/** The claims inside an access token (no check: for building crafted ones from real ones). */
export function accessClaims(token: string): { sub: string; bid: string; sid: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
