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
      exclude: ['test/postgres/**'],
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
  // What only PostgreSQL has (row-level security, several API processes on one database):
  // part of `npm run test:postgres`, which provides the database.
  ...(process.env['ROTA_TEST_DATABASE_URL']
    ? [
        defineProject({
          test: {
            name: 'server-postgres',
            root: './server',
            include: ['test/postgres/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['test/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        }),
      ]
    : []),
]
