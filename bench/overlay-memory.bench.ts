/**
 * Overlay connection cost (issue 12, benchmark 4): resident memory of the server process per
 * 1,000 idle overlay streams, stepping up towards 20,000 streams on one instance.
 *
 * The server (lib/alert-bench-server.ts, on a throw-away PostgreSQL database) runs with
 * --expose-gc and reports its RSS after a full collection at each step; the overlays are plain
 * HTTP clients in separate processes (each with its own open-files limit). Every stream is one
 * socket, so the server's open-files limit caps the count: the benchmark tries to raise it
 * (`prlimit`) and otherwise goes as high as the limit allows, reporting the highest count
 * reached and why. Baseline, in the same run: the bare node:http broadcaster
 * (lib/bare-broadcaster.ts) holding the same idle streams.
 *
 * Set BENCH_CPU_PROF=<dir> to write a CPU profile of the server process there. Writes
 * results/overlay-memory.json. Run with `npm run bench -- overlay-memory`.
 */
import { spawnSync } from 'node:child_process';
import type { ProcessMemory } from './lib/alert-bench-protocol.ts';
import { type BudgetCheck, writeReport } from './lib/budgets.ts';
import {
  startClientProcess,
  startTarget,
  type ClientProcess,
  type Target,
} from './lib/fanout-harness.ts';
import { createThrowawayDatabase } from './lib/throwaway-database.ts';

const GOAL_STREAMS = 20_000;
const STEPS = [1000, 5000, 10_000, 15_000, GOAL_STREAMS];
/** Descriptors a target needs besides its streams (database pool, listener, stdio, epoll…). */
const SPARE_DESCRIPTORS = 60;
/** Client processes, so no single one nears its own open-files limit. */
const CLIENT_PROCESSES = 2;
const WANTED_OPEN_FILES = GOAL_STREAMS + 1000;
const RUN_LIMIT_MS = 88_000;
/** Each target stops stepping up after this long, so both fit in the run. */
const STEP_UP_FOR_MS = 48_000;
const MB = 1024 * 1024;

type Sample = {
  streams: number;
  rss_mb: number;
  heap_used_mb: number;
  /** (RSS now − RSS with no streams) per 1,000 streams. */
  rss_per_1000_mb: number | null;
};

type TargetResult = {
  target: string;
  open_files_limit: number;
  raise_limit: string;
  samples: Sample[];
  highest_streams: number;
  stopped_because: string;
  connect_seconds: number;
};

/** Tries to raise the process's open-files limit; says what happened. */
function raiseOpenFilesLimit(pid: number): string {
  const result = spawnSync('prlimit', [
    `--pid=${String(pid)}`,
    `--nofile=${String(WANTED_OPEN_FILES)}:${String(WANTED_OPEN_FILES)}`,
  ]);
  if (result.error) return `prlimit unavailable: ${result.error.message}`;
  if (result.status !== 0) return `prlimit refused: ${result.stderr.toString().trim()}`;
  return `raised to ${String(WANTED_OPEN_FILES)}`;
}

function sample(memory: ProcessMemory, idle: ProcessMemory): Sample {
  const streams = memory.streams;
  return {
    streams,
    rss_mb: round(memory.rss / MB),
    heap_used_mb: round(memory.heapUsed / MB),
    rss_per_1000_mb: streams > 0 ? round((((memory.rss - idle.rss) / streams) * 1000) / MB) : null,
  };
}

async function measure(label: string, target: Target, url: string): Promise<TargetResult> {
  const raise = raiseOpenFilesLimit(target.pid);
  const idle = await target.memory();
  const reachable = Math.min(
    GOAL_STREAMS,
    idle.openFilesLimit - idle.openFiles - SPARE_DESCRIPTORS,
  );
  const steps = [...STEPS.filter((count) => count < reachable), reachable];
  const clients: ClientProcess[] = await Promise.all(
    Array.from({ length: CLIENT_PROCESSES }, startClientProcess),
  );
  const samples: Sample[] = [sample(idle, idle)];
  let connected = 0;
  let stoppedBecause =
    reachable < GOAL_STREAMS
      ? `the open-files limit (${String(idle.openFilesLimit)}, ${raise}) leaves room for ${String(reachable)} streams`
      : `reached the goal of ${String(GOAL_STREAMS)}`;
  const started = performance.now();
  try {
    for (const goal of steps) {
      if (performance.now() - started > STEP_UP_FOR_MS) {
        stoppedBecause = `out of time after ${String(connected)} streams (connecting ${String(goal)} would take too long here)`;
        break;
      }
      const more = goal - connected;
      const results = await Promise.all(
        clients.map((client, index) =>
          client.connect(
            url,
            Math.floor(more / clients.length) + (index < more % clients.length ? 1 : 0),
          ),
        ),
      );
      connected += results.reduce((sum, result) => sum + result.connected, 0);
      const failure = results.find((result) => result.error !== null);
      // Let the last streams settle (replay, presence) before measuring.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      samples.push(sample(await target.memory(), idle));
      console.log(
        `  ${label}: ${String(connected)} streams, RSS ${String(samples.at(-1)?.rss_mb)} MB`,
      );
      if (failure) {
        stoppedBecause = `connect failed at ${String(connected)} streams: ${String(failure.error)}`;
        break;
      }
    }
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
  return {
    target: label,
    open_files_limit: idle.openFilesLimit,
    raise_limit: raise,
    samples,
    highest_streams: Math.max(...samples.map((entry) => entry.streams)),
    stopped_because: stoppedBecause,
    connect_seconds: round((performance.now() - started) / 1000),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

async function main(): Promise<void> {
  const database = await createThrowawayDatabase();
  const targets: Target[] = [];
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    console.error(`overlay-memory: over ${String(RUN_LIMIT_MS / 1000)} s, stopping.`);
    for (const target of targets) target.kill();
    void database.drop().finally(() => process.exit(1));
  }, RUN_LIMIT_MS);
  try {
    const profileDir = process.env.BENCH_CPU_PROF;
    const server = await startTarget('alert-bench-server.ts', {
      env: { BENCH_DATABASE_URL: database.url, BENCH_SEED: '1' },
      execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    targets.push(server);
    const token = await server.token('techgamer');
    const serverResult = await measure(
      'server (PostgreSQL)',
      server,
      `${server.url}/api/overlay/techgamer/events?token=${encodeURIComponent(token)}`,
    );
    await server.stop();

    const bare = await startTarget('bare-broadcaster.ts');
    targets.push(bare);
    const bareResult = await measure('bare broadcaster', bare, `${bare.url}/events`);
    await bare.stop();

    const results = [serverResult, bareResult];
    console.table(
      results.flatMap((result) =>
        result.samples.map((entry) => ({ target: result.target, ...entry })),
      ),
    );
    const perThousand = (result: TargetResult) => result.samples.at(-1)?.rss_per_1000_mb ?? NaN;
    const checks: BudgetCheck[] = [
      {
        what: `overlay stream memory (RSS per 1,000 idle streams, at ${String(serverResult.highest_streams)})`,
        budget: '≤ 30 MB',
        value: perThousand(serverResult),
        unit: 'MB',
        met: perThousand(serverResult) <= 30,
        baseline: { what: 'bare broadcaster', value: perThousand(bareResult) },
      },
      {
        what: `idle overlay streams held by one instance (one socket each; open-files limit ${String(serverResult.open_files_limit)}: ${serverResult.raise_limit})`,
        budget: '≥ 20,000',
        value: serverResult.highest_streams,
        unit: 'streams',
        met: serverResult.highest_streams >= GOAL_STREAMS,
        baseline: { what: 'bare broadcaster', value: bareResult.highest_streams },
      },
    ];
    if (timedOut) return;
    writeReport({
      benchmark: 'overlay-memory',
      description:
        'Resident memory (after GC) of one server instance holding idle overlay SSE streams, stepping towards 20,000; clients in separate processes. Baseline: a bare node:http SSE broadcaster holding the same streams.',
      checks,
      details: { results },
    });
    for (const result of results) console.log(`${result.target}: ${result.stopped_because}`);
  } finally {
    clearTimeout(limit);
    await Promise.all(targets.map((target) => target.stop()));
    await database.drop();
  }
}

await main();
