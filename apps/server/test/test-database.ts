import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '../src/db/client.ts';

/** Which engine this test run uses; vitest runs the server suite once per backend. */
export const TEST_DB_BACKEND = process.env.TEST_DB_BACKEND === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = DatabaseConnection & { url?: string };

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite, or a throw-away
 * database created on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB_BACKEND === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_BACKEND=postgres needs TEST_DATABASE_URL');
  const name = `shabaash_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
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

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
