/**
 * The server under test for the realtime benchmarks, run as a child process so the benchmark's
 * clients never share an event loop with it. It is the real application (routes, database,
 * event bus, overlay hub) on loopback, plus what a benchmark needs that a real deployment gets
 * elsewhere: the sandbox gateway's half of a payment (so the parent can post signed webhooks
 * itself and time them), fresh OBS tokens, and its own memory figures. Talks to the parent over
 * IPC (alert-bench-protocol.ts).
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL; PGlite in a temporary folder when absent) and
 * BENCH_SEED=1 on the one instance that seeds the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { streamers } from '../../apps/server/src/db/schema.ts';
import { seedOnFirstStart } from '../../apps/server/src/db/seed.ts';
import { generateObsToken } from '../../apps/server/src/modules/overlays/obs-tokens.service.ts';
import {
  buildSandboxWebhook,
  loadSandboxSecret,
  recordSandboxChoice,
} from '../../apps/server/src/modules/sandbox/sandbox-gateway.ts';
import {
  BENCH_ADMIN,
  type SignedWebhook,
  type TargetRequest,
  type TargetResponse,
  type TargetReady,
} from './alert-bench-protocol.ts';
import { processMemory } from './process-memory.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-bench-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase({
  databaseUrl,
  pgliteDir: path.join(dataDir, 'db'),
  poolSize: config.DATABASE_POOL_SIZE,
});
await database.migrate();
if (process.env.BENCH_SEED === '1') {
  await seedOnFirstStart(database.db, {
    adminEmail: BENCH_ADMIN.email,
    adminPassword: BENCH_ADMIN.password,
  });
}
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (typeof address !== 'object' || address === null) throw new Error('server did not listen');
const secret = await loadSandboxSecret(database.db);

/** Order limits count per client IP; every order here comes from its own. */
let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.${String((ipCounter >> 16) & 255)}.${String((ipCounter >> 8) & 255)}.${String(ipCounter & 255)}`;
}

/** A fan's order, paid at the sandbox gateway; returns the webhook the gateway would send. */
async function paidOrderWebhook(slug: string, name: string): Promise<SignedWebhook> {
  const created = await app.inject({
    method: 'POST',
    url: `/api/streamers/${slug}/orders`,
    headers: { 'x-forwarded-for': nextIp() },
    payload: { name, type: 'text', amount_paise: 5100, message: 'bench', phone: '9876543210' },
  });
  if (created.statusCode !== 200 && created.statusCode !== 201) {
    throw new Error(`order for ${slug}: ${String(created.statusCode)} ${created.body}`);
  }
  const orderId = (created.json() as { order_id: string }).order_id;
  const recorded = await recordSandboxChoice(database.db, orderId, 'paid');
  if (!recorded) throw new Error(`order ${orderId} could not be paid`);
  const webhook = buildSandboxWebhook(secret, recorded.order, recorded.payment);
  if (!webhook) throw new Error('a paid choice must produce a webhook');
  return webhook;
}

async function prepare(slug: string, names: string[]): Promise<SignedWebhook[]> {
  const webhooks: SignedWebhook[] = new Array<SignedWebhook>(names.length);
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const index = next;
      next += 1;
      webhooks[index] = await paidOrderWebhook(slug, names[index] ?? '');
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return webhooks;
}

async function newToken(slug: string): Promise<string> {
  const [streamer] = await database.db
    .select({ id: streamers.id })
    .from(streamers)
    .where(eq(streamers.slug, slug));
  if (!streamer) throw new Error(`no streamer ${slug}`);
  return (await generateObsToken(database.db, streamer.id)).token;
}

async function answer(message: Exclude<TargetRequest, { type: 'stop' }>): Promise<TargetResponse> {
  const { requestId } = message;
  if (message.type === 'prepare')
    return { requestId, webhooks: await prepare(message.slug, message.names) };
  if (message.type === 'token') return { requestId, token: await newToken(message.slug) };
  return { requestId, memory: processMemory(app.realtime.sse.size) };
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

process.on('message', (message: TargetRequest) => {
  if (message.type === 'stop') {
    void stop();
    return;
  }
  answer(message).then(
    (response) => process.send?.(response),
    (error: unknown) =>
      process.send?.({
        requestId: message.requestId,
        error: String(error),
      } satisfies TargetResponse),
  );
});
process.on('disconnect', () => void stop());

process.send?.({
  type: 'ready',
  url: `http://127.0.0.1:${String(address.port)}`,
} satisfies TargetReady);
