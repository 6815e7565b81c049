import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseConnection } from '../src/db/client.ts';

/** Which engine this test run uses; vitest runs the server suite once per backend. */
export const TEST_DB_BACKEND = process.env.TEST_DB_BACKEND === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = DatabaseConnection & { url?: string };

/**
 * A fresh, migrated, empty database for one test: in-memory PGlite, or a throw-away database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close). Both start as a copy
 * of the migrated template that `test/global-setup.ts` made once for the run, which is several
 * times faster than migrating each one; without a template (a file run on its own outside the
 * server projects) the database is migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB_BACKEND === 'pglite') {
    const database = await openDatabase({ pgliteSnapshot: pgliteTemplate() });
    await database.migrate(); // a no-op on the template copy: every migration is recorded
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_BACKEND=postgres needs TEST_DATABASE_URL');
  const name = `shabaash_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await createScratchDatabase(adminUrl, name, template);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * Writes a copy of the migrated PGlite template into `pgliteDir` (a server's DATA_DIR/db), so
 * that a server process started on it skips the migrations, as it would on its second start.
 * `arrange` may write rows into it first, saving a second start of the engine to do so.
 */
export async function copyPgliteTemplateTo(
  pgliteDir: string,
  arrange?: (db: Database) => Promise<unknown>,
): Promise<void> {
  const database = await openDatabase({ pgliteDir, pgliteSnapshot: pgliteTemplate() });
  try {
    await arrange?.(database.db);
  } finally {
    await database.close();
  }
}

let pgliteTemplateBlob: Blob | undefined;

/** The migrated PGlite template, read once per test file. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteTemplateBlob ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplateBlob;
}

/**
 * Creates a database for tests on the PostgreSQL server, whose commits do not wait for the disk
 * flush (asynchronous commit): a test never outlives a crash of PostgreSQL itself, and the flush
 * costs about 3 ms a commit on this machine. A server killed mid-test still finds every commit,
 * as the crash tests require. A copy of a template does not inherit the setting, so each
 * database gets its own.
 */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
}

export async function withAdminClient<T>(
  url: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (server:pglite). */
    pgliteTemplateFile: string | undefined;
    /** The name of a migrated PostgreSQL database to copy (server:postgres). */
    postgresTemplate: string | undefined;
  }
}
