import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedOnFirstStart, type SeedResult } from './db/seed.ts';
import { drainAndClose } from './lib/graceful-shutdown.ts';
import { startMetricsServer } from './metrics/metrics.ts';

/** Starts Shabaash: validate configuration, migrate, seed, serve, and shut down gracefully. */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: config.DATABASE_POOL_SIZE,
    prepareStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  await database.migrate();
  const seed = await seedOnFirstStart(database.db, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
  });

  const app = await buildApp({ config, database, backgroundJobs: true });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Prometheus on an internal port, without a token (METRICS_PORT).
  const metricsServer =
    app.metrics && config.METRICS_PORT
      ? await startMetricsServer(app.metrics, {
          host: config.METRICS_HOST,
          port: config.METRICS_PORT,
        })
      : null;
  printWelcome(config, app.server.address(), seed);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining, then finishing in-flight requests');
    try {
      await drainAndClose(app, config.SHUTDOWN_DRAIN_SECONDS * 1000);
      metricsServer?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Shabaash cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function printWelcome(config: Config, address: unknown, seed: SeedResult): void {
  const port =
    typeof address === 'object' && address && 'port' in address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${String(port)}`;
  const lines = [`Shabaash is running at ${url}`];
  if (config.DATABASE_URL === undefined)
    lines.push(`Embedded database: ${path.join(config.dataDir, 'db')}`);
  if (seed.admin) {
    lines.push(`Admin login: ${seed.admin.email}`);
    if (seed.admin.generated) lines.push(`Admin password (shown once): ${seed.admin.password}`);
  }
  console.log(`\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
}

await main();
