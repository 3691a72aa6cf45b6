import cookie from '@fastify/cookie'
import helmet from 'helmet'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { AppError } from '../errors.ts'
import type { Tokens } from '../services/tokens.ts'

export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'x-xsrf-token'
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Security headers with a strict CSP, and the signed anti-forgery cookie of
 * SPEC.md §7: a browser without a valid one is handed a signed XSRF-TOKEN cookie; a
 * state-changing request that carries cookies (a browser, the only client a
 * forged cross-site request could come from) must echo it in X-XSRF-TOKEN.
 * Scripts, probes and the CLI send no cookies: they are neither asked for it nor
 * handed one (signing a cookie for every answer they get is work for nothing).
 */
export const securityPlugin = fp(async function security(app: FastifyInstance, opts: { config: Config; tokens: Tokens }) {
  const googleScripts = opts.config.google ? ['https://accounts.google.com/gsi/client'] : []
  const googleFrames = opts.config.google ? ['https://accounts.google.com/gsi/'] : []
  // Address suggestions: the browser asks Google's Places API (New) itself, with the maps key.
  const places = opts.config.mapsKey ? ['https://places.googleapis.com'] : []
  // Helmet's middleware is built once: @fastify/helmet builds it again for every request
  // (parsing the CSP directives each time), the costliest part of a request that does little.
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...googleScripts],
        styleSrc: ["'self'", ...(opts.config.google ? ['https://accounts.google.com/gsi/style'] : [])],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://res.cloudinary.com', 'https://*.googleusercontent.com'],
        fontSrc: ["'self'", 'data:'],
        // Cloudinary's delivery host too: the payslip's PDF is made in the browser and fetches the logo it shows.
        connectSrc: ["'self'", ...(opts.config.cloudinaryUrl ? ['https://api.cloudinary.com', 'https://res.cloudinary.com'] : []), ...googleFrames, ...places],
        frameSrc: googleFrames.length ? googleFrames : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: opts.config.google ? { policy: 'same-origin-allow-popups' } : { policy: 'same-origin' },
    strictTransportSecurity: opts.config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  // …and its headers are the same for every answer: worked out once, handed to each reply as one object.
  const headers = helmetHeaders(secureHeaders)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
  await app.register(cookie)

  // Hooks with a callback rather than async ones: every request passes through them, and a promise each is
  // measurable on a route that does little.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || !request.headers.cookie) return done()
    const cookieValue = request.cookies[XSRF_COOKIE]
    const headerValue = request.headers[XSRF_HEADER]
    if (typeof headerValue !== 'string' || headerValue !== cookieValue || !opts.tokens.isValidXsrf(cookieValue)) {
      return done(new AppError(400, 'missing_xsrf'))
    }
    done()
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    if (fromBrowser(request) && !opts.tokens.isValidXsrf(request.cookies[XSRF_COOKIE])) {
      reply.setCookie(XSRF_COOKIE, opts.tokens.newXsrf(), {
        path: '/',
        sameSite: 'strict',
        secure: opts.config.publicUrl.startsWith('https:'),
        httpOnly: false,
      })
    }
    done(null, payload)
  })
})

/** The headers a helmet middleware sets, read by running it once against a recording response. */
function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  let failure: unknown
  middleware({} as never, response as never, (error?: unknown) => void (failure = error))
  if (failure) throw failure
  return headers
}

/**
 * A browser says so: every request it sends carries Fetch Metadata (`Sec-Fetch-Site`),
 * a page load asks for HTML, and one that was handed cookies sends them back.
 */
function fromBrowser(request: FastifyRequest): boolean {
  const { headers } = request
  return headers['sec-fetch-site'] !== undefined || headers.cookie !== undefined || (headers.accept?.includes('text/html') ?? false)
}
