import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamer } from '../../test/factories.ts';
import {
  createTestDatabase,
  TEST_DB_BACKEND,
  type TestDatabase,
} from '../../test/test-database.ts';
import { openDatabase, type DatabaseConnection } from './client.ts';
import { streamers } from './schema.ts';

const LOOKUP = 'SELECT slug FROM streamers WHERE slug = $1';

/** The statements this connection has prepared (PostgreSQL keeps them per session). */
async function preparedOn(client: pg.PoolClient): Promise<string[]> {
  const result = await client.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements ORDER BY statement',
  );
  return result.rows.map((row) => row.statement);
}

async function onOneConnection<T>(
  database: DatabaseConnection,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await database.pool!.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

describe.runIf(TEST_DB_BACKEND === 'postgres')('PostgreSQL connections', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildStreamer(database.db, { slug: 'prepared', name: 'Prepared' });
  });
  afterAll(() => database.close());

  it('prepare a parameterised statement once and answer every call of it', async () => {
    await onOneConnection(database, async (client) => {
      for (const slug of ['prepared', 'absent', 'prepared']) {
        const result = await client.query<{ slug: string }>(LOOKUP, [slug]);
        expect(result.rows).toEqual(slug === 'absent' ? [] : [{ slug }]);
      }
      expect((await preparedOn(client)).filter((text) => text === LOOKUP)).toHaveLength(1);
    });
    // drizzle's statements go the same way, and their results are unchanged.
    const rows = await database.db
      .select({ name: streamers.name })
      .from(streamers)
      .where(eq(streamers.slug, 'prepared'));
    expect(rows).toEqual([{ name: 'Prepared' }]);
  });

  it('send statements without values as they are: transactions and scripts', async () => {
    await onOneConnection(database, async (client) => {
      await client.query('BEGIN');
      await client.query(LOOKUP, ['prepared']);
      await client.query('ROLLBACK');
      const script = (await client.query('SELECT 1 AS one; SELECT 2 AS two')) as unknown as {
        rows: unknown[];
      }[];
      expect(script.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
      // A statement prepared inside a rolled-back transaction stays prepared and usable.
      expect((await client.query(LOOKUP, ['prepared'])).rows).toEqual([{ slug: 'prepared' }]);
      expect(await preparedOn(client)).not.toContain('SELECT 1 AS one; SELECT 2 AS two');
    });
  });

  it('answer after a statement that failed to prepare', async () => {
    await onOneConnection(database, async (client) => {
      await expect(
        client.query('SELEC slug FROM streamers WHERE slug = $1', ['x']),
      ).rejects.toThrow(/syntax error/);
      await expect(
        client.query('SELEC slug FROM streamers WHERE slug = $1', ['x']),
      ).rejects.toThrow(/syntax error/);
      expect((await client.query(LOOKUP, ['prepared'])).rows).toEqual([{ slug: 'prepared' }]);
    });
  });

  it('prepare nothing with DATABASE_PREPARED_STATEMENTS=false (a transaction-mode pooler)', async () => {
    const unprepared = await openDatabase({
      databaseUrl: database.url,
      poolSize: 1,
      prepareStatements: false,
    });
    try {
      await onOneConnection(unprepared, async (client) => {
        expect((await client.query(LOOKUP, ['prepared'])).rows).toEqual([{ slug: 'prepared' }]);
        expect((await client.query(LOOKUP, ['prepared'])).rows).toEqual([{ slug: 'prepared' }]);
        expect(await preparedOn(client)).toEqual([]);
      });
    } finally {
      await unprepared.close();
    }
  });
});

/** Asynchronous commit is on for the write, and was set by it, not by the database's default. */
async function expectUnflushedWrite(connection: DatabaseConnection, slug: string): Promise<void> {
  const streamer = await buildStreamer(connection.db, { slug, name: 'Before' });
  const setting = await connection.writeWithoutFlushWait(async (writer) => {
    await writer.update(streamers).set({ name: 'After' }).where(eq(streamers.id, streamer.id));
    const result = await writer.execute(
      sql`SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'`,
    );
    return (result as unknown as { rows: Array<{ setting: string; source: string }> }).rows[0];
  });
  // Set by the write's own session (a PostgreSQL session of its own) or transaction (PGlite, a
  // pooler), not inherited: the test databases themselves commit asynchronously.
  expect(setting).toMatchObject({ setting: 'off', source: expect.stringMatching(/^session$/) });
  const [row] = await connection.db
    .select({ name: streamers.name })
    .from(streamers)
    .where(eq(streamers.id, streamer.id));
  expect(row?.name).toBe('After');
}

describe('writes without the flush wait', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('run with asynchronous commit set for them, and are committed when they resolve', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await expectUnflushedWrite(database, 'unflushed');
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on a tick
    } finally {
      process.off('warning', onWarning);
    }
    // The session's setting is sent before the pool hands the connection out, not queued
    // behind the caller's statements (a use of pg that pg 9 removes).
    expect(warnings.filter((message) => message.includes('already executing'))).toEqual([]);
  });

  it.runIf(TEST_DB_BACKEND === 'postgres')(
    'do the same behind a pooler (DATABASE_PREPARED_STATEMENTS=false), in a transaction',
    async () => {
      const pooled = await openDatabase({
        databaseUrl: database.url,
        poolSize: 1,
        prepareStatements: false,
      });
      try {
        await expectUnflushedWrite(pooled, 'pooled');
      } finally {
        await pooled.close();
      }
    },
  );
});
