import { and, asc, eq } from 'drizzle-orm';
import {
  dashboardLeaderboardResponseSchema,
  leaderboardResponseSchema,
  leaderboardSettingsSchema,
} from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, supporterTotals } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { getLeaderboard, rebuildSupporterTotals } from './leaderboards.service.ts';
import { newFan, tip, type TipOptions } from './tips.test-helper.ts';

/** 10:00 IST on Tuesday 10 March 2026, and minutes after it. */
const MORNING = Date.parse('2026-03-10T04:30:00Z');
const at = (minutes: number) => new Date(MORNING + minutes * 60_000);

describe('fan leaderboards', () => {
  let testApp: TestApp;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const ownerUser = await buildUser(db);
    const strangerUser = await buildUser(db);
    for (const slug of ['ranks', 'anon', 'held', 'days', 'live']) {
      const streamer = await buildStreamer(db, {
        slug,
        moderationMode: slug === 'held' ? 'review' : 'auto',
        memberIds: [ownerUser.id],
      });
      ids[slug] = streamer.id;
    }
    owner = (await signIn(testApp.app, ownerUser.email, ownerUser.password)).headers;
    stranger = (await signIn(testApp.app, strangerUser.email, strangerUser.password)).headers;
  });
  afterAll(() => testApp.close());

  const tipTo = (slug: string, options: TipOptions) => tip(testApp.app, slug, options);
  const board = (slug: string, period: 'today' | 'week' | 'month' | 'all', now: Date) =>
    getLeaderboard(testApp.database.db, ids[slug]!, period, { limit: 10, now });
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('adds up one fan’s tips, keeps two fans with the same name apart, and shares ranks on ties', async () => {
    const rahulOne = newFan();
    const rahulTwo = newFan();
    const asha = newFan();
    const zed = newFan();
    await tipTo('ranks', { fan: rahulOne, name: 'Rahul', amountPaise: 10_000, createdAt: at(0) });
    await tipTo('ranks', { fan: rahulTwo, name: 'Rahul', amountPaise: 15_000, createdAt: at(5) });
    await tipTo('ranks', { fan: asha, name: 'Asha', amountPaise: 20_000, createdAt: at(6) });
    await tipTo('ranks', { fan: zed, name: 'Zed', amountPaise: 5_000, createdAt: at(7) });
    // Rahul (first fan) catches up with the other Rahul at ₹150, later than him.
    await tipTo('ranks', { fan: rahulOne, name: 'Rahul', amountPaise: 5_000, createdAt: at(9) });

    const expected = [
      { rank: 1, name: 'Asha', amountPaise: 20_000, tipCount: 1 },
      { rank: 2, name: 'Rahul', amountPaise: 15_000, tipCount: 1 },
      { rank: 2, name: 'Rahul', amountPaise: 15_000, tipCount: 2 },
      { rank: 4, name: 'Zed', amountPaise: 5_000, tipCount: 1 },
    ];
    for (const period of ['today', 'week', 'month', 'all'] as const) {
      expect(await board('ranks', period, at(60)), period).toEqual(expected);
    }
    // A new name is a new supporter, even for the same fan.
    await tipTo('ranks', {
      fan: zed,
      name: 'Zed the Great',
      amountPaise: 1_000,
      createdAt: at(10),
    });
    const names = (await board('ranks', 'today', at(60))).map((row) => row.name);
    expect(names).toEqual(['Asha', 'Rahul', 'Rahul', 'Zed', 'Zed the Great']);
  });

  it('shows anonymous tips as Anonymous, one row per fan, apart from their named tips', async () => {
    const shy = newFan();
    const alsoShy = newFan();
    await tipTo('anon', { fan: shy, name: 'Secret Sam', anonymous: true, amountPaise: 30_000 });
    await tipTo('anon', { fan: shy, name: 'Secret Sam', anonymous: true, amountPaise: 1_000 });
    await tipTo('anon', { fan: shy, name: 'Sam', amountPaise: 2_000 });
    await tipTo('anon', { fan: alsoShy, name: 'Quiet Quinn', anonymous: true, amountPaise: 500 });

    const rows = await board('anon', 'all', new Date());
    expect(rows).toEqual([
      { rank: 1, name: 'Anonymous', amountPaise: 31_000, tipCount: 2 },
      { rank: 2, name: 'Sam', amountPaise: 2_000, tipCount: 1 },
      { rank: 3, name: 'Anonymous', amountPaise: 500, tipCount: 1 },
    ]);
    for (const url of [
      '/api/streamers/anon/leaderboard?period=all',
      '/api/streamers/anon/donations/recent',
    ]) {
      const body = (await get(url)).body;
      expect(body).toContain('Anonymous');
      expect(body).not.toContain('Secret Sam');
      expect(body).not.toContain('Quiet Quinn');
    }
  });

  it('never counts rejected, failed, unpaid or still-held tips', async () => {
    const fan = newFan();
    await tipTo('held', { fan, name: 'Failed Fiona', result: 'failed' });
    await tipTo('held', { fan, name: 'Unpaid Uma', result: 'pending' });
    const rejected = await tipTo('held', { fan, name: 'Rejected Ravi', amountPaise: 99_900 });
    const approved = await tipTo('held', { fan, name: 'Approved Anu', amountPaise: 2_000 });
    await tipTo('held', { fan, name: 'Waiting Wasim' });

    expect(await board('held', 'all', new Date())).toEqual([]);
    const decide = (id: string, decision: 'approve' | 'reject') =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/donations/${id}/${decision}`,
        headers: owner,
      });
    expect((await decide(rejected.id, 'reject')).statusCode).toBe(200);
    expect((await decide(approved.id, 'approve')).statusCode).toBe(200);

    const rows = await board('held', 'all', new Date());
    expect(rows.map((row) => row.name)).toEqual(['Approved Anu']);
    const forOwner = dashboardLeaderboardResponseSchema.parse(
      (await get('/api/streamers/held/supporters?period=all', owner)).json(),
    );
    expect(forOwner.entries).toEqual([
      { rank: 1, name: 'Approved Anu', amount_paise: 2_000, tip_count: 1 },
    ]);
  });

  it('cuts days at midnight India time (18:30 UTC), weeks on Monday and months on the 1st', async () => {
    const late = newFan();
    const early = newFan();
    // 23:59 IST on Sunday 1 Feb 2026 … 00:00 IST on Monday 2 Feb 2026.
    await tipTo('days', {
      fan: late,
      name: 'Late',
      amountPaise: 1_000,
      createdAt: new Date('2026-02-01T18:29:00Z'),
    });
    await tipTo('days', {
      fan: early,
      name: 'Early',
      amountPaise: 2_000,
      createdAt: new Date('2026-02-01T18:30:00Z'),
    });
    // 23:59 IST on Saturday 31 Jan 2026: January, and the week of 26 January.
    await tipTo('days', {
      fan: late,
      name: 'Late',
      amountPaise: 4_000,
      createdAt: new Date('2026-01-31T18:29:00Z'),
    });

    const names = async (period: 'today' | 'week' | 'month' | 'all', now: string) =>
      (await board('days', period, new Date(now))).map((row) => `${row.name}:${row.amountPaise}`);

    expect(await names('today', '2026-02-01T18:29:30Z')).toEqual(['Late:1000']);
    expect(await names('today', '2026-02-02T06:00:00Z')).toEqual(['Early:2000']);
    expect(await names('week', '2026-02-01T12:00:00Z')).toEqual(['Late:5000']);
    expect(await names('week', '2026-02-02T06:00:00Z')).toEqual(['Early:2000']);
    expect(await names('month', '2026-01-31T18:29:30Z')).toEqual(['Late:4000']);
    expect(await names('month', '2026-02-01T18:30:00Z')).toEqual(['Early:2000', 'Late:1000']);
    expect(await names('all', '2026-02-02T06:00:00Z')).toEqual(['Late:5000', 'Early:2000']);
  });

  it('keeps the running totals equal to a full recount from donations', async () => {
    const db = testApp.database.db;
    const snapshot = async () =>
      (
        await db
          .select()
          .from(supporterTotals)
          .orderBy(
            asc(supporterTotals.streamerId),
            asc(supporterTotals.period),
            asc(supporterTotals.periodStart),
            asc(supporterTotals.donorKey),
            asc(supporterTotals.name),
          )
      ).map((row) => ({ ...row, lastTipAt: row.lastTipAt.toISOString() }));
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    for (const streamerId of Object.values(ids)) await rebuildSupporterTotals(db, streamerId);
    expect(await snapshot()).toEqual(before);
    const allTime = before.filter((row) => row.period === 'all' && row.streamerId === ids.ranks);
    expect(allTime).toHaveLength(5);
  });

  it('serves the donation page until the streamer opts out, and only members may switch it', async () => {
    const fan = newFan();
    await tipTo('live', { fan, name: 'Meera', amountPaise: 10_100 });
    const publicBoard = await get('/api/streamers/live/leaderboard?period=today');
    expect(publicBoard.statusCode).toBe(200);
    // Parsed with core's strict contract: the fan key (or anything else) cannot slip in.
    leaderboardResponseSchema.parse(publicBoard.json());
    expect(publicBoard.json()).toEqual({
      period: 'today',
      entries: [{ rank: 1, name: 'Meera', amount_paise: 10_100 }],
    });
    expect(publicBoard.body).not.toContain(fan.key);
    expect((await get('/api/streamers/live/leaderboard')).json().period).toBe('today');
    const badPeriod = await get('/api/streamers/live/leaderboard?period=year');
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().error.message).toBe('period must be today, week, month or all.');
    expect((await get('/api/streamers/nobody/leaderboard')).statusCode).toBe(404);

    const optOut = (headers: Record<string, string>) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/streamers/live/leaderboard-settings',
        headers,
        payload: { show_leaderboard: false },
      });
    expect((await optOut({})).statusCode).toBe(401);
    expect((await optOut(stranger)).statusCode).toBe(403);
    const done = await optOut(owner);
    expect(done.statusCode).toBe(200);
    expect(leaderboardSettingsSchema.strict().parse(done.json())).toEqual({
      show_leaderboard: false,
    });

    expect((await get('/api/streamers/live')).json().show_leaderboard).toBe(false);
    const hidden = await get('/api/streamers/live/leaderboard');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('leaderboard_hidden');
    // The dashboard still sees it, and says it is hidden from the page.
    const forOwner = dashboardLeaderboardResponseSchema.parse(
      (await get('/api/streamers/live/supporters', owner)).json(),
    );
    expect(forOwner).toMatchObject({ show_leaderboard: false, period: 'today' });
    expect(forOwner.entries).toHaveLength(1);
  });

  it('serves the dashboard leaderboard to the streamer’s members and admins only', async () => {
    expect((await get('/api/streamers/live/supporters')).statusCode).toBe(401);
    expect((await get('/api/streamers/live/supporters', stranger)).statusCode).toBe(403);
    expect((await get('/api/streamers/nobody/supporters', owner)).statusCode).toBe(404);
    expect((await get('/api/streamers/live/supporters?period=week', owner)).statusCode).toBe(200);
  });

  it('takes a tip back out of every window when it stops counting', async () => {
    const db = testApp.database.db;
    const fan = newFan();
    await tipTo('ranks', { fan, name: 'Brief', amountPaise: 700, createdAt: at(30) });
    const reversed = await tipTo('ranks', {
      fan,
      name: 'Brief',
      amountPaise: 300,
      createdAt: at(40),
    });
    const rowsOf = () =>
      db
        .select()
        .from(supporterTotals)
        .where(and(eq(supporterTotals.streamerId, ids.ranks!), eq(supporterTotals.name, 'Brief')));
    expect((await rowsOf()).map((row) => [row.amountPaise, row.tipCount])).toEqual(
      Array.from({ length: 4 }, () => [1_000, 2]),
    );
    // No app path reverses an approval yet; the totals must follow whatever changes the row.
    await db
      .update(donations)
      .set({ moderationStatus: 'rejected' })
      .where(eq(donations.id, reversed.id));
    const after = await rowsOf();
    expect(after).toHaveLength(4);
    for (const row of after) {
      expect([row.amountPaise, row.tipCount, row.lastTipAt.toISOString()]).toEqual([
        700,
        1,
        at(30).toISOString(),
      ]);
    }
  });
});
