import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { withoutRouteSummaries } from '../core/src/contract/route-summaries.ts'

/** The routes' OpenAPI summaries stay on the server: the browser never reads them (core's withoutRouteSummaries). */
const routeSummaries: Plugin = {
  name: 'rota:route-summaries',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    return /core[\\/]src[\\/]contract[\\/]routes\.ts$/.test(id) ? { code: withoutRouteSummaries(code), map: null } : null
  },
}

/**
 * The web app's build. `manifest` lets bench/web-bundle.mjs weigh each route's chunks; the
 * routes' summaries are left out (routeSummaries);
 * the dev server forwards /api to a running Rota (ROTA_API_URL, default port 3000).
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), routeSummaries],
  resolve: {
    // React 19 has useSyncExternalStore; @xstate/react's shims for React 17 need not ship.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    manifest: true,
    target: 'es2022',
    // No inline scripts or data-URL modules: the server's CSP only allows 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|i18next-http-backend|i18next-browser-languagedetector|xstate|@xstate|wouter|regexparam|use-sync-external-store)[\\/]/ },
            { name: 'forms', test: /web[\\/]src[\\/](components[\\/](ui[\\/](alert|button|icons|page-heading|spinner|text-field)|language-select|layouts[\\/]auth-layout)|lib[\\/](use-zod-form|validation)|features[\\/]auth[\\/](hooks|components[\\/]login-form))\./ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: process.env['ROTA_API_URL'] ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
})
