import { and, eq, sql } from 'drizzle-orm';
import {
  isAlertable,
  isCounted,
  MODERATION_STATUSES,
  PAYMENT_STATUSES,
  type ModerationStatus,
  type PaymentStatus,
} from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { donations, supporterTotals } from '../../db/schema.ts';
import { buildStreamer } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { alertableSql, countedSql, donationColumnsOf } from './alertable.sql.ts';

type Combination = {
  paymentStatus: PaymentStatus;
  moderationStatus: ModerationStatus;
  messageVisible: boolean;
  /** The fan withdrew stream consent (issue 29). */
  streamConsentWithdrawnAt: Date | null;
};

const WITHDRAWN_AT = new Date('2026-11-01T00:00:00Z');

const COMBINATIONS: Combination[] = PAYMENT_STATUSES.flatMap((paymentStatus) =>
  MODERATION_STATUSES.flatMap((moderationStatus) =>
    [true, false].flatMap((messageVisible) =>
      [null, WITHDRAWN_AT].map((streamConsentWithdrawnAt) => ({
        paymentStatus,
        moderationStatus,
        messageVisible,
        streamConsentWithdrawnAt,
      })),
    ),
  ),
);

/** Each donation's fan key names its combination, so every answer can be read back by it. */
const labelOf = (c: Combination) =>
  `${c.paymentStatus}/${c.moderationStatus}/${c.messageVisible}/${c.streamConsentWithdrawnAt === null ? 'consent' : 'withdrawn'}`;
const byLabel = new Map(COMBINATIONS.map((c) => [labelOf(c), c]));

/** The labels of the combinations a rule accepts, sorted. */
const labelsWhere = (rule: (c: Combination) => boolean) =>
  COMBINATIONS.filter(rule).map(labelOf).sort();

/** Raw rows from `db.execute`: both drivers put them under `rows`. */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * The alertability rule is written once in TypeScript (packages/core/src/alertable.ts) and
 * once as SQL (alertable.sql.ts); the migrations also encode its counted half in an index and
 * a trigger. On a real database, every combination of payment status, moderation status and
 * visibility must get the same answer from all of them.
 */
describe('alertability: the TypeScript rule, the SQL fragment and the migrations agree', () => {
  let database: TestDatabase;
  let db: Database;
  let streamerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    streamerId = (await buildStreamer(db)).id;
    await db.insert(donations).values(
      COMBINATIONS.map((combination, index) => ({
        ...combination,
        streamerId,
        orderId: `agreement_${index}`,
        name: `Fan ${index}`,
        type: 'text' as const,
        amountPaise: 10_000 + index,
        phone: '9876543210',
        provider: 'sandbox',
        fanKey: labelOf(combination),
      })),
    );
  });
  afterAll(() => database.close());

  it('covers every status the donations table allows', () => {
    expect(donations.paymentStatus.enumValues).toEqual([...PAYMENT_STATUSES]);
    expect(donations.moderationStatus.enumValues).toEqual([...MODERATION_STATUSES]);
    expect(COMBINATIONS).toHaveLength(PAYMENT_STATUSES.length * MODERATION_STATUSES.length * 2 * 2);
  });

  it('gives the same answer as isAlertable and isCounted, on the table and through a CTE', async () => {
    const onTable = await db
      .select({ label: donations.fanKey, alertable: alertableSql(), counted: countedSql() })
      .from(donations)
      .where(eq(donations.streamerId, streamerId));
    // The settlement statement applies the fragment to its `changed` CTE: check that form too.
    const changed = donationColumnsOf('changed');
    const throughCte = await rowsOf<{ label: string; alertable: boolean; counted: boolean }>(
      db,
      sql`with changed as (select * from ${donations} where streamer_id = ${streamerId})
        select fan_key as label, ${alertableSql(changed)} as alertable,
          ${countedSql(changed)} as counted
        from changed`,
    );
    for (const rows of [onTable, throughCte]) {
      expect(rows).toHaveLength(COMBINATIONS.length);
      for (const row of rows) {
        const combination = byLabel.get(row.label ?? '');
        if (!combination) throw new Error(`unexpected row ${row.label}`);
        expect(row.alertable, `alertable ${row.label}`).toBe(isAlertable(combination));
        expect(row.counted, `counted ${row.label}`).toBe(isCounted(combination));
      }
    }
  });

  it('the donations_counted_idx predicate selects exactly the counted donations', async () => {
    const [index] = await rowsOf<{ predicate: string | null }>(
      db,
      sql`select pg_get_expr(i.indpred, i.indrelid) as predicate
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relname = 'donations_counted_idx'`,
    );
    if (!index?.predicate) throw new Error('donations_counted_idx has no predicate');
    // The catalogue's own text of the predicate, run as a filter.
    const selected = await rowsOf<{ label: string }>(
      db,
      sql`select fan_key as label from ${donations}
        where streamer_id = ${streamerId} and (${sql.raw(index.predicate)})`,
    );
    expect(selected.map((row) => row.label).sort()).toEqual(labelsWhere(isCounted));
  });

  it('the supporter_totals trigger and rebuild count exactly the counted donations', async () => {
    const supporters = async () =>
      (
        await db
          .select({ label: supporterTotals.donorKey })
          .from(supporterTotals)
          .where(and(eq(supporterTotals.streamerId, streamerId), eq(supporterTotals.period, 'all')))
      )
        .map((row) => row.label)
        .sort();
    // Written by the trigger as the donations were inserted…
    expect(await supporters()).toEqual(labelsWhere(isCounted));
    // …and recomputed from scratch by rebuild_supporter_totals.
    await db.execute(sql`select rebuild_supporter_totals(${streamerId}::uuid)`);
    expect(await supporters()).toEqual(labelsWhere(isCounted));
  });
});
