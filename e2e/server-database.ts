import crypto from 'node:crypto';
import { createScratchDatabase, withAdminClient } from '../apps/server/test/test-database.ts';

export type ServerDatabase = {
  /** What the server process gets: DATABASE_URL, or '' for the embedded PGlite in DATA_DIR. */
  env: { DATABASE_URL: string };
  drop(): Promise<void>;
};

/**
 * The database an e2e server runs on: a throw-away PostgreSQL database when TEST_DATABASE_URL
 * is set (CI), else the embedded PGlite in its DATA_DIR. PostgreSQL does the same work as the
 * in-process WebAssembly engine for far less CPU, which the browsers need on a 2-core machine;
 * the server suite and `main.test.ts` cover the embedded engine end to end.
 */
export async function createServerDatabase(): Promise<ServerDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { env: { DATABASE_URL: '' }, drop: async () => {} };
  const name = `shabaash_e2e_${crypto.randomBytes(6).toString('hex')}`;
  await createScratchDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}
