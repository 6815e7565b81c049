/**
 * Alert latency (issue 5): how long from a payment gateway's webhook reaching the server to
 * every connected overlay receiving the alert on its SSE stream, with 1, 100 and 1000 overlays
 * connected. The server runs in its own process (lib/alert-bench-server.ts) on loopback with the
 * embedded database; the overlays are plain HTTP clients in this process. Each tip is a real
 * order, paid at the sandbox gateway, whose signed webhook this script posts and times. Tips go
 * one at a time (the next once every overlay has the last one), so the figures are latency, not
 * a throughput test.
 *
 * Prints p50/p99/max per overlay count and lost/duplicate deliveries, and writes
 * results/alert-latency.json. Run with `npm run bench -- alert-latency`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BENCH_ADMIN,
  type BenchResponse,
  type BenchServerReady,
  type SignedWebhook,
} from './lib/alert-bench-protocol.ts';
import { openOverlayListeners, type OverlayListener } from './lib/overlay-listener.ts';
import { summarize } from './lib/stats.ts';

/**
 * Overlay counts, the streamer each phase uses (so no phase replays another's alerts), measured
 * tips, and unmeasured tips first: the server's first tips pay for JIT and query planning.
 */
const PHASES = [
  { connections: 1, slug: 'techgamer', tips: 60, warmUpTips: 20 },
  { connections: 100, slug: 'musicstream', tips: 40, warmUpTips: 3 },
  { connections: 1000, slug: 'fitnessflow', tips: 30, warmUpTips: 3 },
] as const;
/** A tip not delivered to every overlay by then counts as lost where it is missing. */
const DELIVERY_TIMEOUT_MS = 5000;
/** Late or duplicate deliveries still count if they arrive this long after the last tip. */
const SETTLE_MS = 1000;
/** The whole run must stay well under two minutes. */
const RUN_LIMIT_MS = 115_000;

type PhaseResult = {
  connections: number;
  tips: number;
  samples: number;
  latency_ms: ReturnType<typeof summarize>;
  /** Per tip: until the last overlay had it. */
  last_overlay_ms: ReturnType<typeof summarize>;
  /** The webhook's own HTTP round trip (verify, record, settle, commit). */
  webhook_response_ms: ReturnType<typeof summarize>;
  lost: number;
  duplicates: number;
  connect_seconds: number;
};

/** Starts the server process and answers its IPC requests. */
async function startServer() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'lib/alert-bench-server.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (response: BenchResponse) => void>();
  let nextRequestId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
    child.on('message', (message: BenchServerReady | BenchResponse) => {
      if ('type' in message) {
        resolve(message.url);
        return;
      }
      pending.get(message.requestId)?.(message);
      pending.delete(message.requestId);
    });
  });
  return {
    url,
    /** The gateway's side of paying an order: returns the signed webhook to post. */
    settle(orderId: string): Promise<SignedWebhook> {
      const requestId = nextRequestId++;
      return new Promise((resolve, reject) => {
        pending.set(requestId, (response) =>
          'webhook' in response ? resolve(response.webhook) : reject(new Error(response.error)),
        );
        child.send({ type: 'settle', requestId, orderId });
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
    kill: () => child.kill('SIGKILL'),
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** Order and login limits count per client IP; every call here is its own client. */
let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.${String((ipCounter >> 16) & 255)}.${String((ipCounter >> 8) & 255)}.${String(ipCounter & 255)}`;
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'x-forwarded-for': nextIp() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url}: ${String(response.status)} ${text}`);
  return JSON.parse(text) as T;
}

async function login(server: Server): Promise<string> {
  const body = await postJson<{ session: { access_token: string } }>(
    `${server.url}/api/auth/login`,
    BENCH_ADMIN,
  );
  return body.session.access_token;
}

/** Collects every delivery: per tip, when each overlay received it (more than once = duplicate). */
class Deliveries {
  private readonly arrivals = new Map<string, Map<number, number[]>>();
  private readonly waiters = new Map<string, { needed: number; resolve: () => void }>();

  record = (listener: number, donorName: string, arrivedAt: number): void => {
    let byListener = this.arrivals.get(donorName);
    if (!byListener) {
      byListener = new Map();
      this.arrivals.set(donorName, byListener);
    }
    const times = byListener.get(listener) ?? [];
    times.push(arrivedAt);
    byListener.set(listener, times);
    const waiter = this.waiters.get(donorName);
    if (waiter && byListener.size >= waiter.needed) {
      this.waiters.delete(donorName);
      waiter.resolve();
    }
  };

  /** Resolves when `needed` overlays have the tip, or after the timeout (then some are lost). */
  waitFor(donorName: string, needed: number, timeoutMs: number): Promise<void> {
    if ((this.arrivals.get(donorName)?.size ?? 0) >= needed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(donorName);
        resolve();
      }, timeoutMs);
      this.waiters.set(donorName, {
        needed,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  of(donorName: string): Map<number, number[]> {
    return this.arrivals.get(donorName) ?? new Map();
  }
}

async function runPhase(
  server: Server,
  adminToken: string,
  phase: (typeof PHASES)[number],
): Promise<PhaseResult> {
  const { token } = await postJson<{ token: string }>(
    `${server.url}/api/streamers/${phase.slug}/obs-tokens`,
    undefined,
    adminToken,
  );
  const deliveries = new Deliveries();
  const connectStarted = performance.now();
  const listeners: OverlayListener[] = await openOverlayListeners(
    `${server.url}/api/overlay/${phase.slug}/events?token=${encodeURIComponent(token)}`,
    phase.connections,
    deliveries.record,
  );
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const sentAt = new Map<string, number>();
  const webhookMs: number[] = [];
  const measured: string[] = [];
  for (let index = 0; index < phase.warmUpTips + phase.tips; index += 1) {
    const donorName = `bench-${String(phase.connections)}-${String(index)}`;
    const order = await postJson<{ order_id: string }>(
      `${server.url}/api/streamers/${phase.slug}/orders`,
      { name: donorName, type: 'text', amount_paise: 5100, message: 'bench', phone: '9876543210' },
    );
    const webhook = await server.settle(order.order_id);
    const delivered = deliveries.waitFor(donorName, phase.connections, DELIVERY_TIMEOUT_MS);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/payments/webhooks/sandbox`, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
    });
    const answeredAt = performance.now();
    await response.text();
    if (!response.ok) throw new Error(`webhook answered ${String(response.status)}`);
    await delivered;
    if (index < phase.warmUpTips) continue;
    sentAt.set(donorName, started);
    webhookMs.push(answeredAt - started);
    measured.push(donorName);
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

  const latencies: number[] = [];
  const lastOverlay: number[] = [];
  let lost = 0;
  let duplicates = 0;
  for (const donorName of measured) {
    const started = sentAt.get(donorName) ?? 0;
    const byListener = deliveries.of(donorName);
    lost += phase.connections - byListener.size;
    let last = 0;
    for (const times of byListener.values()) {
      duplicates += times.length - 1;
      const latency = (times[0] ?? started) - started;
      latencies.push(latency);
      last = Math.max(last, latency);
    }
    lastOverlay.push(last);
  }
  for (const listener of listeners) listener.close();
  // Let the server see the disconnects before the next phase connects.
  await new Promise((resolve) => setTimeout(resolve, 500));

  return {
    connections: phase.connections,
    tips: phase.tips,
    samples: latencies.length,
    latency_ms: summarize(latencies),
    last_overlay_ms: summarize(lastOverlay),
    webhook_response_ms: summarize(webhookMs),
    lost,
    duplicates,
    connect_seconds: Math.round(connectSeconds * 100) / 100,
  };
}

function printTable(results: PhaseResult[]): void {
  const rows = results.map((result) => ({
    overlays: result.connections,
    tips: result.tips,
    'p50 ms': result.latency_ms.p50,
    'p99 ms': result.latency_ms.p99,
    'max ms': result.latency_ms.max,
    'last overlay p50/p99 ms': `${String(result.last_overlay_ms.p50)} / ${String(result.last_overlay_ms.p99)}`,
    'webhook reply p50 ms': result.webhook_response_ms.p50,
    lost: result.lost,
    duplicates: result.duplicates,
    'connect s': result.connect_seconds,
  }));
  console.table(rows);
}

async function main(): Promise<void> {
  const server = await startServer();
  const limit = setTimeout(() => {
    console.error(`alert-latency: over ${String(RUN_LIMIT_MS / 1000)} s, stopping.`);
    server.kill();
    process.exit(1);
  }, RUN_LIMIT_MS);
  try {
    const adminToken = await login(server);
    const results: PhaseResult[] = [];
    for (const phase of PHASES) {
      results.push(await runPhase(server, adminToken, phase));
      console.log(`  ${String(phase.connections)} overlay(s): done`);
    }
    printTable(results);
    const report = {
      benchmark: 'alert-latency',
      description:
        'Time from posting a signed sandbox webhook for a paid tip to each connected overlay SSE stream receiving its alert (loopback, one server instance, embedded PGlite database).',
      generated_at: new Date().toISOString(),
      machine: { node: process.version, cpus: os.cpus().length, platform: process.platform },
      results,
    };
    const resultsDir = path.join(import.meta.dirname, 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, 'alert-latency.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    console.log('Wrote results/alert-latency.json');
    const failed = results.some((result) => result.lost > 0 || result.duplicates > 0);
    if (failed) console.error('Some alerts were lost or delivered twice.');
    process.exitCode = failed ? 1 : 0;
  } finally {
    clearTimeout(limit);
    await server.stop();
  }
}

await main();
