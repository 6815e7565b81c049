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

/** Test files whose tests run two instances on one database (see server:postgres+redis). */
const CROSS_INSTANCE_TEST_FILES = [
  'apps/server/src/modules/overlays/overlay.routes.test.ts',
  'apps/server/src/modules/stream-control/stream-control.test.ts',
  'apps/server/src/realtime/streams.test.ts',
];

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
            'apps/web/scripts/**/*.test.mjs',
          ],
        },
      },
      serverSuite('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverSuite('postgres')] : []),
      // The files with cross-instance tests again, instances sharing events through Redis
      // (EVENT_BUS=redis), when a Redis is at hand (TEST_REDIS_URL; .ci/run sets it).
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
        ? [
            {
              test: {
                ...serverSuite('postgres').test,
                name: 'server:postgres+redis',
                include: CROSS_INSTANCE_TEST_FILES,
                env: { TEST_DB_BACKEND: 'postgres', TEST_EVENT_BUS: 'redis' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup.ts'],
          // Files run side by side on the one server: each writes only to streamers of its own.
          // A browser test spends much of its time waiting (for an alert to end, a page to
          // settle, a webhook), so three share the two cores; they run as a group of their own
          // after the CPU-bound server suites, which keep one file per core. Measured here
          // (issue 18): the group took 233 s with three, 245 s with two and 241-257 s with four,
          // whose run also used more CPU (155 s of user time against 139 s with three).
          fileParallelism: true,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          // Files share a worker's loaded modules (Playwright, the fixtures): nothing in them
          // keeps state between files, and loading them again cost more than a short test.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
