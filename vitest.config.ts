import { defineConfig } from 'vitest/config';

/**
 * One test command, several projects: pure unit tests, the server suite once per database
 * backend (PGlite always; PostgreSQL when TEST_DATABASE_URL is set), and browser tests.
 */
const serverSuite = (backend: 'pglite' | 'postgres') => ({
  test: {
    name: `server:${backend}`,
    include: ['apps/server/**/*.test.ts'],
    env: { TEST_DB_BACKEND: backend },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/core/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
          ],
        },
      },
      serverSuite('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverSuite('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
