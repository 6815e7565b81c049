import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquirePgliteLock } from './pglite-lock.ts';
import * as schema from './schema.ts';

/** The drizzle handle every module uses; the same type whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle, accepted wherever a Database is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseConnection = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies committed migrations; safe to run twice and from two instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, when that is what runs (LISTEN/NOTIFY and backups need it). */
  pglite?: PGlite;
  /** The PostgreSQL pool, when that is what runs. */
  pool?: pg.Pool;
  /** Whether PostgreSQL connections prepare their statements (see openPool). */
  prepareStatements: boolean;
  /**
   * Runs writes that a crash may lose without harm (a speech job's state) without waiting for
   * the disk flush: PostgreSQL's asynchronous commit. The flushes they no longer queue for are
   * the payment webhooks' (issue 23: with every commit flushed, speech tripled the webhook's
   * p99). On PostgreSQL they go through a small pool whose sessions commit asynchronously, so
   * each write is one statement (no BEGIN, SET LOCAL and COMMIT around it: issue 25's round
   * trips); PGlite has one session, and a transaction-mode pooler keeps none per client, so
   * there they run in a transaction with SET LOCAL.
   */
  writeWithoutFlushWait<T>(write: (db: Database) => Promise<T>): Promise<T>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Connections for writes without the flush wait: background work, never many at once. */
const UNFLUSHED_POOL_SIZE = 2;
/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_241_977;

// PostgreSQL returns int8 (bigint) and numeric as strings; our int8 values (alert ids, sums of
// paise) stay far below 2^53, so numbers are the honest type for them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; when absent, PGlite runs in memory. */
  pgliteDir?: string | undefined;
  /**
   * A PGlite data directory dumped with `dumpDataDir()` to start from instead of an empty
   * one (the tests copy one migrated template instead of migrating every database).
   */
  pgliteSnapshot?: Blob | undefined;
  poolSize?: number;
  /** PostgreSQL: prepare each statement once per connection (default true; see openPool). */
  prepareStatements?: boolean | undefined;
};

/** Opens the configured database: PostgreSQL when a URL is given, embedded PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    return openPostgres(
      options.databaseUrl,
      options.poolSize ?? 10,
      options.prepareStatements ?? true,
    );
  }
  return openPglite(options.pgliteDir, options.pgliteSnapshot);
}

async function openPglite(
  dataDir: string | undefined,
  snapshot: Blob | undefined,
): Promise<DatabaseConnection> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquirePgliteLock(dataDir);
  }
  // pg_trgm backs the analytics history's search index (migration 0015); it ships in the package.
  // (The options-object form: the (dataDir, options) form drops `extensions` when dataDir is unset.)
  const client = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database; // same query surface
  return {
    db,
    kind: 'pglite',
    pglite: client,
    prepareStatements: false,
    writeWithoutFlushWait: writeInTransactionWithoutFlushWait(db),
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * A PostgreSQL pool whose connections prepare each parameterised statement once: the first call
 * of a statement text on a connection parses and plans it under a name, and later calls only
 * bind and run it. Parsing and planning were about half of PostgreSQL's CPU per statement on
 * this app's short statements (issue 25's throughput). Behind a pooler that does not keep
 * prepared statements per client (PgBouncer in transaction mode before 1.21), set
 * DATABASE_PREPARED_STATEMENTS=false.
 */
export function openPool(options: pg.PoolConfig, prepareStatements: boolean): pg.Pool {
  const pool = new pg.Pool(options);
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  if (prepareStatements) pool.on('connect', prepareStatementsOn);
  return pool;
}

/** Names given to statement texts, shared by all connections (a text keeps its name). */
const statementNames = new Map<string, string>();
/**
 * Past this many texts, new ones run unprepared: texts that vary (an IN list's length) cannot
 * grow every connection's memory in PostgreSQL without end.
 */
const MAX_PREPARED_STATEMENTS = 1_000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `s${String(statementNames.size + 1)}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryCall = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Gives every parameterised query sent on this connection its text's name. A query without
 * values keeps pg's simple protocol (BEGIN, COMMIT, scripts of several statements).
 */
function prepareStatementsOn(client: pg.PoolClient): void {
  const send = client.query.bind(client) as QueryCall;
  const named: QueryCall = (config, values, callback) => {
    const query = typeof config === 'string' ? { text: config } : (config as pg.QueryConfig | null);
    const hasValues =
      (Array.isArray(values) && values.length > 0) ||
      (Array.isArray(query?.values) && query.values.length > 0);
    const isSubmittable = typeof (query as { submit?: unknown } | null)?.submit === 'function';
    if (
      !query ||
      isSubmittable ||
      typeof query.text !== 'string' ||
      Boolean(query.name) || // named by its caller (drizzle's prepare passes '' for none)
      !hasValues
    ) {
      return send(config, values, callback);
    }
    const name = statementName(query.text);
    return send(name ? { ...query, name } : config, values, callback);
  };
  (client as unknown as { query: QueryCall }).query = named;
}

/**
 * Writes without the flush wait in a transaction of their own, with SET LOCAL: PGlite's way (it
 * has one session) and a transaction-mode pooler's.
 */
function writeInTransactionWithoutFlushWait(
  db: Database,
): DatabaseConnection['writeWithoutFlushWait'] {
  return (write) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      return write(tx);
    });
}

async function openPostgres(
  databaseUrl: string,
  poolSize: number,
  prepareStatements: boolean,
): Promise<DatabaseConnection> {
  const pool = openPool({ connectionString: databaseUrl, max: poolSize }, prepareStatements);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database; // same query surface
  // Writes without the flush wait get sessions of their own that commit asynchronously, so each
  // is one statement. Behind a pooler that keeps no session state per client (the setting that
  // turns preparing off), a session's setting could reach other clients' commits: there they
  // take a transaction with SET LOCAL instead. The pool connects on first use.
  const unflushedPool = prepareStatements
    ? openPool(
        {
          connectionString: databaseUrl,
          max: UNFLUSHED_POOL_SIZE,
          // The pool hands the connection out once this has run. Should it fail, the pool
          // drops the connection and the caller gets the error, as for a failed connect.
          onConnect: (client) => client.query('SET synchronous_commit = off'),
        },
        prepareStatements,
      )
    : null;
  const unflushedDb = unflushedPool
    ? (drizzlePg({ client: unflushedPool, schema }) as unknown as Database)
    : null;
  return {
    db,
    kind: 'postgres',
    pool,
    prepareStatements,
    writeWithoutFlushWait: unflushedDb
      ? (write) => write(unflushedDb)
      : writeInTransactionWithoutFlushWait(db),
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), unflushedPool?.end()]);
    },
  };
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
