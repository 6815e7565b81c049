/**
 * The server under test for alert-latency.bench.ts, run as a child process so the benchmark's
 * thousand clients never share an event loop with it. It is the real application (routes,
 * PGlite database, event bus, overlay hub) on loopback, plus one thing a benchmark needs that
 * a real deployment gets from the gateway: the sandbox gateway's half of a payment, so the
 * parent can post the signed webhook itself and time it. Talks to the parent over IPC.
 */
import fs from 'node:fs';
import os from 'node:os';
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
  BENCH_ADMIN,
  type BenchRequest,
  type BenchResponse,
  type BenchServerReady,
} from './alert-bench-protocol.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-bench-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
});
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
await database.migrate();
await seedOnFirstStart(database.db, {
  adminEmail: BENCH_ADMIN.email,
  adminPassword: BENCH_ADMIN.password,
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (typeof address !== 'object' || address === null) throw new Error('server did not listen');
const secret = await loadSandboxSecret(database.db);

/** The gateway records the fan's payment and signs the webhook it would send. */
async function settle(orderId: string) {
  const recorded = await recordSandboxChoice(database.db, orderId, 'paid');
  if (!recorded) throw new Error(`order ${orderId} could not be paid`);
  const webhook = buildSandboxWebhook(secret, recorded.order, recorded.payment);
  if (!webhook) throw new Error('a paid choice must produce a webhook');
  return webhook;
}

let isStopping = false;
async function stop(): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

process.on('message', (message: BenchRequest) => {
  if (message.type === 'stop') {
    void stop();
    return;
  }
  settle(message.orderId).then(
    (webhook) => process.send?.({ requestId: message.requestId, webhook } satisfies BenchResponse),
    (error: unknown) =>
      process.send?.({
        requestId: message.requestId,
        error: String(error),
      } satisfies BenchResponse),
  );
});
process.on('disconnect', () => void stop());

process.send?.({
  type: 'ready',
  url: `http://127.0.0.1:${String(address.port)}`,
} satisfies BenchServerReady);
