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
    globalSetup: ['apps/server/test/global-setup.ts'],
    // Files share a worker's loaded modules (each still makes its own app and database): loading
    // Fastify, drizzle and PGlite again for every file cost more than the tests themselves.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two files at a time, one per core: test files do not share a database or a port.
    maxWorkers: 2,
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
          // Files run side by side on the one server: each writes only to streamers of its own.
          fileParallelism: true,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
