/**
 * Throughput (issue 12, benchmark 2): sustained paid donations per second, end to end, on
 * PostgreSQL and on PGlite. Each donation is the whole path a real tip takes: the fan's order
 * through the public API, the sandbox gateway marking it paid and signing its webhook, the signed
 * webhook posted to the server (verify, record once, ask the gateway, pending → success,
 * auto-approve, alert outbox), and the alert arriving on a connected overlay's SSE stream.
 *
 * The server runs in its own process (lib/throughput-server.ts) with its production defaults;
 * this process is the load generator: an open loop at THROUGHPUT_RATE donations a second (with
 * a cap on donations in flight, so an overloaded server shows as a lower rate, not as a crash),
 * keep-alive HTTP, one overlay listener. After a short warm-up it measures THROUGHPUT_SECONDS,
 * then checks against the database that every paid order is exactly one successful donation,
 * the sums agree, nothing is doubled, and the overlay received every alert once. The floor in
 * the same run: as many plain INSERTs as there were donations, straight through the driver.
 * Issue 25's budgets: PostgreSQL sustains at least half of that floor divided by the statements
 * a donation sends, and, in a second run on a fresh server at 100 paid donations a second, the
 * webhook is answered within 50 ms at p99.
 *
 * `npm run bench -- throughput`. Knobs (for profiling and quick runs): THROUGHPUT_SECONDS,
 * THROUGHPUT_RATE, THROUGHPUT_BACKENDS=postgres,pglite, THROUGHPUT_POSTGRES_URL,
 * THROUGHPUT_CPU_PROF=<dir> (server process CPU profile).
 */
import crypto from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { writeReport, type BudgetCheck } from './lib/budgets.ts';
import { summarize } from './lib/stats.ts';
import { openThroughputOverlay } from './lib/throughput-overlay.ts';
import {
  THROUGHPUT_ADMIN,
  THROUGHPUT_STREAMER,
  type BaselineResult,
  type CpuResult,
  type SettleResult,
  type SignedWebhook,
  type ThroughputRequest,
  type ThroughputResponse,
  type ThroughputServerReady,
  type VerifyResult,
} from './lib/throughput-protocol.ts';

/** The saturation run: more than the server can take, so what it sustains shows. */
const SATURATION = {
  rate: Number(process.env.THROUGHPUT_RATE ?? 1000),
  seconds: Number(process.env.THROUGHPUT_SECONDS ?? 30),
};
/** PGlite's figure is reported without a budget: a shorter window shows it as well. */
const PGLITE_SATURATION = { ...SATURATION, seconds: Math.min(SATURATION.seconds, 10) };
/** Issue 25's webhook budget is at 100 paid donations a second: a run of its own, PostgreSQL. */
const WEBHOOK_STEP = { rate: 100, seconds: 15 };
const BACKENDS = (process.env.THROUGHPUT_BACKENDS ?? 'postgres,pglite').split(',');
const POSTGRES_URL =
  process.env.THROUGHPUT_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CPU_PROFILE_DIR = process.env.THROUGHPUT_CPU_PROF;
/** Donations in flight at most; beyond it the generator waits (the server is saturated). */
const MAX_IN_FLIGHT = 256;
/** After the window: how long in-flight donations and their alerts may take to finish. */
const DRAIN_MS = 10_000;
/** The plain-insert floor stops after this long however many rows it has written. */
const BASELINE_LIMIT_MS = 8_000;
/** The whole benchmark (both backends and the 100/s run) must finish within this. */
const RUN_LIMIT_MS = 210_000;

/** Issue 25: at least half the floor row (plain INSERTs/s ÷ statements per donation). */
const MIN_SHARE_OF_FLOOR = 0.5;
const BUDGET_WEBHOOK_P99_MS = 50;

type Load = { rate: number; seconds: number };

type Server = Awaited<ReturnType<typeof startServer>>;

/** A request to the server process before it is given its id (Omit distributed over the union). */
type RequestWithoutId = ThroughputRequest extends infer R
  ? R extends { requestId: number }
    ? Omit<R, 'requestId'>
    : never
  : never;

/** Starts the server process on one backend and answers its IPC requests. */
async function startServer(databaseUrl: string | undefined) {
  const execArgv = ['--import', 'tsx'];
  if (CPU_PROFILE_DIR) execArgv.push('--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`);
  const child: ChildProcess = fork(
    new URL('./lib/throughput-server.ts', import.meta.url).pathname,
    {
      execArgv,
      // stdout is the server's JSON log, discarded as a log shipper would take it away.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, THROUGHPUT_DATABASE_URL: databaseUrl ?? '' },
    },
  );
  const pending = new Map<number, (response: ThroughputResponse) => void>();
  let nextRequestId = 1;
  const ready = await new Promise<ThroughputServerReady>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
    child.on('message', (message: ThroughputServerReady | ThroughputResponse) => {
      if ('type' in message) {
        resolve(message);
        return;
      }
      pending.get(message.requestId)?.(message);
      pending.delete(message.requestId);
    });
  });
  function call<T>(request: RequestWithoutId) {
    const requestId = nextRequestId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(requestId, (response) =>
        'result' in response ? resolve(response.result as T) : reject(new Error(response.error)),
      );
      child.send({ ...request, requestId } as ThroughputRequest);
    });
  }
  return {
    url: ready.url,
    poolSize: ready.poolSize,
    call,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'stop' } satisfies ThroughputRequest);
      }),
    kill: () => child.kill('SIGKILL'),
  };
}

/** Keep-alive HTTP to the server; lean, since the generator shares the machine's two cores. */
function httpClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT * 2 });
  return (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const request = http.request({ hostname, port, method, path, agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
}

/**
 * The gateway's side of many payments at once: order ids gathered during one tick go to the
 * server process in one message and come back as signed webhooks.
 */
function gatewayBatcher(server: Server) {
  let batch = new Map<string, (webhook: SignedWebhook | null) => void>();
  let scheduled = false;
  const flush = async () => {
    scheduled = false;
    const current = batch;
    batch = new Map();
    try {
      const { webhooks } = await server.call<SettleResult>({
        type: 'settle',
        orderIds: [...current.keys()],
      });
      for (const { orderId, webhook } of webhooks) {
        current.get(orderId)?.(webhook);
        current.delete(orderId);
      }
    } finally {
      for (const resolve of current.values()) resolve(null);
    }
  };
  return (orderId: string) =>
    new Promise<SignedWebhook | null>((resolve) => {
      batch.set(orderId, resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

/** Order limits count per client IP; every fan here is a different one. */
function fanIp(n: number): string {
  return `10.${String((n >> 16) & 255)}.${String((n >> 8) & 255)}.${String(n & 255)}`;
}

async function adminToken(request: ReturnType<typeof httpClient>): Promise<string> {
  const login = await request(
    'POST',
    '/api/auth/login',
    { 'content-type': 'application/json' },
    JSON.stringify(THROUGHPUT_ADMIN),
  );
  if (login.status !== 200) throw new Error(`login: ${String(login.status)} ${login.text}`);
  const session = (JSON.parse(login.text) as { session: { access_token: string } }).session;
  const created = await request('POST', `/api/streamers/${THROUGHPUT_STREAMER}/obs-tokens`, {
    authorization: `Bearer ${session.access_token}`,
  });
  if (created.status >= 300) throw new Error(`obs token: ${created.text}`);
  return (JSON.parse(created.text) as { token: string }).token;
}

type RunResult = {
  backend: string;
  target_rate: number;
  measured_seconds: number;
  paid_donations_per_second: number;
  paid_in_window: number;
  paid_total: number;
  order_response_ms: ReturnType<typeof summarize>;
  webhook_response_ms: ReturnType<typeof summarize>;
  /** From posting the webhook to the overlay receiving the alert. */
  webhook_to_overlay_ms: ReturnType<typeof summarize>;
  mean_in_flight: number;
  /** The server process's CPU time (user + system) in the window per paid donation. */
  server_cpu_ms_per_donation: number;
  /**
   * Statements the server process sent to PostgreSQL in the window per paid donation (BEGIN
   * and COMMIT count; so do the gateway's batched statements and the alert fan-out's reads).
   */
  postgres_round_trips_per_donation: number;
  errors: number;
  first_errors: string[];
  overlay: { delivered: number; lost: number; duplicates: number };
  database: VerifyResult;
  integrity_ok: boolean;
  baseline: BaselineResult & { concurrency: number; driver: string };
};

/** What to clean up if the run overstays its time limit: the server and its database. */
let stopOnTimeLimit = async () => {};

async function runBackend(backend: string, load: Load): Promise<RunResult> {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (backend === 'postgres') {
    const name = `shabaash_bench_${crypto.randomBytes(6).toString('hex')}`;
    await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () =>
      withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined);
  }
  let server: Server | undefined;
  try {
    server = await startServer(databaseUrl);
    stopOnTimeLimit = async () => {
      server?.kill();
      await dropDatabase().catch(() => {});
    };
    return await measure(backend, server, load);
  } finally {
    await server?.stop();
    await dropDatabase();
  }
}

async function measure(backend: string, server: Server, load: Load): Promise<RunResult> {
  const request = httpClient(server.url);
  const settle = gatewayBatcher(server);
  const token = await adminToken(request);

  const deliveries = new Map<string, number[]>();
  const overlay = await openThroughputOverlay(
    `${server.url}/api/overlay/${THROUGHPUT_STREAMER}/events?token=${encodeURIComponent(token)}`,
    (donorName, arrivedAt) => {
      const times = deliveries.get(donorName);
      if (times) times.push(arrivedAt);
      else deliveries.set(donorName, [arrivedAt]);
    },
  );

  const orderMs: number[] = [];
  const webhookMs: number[] = [];
  const webhookSentAt = new Map<string, { at: number; measured: boolean }>();
  const errors: string[] = [];
  let paidTotal = 0;
  let paidInWindow = 0;
  let inFlight = 0;
  let inFlightSum = 0;
  let inFlightSamples = 0;

  const warmUpSeconds = Math.min(5, Math.max(1, load.seconds / 10));
  const warmUpEnd = performance.now() + warmUpSeconds * 1000;
  const windowEnd = warmUpEnd + load.seconds * 1000;

  async function donate(n: number): Promise<void> {
    const donorName = `tp${String(n)}`;
    const started = performance.now();
    const measured = started >= warmUpEnd;
    const order = await request(
      'POST',
      `/api/streamers/${THROUGHPUT_STREAMER}/orders`,
      { 'content-type': 'application/json', 'x-forwarded-for': fanIp(n) },
      JSON.stringify({
        name: donorName,
        type: 'text',
        amount_paise: 5100,
        message: 'throughput bench',
        phone: '9876543210',
        age_confirmed: true,
        stream_consent: true,
      }),
    );
    if (order.status !== 201) throw new Error(`order ${String(order.status)} ${order.text}`);
    const ordered = performance.now();
    const { order_id: orderId } = JSON.parse(order.text) as { order_id: string };
    const webhook = await settle(orderId);
    if (!webhook) throw new Error(`gateway could not pay ${orderId}`);
    const sentAt = performance.now();
    webhookSentAt.set(donorName, { at: sentAt, measured });
    const answer = await request(
      'POST',
      '/api/payments/webhooks/sandbox',
      webhook.headers,
      webhook.body,
    );
    const answeredAt = performance.now();
    if (answer.status !== 200 || !answer.text.includes('"applied"')) {
      throw new Error(`webhook ${String(answer.status)} ${answer.text}`);
    }
    paidTotal += 1;
    if (answeredAt >= warmUpEnd && answeredAt < windowEnd) paidInWindow += 1;
    if (measured && answeredAt < windowEnd) {
      orderMs.push(ordered - started);
      webhookMs.push(answeredAt - sentAt);
    }
  }

  // Open loop: donation n is due at n / rate seconds; at most MAX_IN_FLIGHT at once.
  const loopStart = performance.now();
  let launched = 0;
  let cpuAtWindowStart: Promise<CpuResult> | undefined;
  let cpuAtWindowEnd: Promise<CpuResult> | undefined;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (now >= warmUpEnd) cpuAtWindowStart ??= server.call<CpuResult>({ type: 'cpu' });
      if (now >= windowEnd) {
        cpuAtWindowEnd = server.call<CpuResult>({ type: 'cpu' });
        return resolve();
      }
      const due = Math.floor(((now - loopStart) / 1000) * load.rate);
      while (launched < due && inFlight < MAX_IN_FLIGHT) {
        launched += 1;
        inFlight += 1;
        donate(launched)
          .catch((error: unknown) => {
            if (errors.length < 1000) errors.push(String(error));
          })
          .finally(() => (inFlight -= 1));
      }
      if (now >= warmUpEnd) {
        inFlightSum += inFlight;
        inFlightSamples += 1;
      }
      setTimeout(tick, 1);
    };
    tick();
  });

  const drainUntil = performance.now() + DRAIN_MS;
  while ((inFlight > 0 || deliveries.size < paidTotal) && performance.now() < drainUntil) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 500)); // late duplicates still count
  overlay.close();

  const cpuStart = await cpuAtWindowStart;
  const cpuEnd = await cpuAtWindowEnd;
  const serverCpuMs =
    cpuStart && cpuEnd
      ? (cpuEnd.user + cpuEnd.system - cpuStart.user - cpuStart.system) / 1000
      : Number.NaN;
  const database = await server.call<VerifyResult>({ type: 'verify' });
  let duplicates = 0;
  const toOverlay: number[] = [];
  for (const [donorName, times] of deliveries) {
    duplicates += times.length - 1;
    const sent = webhookSentAt.get(donorName);
    if (sent?.measured && times[0] !== undefined) toOverlay.push(times[0] - sent.at);
  }
  const delivered = deliveries.size;
  const lost = Math.max(0, database.donationAlerts - delivered);
  const integrityOk =
    errors.length === 0 &&
    database.paidOrders === paidTotal &&
    database.successfulDonations === paidTotal &&
    database.paidOrdersPaise === database.successfulDonationsPaise &&
    database.paidOrdersWithoutOneDonation === 0 &&
    database.donationsWithoutPaidOrder === 0 &&
    database.ordersWithRepeatedEvents === 0 &&
    database.autoApprovedDonations === paidTotal &&
    database.donationAlerts === paidTotal &&
    database.donationsWithRepeatedAlerts === 0 &&
    delivered === paidTotal &&
    duplicates === 0;

  const meanInFlight = inFlightSamples > 0 ? inFlightSum / inFlightSamples : 1;
  const concurrency = Math.max(1, Math.round(meanInFlight));
  const floor = await server.call<BaselineResult>({
    type: 'baseline',
    rows: Math.max(1, paidTotal),
    concurrency,
    limitMs: BASELINE_LIMIT_MS,
  });

  return {
    backend,
    target_rate: load.rate,
    measured_seconds: load.seconds,
    paid_donations_per_second: round(paidInWindow / load.seconds),
    paid_in_window: paidInWindow,
    paid_total: paidTotal,
    order_response_ms: summarize(orderMs),
    webhook_response_ms: summarize(webhookMs),
    webhook_to_overlay_ms: summarize(toOverlay),
    mean_in_flight: round(meanInFlight),
    server_cpu_ms_per_donation: round(serverCpuMs / Math.max(1, paidInWindow)),
    postgres_round_trips_per_donation:
      cpuStart && cpuEnd
        ? round(
            (cpuEnd.postgresRoundTrips - cpuStart.postgresRoundTrips) / Math.max(1, paidInWindow),
          )
        : Number.NaN,
    errors: errors.length,
    first_errors: errors.slice(0, 5),
    overlay: { delivered, lost, duplicates },
    database,
    integrity_ok: integrityOk,
    baseline: {
      ...floor,
      insertsPerSecond: round(floor.insertsPerSecond),
      seconds: round(floor.seconds),
      concurrency,
      driver: backend === 'postgres' ? 'pg' : 'PGlite',
    },
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function integrityCheck(result: RunResult, name: string): BudgetCheck {
  return {
    what: `donations lost or doubled (checked in the database), ${name}`,
    budget: 'none',
    value: result.integrity_ok ? 0 : 1,
    unit: 'runs failing the check',
    met: result.integrity_ok,
    baseline: null,
  };
}

/** The saturation run's checks: what a backend sustains, beside its same-run floor. */
function saturationChecks(result: RunResult): BudgetCheck[] {
  const name = result.backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  if (result.backend !== 'postgres') {
    return [
      {
        what: `sustained paid donations/s, ${name}, end to end`,
        budget: 'no budget (reported)',
        value: result.paid_donations_per_second,
        unit: '/s',
        met: true,
        baseline: {
          what: `plain INSERTs/s through ${result.baseline.driver}, ${String(result.baseline.concurrency)} at a time`,
          value: result.baseline.insertsPerSecond,
        },
      },
      integrityCheck(result, name),
    ];
  }
  // Every statement a donation sends, were it as cheap as a plain insert and the HTTP and
  // application work free: the most this machine's database could give (issue 25's floor row).
  const floorRate = round(
    result.baseline.insertsPerSecond / result.postgres_round_trips_per_donation,
  );
  return [
    {
      what: `sustained paid donations/s, ${name}, end to end`,
      budget: `≥ ${String(MIN_SHARE_OF_FLOOR * 100)} % of the floor row (same run)`,
      value: result.paid_donations_per_second,
      unit: '/s',
      met: result.paid_donations_per_second >= MIN_SHARE_OF_FLOOR * floorRate,
      baseline: {
        what: `floor: plain INSERTs/s through pg (${String(result.baseline.insertsPerSecond)}/s, ${String(result.baseline.concurrency)} at a time) ÷ ${String(result.postgres_round_trips_per_donation)} statements per donation`,
        value: floorRate,
      },
    },
    integrityCheck(result, name),
  ];
}

/** The 100/s run's checks: how fast a webhook is answered at that rate. */
function webhookChecks(result: RunResult): BudgetCheck[] {
  return [
    {
      what: `webhook response p99 at ${String(result.target_rate)} paid donations/s, PostgreSQL`,
      budget: `≤ ${String(BUDGET_WEBHOOK_P99_MS)} ms`,
      value: result.webhook_response_ms.p99,
      unit: 'ms',
      met:
        result.paid_donations_per_second >= 0.95 * result.target_rate &&
        result.webhook_response_ms.p99 <= BUDGET_WEBHOOK_P99_MS,
      baseline: null,
    },
    integrityCheck(result, `PostgreSQL at ${String(result.target_rate)}/s`),
  ];
}

async function main(): Promise<void> {
  const limit = setTimeout(() => {
    console.error(`throughput: over ${String(RUN_LIMIT_MS / 1000)} s, stopping.`);
    void stopOnTimeLimit().finally(() => process.exit(1));
  }, RUN_LIMIT_MS);
  limit.unref();
  const runs: Array<{ backend: string; load: Load; checks: (result: RunResult) => BudgetCheck[] }> =
    BACKENDS.map((backend) => ({
      backend,
      load: backend === 'pglite' ? PGLITE_SATURATION : SATURATION,
      checks: saturationChecks,
    }));
  if (BACKENDS.includes('postgres')) {
    runs.push({ backend: 'postgres', load: WEBHOOK_STEP, checks: webhookChecks });
  }
  const results: RunResult[] = [];
  const checks: BudgetCheck[] = [];
  for (const { backend, load, checks: checksOf } of runs) {
    // Each run on a fresh server and database: the integrity check counts every row.
    const result = await runBackend(backend, load);
    results.push(result);
    checks.push(...checksOf(result));
    console.log(
      `  ${backend}: ${String(result.paid_donations_per_second)} paid donations/s ` +
        `(target ${String(load.rate)}), webhook p50/p99 ${String(result.webhook_response_ms.p50)}/` +
        `${String(result.webhook_response_ms.p99)} ms, order p50/p99 ${String(result.order_response_ms.p50)}/` +
        `${String(result.order_response_ms.p99)} ms, floor ${String(result.baseline.insertsPerSecond)} inserts/s, ` +
        `server CPU ${String(result.server_cpu_ms_per_donation)} ms/donation, ` +
        `${String(result.postgres_round_trips_per_donation)} PostgreSQL round trips/donation, ` +
        `integrity ${result.integrity_ok ? 'ok' : 'FAILED'}`,
    );
    if (!result.integrity_ok) console.error(JSON.stringify(result, null, 2));
  }
  writeReport({
    benchmark: 'throughput',
    description:
      'Sustained paid donations per second, end to end (public order API → signed sandbox webhook → auto-approve → alert outbox → overlay SSE), open loop past what the server takes, one server process with production defaults, against a floor of plain INSERTs through the same driver; then the webhook at 100 paid donations/s on PostgreSQL.',
    checks,
    details: results,
  });
  clearTimeout(limit);
  process.exitCode = results.every((result) => result.integrity_ok) ? 0 : 1;
}

await main();
