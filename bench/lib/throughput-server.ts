/**
 * The server under test for throughput.bench.ts, in its own process: the real application
 * (routes, database, event bus, overlay hub) with its production defaults (log level, pool
 * size), on PostgreSQL when THROUGHPUT_DATABASE_URL is set and on PGlite (a data folder, as in
 * production) otherwise. Besides the application it plays the sandbox gateway's part of a
 * payment (marking orders paid in the gateway's ledger and signing the webhooks the gateway
 * would send, many orders per statement so the gateway's own cost stays small), counts what
 * the database holds at the end, and measures the plain-insert floor. Talks to the parent over
 * IPC.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseConnection } from '../../apps/server/src/db/client.ts';
import {
  buildSandboxWebhook,
  type SandboxOrder,
} from '../../apps/server/src/modules/sandbox/sandbox-gateway.ts';
import { startBenchApp } from './bench-app.ts';
import {
  THROUGHPUT_ADMIN,
  type BaselineResult,
  type CpuResult,
  type SettleResult,
  type ThroughputRequest,
  type ThroughputResponse,
  type ThroughputServerReady,
  type VerifyResult,
} from './throughput-protocol.ts';

/** Statements sent to PostgreSQL by this process (BEGIN and COMMIT included): round trips. */
let postgresRoundTrips = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  postgresRoundTrips += 1;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof originalQuery;
// Production pino writes JSON lines to stdout; the parent sends that to /dev/null, so the
// serialising and writing cost is paid as in production without flooding the terminal.
const server = await startBenchApp({
  databaseUrl: process.env.THROUGHPUT_DATABASE_URL || undefined,
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-throughput-')),
  admin: THROUGHPUT_ADMIN,
  seed: true,
});
const { database, secret } = server;

type LedgerRow = {
  order_id: string;
  amount_paise: number;
  customer_name: string;
  status: SandboxOrder['status'];
  payments: SandboxOrder['payments'];
  expires_at: string | Date;
  created_at: string | Date;
  payment: {
    payment_id: string;
    payment_status: 'SUCCESS';
    payment_amount_paise: number;
    payment_time: string;
  };
};

let paymentCounter = 0;

/**
 * The gateway records a successful payment on each still-active order (as recordSandboxChoice
 * does for one) in one statement, and signs the webhook for each with the gateway's own code.
 */
async function settle(orderIds: string[]): Promise<SettleResult> {
  const paymentTime = new Date().toISOString();
  const attempts = orderIds.map((orderId) => {
    paymentCounter += 1;
    return { order_id: orderId, payment_id: `sbpay_tp${String(paymentCounter)}` };
  });
  const result = await database.db.execute(sql`
    UPDATE sandbox_orders AS o
    SET status = 'PAID',
        payments = o.payments || jsonb_build_array(jsonb_build_object(
          'payment_id', a.payment_id, 'payment_status', 'SUCCESS',
          'payment_amount_paise', o.amount_paise, 'payment_time', ${paymentTime}::text))
    FROM jsonb_to_recordset(${JSON.stringify(attempts)}::jsonb) AS a(order_id text, payment_id text)
    WHERE o.order_id = a.order_id AND o.status = 'ACTIVE' AND o.expires_at > now()
    RETURNING o.*, o.payments -> -1 AS payment`);
  const rows = (result as unknown as { rows: LedgerRow[] }).rows;
  return {
    webhooks: rows.map((row) => {
      const order: SandboxOrder = {
        orderId: row.order_id,
        amountPaise: row.amount_paise,
        customerName: row.customer_name,
        status: row.status,
        payments: row.payments,
        expiresAt: new Date(row.expires_at),
        createdAt: new Date(row.created_at),
      };
      const webhook = buildSandboxWebhook(secret, order, row.payment);
      if (!webhook) throw new Error('a paid order must produce a webhook');
      return { orderId: row.order_id, webhook };
    }),
  };
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await database.db.execute(query);
  const [row] = (result as unknown as { rows: { n: number | string | null }[] }).rows;
  return Number(row?.n ?? 0);
}

/** What the database holds after the run: every paid order exactly one successful donation. */
async function verify(): Promise<VerifyResult> {
  return {
    paidOrders: await count(sql`SELECT count(*) AS n FROM sandbox_orders WHERE status = 'PAID'`),
    paidOrdersPaise: await count(
      sql`SELECT coalesce(sum(amount_paise), 0) AS n FROM sandbox_orders WHERE status = 'PAID'`,
    ),
    successfulDonations: await count(
      sql`SELECT count(*) AS n FROM donations WHERE payment_status = 'success'`,
    ),
    successfulDonationsPaise: await count(
      sql`SELECT coalesce(sum(amount_paise), 0) AS n FROM donations WHERE payment_status = 'success'`,
    ),
    paidOrdersWithoutOneDonation: await count(sql`
      SELECT count(*) AS n FROM sandbox_orders o
      WHERE o.status = 'PAID' AND (SELECT count(*) FROM donations d
        WHERE d.order_id = o.order_id AND d.payment_status = 'success'
          AND d.amount_paise = o.amount_paise) <> 1`),
    donationsWithoutPaidOrder: await count(sql`
      SELECT count(*) AS n FROM donations d
      WHERE d.payment_status = 'success' AND NOT EXISTS (
        SELECT 1 FROM sandbox_orders o WHERE o.order_id = d.order_id AND o.status = 'PAID')`),
    ordersWithRepeatedEvents: await count(sql`
      SELECT count(*) AS n FROM (
        SELECT order_id FROM payment_events GROUP BY order_id HAVING count(*) > 1) repeated`),
    autoApprovedDonations: await count(sql`
      SELECT count(*) AS n FROM donations
      WHERE payment_status = 'success' AND moderation_status = 'auto_approved'`),
    donationAlerts: await count(
      sql`SELECT count(*) AS n FROM alerts WHERE kind = 'donation' AND donation_id IS NOT NULL`,
    ),
    donationsWithRepeatedAlerts: await count(sql`
      SELECT count(*) AS n FROM (
        SELECT donation_id FROM alerts WHERE donation_id IS NOT NULL
        GROUP BY donation_id HAVING count(*) > 1) repeated`),
  };
}

/**
 * The database floor: one plain INSERT per donation into a table shaped like `donations`,
 * `concurrency` at a time, straight through the driver (pg's pool, or PGlite), no framework.
 */
async function baseline(
  connection: DatabaseConnection,
  rows: number,
  concurrency: number,
  limitMs: number,
): Promise<BaselineResult> {
  const ddl = `CREATE TABLE IF NOT EXISTS throughput_baseline (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    streamer_id uuid NOT NULL, order_id text NOT NULL UNIQUE, name text NOT NULL,
    type text NOT NULL, amount_paise integer NOT NULL, message text NOT NULL, phone text NOT NULL,
    fan_key text, provider text NOT NULL, payment_status text NOT NULL DEFAULT 'pending',
    created_at timestamptz NOT NULL DEFAULT now())`;
  const insert = `INSERT INTO throughput_baseline
    (streamer_id, order_id, name, type, amount_paise, message, phone, fan_key, provider)
    VALUES ($1, $2, $3, 'text', 5100, 'bench', '9876543210', $4, 'sandbox')`;
  const { pool, pglite } = connection;
  const run = async (text: string, params: unknown[] = []) => {
    if (pool) await pool.query(text, params);
    else if (pglite) await pglite.query(text, params);
  };
  await run(ddl);
  const streamerId = '00000000-0000-4000-8000-000000000001';
  let next = 0;
  const started = performance.now();
  const deadline = started + limitMs;
  const worker = async () => {
    while (next < rows && performance.now() < deadline) {
      next += 1;
      const n = String(next);
      await run(insert, [streamerId, `floor_${n}`, `floor ${n}`, `fan${n}`]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const inserted = await count(sql`SELECT count(*) AS n FROM throughput_baseline`);
  return { rows: inserted, seconds, insertsPerSecond: inserted / seconds };
}

function answer(
  requestId: number,
  work: Promise<SettleResult | VerifyResult | BaselineResult | CpuResult>,
) {
  work.then(
    (result) => process.send?.({ requestId, result } satisfies ThroughputResponse),
    (error: unknown) =>
      process.send?.({ requestId, error: String(error) } satisfies ThroughputResponse),
  );
}

process.on('message', (message: ThroughputRequest) => {
  switch (message.type) {
    case 'stop':
      void server.stopAndExit(true);
      return;
    case 'settle':
      answer(message.requestId, settle(message.orderIds));
      return;
    case 'cpu':
      answer(message.requestId, Promise.resolve({ ...process.cpuUsage(), postgresRoundTrips }));
      return;
    case 'verify':
      answer(message.requestId, verify());
      return;
    case 'baseline':
      answer(
        message.requestId,
        baseline(database, message.rows, message.concurrency, message.limitMs),
      );
      return;
  }
});
process.on('disconnect', () => void server.stopAndExit(true));

process.send?.({
  type: 'ready',
  url: server.url,
  poolSize: server.config.DATABASE_POOL_SIZE,
} satisfies ThroughputServerReady);
