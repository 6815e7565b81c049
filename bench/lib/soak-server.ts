/**
 * The server under test for soak.ts, in its own process: the application exactly as
 * `npm start` builds it (routes, reconciler and other background jobs, event bus, overlay hub)
 * on loopback, on the embedded database or on PostgreSQL (SOAK_DATABASE_URL). Beside it, the
 * sandbox gateway's half of a payment, so the soak can hold the gateway's signed webhooks and
 * deliver them late, twice or out of order. The parent owns SOAK_DATA_DIR and the database and
 * checks them after this process has exited.
 */
import {
  buildSandboxWebhook,
  recordSandboxChoice,
} from '../../apps/server/src/modules/sandbox/sandbox-gateway.ts';
import { startBenchApp } from './bench-app.ts';
import {
  SOAK_ADMIN,
  type GatewayChoice,
  type SoakRequest,
  type SoakResponse,
  type SoakServerReady,
} from './soak-protocol.ts';

const dataDir = process.env.SOAK_DATA_DIR;
if (!dataDir) throw new Error('soak-server needs SOAK_DATA_DIR');

const server = await startBenchApp({
  databaseUrl: process.env.SOAK_DATABASE_URL || undefined,
  dataDir,
  admin: SOAK_ADMIN,
  seed: true,
  // Warnings too: the soak counts what the server itself complained about.
  logLevel: 'warn',
  backgroundJobs: true,
});
const { database, secret } = server;

/** The fan's choice at the gateway's checkout, and the signed webhook the gateway would send. */
async function chooseAtGateway(orderId: string, choice: GatewayChoice) {
  const recorded = await recordSandboxChoice(database.db, orderId, choice);
  if (!recorded) return { recorded: false, webhook: null };
  return { recorded: true, webhook: buildSandboxWebhook(secret, recorded.order, recorded.payment) };
}

process.on('message', (message: SoakRequest) => {
  if (message.type === 'stop') {
    void server.stopAndExit(false);
    return;
  }
  chooseAtGateway(message.orderId, message.choice).then(
    (result) => process.send?.({ requestId: message.requestId, ...result } satisfies SoakResponse),
    (error: unknown) =>
      process.send?.({ requestId: message.requestId, error: String(error) } satisfies SoakResponse),
  );
});
process.on('disconnect', () => void server.stopAndExit(false));

process.send?.({ type: 'ready', url: server.url } satisfies SoakServerReady);
