import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/server-process.ts';
import { createTestDatabase, TEST_DB_BACKEND, type TestDatabase } from '../test/test-database.ts';

/** The main job: start from nothing, migrate, seed, serve, print the login once, stop cleanly. */
describe('server process', () => {
  let dataDir: string;
  let postgres: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-main-'));
    env = { DATA_DIR: dataDir };
    if (TEST_DB_BACKEND === 'postgres') {
      // An empty database: the process migrates it itself.
      postgres = await createTestDatabase();
      await postgres.db.execute(
        'DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA drizzle CASCADE;',
      );
      env.DATABASE_URL = postgres.url ?? '';
    }
  });
  afterAll(async () => {
    await postgres?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /healthz, prints the admin login on first start only, and stops on SIGTERM', async () => {
    const first = await startServerProcess(env);
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(first.output()).toMatch(/Admin login: admin@shabaash\.local/);
    expect(first.output()).toMatch(/Admin password \(shown once\): \S{12,}/);
    expect(await first.stop('SIGTERM')).toBe(0);
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();

    // Second start on the same data: migrations and seed are no-ops, no password is printed.
    const second = await startServerProcess(env);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(second.output()).not.toMatch(/Admin password/);
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('refuses to start on a bad variable with one line naming it', async () => {
    await expect(startServerProcess({ ...env, PORT: 'eighty' })).rejects.toThrow(
      /Shabaash cannot start\. Invalid environment variable PORT/,
    );
  });
});
