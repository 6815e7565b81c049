/**
 * The server under test for soak.ts, in its own process: the application exactly as
 * `npm start` builds it (routes, reconciler and other background jobs, event bus, overlay hub)
 * on loopback, on the embedded database or on PostgreSQL (SOAK_DATABASE_URL). Beside it, the
 * sandbox gateway's half of a payment, so the soak can hold the gateway's signed webhooks and
 * deliver them late, twice or out of order. The parent owns SOAK_DATA_DIR and the database and
 * checks them after this process has exited.
 */
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedOnFirstStart } from '../../apps/server/src/db/seed.ts';
import {
  buildSandboxWebhook,
  loadSandboxSecret,
  recordSandboxChoice,
} from '../../apps/server/src/modules/sandbox/sandbox-gateway.ts';
import {
  SOAK_ADMIN,
  type GatewayChoice,
  type SoakRequest,
  type SoakResponse,
  type SoakServerReady,
} from './soak-protocol.ts';

const dataDir = process.env.SOAK_DATA_DIR;
if (!dataDir) throw new Error('soak-server needs SOAK_DATA_DIR');
const databaseUrl = process.env.SOAK_DATABASE_URL || undefined;

const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  // Warnings too: the soak counts what the server itself complained about.
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: SOAK_ADMIN.email,
  ADMIN_PASSWORD: SOAK_ADMIN.password,
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
});
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.dataDir, 'db'),
  poolSize: config.DATABASE_POOL_SIZE,
});
await database.migrate();
await seedOnFirstStart(database.db, {
  adminEmail: SOAK_ADMIN.email,
  adminPassword: SOAK_ADMIN.password,
});
const app = await buildApp({ config, database, backgroundJobs: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (typeof address !== 'object' || address === null) throw new Error('server did not listen');
const secret = await loadSandboxSecret(database.db);

/** The fan's choice at the gateway's checkout, and the signed webhook the gateway would send. */
async function chooseAtGateway(orderId: string, choice: GatewayChoice) {
  const recorded = await recordSandboxChoice(database.db, orderId, choice);
  if (!recorded) return { recorded: false, webhook: null };
  return { recorded: true, webhook: buildSandboxWebhook(secret, recorded.order, recorded.payment) };
}

let isStopping = false;
async function stop(): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  await app.close();
  await database.close();
  process.exit(0);
}

process.on('message', (message: SoakRequest) => {
  if (message.type === 'stop') {
    void stop();
    return;
  }
  chooseAtGateway(message.orderId, message.choice).then(
    (result) => process.send?.({ requestId: message.requestId, ...result } satisfies SoakResponse),
    (error: unknown) =>
      process.send?.({ requestId: message.requestId, error: String(error) } satisfies SoakResponse),
  );
});
process.on('disconnect', () => void stop());

process.send?.({
  type: 'ready',
  url: `http://127.0.0.1:${String(address.port)}`,
} satisfies SoakServerReady);
