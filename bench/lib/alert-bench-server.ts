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
import { streamers } from '../../apps/server/src/db/schema.ts';
import { generateObsToken } from '../../apps/server/src/modules/overlays/obs-tokens.service.ts';
import {
  buildSandboxWebhook,
  recordSandboxChoice,
} from '../../apps/server/src/modules/sandbox/sandbox-gateway.ts';
import {
  BENCH_ADMIN,
  type SignedWebhook,
  type TargetRequest,
  type TargetResponse,
  type TargetReady,
} from './alert-bench-protocol.ts';
import { startBenchApp } from './bench-app.ts';
import { processMemory } from './process-memory.ts';

const server = await startBenchApp({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-bench-')),
  admin: BENCH_ADMIN,
  seed: process.env.BENCH_SEED === '1',
  logLevel: 'error',
  // Thousands of overlays from one address on one token, and an open-files limit the benchmark
  // raises after start-up: the production caps would refuse most of them.
  streamCaps: { total: 1_000_000, perAddress: 1_000_000, perToken: 1_000_000 },
});
const { app, database, secret } = server;

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
    payload: {
      name,
      type: 'text',
      amount_paise: 5100,
      message: 'bench',
      phone: '9876543210',
      age_confirmed: true,
      stream_consent: true,
    },
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

process.on('message', (message: TargetRequest) => {
  if (message.type === 'stop') {
    void server.stopAndExit(true);
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
process.on('disconnect', () => void server.stopAndExit(true));

process.send?.({ type: 'ready', url: server.url } satisfies TargetReady);
