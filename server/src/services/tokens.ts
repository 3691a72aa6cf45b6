import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { SignJWT, errors, jwtVerify } from 'jose'

const ISSUER = 'rota'
/** How many verified access tokens are remembered (about 15 MB at most). */
const VERIFIED_TOKENS = 50_000
const AUDIENCE = 'rota-api'

/** What an access token says: the user, their business and their session. */
export interface AccessClaims {
  userId: string
  businessId: string
  sessionId: string
}

/** Whose calendar feed a token opens (a user's id is unique across businesses), and which version of it. */
export interface CalendarFeedClaims {
  userId: string
  version: number
}

/** Which business's invoice a client's link opens, and which version of its link. */
export interface InvoiceLinkClaims {
  businessId: string
  version: number
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' }

/**
 * The server's token kit, keyed by ROTA_SECRET: short-lived JWT access tokens,
 * and random tokens (refresh, links, OTP challenges) stored only as hashes.
 */
export function createTokens(secret: string, accessTtlSeconds: number) {
  const jwtKey = derive(secret, 'rota access token')
  const xsrfKey = derive(secret, 'rota xsrf cookie')
  const feedKey = derive(secret, 'rota calendar feed')
  const invoiceKey = derive(secret, 'rota invoice link')
  const invoiceMac = (payload: string, invoiceId: string) =>
    createHmac('sha256', invoiceKey).update(`${payload}\n${invoiceId.toLowerCase()}`).digest().subarray(0, 16).toString('base64url')
  const feedMac = (payload: string) => createHmac('sha256', feedKey).update(payload).digest().subarray(0, 16).toString('base64url')
  // A token that verified once says the same until it expires: checking its signature
  // again on every request is work for nothing (the session behind it is still checked).
  const verified = new Map<string, { claims: AccessClaims; exp: number }>()

  return {
    accessTtlSeconds,

    async signAccess(claims: AccessClaims): Promise<string> {
      return new SignJWT({ bid: claims.businessId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.ceil(Date.now() / 1000) + accessTtlSeconds)
        .sign(jwtKey)
    },

    async verifyAccess(token: string): Promise<VerifyResult> {
      const known = verified.get(token)
      if (known) {
        if (known.exp * 1000 > Date.now()) return { ok: true, claims: known.claims }
        verified.delete(token)
      }
      try {
        const { payload } = await jwtVerify(token, jwtKey, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE })
        const { sub, bid, sid, exp } = payload
        if (!isUuid(sub) || typeof bid !== 'string' || !bid || !isUuid(sid)) return { ok: false, reason: 'invalid' }
        const claims = { userId: sub, businessId: bid, sessionId: sid }
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!)
        verified.set(token, { claims, exp: exp! })
        return { ok: true, claims }
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
      }
    },

    /**
     * A calendar feed's address token: who and which version of their feed, signed. It does
     * not expire (calendar apps poll it for years); bumping the person's feed version revokes it.
     */
    signFeed(feed: CalendarFeedClaims): string {
      // Short enough for a path segment (the router takes at most 100 characters):
      // the id's 16 bytes and the version's 4, then 128 bits of HMAC-SHA256.
      const body = Buffer.alloc(20)
      Buffer.from(feed.userId.replaceAll('-', ''), 'hex').copy(body)
      body.writeUInt32BE(feed.version, 16)
      const payload = body.toString('base64url')
      return `${payload}.${feedMac(payload)}`
    },

    /** A feed token's claims when its signature holds (the caller checks the version is still current). */
    verifyFeed(token: string): CalendarFeedClaims | null {
      const [payload, mac, extra] = token.split('.')
      if (!payload || !mac || extra !== undefined || !safeEqual(mac, feedMac(payload))) return null
      const body = Buffer.from(payload, 'base64url')
      if (body.length !== 20) return null
      const hex = body.subarray(0, 16).toString('hex')
      const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
      return { userId, version: body.readUInt32BE(16) }
    },

    /**
     * The credentials of a client's link to one invoice: the business and the link's version,
     * signed together with the invoice's id, so they open that invoice and no other. They do
     * not expire; bumping the invoice's link version revokes them.
     */
    signInvoiceLink(invoiceId: string, claims: InvoiceLinkClaims): string {
      const business = Buffer.from(claims.businessId, 'utf8')
      const body = Buffer.alloc(4 + business.length)
      body.writeUInt32BE(claims.version, 0)
      business.copy(body, 4)
      const payload = body.toString('base64url')
      return `${payload}.${invoiceMac(payload, invoiceId)}`
    },

    /** A link's claims when its signature holds for this invoice (the caller checks the version is current). */
    verifyInvoiceLink(credentials: string, invoiceId: string): InvoiceLinkClaims | null {
      const [payload, mac, extra] = credentials.split('.')
      if (!payload || !mac || extra !== undefined || !safeEqual(mac, invoiceMac(payload, invoiceId))) return null
      const body = Buffer.from(payload, 'base64url')
      if (body.length < 5) return null
      return { version: body.readUInt32BE(0), businessId: body.subarray(4).toString('utf8') }
    },

    /** A signed anti-forgery value for the XSRF-TOKEN cookie. */
    newXsrf(): string {
      const nonce = randomBytes(18).toString('base64url')
      return `${nonce}.${createHmac('sha256', xsrfKey).update(nonce).digest('base64url')}`
    },

    isValidXsrf(value: string | undefined): boolean {
      if (!value) return false
      const [nonce, mac] = value.split('.')
      if (!nonce || !mac) return false
      return safeEqual(mac, createHmac('sha256', xsrfKey).update(nonce).digest('base64url'))
    },
  }
}

export type Tokens = ReturnType<typeof createTokens>

/** 256 random bits, URL-safe: refresh tokens, link tokens, OTP challenges. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored as SHA-256 hashes: a database leak does not leak live tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A 6-digit one-time code. */
export function otpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

// Claims are looked up as UUID columns; anything else would fail the query, not the check.
function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

function derive(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'rota', purpose, 32))
}
