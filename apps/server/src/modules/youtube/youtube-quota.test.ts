import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { youtubeConnections } from '../../db/schema.ts';
import { buildStreamer } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { pacificDay, QuotaLedger } from './youtube-quota.ts';

describe('the YouTube quota ledger', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('counts days in Pacific time, as YouTube resets at midnight there', () => {
    // 07:59 UTC on 10 March 2025 is still 9 March in California (PDT, UTC−7)…
    expect(pacificDay(new Date('2025-03-10T06:59:00Z'))).toBe('2025-03-09');
    expect(pacificDay(new Date('2025-03-10T07:00:00Z'))).toBe('2025-03-10');
    // …and in winter (PST, UTC−8) the day turns at 08:00 UTC.
    expect(pacificDay(new Date('2025-01-15T07:59:00Z'))).toBe('2025-01-14');
    expect(pacificDay(new Date('2025-01-15T08:00:00Z'))).toBe('2025-01-15');
  });

  it('gives each connected creator a fair share, and a new day starts from nothing', async () => {
    const creators = await Promise.all([0, 1].map(() => buildStreamer(database.db)));
    for (const creator of creators) {
      await database.db.insert(youtubeConnections).values({
        streamerId: creator.id,
        channelId: `UC${creator.id}`,
        channelTitle: creator.name,
      });
    }
    let now = new Date('2025-06-01T12:00:00Z');
    // 2 × 1000 units usable: 1000 each, more than the floor of 5 posts (5 × 101).
    const ledger = new QuotaLedger(database.db, {
      dailyQuota: 2000,
      share: 1,
      insertCost: 100,
      now: () => now,
    });
    const [first, second] = creators.map((creator) => creator.id) as [string, string];
    let granted = 0;
    while ((await ledger.reserve(first, 100)) === null) granted += 1;
    expect(granted).toBe(10);
    expect(await ledger.reserve(first, 100)).toBe('creator_share');
    // The other creator's share is untouched.
    expect(await ledger.reserve(second, 100)).toBeNull();
    expect((await ledger.report()).creators.map((row) => row.units)).toEqual([1000, 100]);

    now = new Date('2025-06-02T12:00:00Z');
    expect(await ledger.reserve(first, 100)).toBeNull();
    expect((await ledger.report()).used_units).toBe(100);
  });

  it('never lets the project pass its budget, whatever the shares', async () => {
    const creator = await buildStreamer(database.db);
    const ledger = new QuotaLedger(database.db, {
      dailyQuota: 100,
      share: 0.5,
      insertCost: 20,
      now: () => new Date('2025-07-01T12:00:00Z'),
    });
    expect(ledger.budget).toBe(50);
    expect(await ledger.reserve(creator.id, 20)).toBeNull();
    expect(await ledger.reserve(creator.id, 20)).toBeNull();
    expect(await ledger.reserve(creator.id, 20)).toBe('quota_budget');
    await ledger.markExhausted();
    expect(await ledger.reserve(creator.id, 1)).toBe('quota_exceeded');
  });
});
