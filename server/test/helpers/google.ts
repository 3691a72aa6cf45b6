import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose'

export const GOOGLE_CLIENT_ID = 'rota-test.apps.googleusercontent.com'

export interface FakeGoogle {
  jwksUrl: string
  /** An ID token as Google's button would hand it to the browser; any claim can be overridden. */
  idToken(claims: { sub: string; email?: string; email_verified?: boolean; picture?: string } & Record<string, unknown>, options?: IdTokenOptions): Promise<string>
  close(): Promise<void>
}

interface IdTokenOptions {
  audience?: string
  issuer?: string
  expiresAt?: number
  /** Sign with a key that is not in the published key set (under the same key id). */
  foreignKey?: boolean
}

/** Google's side of a sign-in for tests: an RS256 key pair and its key set served on loopback. */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const kid = 'test-key-1'
  const keys = await generateKeyPair('RS256')
  const foreign = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' }
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    async idToken({ sub, ...claims }, options = {}) {
      const key: CryptoKey = options.foreignKey ? foreign.privateKey : keys.privateKey
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
        .setIssuedAt(now - 30)
        .setExpirationTime(options.expiresAt ?? now + 3600)
        .sign(key)
    },
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
