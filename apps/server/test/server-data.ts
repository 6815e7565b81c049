import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client.ts';
import {
  copyPgliteTemplateTo,
  createTestDatabase,
  TEST_DB_BACKEND,
  type TestDatabase,
} from './test-database.ts';

export type ServerData = {
  /** DATA_DIR, and DATABASE_URL on the PostgreSQL run: what every start of the server gets. */
  env: Record<string, string>;
  /** The DATA_DIR (local voice files live in `uploads/`). */
  dataDir: string;
  /**
   * Opens the server's own database, runs `work` on it and closes it again. On PGlite the
   * process owns the database, so call this only while no server runs on this data.
   */
  withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** Removes the folder and, on PostgreSQL, drops the database. */
  close(): Promise<void>;
};

/**
 * The data a real server process keeps across restarts, on the backend this run tests: a
 * DATA_DIR with the embedded database (PGlite), or a DATA_DIR plus a throw-away PostgreSQL
 * database. The database is migrated, so a test can arrange rows before the first start.
 */
export async function createServerData(): Promise<ServerData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-data-'));
  let postgres: TestDatabase | undefined;
  if (TEST_DB_BACKEND === 'postgres') postgres = await createTestDatabase();
  else await copyPgliteTemplateTo(path.join(dataDir, 'db'));

  const withDatabase = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    if (postgres) return work(postgres.db);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      await database.migrate();
      return await work(database.db);
    } finally {
      await database.close();
    }
  };

  return {
    env: { DATA_DIR: dataDir, ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}) },
    dataDir,
    withDatabase,
    close: async () => {
      await postgres?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
