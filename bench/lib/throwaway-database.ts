import crypto from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the realtime benchmarks use (the production backend). */
export const BENCH_POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database for one benchmark run; `drop` removes it again. */
export async function createThrowawayDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `shabaash_bench_${crypto.randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
