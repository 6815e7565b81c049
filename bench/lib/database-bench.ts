import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '../../apps/server/src/db/client.ts';
import { percentile, summarize } from './stats.ts';

/** The helpers the query benchmarks (leaderboard, analytics) share. */

export type Timing = ReturnType<typeof summarize> & { p95: number };

/**
 * The embedded PGlite database by default (what `npm start` runs); PostgreSQL when
 * BENCH_DATABASE_URL names a server (a throw-away database is created there and dropped).
 */
export async function openBenchDatabase(name: string): Promise<{
  database: DatabaseConnection;
  backend: 'pglite' | 'postgresql';
  dispose: () => Promise<void>;
}> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shabaash-${name}-bench-`));
    const database = await openDatabase({ pgliteDir: dir });
    return {
      database,
      backend: 'pglite',
      dispose: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const databaseName = `shabaash_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    database,
    backend: 'postgresql',
    dispose: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    },
  };
}

/** `runs` timed calls after `warmUp` untimed ones; p50/p95/p99/max/mean in ms. */
export async function time(
  runs: number,
  warmUp: number,
  run: () => Promise<unknown>,
): Promise<Timing> {
  for (let index = 0; index < warmUp; index += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { ...summarize(samples), p95: Math.round(percentile(sorted, 95) * 100) / 100 };
}

/** Runs one step once and prints (and returns) how many seconds it took. */
export async function seconds(label: string, run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  const elapsed = (performance.now() - started) / 1000;
  console.log(`  ${label}: ${elapsed.toFixed(1)} s`);
  return Math.round(elapsed * 10) / 10;
}
