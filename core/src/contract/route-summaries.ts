/** A route's `summary:` in routes.ts: on its own line, one quoted string or several joined by `+`. */
const SUMMARY = /^ {4}summary:(?: |\n {6})'(?:[^'\\\n]|\\.)*'(?: \+\n {6}'(?:[^'\\\n]|\\.)*')*,\n/gm

/**
 * The routes' source without their summaries. A summary is the OpenAPI text the server serves
 * (GET /api/v1/openapi.json); the web app never reads one, and the 158 of them were 5 KB of its
 * signed-in shell, gzipped. The web build drops them (web/vite.config.ts); the server and the
 * CLI keep them.
 * @example
 * withoutRouteSummaries("  a: defineRoute({\n    method: 'GET', path: '/a',\n    summary: 'The a',\n    response: A,\n  }),\n")
 * // "  a: defineRoute({\n    method: 'GET', path: '/a',\n    response: A,\n  }),\n"
 */
export function withoutRouteSummaries(source: string): string {
  return source.replace(SUMMARY, '')
}
