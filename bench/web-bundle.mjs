#!/usr/bin/env node
// The web app's JavaScript per route, gzipped: what a browser must download before the page
// can show, read from the build's manifest (run `npm run build -w web` first).
// A route costs the entry chunk, the route's own chunks and everything they import statically;
// chunks they import dynamically (the API client and zod, toasts, Google sign-in, the report's chart) arrive after
// the page is on screen and are reported on their own under "deferred:…".
// Prints JSON {route: gzipBytes}. With --check, exits 1 when a budget is exceeded.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))

const ENTRY = 'index.html'
const QUERY = 'src/lib/query-provider.tsx'
// Signed in, the API client is loaded at once (profile, settings, bell), so the shell counts it.
const API = 'src/lib/api-client.ts'
const SHELL = ['src/app/routes/app/root.tsx', QUERY, API]
const auth = (page) => [`src/app/routes/auth/${page}.tsx`, QUERY]
const area = (page) => [...SHELL, `src/app/routes/app/${page}.tsx`]

/** Each route and the modules it loads besides the entry. */
const routes = {
  '/auth': ['src/app/routes/auth/login.tsx'],
  '/register': auth('register'),
  '/auth/forget-password': auth('forget-password'),
  '/auth/reset-password/:credentials': auth('reset-password'),
  '/auth/accept/:invite_credentials': auth('accept-invite'),
  '/auth/otp/:email': auth('otp'),
  '/auth/confirm-email/:token': auth('confirm-email'),
  '/frontend/invoice/:credentials/:id': ['src/app/routes/public-invoice.tsx', QUERY],
  shell: SHELL,
  '/dashboard': area('dashboard'),
  '/schedules': area('schedules'),
  '/timesheets': area('timesheets'),
  '/locations': area('locations'),
  '/services': area('services'),
  '/users': area('users'),
  '/timeoff': area('timeoff'),
  '/finances': area('finances'),
  '/report': area('report'),
  '/communications': area('communications'),
  '/settings': area('settings'),
  '/audit-logs': area('audit-logs'),
  '/profile': area('profile'),
  '/support': area('support'),
  '/notifications': area('notifications'),
  '/faq': area('faq'),
  'deferred:api-client': ['src/lib/api-client.ts'],
  'deferred:google-sign-in': ['src/features/auth/components/google-sign-in.tsx'],
  'deferred:report-chart': ['src/features/timesheets/components/report-chart.tsx'],
}

/** Budgets of issue 4: the sign-in page and the signed-in shell. */
export const BUDGETS = { '/auth': 120 * 1024, shell: 250 * 1024 }
/** Budgets of issue 16, over the shell of the same build: the dashboard (its charts included). */
export const OVER_SHELL = { '/dashboard': 60 * 1024 }

const sizes = new Map()
function gzipped(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length)
  return sizes.get(file)
}

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build's manifest: did its file move?`)
    if (seen.has(key)) continue
    seen.add(key)
    closure(chunk.imports ?? [], seen)
  }
  return seen
}

const entry = closure([ENTRY])
const result = {}
for (const [route, keys] of Object.entries(routes)) {
  const loaded = route.startsWith('deferred:') ? [...closure(keys)].filter((key) => !entry.has(key)) : [...closure([ENTRY, ...keys])]
  const files = new Set(loaded.map((key) => manifest[key].file).filter((file) => file.endsWith('.js')))
  result[route] = [...files].reduce((total, file) => total + gzipped(file), 0)
}
console.log(JSON.stringify(result, null, 2))

if (process.argv.includes('--check')) {
  const limits = { ...BUDGETS, ...Object.fromEntries(Object.entries(OVER_SHELL).map(([route, extra]) => [route, result.shell + extra])) }
  const over = Object.entries(limits).filter(([route, limit]) => result[route] > limit)
  for (const [route, limit] of over) console.error(`${route}: ${result[route]} bytes gzip, budget ${limit}`)
  process.exitCode = over.length > 0 ? 1 : 0
}
