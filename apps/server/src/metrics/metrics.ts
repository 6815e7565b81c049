import crypto from 'node:crypto';
import http from 'node:http';
import { and, count, eq, lte, max } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { DatabaseConnection } from '../db/client.ts';
import { backupRuns, donations, speechJobs } from '../db/schema.ts';
import type { SseRegistry } from '../realtime/sse.ts';

/**
 * The Prometheus series of one instance (README, Operating Shabaash, lists them). Each app has
 * its own registry, so two instances in one test process never mix their numbers. Values that
 * live in the database (reconciler backlog, job queue, last backup) are read when scraped.
 */
export class Metrics {
  readonly registry = new client.Registry();

  private readonly requests = new client.Counter({
    name: 'shabaash_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  private readonly requestDuration = new client.Histogram({
    name: 'shabaash_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly tipsPaid = new client.Counter({
    name: 'shabaash_tips_paid_total',
    help: 'Tips whose payment succeeded (each counted once, by the instance that settled it).',
    registers: [this.registry],
  });

  private readonly tipsPaidPaise = new client.Counter({
    name: 'shabaash_tips_paid_paise_total',
    help: 'Sum of the tips paid, in paise.',
    registers: [this.registry],
  });

  private readonly webhooks = new client.Counter({
    name: 'shabaash_webhooks_total',
    help: 'Webhooks received, by sender and outcome (accepted, rejected 4xx, failed 5xx).',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly alertDelivery = new client.Histogram({
    name: 'shabaash_alert_delivery_seconds',
    help: 'From the alert written with its payment (webhook) to its write on the overlay socket.',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly shedRequests = new client.Counter({
    name: 'shabaash_overload_shed_total',
    help: 'Requests answered 503 because the process was overloaded.',
    registers: [this.registry],
  });

  constructor(database: DatabaseConnection, sse: SseRegistry) {
    client.collectDefaultMetrics({ register: this.registry, prefix: 'shabaash_' });
    const db = database.db;
    const registers = [this.registry];

    new client.Gauge({
      name: 'shabaash_live_streams',
      help: 'Open live streams on this instance: overlay (overlays and widgets) or dashboard.',
      labelNames: ['kind'] as const,
      registers,
      collect() {
        for (const [kind, open] of Object.entries(sse.countByKind())) this.set({ kind }, open);
      },
    });
    new client.Gauge({
      name: 'shabaash_reconciler_backlog',
      help: 'Pending orders due a look-up at the payment provider.',
      registers,
      async collect() {
        const [row] = await db
          .select({ due: count() })
          .from(donations)
          .where(
            and(eq(donations.paymentStatus, 'pending'), lte(donations.nextCheckAt, new Date())),
          );
        this.set(row?.due ?? 0);
      },
    });
    new client.Gauge({
      name: 'shabaash_job_queue_depth',
      help: 'Background jobs waiting, by queue.',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const [speech] = await db
          .select({ waiting: count() })
          .from(speechJobs)
          .where(eq(speechJobs.status, 'pending'));
        this.set({ queue: 'speech' }, speech?.waiting ?? 0);
      },
    });
    new client.Gauge({
      name: 'shabaash_backup_last_verified_timestamp_seconds',
      help: 'When the latest verified backup finished (0: none yet).',
      registers,
      async collect() {
        const [row] = await db
          .select({ at: max(backupRuns.finishedAt) })
          .from(backupRuns)
          .where(eq(backupRuns.status, 'verified'));
        this.set(row?.at ? new Date(row.at).getTime() / 1000 : 0);
      },
    });
    const pool = database.pool;
    if (pool) {
      new client.Gauge({
        name: 'shabaash_db_pool_connections',
        help: 'PostgreSQL pool connections: in use, idle, and queries waiting for one.',
        labelNames: ['state'] as const,
        registers,
        collect() {
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
      new client.Gauge({
        name: 'shabaash_db_pool_max',
        help: 'The PostgreSQL pool size (DATABASE_POOL_SIZE).',
        registers,
      }).set(pool.options.max ?? 10);
    }
  }

  /** Records one answered request under its route pattern (never the raw URL: no ids, no tokens). */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    this.requests.inc({ method, route, status_code: String(reply.statusCode) });
    this.requestDuration.observe({ method, route }, reply.elapsedTime / 1000);
    if (route === '/api/payments/webhooks/:provider' || route === '/api/telegram/webhook') {
      const provider = route.includes('telegram')
        ? 'telegram'
        : String((request.params as { provider?: string }).provider ?? 'unknown');
      this.webhooks.inc({ provider, outcome: outcomeOf(reply.statusCode) });
    }
  }

  tipPaid(amountPaise: number): void {
    this.tipsPaid.inc();
    this.tipsPaidPaise.inc(amountPaise);
  }

  /** An alert has just been written to this instance's overlay sockets. */
  alertDelivered(createdAt: string): void {
    const seconds = (Date.now() - Date.parse(createdAt)) / 1000;
    if (Number.isFinite(seconds)) this.alertDelivery.observe(Math.max(0, seconds));
  }
}

function outcomeOf(statusCode: number): 'accepted' | 'rejected' | 'failed' {
  if (statusCode >= 500) return 'failed';
  return statusCode >= 400 ? 'rejected' : 'accepted';
}

/**
 * `GET /metrics` in Prometheus's text format, for a scraper holding METRICS_TOKEN; anyone else
 * gets 401, so the numbers (tips per minute, say) are never public.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'unauthorized', message: 'A metrics token is required.' } });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/**
 * METRICS_PORT: a second listener that serves only /metrics, without a token, for a scraper on
 * an internal network (bind it there with METRICS_HOST; it is never the public port).
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number },
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return server;
}
