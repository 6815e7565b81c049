/**
 * `npm run bench -- notify-fanout` (issue 25, "beyond one machine"): how many alerts a second
 * one PostgreSQL carries by LISTEN/NOTIFY to N listening instances (N = 2, 4), each instance a
 * process of its own LISTENing as the server's EventBus does. Payloads are the bus's own
 * (packPayloads), one alert per NOTIFY: the worst case, when alerts do not share a tick.
 *
 * The publisher sends flat out from a few connections for a fixed time; an instance's rate is
 * the alerts it received divided by the time from its first to its last. Baseline, same run:
 * the same NOTIFYs with no instance listening (what sending alone costs). Every alert sent must
 * reach every instance.
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { packPayloads, type BusEvent } from '../apps/server/src/realtime/event-bus.ts';
import { writeReport, type BudgetCheck } from './lib/budgets.ts';
import { createThrowawayDatabase } from './lib/throwaway-database.ts';

const CHANNEL = 'shabaash_events';
const SEND_SECONDS = 4;
/** Publishing connections sending at once (the bus sends from its pool). */
const PUBLISHERS = 4;
const INSTANCE_COUNTS = [2, 4] as const;

type Listener = { child: ChildProcess; request: <T>(type: string) => Promise<T> };

function startListener(databaseUrl: string): Promise<Listener> {
  const child = fork(
    path.join(import.meta.dirname, 'lib/notify-listener.ts'),
    [databaseUrl, CHANNEL],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const request = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as T);
      };
      child.on('message', onMessage);
      child.send({ type });
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', () => resolve({ child, request }));
  });
}

/** Alert events as the bus publishes them across instances (the alert body is left out). */
function alertPayload(index: number): string {
  const event: BusEvent = {
    kind: 'alert',
    streamerId: crypto.randomUUID(),
    alertId: index,
  };
  const [payload] = packPayloads('bench-publisher', [event]);
  if (!payload) throw new Error('no payload');
  return payload;
}

/** Sends one-alert NOTIFYs flat out for SEND_SECONDS; the number sent and NOTIFYs/s. */
async function publish(pool: pg.Pool): Promise<{ sent: number; perSecond: number }> {
  let sent = 0;
  const started = performance.now();
  const deadline = started + SEND_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (performance.now() < deadline) {
        await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, alertPayload(sent)]);
        sent += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { sent, perSecond: Math.round(sent / seconds) };
}

async function measure(databaseUrl: string, pool: pg.Pool, instances: number) {
  const listeners = await Promise.all(
    Array.from({ length: instances }, () => startListener(databaseUrl)),
  );
  try {
    const { sent, perSecond: offered } = await publish(pool);
    // Let the last notifications arrive: PostgreSQL delivers them when each listener reads.
    type Report = { alerts: number; firstAt: number | null; lastAt: number | null };
    let reports: Report[] = [];
    for (let waited = 0; waited < 30_000; waited += 250) {
      reports = await Promise.all(listeners.map((listener) => listener.request<Report>('report')));
      if (reports.every((report) => report.alerts >= sent)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const rates = reports.map((report) =>
      report.firstAt !== null && report.lastAt !== null && report.lastAt > report.firstAt
        ? report.alerts / ((report.lastAt - report.firstAt) / 1000)
        : 0,
    );
    return {
      instances,
      sent,
      offered_per_s: offered,
      received: reports.map((report) => report.alerts),
      lost: reports.reduce((total, report) => total + Math.max(0, sent - report.alerts), 0),
      delivered_per_s_per_instance: Math.round(Math.min(...rates)),
    };
  } finally {
    await Promise.all(
      listeners.map(
        (listener) =>
          new Promise<void>((resolve) => {
            listener.child.once('exit', () => resolve());
            listener.child.send({ type: 'stop' });
          }),
      ),
    );
  }
}

const database = await createThrowawayDatabase();
const pool = new pg.Pool({ connectionString: database.url, max: PUBLISHERS });
try {
  // Warm up the connections and the server.
  await publish(pool);
  const alone = await publish(pool);
  const runs = [];
  for (const instances of INSTANCE_COUNTS) runs.push(await measure(database.url, pool, instances));
  console.table(runs);

  const baseline = {
    what: 'NOTIFYs/s with no instance listening, same run',
    value: alone.perSecond,
  };
  const checks: BudgetCheck[] = runs.flatMap((run) => [
    {
      what: `alerts/s one PostgreSQL delivers to each of ${String(run.instances)} listening instances (one alert per NOTIFY)`,
      budget: 'no budget (reported: the README sizes one PostgreSQL from it)',
      value: run.delivered_per_s_per_instance,
      unit: '/s',
      met: true,
      baseline,
    },
    {
      what: `alerts lost on the way to ${String(run.instances)} instances`,
      budget: '= 0',
      value: run.lost,
      unit: 'alerts',
      met: run.lost === 0,
      baseline: null,
    },
  ]);
  writeReport({
    benchmark: 'notify-fanout',
    description:
      'Alerts per second one PostgreSQL carries by LISTEN/NOTIFY to 2 and 4 listening instances (issue 25).',
    checks,
    details: { send_seconds: SEND_SECONDS, publishers: PUBLISHERS, alone, runs },
  });
} finally {
  await pool.end();
  await database.drop();
}
process.exit(0);
