/**
 * Alert latency (issue 12, benchmark 1): the time from a paid tip's webhook reaching the server
 * to the alert reaching every connected overlay stream, with 1, 1,000 and 10,000 overlays
 * connected and tips paid at 1, 100 and 500 a second.
 *
 * The server (lib/alert-bench-server.ts) runs in its own process on loopback on PostgreSQL (a
 * throw-away database on the local server, dropped afterwards). Overlays are plain HTTP
 * clients spread over two client processes (lib/overlay-clients.ts). Each tip is a real order,
 * paid at the sandbox gateway beforehand; this script posts the signed webhooks open-loop at
 * the step's rate (a slow answer never delays the next) and latency runs from the post leaving
 * to the alert's bytes reaching each overlay's socket, on the machine's shared wall clock.
 *
 * Baseline, in the same run and measured the same way: a bare Node SSE broadcaster (plain
 * node:http, no database, no framework; lib/bare-broadcaster.ts) asked by the same posts at the
 * same rate to write the same-sized event to the same number of sockets: the floor.
 *
 * Set BENCH_CPU_PROF=<dir> to write a CPU profile of the server process there, BENCH_OVERLAYS to
 * a list (e.g. `1,1000`) to run only those overlay counts, BENCH_RATES likewise for rates, BENCH_SKIP_PGLITE=1 to skip the
 * PGlite row. Writes
 * results/alert-latency.json. Run with `npm run bench -- alert-latency`.
 */
import { type BudgetCheck, writeReport } from './lib/budgets.ts';
import {
  bareStepPoster,
  measureOverlays,
  serverStepPoster,
  startTarget,
  type MeasuredRow,
  type Target,
} from './lib/fanout-harness.ts';
import { createThrowawayDatabase } from './lib/throwaway-database.ts';

/** Overlay counts, each on its own seeded streamer so no phase replays another's alerts. */
const PHASES = [
  { overlays: 1, slug: 'techgamer' },
  { overlays: 1000, slug: 'musicstream' },
  { overlays: 10_000, slug: 'fitnessflow' },
] as const;
/** Paid tips a second, and how many tips each rate posts. */
const RATES = [
  { rate: 1, tips: 3 },
  { rate: 100, tips: 200 },
  // Half a second at 500/s: enough samples, and a saturated step ends sooner.
  { rate: 500, tips: 250 },
] as const;
/** Unrecorded tips first: the first ones pay for JIT and query planning. */
const WARM_UP = { rate: 50, tips: 30 };
/** Phases not started by then are skipped (and said so), so the run ends before the limit. */
const START_PHASES_BEFORE_MS = 120_000;
/** The optional PGlite row: the embedded database with 1,000 overlays at 100 a second. */
const PGLITE_ROW = { overlays: 1000, slug: 'codelive', rate: 100, tips: 300 };
const RUN_LIMIT_MS = 175_000;

type Row = MeasuredRow;

async function measureServer(
  server: Target,
  label: string,
  phase: { overlays: number; slug: string },
  rates: ReadonlyArray<{ rate: number; tips: number }>,
): Promise<Row[]> {
  const token = await server.token(phase.slug);
  return measureOverlays({
    target: label,
    url: `${server.url}/api/overlay/${phase.slug}/events?token=${encodeURIComponent(token)}`,
    overlays: phase.overlays,
    rates,
    warmUp: WARM_UP,
    poster: serverStepPoster(server, server, phase.slug),
    targetPid: server.pid,
  });
}

function measureBare(
  bare: Target,
  overlays: number,
  rates: ReadonlyArray<{ rate: number; tips: number }>,
): Promise<Row[]> {
  return measureOverlays({
    target: 'bare broadcaster',
    url: `${bare.url}/events`,
    overlays,
    rates,
    warmUp: WARM_UP,
    poster: bareStepPoster(bare),
    targetPid: bare.pid,
  });
}

function find(rows: Row[], target: string, overlays: number, rate: number): Row | undefined {
  return rows.find(
    (row) => row.target === target && row.overlays === overlays && row.rate_per_s === rate,
  );
}

/** Issue 25's bar: the server within 1.5× of the bare broadcaster measured in the same run. */
const MAX_RATIO_TO_BARE = 1.5;

function checks(rows: Row[]): BudgetCheck[] {
  const server = 'server (PostgreSQL)';
  const bare = 'bare broadcaster';
  const result: BudgetCheck[] = [];
  // Issue 25 restated issue 12's absolute budgets (10 ms, 50 ms, 250 ms), which the bare
  // broadcaster alone misses on this machine, as ratios to it: the same socket writes with no
  // database and no framework, so what is left above it is the server's own cost.
  const cases: Array<[overlays: number, percentile: 'p50' | 'p99']> = [
    [1000, 'p50'],
    [1000, 'p99'],
    [10_000, 'p99'],
  ];
  for (const [overlays, percentile] of cases) {
    const measured = find(rows, server, overlays, 100);
    const floor = find(rows, bare, overlays, 100);
    // Reported even when the step never finished (the run's time limit), as not measured.
    result.push({
      what: `alert latency ${percentile}, ${overlays.toLocaleString('en')} overlays, 100/s`,
      budget: `≤ ${String(MAX_RATIO_TO_BARE)} × the bare broadcaster's ${percentile} (same run)`,
      value: measured?.latency_ms[percentile] ?? null,
      unit: 'ms',
      met:
        measured !== undefined &&
        floor !== undefined &&
        measured.latency_ms[percentile] <= MAX_RATIO_TO_BARE * floor.latency_ms[percentile],
      baseline: floor
        ? { what: `bare broadcaster ${percentile}`, value: floor.latency_ms[percentile] }
        : null,
    });
  }
  const serverRows = rows.filter((row) => row.target !== bare);
  result.push({
    what: 'alerts lost or duplicated, every server run',
    budget: '= 0',
    value: serverRows.reduce((sum, row) => sum + row.lost + row.duplicates, 0),
    unit: 'alerts',
    met: serverRows.every((row) => row.lost === 0 && row.duplicates === 0),
    baseline: null,
  });
  return result;
}

function printRows(rows: Row[]): void {
  console.table(
    rows.map((row) => ({
      target: row.target,
      overlays: row.overlays,
      'rate /s': `${String(row.rate_per_s)} (${String(row.achieved_rate_per_s)})`,
      'p50 ms': row.latency_ms.p50,
      'p99 ms': row.latency_ms.p99,
      'max ms': row.latency_ms.max,
      'last overlay p99 ms': row.last_overlay_ms.p99,
      'post reply p50/p99 ms': `${String(row.response_ms.p50)} / ${String(row.response_ms.p99)}`,
      lost: row.lost,
      dup: row.duplicates,
      'connect s': row.connect_seconds,
    })),
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

async function main(): Promise<void> {
  const started = performance.now();
  const database = await createThrowawayDatabase();
  const profileDir = process.env.BENCH_CPU_PROF;
  const targets: Target[] = [];
  const rows: Row[] = [];
  const skipped: string[] = [];
  const report = () => {
    printRows(rows);
    writeReport({
      benchmark: 'alert-latency',
      description:
        'Paid-tip webhook posted (open loop, at the given rate) → alert at every overlay SSE socket; one server instance on PostgreSQL, overlays in two client processes on loopback. Baseline: a bare node:http SSE broadcaster writing the same-sized event to the same sockets at the same rate.',
      checks: checks(rows),
      details: { rows, skipped, seconds: round((performance.now() - started) / 1000) },
    });
  };
  // At the limit, what was measured so far is still reported, and the step under way is named.
  const limit = setTimeout(() => {
    console.error(`alert-latency: over ${String(RUN_LIMIT_MS / 1000)} s, stopping.`);
    skipped.push('the step under way at the time limit, and any after it');
    report();
    for (const target of targets) target.kill();
    void database.drop().finally(() => process.exit(1));
  }, RUN_LIMIT_MS);
  try {
    const server = await startTarget('alert-bench-server.ts', {
      env: { BENCH_DATABASE_URL: database.url, BENCH_SEED: '1' },
      execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    targets.push(server);
    const bare = await startTarget('bare-broadcaster.ts');
    targets.push(bare);

    // BENCH_OVERLAYS=1,1000 runs only those overlay counts (for profiling one case).
    const only = process.env.BENCH_OVERLAYS?.split(',').map(Number);
    const onlyRates = process.env.BENCH_RATES?.split(',').map(Number);
    const rates = RATES.filter((entry) => !onlyRates || onlyRates.includes(entry.rate));
    for (const phase of PHASES.filter((entry) => !only || only.includes(entry.overlays))) {
      if (performance.now() - started > START_PHASES_BEFORE_MS) {
        skipped.push(`${String(phase.overlays)} overlays: out of time`);
        console.log(`  skipped ${String(phase.overlays)} overlays: out of time`);
        continue;
      }
      rows.push(...(await measureServer(server, 'server (PostgreSQL)', phase, rates)));
      rows.push(...(await measureBare(bare, phase.overlays, rates)));
    }
    await server.stop();
    await bare.stop();

    // The embedded database, if the run still has time for it.
    if (performance.now() - started < 110_000 && process.env.BENCH_SKIP_PGLITE !== '1') {
      const pglite = await startTarget('alert-bench-server.ts', { env: { BENCH_SEED: '1' } });
      targets.push(pglite);
      rows.push(
        ...(await measureServer(pglite, 'server (PGlite)', PGLITE_ROW, [
          { rate: PGLITE_ROW.rate, tips: PGLITE_ROW.tips },
        ])),
      );
      await pglite.stop();
    }

    report();
    const failed = rows.some(
      (row) => row.target !== 'bare broadcaster' && (row.lost > 0 || row.duplicates > 0),
    );
    if (failed) console.error('Some alerts were lost or delivered twice.');
    process.exitCode = failed ? 1 : 0;
  } finally {
    clearTimeout(limit);
    await Promise.all(targets.map((target) => target.stop()));
    await database.drop();
  }
}

await main();
