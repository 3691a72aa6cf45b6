import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { AppError } from '../errors.ts'

// No inline styles: the server's CSP (style-src 'self') would block them.
const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rota</title></head>
<body>
<h1>Rota</h1><p>The API is running at <a href="/api/docs">/api/docs</a>. The web app is not built yet:
run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p></body></html>`

/**
 * Serves the built web app at `/`: hashed assets cached for good, and every other
 * GET that is not an API call answered with index.html so the app's router decides.
 */
export const webPlugin = fp(async function web(app: FastifyInstance, opts: { webDir: string | undefined }) {
  const root = opts.webDir
  const hasApp = root !== undefined && existsSync(join(root, 'index.html'))
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET' || /\.\w+$/.test(path)) {
      throw new AppError(404, 'route_not_found')
    }
    reply.header('cache-control', 'no-cache')
    return hasApp ? reply.sendFile('index.html') : reply.type('text/html; charset=utf-8').send(PLACEHOLDER)
  })
})
