import { defineConfig } from 'vitest/config'

/**
 * The browser suite: Debian's Chromium, driven by playwright-core, against a real Rota
 * started once on a free loopback port (global-setup.ts). `npm run e2e` builds first.
 */
export default defineConfig({
  test: {
    name: 'web-e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
