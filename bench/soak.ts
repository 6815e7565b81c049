/**
 * Chaos soak (issue 13): mixed traffic against a real server process for five minutes, then
 * invariants checked against the database and the overlays' logs.
 *
 * Traffic: fans tip through the public API and pay at the sandbox gateway; the gateway's signed
 * webhooks reach the real webhook route on time, twice (10 %), out of order (a stale failure
 * after the success), or never (the fan's status page settles the order); some payments fail,
 * are cancelled or abandoned. Overlays (an SSE client each, behaving like the OBS page) drop
 * alone and in reconnect storms and resume with Last-Event-ID. One streamer reviews every tip,
 * and its moderator double-clicks approve and reject. Test alerts now and then.
 *
 * Invariants: money the gateway took = money recorded, per streamer (and the dashboard and the
 * supporter totals agree); each alertable donation played exactly once on each overlay, none
 * for failed, rejected or unreviewed tips; no 500s; no donation stuck pending once settled.
 *
 * `npm run soak` (5 minutes, embedded PGlite as `npm start` runs it); `SOAK_SECONDS=60 npm run
 * soak` for a short run; `npm run soak -- --postgres` (or SOAK_DATABASE_URL=postgres://…) runs
 * on a throw-away database created on that PostgreSQL server and dropped afterwards. Prints a
 * summary and the invariants, writes results/soak.json, exits 1 when an invariant fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { alerts } from '../apps/server/src/db/schema.ts';
import { writeReport } from './lib/budgets.ts';
import { checkInvariants, type OverlayLog } from './lib/soak-invariants.ts';
import { SoakHttp, StatusCounts } from './lib/soak-http.ts';
import { AckLedger, SoakOverlay } from './lib/soak-overlay.ts';
import { createThrowawayDatabase, startSoakServer } from './lib/soak-process.ts';
import { SOAK_ADMIN } from './lib/soak-protocol.ts';
import { between, DonationTraffic, DoubleClickModerator, pick, sleep } from './lib/soak-traffic.ts';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const POSTGRES_SERVER_URL =
  process.env.SOAK_DATABASE_URL ||
  (process.argv.includes('--postgres') ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);

/** Streamers who auto-approve (seeded so), and one switched to review every tip. */
const AUTO_SLUGS = ['techgamer', 'musicstream', 'fitnessflow', 'codelive'];
const REVIEW_SLUG = 'demostreamer';
const SLUGS = [...AUTO_SLUGS, REVIEW_SLUG];
const OVERLAYS_PER_STREAMER = 5;
/** Moderate load: the point is correctness under chaos, on a 2-core machine. */
const FAN_WORKERS = 4;
const FAN_COUNT = 60;
const FAN_THINK_MS = [300, 1200] as const;
const MODERATOR_EVERY_MS = 1500;
/** A storm drops most overlays at once; between storms, single overlays blip. */
const STORM_EVERY_MS = [12_000, 25_000] as const;
const BLIP_EVERY_MS = 2000;
const TEST_ALERT_EVERY_MS = 20_000;
/** After the traffic, overlays get this long to catch up before their logs are read. */
const SETTLE_LIMIT_MS = 60_000;
const QUIET_MS = 3000;
/** SOAK_DUMP=<file>: writes every overlay's connections and frames, and the outbox, there. */
const DUMP_FILE = process.env.SOAK_DUMP || null;

if (!(SOAK_SECONDS > 0)) throw new Error('SOAK_SECONDS must be a positive number');

/** Runs `work` again and again until the deadline, pausing `pauseMs()` between runs. */
async function repeatUntil(
  deadline: number,
  pauseMs: () => number,
  work: () => Promise<void> | void,
): Promise<void> {
  while (Date.now() < deadline) {
    await work();
    await sleep(Math.max(0, Math.min(pauseMs(), deadline - Date.now())));
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-soak-'));
  const throwaway = POSTGRES_SERVER_URL ? await createThrowawayDatabase(POSTGRES_SERVER_URL) : null;
  const backend = throwaway ? 'PostgreSQL' : 'PGlite';
  console.log(
    `Soak: ${String(SOAK_SECONDS)} s on ${backend}, ${String(SLUGS.length)} streamers, ${String(SLUGS.length * OVERLAYS_PER_STREAMER)} overlays.`,
  );
  const server = await startSoakServer(dataDir, throwaway?.url);
  const runLimit = setTimeout(
    () => {
      console.error('soak: far over its time, stopping.');
      server.kill();
      process.exit(1);
    },
    (SOAK_SECONDS + 300) * 1000,
  );
  const counts = new StatusCounts();
  const http = new SoakHttp(server.url, counts);
  const overlays: Array<{ slug: string; label: string; overlay: SoakOverlay }> = [];
  let storms = 0;
  let blips = 0;
  let testAlerts = 0;

  try {
    // Two dashboard sessions: one moderator double-clicks, or two moderators race.
    const login = () =>
      http
        .expect<{ session: { access_token: string } }>(
          200,
          'POST /api/auth/login',
          'POST',
          '/api/auth/login',
          {
            json: SOAK_ADMIN,
            headers: { 'x-forwarded-for': '10.99.0.1' },
          },
        )
        .then((body) => body.session.access_token);
    const tokens: [string, string] = [await login(), await login()];
    await http.expect(
      200,
      'PATCH /api/streamers/:slug/settings',
      'PATCH',
      `/api/streamers/${REVIEW_SLUG}/settings`,
      {
        json: { moderation: { moderation_mode: 'review' } },
        token: tokens[0],
      },
    );

    for (const slug of SLUGS) {
      const { token } = await http.expect<{ token: string }>(
        201,
        'POST /api/streamers/:slug/obs-tokens',
        'POST',
        `/api/streamers/${slug}/obs-tokens`,
        { token: tokens[0] },
      );
      const acks = new AckLedger();
      for (let index = 0; index < OVERLAYS_PER_STREAMER; index += 1) {
        const overlay = new SoakOverlay({
          http,
          slug,
          token,
          acks,
          playMs: () => between(100, 800),
        });
        overlays.push({ slug, label: `${slug}#${String(index + 1)}`, overlay });
      }
    }
    await Promise.all(overlays.map(({ overlay }) => overlay.connect()));

    const traffic = new DonationTraffic(http, server.gateway, SLUGS, FAN_COUNT);
    const moderator = new DoubleClickModerator(http, REVIEW_SLUG, tokens);
    const trafficStartedAt = Date.now();
    const deadline = trafficStartedAt + SOAK_SECONDS * 1000;
    const progress = setInterval(() => {
      const seconds = Math.round((Date.now() - trafficStartedAt) / 1000);
      console.log(
        `  ${String(seconds)} s: ${String(traffic.orders.length)} orders, ${String(counts.total())} requests, ${String(storms)} storms`,
      );
    }, 30_000);

    await Promise.all([
      ...Array.from({ length: FAN_WORKERS }, () =>
        repeatUntil(
          deadline,
          () => between(...FAN_THINK_MS),
          () => traffic.tipOnce(),
        ),
      ),
      repeatUntil(
        deadline,
        () => MODERATOR_EVERY_MS,
        () => moderator.moderateOnce(),
      ),
      repeatUntil(
        deadline,
        () => between(...STORM_EVERY_MS),
        () => {
          if (Date.now() - trafficStartedAt < 5000) return;
          // Most overlays drop at once and all come back within a fraction of a second.
          const share = between(0.5, 1);
          for (const { overlay } of overlays)
            if (Math.random() < share) overlay.drop(between(0, 200));
          storms += 1;
        },
      ),
      repeatUntil(
        deadline,
        () => BLIP_EVERY_MS,
        () => {
          pick(overlays).overlay.drop(between(0, 1000));
          blips += 1;
        },
      ),
      repeatUntil(
        deadline,
        () => TEST_ALERT_EVERY_MS,
        async () => {
          await http.expect(
            200,
            'POST /api/streamers/:slug/test-alert',
            'POST',
            `/api/streamers/${pick(SLUGS)}/test-alert`,
            {
              token: tokens[0],
            },
          );
          testAlerts += 1;
        },
      ),
    ]);
    clearInterval(progress);
    await traffic.finish();
    console.log(
      `  traffic done after ${String(Math.round((Date.now() - trafficStartedAt) / 1000))} s; letting overlays catch up`,
    );
    await waitForOverlaysToSettle(overlays.map(({ overlay }) => overlay));

    const dashboardTotals = new Map<string, number>();
    for (const slug of SLUGS) {
      const stats = await http.expect<{ total_revenue_paise: number }>(
        200,
        'GET /api/streamers/:slug/stats',
        'GET',
        `/api/streamers/${slug}/stats`,
        { token: tokens[0] },
      );
      dashboardTotals.set(slug, stats.total_revenue_paise);
    }
    const overlayLogs: OverlayLog[] = overlays.map(({ slug, label, overlay }) => ({
      slug,
      label,
      frames: [...overlay.frames],
      violations: [...overlay.violations],
    }));
    for (const { overlay } of overlays) overlay.close();
    await server.stop();

    // The server has exited: the database is read as it was left.
    const database = await openDatabase({
      databaseUrl: throwaway?.url,
      pgliteDir: path.join(dataDir, 'db'),
    });
    const { results, money } = await checkInvariants(database.db, {
      orders: traffic.orders,
      dashboardTotals,
      overlays: overlayLogs,
      doubleClicks: moderator.doubleClicks,
      deliveredWebhookKeys: traffic.deliveredKeys,
      serverFailures: counts.serverFailures(),
      unexpectedAnswers: [...traffic.errors, ...moderator.errors],
      serverErrorLogs: server.errorLogs,
      chaos: {
        'paid tips': traffic.orders.filter((order) => order.isPaidAtGateway).length,
        'failed or cancelled payments': traffic.orders.filter((order) =>
          ['failed', 'cancelled'].includes(order.scenario),
        ).length,
        'duplicate webhooks': traffic.webhooks.duplicates,
        'out-of-order webhooks': traffic.webhooks.outOfOrder,
        'lost webhooks': traffic.webhooks.lost,
        'reconnect storms': storms,
        'moderator double-clicks': moderator.doubleClicks.length,
        'alerts played': overlays.reduce((sum, { overlay }) => sum + overlay.played.size, 0),
      },
    })
      .then(async (checked) => {
        if (DUMP_FILE) await dumpForInvestigation(DUMP_FILE, database.db, overlays);
        return checked;
      })
      .finally(() => database.close());

    const scenarios = new Map<string, number>();
    for (const order of traffic.orders)
      scenarios.set(order.scenario, (scenarios.get(order.scenario) ?? 0) + 1);
    const summary = {
      backend,
      seconds: Math.round((Date.now() - startedAt) / 1000),
      orders: traffic.orders.length,
      scenarios: Object.fromEntries(scenarios),
      webhooks: traffic.webhooks,
      moderation: {
        double_clicks: moderator.doubleClicks.length,
        left_undecided: moderator.leftUndecided.size,
      },
      overlays: {
        count: overlays.length,
        connects: overlays.reduce((sum, { overlay }) => sum + overlay.connectCount, 0),
        storms,
        blips,
        frames: overlays.reduce((sum, { overlay }) => sum + overlay.frames.length, 0),
        played: overlays.reduce((sum, { overlay }) => sum + overlay.played.size, 0),
      },
      test_alerts: testAlerts,
      requests: counts.total(),
      server_warnings: Object.fromEntries(server.warnings),
    };
    printSummary(summary, counts, money);
    writeReport({
      benchmark: 'soak',
      description: `Chaos soak: ${String(SOAK_SECONDS)} s of mixed traffic (tips, duplicate/late/out-of-order/lost webhooks, failed and cancelled payments, overlay reconnect storms, moderator double-clicks, test alerts) against one server process on ${backend}; invariants checked against the database and the overlays' logs.`,
      checks: results.map((check) => ({
        what: check.name,
        budget: '0 failures',
        value: check.failures,
        unit: 'failures',
        met: check.passed,
        baseline: null,
      })),
      details: {
        ...summary,
        money,
        statuses: counts.rows(),
        failures: results.filter((check) => !check.passed),
      },
    });
    for (const check of results) {
      if (check.passed) continue;
      console.error(`FAILED: ${check.name} (${String(check.failures)})`);
      for (const example of check.examples) console.error(`  - ${example}`);
    }
    const failed = results.some((check) => !check.passed);
    console.log(failed ? 'Soak: some invariants FAILED.' : 'Soak: every invariant holds.');
    process.exitCode = failed ? 1 : 0;
  } finally {
    clearTimeout(runLimit);
    for (const { overlay } of overlays) overlay.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await throwaway?.drop();
  }
}

async function dumpForInvestigation(
  file: string,
  db: Database,
  overlays: Array<{ label: string; overlay: SoakOverlay }>,
): Promise<void> {
  const outbox = await db
    .select({
      id: alerts.id,
      kind: alerts.kind,
      donationId: alerts.donationId,
      createdAt: alerts.createdAt,
      shownAt: alerts.shownAt,
    })
    .from(alerts)
    .orderBy(alerts.id);
  const dump = {
    outbox,
    overlays: overlays.map(({ label, overlay }) => ({
      label,
      connections: overlay.connections.map((connection) => ({
        ...connection,
        openedAt: new Date(connection.openedAt).toISOString(),
        readyAt: connection.readyAt && new Date(connection.readyAt).toISOString(),
        closedAt: connection.closedAt && new Date(connection.closedAt).toISOString(),
      })),
      frames: overlay.frames.map((frame) => ({ ...frame, at: new Date(frame.at).toISOString() })),
    })),
  };
  fs.writeFileSync(file, JSON.stringify(dump, null, 1));
  console.log(`Wrote ${file}`);
}

/** Resolves once every overlay is connected with nothing left to play, and no frame has come for a while. */
async function waitForOverlaysToSettle(overlays: SoakOverlay[]): Promise<void> {
  const limit = Date.now() + SETTLE_LIMIT_MS;
  let lastFrames = -1;
  let quietSince = Date.now();
  while (Date.now() < limit) {
    const frames = overlays.reduce((sum, overlay) => sum + overlay.frames.length, 0);
    if (frames !== lastFrames) {
      lastFrames = frames;
      quietSince = Date.now();
    }
    const isSettled = overlays.every((overlay) => overlay.isSettled);
    if (isSettled && Date.now() - quietSince >= QUIET_MS) return;
    await sleep(250);
  }
  console.error('  overlays did not settle in time; checking what they have');
}

function printSummary(
  summary: Record<string, unknown> & { scenarios: Record<string, number> },
  counts: StatusCounts,
  money: Array<Record<string, unknown>>,
): void {
  console.log('\nOrders by scenario');
  console.table(summary.scenarios);
  console.log('Run');
  const { scenarios: _scenarios, server_warnings: warnings, ...rest } = summary;
  console.table(
    Object.fromEntries(
      Object.entries(rest).map(([key, value]) => [
        key,
        typeof value === 'object' ? JSON.stringify(value) : value,
      ]),
    ),
  );
  if (warnings && Object.keys(warnings).length > 0) {
    console.log('Server warnings');
    console.table(warnings);
  }
  console.log('Answers by route');
  console.table(
    counts.rows().map((row) => ({
      route: row.route,
      total: row.total,
      statuses: Object.entries(row.statuses)
        .map(([status, count]) => `${status}×${String(count)}`)
        .join(' '),
    })),
  );
  console.log('Money per streamer (paise)');
  console.table(money);
  console.log('Invariants');
}

await main();
