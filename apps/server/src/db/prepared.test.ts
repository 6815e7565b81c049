import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamer } from '../../test/factories.ts';
import {
  createTestDatabase,
  TEST_DB_BACKEND,
  type TestDatabase,
} from '../../test/test-database.ts';
import { openDatabase } from './client.ts';
import { preparedOnce } from './prepared.ts';
import { streamers } from './schema.ts';

const selectName = preparedOnce((db) =>
  db
    .select({ name: streamers.name })
    .from(streamers)
    .where(eq(streamers.slug, sql.placeholder('slug'))),
);

describe('a statement prepared once', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await buildStreamer(first.db, { slug: 'asha', name: 'Asha' });
    await buildStreamer(first.db, { slug: 'kabir', name: 'Kabir' });
    await buildStreamer(second.db, { slug: 'asha', name: 'Asha on the second' });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('answers each call with its own values', async () => {
    expect(await selectName(first.db, { slug: 'asha' })).toEqual([{ name: 'Asha' }]);
    expect(await selectName(first.db, { slug: 'kabir' })).toEqual([{ name: 'Kabir' }]);
    expect(await selectName(first.db, { slug: 'nobody' })).toEqual([]);
  });

  it('reads the database it is given, not the one it was first built on', async () => {
    expect(await selectName(first.db, { slug: 'asha' })).toEqual([{ name: 'Asha' }]);
    expect(await selectName(second.db, { slug: 'asha' })).toEqual([{ name: 'Asha on the second' }]);
  });

  it('reads inside a transaction what the transaction wrote', async () => {
    await first.db
      .transaction(async (tx) => {
        await tx
          .update(streamers)
          .set({ name: 'Asha (renamed)' })
          .where(eq(streamers.slug, 'asha'));
        expect(await selectName(tx, { slug: 'asha' })).toEqual([{ name: 'Asha (renamed)' }]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    expect(await selectName(first.db, { slug: 'asha' })).toEqual([{ name: 'Asha' }]);
  });

  describe.runIf(TEST_DB_BACKEND === 'postgres')('on PostgreSQL', () => {
    /** The statements PostgreSQL holds prepared on a one-connection pool's session. */
    async function preparedStatements(prepareStatements: boolean): Promise<string[]> {
      const database = await openDatabase({
        databaseUrl: first.url,
        poolSize: 1,
        prepareStatements,
      });
      try {
        for (const slug of ['asha', 'kabir', 'asha']) await selectName(database.db, { slug });
        const result = await database.pool!.query<{ statement: string }>(
          'SELECT statement FROM pg_prepared_statements',
        );
        return result.rows.map((row) => row.statement).filter((text) => text.includes('"slug"'));
      } finally {
        await database.close();
      }
    }

    it('is parsed once per connection and then only bound', async () => {
      expect(await preparedStatements(true)).toHaveLength(1);
    });

    it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false (a transaction-mode pooler)', async () => {
      expect(await preparedStatements(false)).toEqual([]);
    });
  });
});
