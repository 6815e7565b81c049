import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { TEST_PASSWORD_HASH_COST } from './server-process.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
};

/** A fixed key for tests: sealed values differ per row anyway (random IVs). */
export const TEST_PERSONAL_DATA_KEY = 'a'.repeat(64);

/**
 * Builds the real application on a fresh test database; env overrides go through loadConfig,
 * and a test may replace the speech provider (test/fakes/fake-speech.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  dependencies: Pick<AppDependencies, 'speechProvider'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent/shabaash-test',
    WEB_DIST_DIR: '/nonexistent/shabaash-web',
    // Seals fans' phone numbers (issue 29) without writing a key file under DATA_DIR.
    PERSONAL_DATA_KEY: TEST_PERSONAL_DATA_KEY,
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...eventBusEnv(),
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, ...dependencies });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The server:postgres+redis project (vitest.config.ts) runs the cross-instance tests again with
 * instances sharing events through Redis instead of LISTEN/NOTIFY.
 */
function eventBusEnv(): Record<string, string> {
  if (process.env.TEST_EVENT_BUS !== 'redis') return {};
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_EVENT_BUS=redis needs TEST_REDIS_URL');
  return { EVENT_BUS: 'redis', REDIS_URL: url };
}
