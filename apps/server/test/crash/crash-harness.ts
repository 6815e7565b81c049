import { inArray } from 'drizzle-orm';
import { afterEach } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { alerts, donations } from '../../src/db/schema.ts';
import { audioFixture, multipartBody } from '../../src/modules/uploads/voice-upload.test-helper.ts';
import { randomTestIp } from '../factories.ts';
import { watchOverlay } from '../overlay-watcher.ts';
import { orderRequest } from '../payments.ts';
import { createServerData, type ServerData } from '../server-data.ts';
import { startServerProcess, type ServerProcess } from '../server-process.ts';

/**
 * Shared plumbing of the crash-consistency tests (issue 13): real server processes killed with
 * SIGKILL and started again on the same data, driven over HTTP as fans, gateways, moderators
 * and overlays would.
 */

/** Generous: a cold start migrates and seeds, and the test machines are shared. */
export const SCENARIO_TIMEOUT_MS = 150_000;
export const VOICE_FILE = 'voice-3s-chrome.webm';

/** Everything a test started; stopped and removed after each test, whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** Registers something for the after-test clean-up (a fake, an overlay). */
export function cleanUpLater(cleanup: () => Promise<unknown>): void {
  cleanups.push(cleanup);
}

/** Data that outlives server processes: a DATA_DIR and, on PostgreSQL, a database. */
export async function newServerData(): Promise<ServerData> {
  const data = await createServerData();
  cleanups.push(() => data.close());
  return data;
}

/**
 * A server on `data`; the reconciler runs every 200 ms so a test need not wait 15 s. The test
 * stands in for a reverse proxy on loopback (TRUST_PROXY), so `request` can give each call an
 * address of its own.
 */
export async function startServer(
  data: ServerData,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await startServerProcess(
    { ...data.env, RECONCILE_INTERVAL_MS: '200', TRUST_PROXY: '127.0.0.1', ...env },
    { timeoutMs: 90_000 },
  );
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

/** SIGKILL: no shutdown hook runs, no request finishes, nothing is flushed. */
export async function crash(server: ServerProcess): Promise<void> {
  await server.stop('SIGKILL');
}

export type Answer = { status: number; body: unknown };

/** A request from its own address, forwarded as the trusted proxy would (see startServer). */
export async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, {
    ...init,
    headers: { 'x-forwarded-for': randomTestIp(), ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, body: parseJson(text) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // empty or not JSON: the text itself
  }
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The fan records a voice message (the committed fixture); returns the upload id. */
export async function uploadVoice(baseUrl: string): Promise<string> {
  const body = multipartBody(audioFixture(VOICE_FILE));
  const answer = await request(`${baseUrl}/api/uploads/voice`, {
    method: 'POST',
    headers: { 'content-type': body.contentType },
    body: body.payload,
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
  return (answer.body as { upload_id: string }).upload_id;
}

/** The fan places an order; returns its order id. */
export async function placeOrder(
  baseUrl: string,
  slug: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const answer = await postJson(`${baseUrl}/api/streamers/${slug}/orders`, orderRequest(overrides));
  if (answer.status !== 201) throw new Error(`order answered ${answer.status}`);
  return (answer.body as { order_id: string }).order_id;
}

/** What the status page shows. Asks the provider about a pending order (as the page does). */
export async function orderStatus(baseUrl: string, orderId: string): Promise<string> {
  const answer = await request(`${baseUrl}/api/orders/${orderId}/status`);
  return (answer.body as { final_status: string }).final_status;
}

/** Polls until `check` holds: after a restart, timers (reconciler, clean-up) do the work. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function donationsByOrder(db: Database, orderIds: string[]) {
  const rows = await db.select().from(donations).where(inArray(donations.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, row]));
}

/** The alert outbox rows of these donations. */
export async function alertRowsOf(db: Database, donationIds: string[]) {
  return db.select().from(alerts).where(inArray(alerts.donationId, donationIds));
}

/** How many alerts a freshly opened overlay (OBS restarted) is replayed. */
export async function freshOverlayReplays(
  baseUrl: string,
  slug: string,
  token: string,
): Promise<number> {
  const overlay = watchOverlay(slug, token);
  try {
    await overlay.connect(baseUrl);
    return overlay.replayed();
  } finally {
    overlay.close();
  }
}
