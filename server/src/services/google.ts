import { createRemoteJWKSet, jwtVerify } from 'jose'

/** What Rota keeps from a Google ID token. */
export interface GoogleIdentity {
  sub: string
  email: string | undefined
  emailVerified: boolean
  picture: string | undefined
  givenName: string | undefined
  familyName: string | undefined
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity | null>

/**
 * Checks Google ID tokens: signature against the key set at `jwksUrl` (Google's by
 * default; tests serve their own), issuer, audience (our client id) and expiry.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl))
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: options.clientId,
      })
      if (typeof payload.sub !== 'string') return null
      const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : undefined)
      return {
        sub: payload.sub,
        email: text('email')?.toLowerCase(),
        emailVerified: payload['email_verified'] === true || payload['email_verified'] === 'true',
        picture: text('picture'),
        givenName: text('given_name'),
        familyName: text('family_name'),
      }
    } catch {
      return null
    }
  }
}
