import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supporterTotals } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { getLeaderboard, rebuildSupporterTotals } from './leaderboards.service.ts';
import { newFan, tip } from './tips.test-helper.ts';

describe('merging supporter rows (the same fan from two browsers)', () => {
  let testApp: TestApp;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;
  let streamerId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const ownerUser = await buildUser(db);
    const strangerUser = await buildUser(db);
    streamerId = (
      await buildStreamer(db, { slug: 'merge', moderationMode: 'auto', memberIds: [ownerUser.id] })
    ).id;
    owner = (await signIn(testApp.app, ownerUser.email, ownerUser.password)).headers;
    stranger = (await signIn(testApp.app, strangerUser.email, strangerUser.password)).headers;
  });
  afterAll(() => testApp.close());

  const allTime = async () =>
    (await getLeaderboard(testApp.database.db, streamerId, 'all', { limit: 10 })).map(
      ({ name, amountPaise, tipCount }) => ({ name, amountPaise, tipCount }),
    );
  const merge = (name: string, headers: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/merge/supporters/merge',
      headers,
      payload: { name },
    });

  it('makes one row of a name, and later tips from either browser land in it', async () => {
    const phone = newFan();
    const laptop = newFan();
    const asha = newFan();
    await tip(testApp.app, 'merge', { fan: phone, name: 'Rahul', amountPaise: 10_000 });
    await tip(testApp.app, 'merge', { fan: laptop, name: 'Rahul', amountPaise: 15_000 });
    await tip(testApp.app, 'merge', { fan: asha, name: 'Asha', amountPaise: 5_000 });
    expect(await allTime()).toEqual([
      { name: 'Rahul', amountPaise: 15_000, tipCount: 1 },
      { name: 'Rahul', amountPaise: 10_000, tipCount: 1 },
      { name: 'Asha', amountPaise: 5_000, tipCount: 1 },
    ]);

    expect((await merge('Rahul', stranger)).statusCode).toBe(403);
    const merged = await merge('Rahul', owner);
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ merged: 1 });
    expect(await allTime()).toEqual([
      { name: 'Rahul', amountPaise: 25_000, tipCount: 2 },
      { name: 'Asha', amountPaise: 5_000, tipCount: 1 },
    ]);

    // The phone's next tip joins the merged row; merging again has nothing left to do.
    await tip(testApp.app, 'merge', { fan: phone, name: 'Rahul', amountPaise: 5_000 });
    expect(await allTime()).toEqual([
      { name: 'Rahul', amountPaise: 30_000, tipCount: 3 },
      { name: 'Asha', amountPaise: 5_000, tipCount: 1 },
    ]);
    expect((await merge('Rahul', owner)).json()).toEqual({ merged: 0 });
    expect((await merge('', owner)).statusCode).toBe(400);
  });

  it('leaves the running totals equal to a full recount', async () => {
    const db = testApp.database.db;
    const snapshot = async () =>
      (
        await db
          .select()
          .from(supporterTotals)
          .where(eq(supporterTotals.streamerId, streamerId))
          .orderBy(
            asc(supporterTotals.period),
            asc(supporterTotals.periodStart),
            asc(supporterTotals.donorKey),
            asc(supporterTotals.name),
          )
      ).map((row) => ({ ...row, lastTipAt: row.lastTipAt.toISOString() }));
    const before = await snapshot();
    await rebuildSupporterTotals(db, streamerId);
    expect(await snapshot()).toEqual(before);
  });
});
