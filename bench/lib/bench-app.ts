/**
 * Starts the real application for a benchmark's server process (alert-bench-server.ts,
 * throughput-server.ts, soak-server.ts): configuration, database, migrations, the demo seed,
 * routes, event bus and overlay hub on loopback, exactly as `npm start` builds them but for
 * the options a benchmark sets. Also loads the sandbox gateway's signing secret, since every
 * benchmark plays the gateway's half of a payment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import type { StreamCaps } from '../../apps/server/src/realtime/stream-limits.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedOnFirstStart } from '../../apps/server/src/db/seed.ts';
import { loadSandboxSecret } from '../../apps/server/src/modules/sandbox/sandbox-gateway.ts';

export type BenchAppOptions = {
  /** PostgreSQL; the embedded database in `dataDir` when absent. */
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { email: string; password: string };
  /** Seeds the demo streamers and the admin (only one instance of several does). */
  seed: boolean;
  /** The production default (`info`) when absent. */
  logLevel?: string;
  /** The reconciler and other timers, as `npm start` runs them. */
  backgroundJobs?: boolean;
  /** Stream caps other than production's (a benchmark's overlays share one address and token). */
  streamCaps?: Partial<StreamCaps>;
};

export async function startBenchApp(options: BenchAppOptions) {
  const { databaseUrl, dataDir } = options;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: options.admin.email,
    ADMIN_PASSWORD: options.admin.password,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // The benchmark's clients play a reverse proxy on loopback: each fan's X-Forwarded-For
    // address is believed, so per-address limits count fans, not the one benchmark machine.
    TRUST_PROXY: '127.0.0.1',
    ...(options.logLevel ? { LOG_LEVEL: options.logLevel } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: path.join(dataDir, 'db'),
    poolSize: config.DATABASE_POOL_SIZE,
    prepareStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  await database.migrate();
  if (options.seed) {
    await seedOnFirstStart(database.db, {
      adminEmail: options.admin.email,
      adminPassword: options.admin.password,
    });
  }
  const app = await buildApp({
    config,
    database,
    backgroundJobs: options.backgroundJobs ?? false,
    ...(options.streamCaps ? { streamCaps: options.streamCaps } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server did not listen');
  const secret = await loadSandboxSecret(database.db);

  let isStopping = false;
  return {
    app,
    config,
    database,
    /** The sandbox gateway's webhook signing secret. */
    secret,
    url: `http://127.0.0.1:${String(address.port)}`,
    /** Closes the app and the database, removes the data folder if asked, and exits. */
    async stopAndExit(removeDataDir: boolean): Promise<void> {
      if (isStopping) return;
      isStopping = true;
      await app.close();
      await database.close();
      if (removeDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    },
  };
}
