import { defineProject, type TestProjectConfiguration } from 'vitest/config'

/**
 * Rota's test projects, one per package. `npm test` runs them all;
 * `vitest run --project server` runs one. The browser suite (web/e2e) has its own
 * config because it needs a built app and Chromium.
 */
export const projects: TestProjectConfiguration[] = [
  defineProject({
    test: { name: 'core', root: './core', include: ['src/**/*.test.ts'], environment: 'node' },
  }),
  defineProject({
    test: {
      name: 'machines',
      root: './machines',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
      testTimeout: 30_000,
    },
  }),
  defineProject({
    test: {
      name: 'server',
      root: './server',
      include: ['test/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
  defineProject({
    test: {
      name: 'cli',
      root: './cli',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }),
  './web/vitest.config.ts',
]
