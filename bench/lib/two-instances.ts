import { startTarget, type Target } from './fanout-harness.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

/** What a two-instance benchmark gets: both servers, and whether its run limit has passed. */
export type TwoInstances = { a: Target; b: Target; isTimedOut: () => boolean };

/**
 * Runs `measure` against two real server processes (lib/alert-bench-server.ts) on one
 * throw-away PostgreSQL database; A seeds it. Past `limitMs` both are killed, the database is
 * dropped and the process exits 1 (a report written after that would be partial: `measure`
 * checks `isTimedOut` before writing one). Both are stopped and the database dropped after.
 */
export async function withTwoInstances(
  name: string,
  limitMs: number,
  measure: (instances: TwoInstances) => Promise<void>,
): Promise<void> {
  const database = await createThrowawayDatabase();
  const targets: Target[] = [];
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    console.error(`${name}: over ${String(limitMs / 1000)} s, stopping.`);
    for (const target of targets) target.kill();
    void database.drop().finally(() => process.exit(1));
  }, limitMs);
  try {
    // Migrations take a lock, so both may start at once; only A seeds.
    const [a, b] = await Promise.all([
      startTarget('alert-bench-server.ts', {
        env: { BENCH_DATABASE_URL: database.url, BENCH_SEED: '1' },
      }),
      startTarget('alert-bench-server.ts', { env: { BENCH_DATABASE_URL: database.url } }),
    ]);
    targets.push(a, b);
    await measure({ a, b, isTimedOut: () => timedOut });
  } finally {
    clearTimeout(limit);
    await Promise.all(targets.map((target) => target.stop()));
    await database.drop();
  }
}
