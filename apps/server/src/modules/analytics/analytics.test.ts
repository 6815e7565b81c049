import { eq, sql } from 'drizzle-orm';
import type { ChartsResponse, HistoryResponse } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newFan, tip, type TipOptions } from '../leaderboards/tips.test-helper.ts';
import { getCharts, streamHistoryRows } from './analytics.service.ts';
import { listTopSupporters } from './top-supporters.query.ts';

/** 23:59 IST on Tuesday 10 March 2026 is 18:29 UTC; a minute later it is Wednesday in India. */
const LAST_MINUTE_OF_10_MARCH = new Date('2026-03-10T18:29:59Z');
const FIRST_MINUTE_OF_11_MARCH = new Date('2026-03-10T18:30:00Z');

describe('analytics: history, charts and CSV export', () => {
  let testApp: TestApp;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // PGlite blocks the event loop while it works; the load shedder must not refuse these tips.
    testApp = await createTestApp({ OVERLOAD_EVENT_LOOP_DELAY_MS: '0' });
    const db = testApp.database.db;
    const ownerUser = await buildUser(db);
    const strangerUser = await buildUser(db);
    for (const slug of ['history', 'days', 'csv', 'rollup', 'top']) {
      const streamer = await buildStreamer(db, {
        slug,
        moderationMode: slug === 'rollup' ? 'review' : 'auto',
        memberIds: [ownerUser.id],
      });
      ids[slug] = streamer.id;
    }
    owner = (await signIn(testApp.app, ownerUser.email, ownerUser.password)).headers;
    stranger = (await signIn(testApp.app, strangerUser.email, strangerUser.password)).headers;
  });
  afterAll(() => testApp.close());

  const tipTo = (slug: string, options: TipOptions) => tip(testApp.app, slug, options);
  const get = (url: string, headers: Record<string, string> = owner) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const history = async (slug: string, query: string) => {
    const response = await get(`/api/streamers/${slug}/analytics/history?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HistoryResponse>();
  };

  /** The roll-ups hold exactly what aggregating donations now gives. */
  async function expectRollUpsMatchDonations(streamerId: string) {
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await testApp.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const days = await rowsOf(sql`
      SELECT day::text, type, payment_status, moderation_status, tip_count::int, amount_paise::bigint
      FROM tip_day_totals WHERE streamer_id = ${streamerId}::uuid ORDER BY 1, 2, 3, 4`);
    const expectedDays = await rowsOf(sql`
      SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date::text AS day, type, payment_status,
        moderation_status, count(*)::int AS tip_count, sum(amount_paise)::bigint AS amount_paise
      FROM donations WHERE streamer_id = ${streamerId}::uuid GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
    expect(days).toEqual(expectedDays);
    const hours = await rowsOf(sql`
      SELECT day::text, hour, tip_count::int, amount_paise::bigint
      FROM tip_hour_totals WHERE streamer_id = ${streamerId}::uuid ORDER BY 1, 2`);
    const expectedHours = await rowsOf(sql`
      SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date::text AS day,
        extract(hour FROM created_at AT TIME ZONE 'Asia/Kolkata')::int AS hour,
        count(*)::int AS tip_count, sum(amount_paise)::bigint AS amount_paise
      FROM donations WHERE streamer_id = ${streamerId}::uuid AND payment_status = 'success'
      GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(hours).toEqual(expectedHours);
  }

  it('filters by type, payment, moderation, search and donor, with the count and total of all pages', async () => {
    const asha = newFan();
    const ravi = newFan();
    await tipTo('history', { fan: asha, name: 'Asha', amountPaise: 10_000, message: 'First!' });
    await tipTo('history', { fan: ravi, name: 'Ravi', amountPaise: 2_550, message: 'namaste' });
    await tipTo('history', { fan: asha, name: 'Asha', amountPaise: 5_000, message: 'again 50%' });
    await tipTo('history', { fan: ravi, name: 'Ravi', amountPaise: 7_700, result: 'failed' });
    await tipTo('history', { fan: newFan(), name: 'Meera', amountPaise: 3_000, result: 'pending' });
    const db = testApp.database.db;
    // A voice tip, made so in the database: the checkout of voice needs a recorded upload.
    const voice = await tipTo('history', { fan: newFan(), name: 'Kiran', amountPaise: 9_900 });
    await db.update(donations).set({ type: 'voice' }).where(eq(donations.id, voice.id));

    const paid = await history('history', '');
    expect(paid.tips.map((row) => row.name)).toEqual(['Kiran', 'Asha', 'Ravi', 'Asha']);
    expect(paid.summary).toEqual({ count: 4, total_paise: 27_450 });

    const everything = await history('history', 'payment=all');
    expect(everything.summary).toEqual({ count: 6, total_paise: 38_150 });
    expect((await history('history', 'payment=failed')).summary).toEqual({
      count: 1,
      total_paise: 7_700,
    });
    expect((await history('history', 'type=voice')).summary).toEqual({
      count: 1,
      total_paise: 9_900,
    });
    expect((await history('history', 'type=text&moderation=auto_approved')).summary).toEqual({
      count: 3,
      total_paise: 17_550,
    });

    // Search: name or message, any case, and % is a plain character.
    const byName = await history('history', 'q=asha');
    expect(byName.tips.map((row) => row.message)).toEqual(['again 50%', 'First!']);
    expect(byName.summary).toEqual({ count: 2, total_paise: 15_000 });
    expect((await history('history', 'q=NAMASTE')).tips.map((row) => row.name)).toEqual(['Ravi']);
    expect((await history('history', 'q=50%25')).summary?.count).toBe(1);
    expect((await history('history', 'q=%25')).summary?.count).toBe(1);

    // A donor's own line: their tips and total, whichever of their tips names them.
    const ashaFirst = byName.tips[1]!;
    const line = await history('history', `donor=${ashaFirst.id}&payment=all`);
    expect(line.donor).toEqual({ name: 'Asha' });
    expect(line.summary).toEqual({ count: 2, total_paise: 15_000 });

    // Pages: newest first, the cursor leads on without repeating a tip.
    const first = await history('history', 'payment=all&limit=4');
    expect(first.next_cursor).not.toBeNull();
    const second = await history('history', `payment=all&limit=4&cursor=${first.next_cursor}`);
    expect(second.summary).toBeNull();
    expect(second.next_cursor).toBeNull();
    const ids = [...first.tips, ...second.tips].map((row) => row.id);
    expect(new Set(ids).size).toBe(6);
    expect(first.tips[0]).not.toHaveProperty('phone');

    expect((await get('/api/streamers/history/analytics/history', stranger)).statusCode).toBe(403);
    expect((await get('/api/streamers/history/analytics/history', {})).statusCode).toBe(401);
    const badRange = await get(
      '/api/streamers/history/analytics/history?from=2026-03-11&to=2026-03-10',
    );
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error.message).toBe('The start date must be on or before the end date.');
  });

  it('puts a tip on its India calendar day, in the history and in the charts', async () => {
    const fan = newFan();
    await tipTo('days', {
      fan,
      name: 'Late',
      amountPaise: 1_000,
      createdAt: LAST_MINUTE_OF_10_MARCH,
    });
    await tipTo('days', {
      fan,
      name: 'Early',
      amountPaise: 2_000,
      createdAt: FIRST_MINUTE_OF_11_MARCH,
    });
    // 3 March: in the previous 7-day period of a chart that ends on 11 March.
    await tipTo('days', {
      fan,
      name: 'Week before',
      amountPaise: 400,
      createdAt: new Date('2026-03-03T06:00:00Z'),
    });

    const tenth = await history('days', 'from=2026-03-10&to=2026-03-10');
    expect(tenth.tips.map((row) => row.name)).toEqual(['Late']);
    expect(tenth.summary).toEqual({ count: 1, total_paise: 1_000 });
    const eleventh = await history('days', 'from=2026-03-11');
    expect(eleventh.tips.map((row) => row.name)).toEqual(['Early']);
    expect((await history('days', 'to=2026-03-10')).summary?.total_paise).toBe(1_400);

    const charts: ChartsResponse = await getCharts(
      testApp.database.db,
      ids.days!,
      7,
      new Date('2026-03-11T12:00:00Z'),
    );
    expect(charts.series.map((point) => point.day)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(charts.series.at(-2)).toMatchObject({
      day: '2026-03-10',
      amount_paise: 1_000,
      count: 1,
    });
    expect(charts.series.at(-1)).toMatchObject({ amount_paise: 2_000, by_type: { text: 2_000 } });
    // 3 March sits where 10 March does, one period earlier.
    expect(charts.series.at(-2)?.previous_amount_paise).toBe(400);
    expect(charts.totals).toEqual({
      current: { amount_paise: 3_000, count: 2 },
      previous: { amount_paise: 400, count: 1 },
    });
    expect(charts.hours[23]).toEqual({ hour: 23, amount_paise: 1_000, count: 1 });
    expect(charts.hours[0]).toEqual({ hour: 0, amount_paise: 2_000, count: 1 });
    // Tuesday 10 March and Wednesday 11 March (Monday is 0).
    expect(charts.weekdays[1]).toEqual({ weekday: 1, amount_paise: 1_000, count: 1 });
    expect(charts.weekdays[2]).toEqual({ weekday: 2, amount_paise: 2_000, count: 1 });
    expect(charts.top_supporters.map((row) => [row.rank, row.name, row.amount_paise])).toEqual([
      [1, 'Early', 2_000],
      [2, 'Late', 1_000],
    ]);

    const http = await get('/api/streamers/days/analytics/charts?days=30');
    expect(http.statusCode).toBe(200);
    expect(http.json<ChartsResponse>().series).toHaveLength(30);
    expect((await get('/api/streamers/days/analytics/charts?days=8')).statusCode).toBe(400);
  });

  it('exports the filtered history as CSV: India time, rupees with paise, formulas neutralised', async () => {
    const fan = newFan();
    const at = new Date('2026-03-10T04:30:05Z'); // 10:00:05 IST
    await tipTo('csv', { fan, name: 'Plain', amountPaise: 5_105, message: 'hello', createdAt: at });
    await tipTo('csv', {
      fan,
      name: '=HYPERLINK("http://evil")',
      amountPaise: 100,
      message: '+1, "quoted"\nsecond line',
      createdAt: new Date(at.getTime() + 60_000),
    });
    await tipTo('csv', { fan, name: 'Unpaid', result: 'failed', createdAt: at });

    const response = await get('/api/streamers/csv/analytics/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="shabaash-csv-tips-/,
    );
    const body = response.body.replace(/^\uFEFF/, '');
    const lines = body.split('\r\n');
    expect(lines[0]).toBe(
      'Date and time (IST),Donor,Type,Amount (INR),Message,Payment,Moderation,Order ID',
    );
    expect(lines.filter((line) => line.startsWith('Date and time'))).toHaveLength(1);
    // The line break inside the quoted message stays a bare LF; records end with CRLF.
    expect(lines[1]).toMatch(
      /^2026-03-10 10:01:05,"'=HYPERLINK\(""http:\/\/evil""\)",Text,1\.00,"'\+1, ""quoted""\nsecond line",Paid,Auto-approved,csv_\w+$/,
    );
    expect(lines[2]).toMatch(
      /^2026-03-10 10:00:05,Plain,Text,51\.05,hello,Paid,Auto-approved,csv_/,
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);

    const failed = await get('/api/streamers/csv/analytics/export.csv?payment=failed');
    expect(failed.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect((await get('/api/streamers/csv/analytics/export.csv', stranger)).statusCode).toBe(403);
  });

  it('streams the export in keyset batches: every tip once, in order, even with equal times', async () => {
    const fan = newFan();
    const same = new Date('2026-03-12T10:00:00Z');
    for (let index = 0; index < 7; index += 1) {
      await tipTo('csv', {
        fan,
        name: `Batch ${String(index)}`,
        amountPaise: 100 + index,
        createdAt: same,
      });
    }
    const filter = { q: 'batch', type: 'all', payment: 'success', moderation: 'all' } as const;
    const streamed: string[] = [];
    const generator = streamHistoryRows(testApp.database.db, ids.csv!, filter, null, 3);
    for await (const row of generator) streamed.push(row.name);
    expect(streamed).toHaveLength(7);
    expect(new Set(streamed).size).toBe(7);
    const whole = await history('csv', 'q=batch&limit=100');
    expect(streamed).toEqual(whole.tips.map((row) => row.name));
  });

  it('ranks a period’s top supporters exactly, however the week and month rankings differ', async () => {
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000);
    // Twelve fans tip inside the last 30 days; some tipped far more before it, so the order of
    // the week and month rankings the walk reads candidates in is not the period's order.
    for (let index = 0; index < 12; index += 1) {
      const fan = newFan();
      const name = `Fan ${String(index).padStart(2, '0')}`;
      await tipTo('top', {
        fan,
        name,
        amountPaise: 1_000 + index * 100,
        createdAt: daysAgo(2 + index),
      });
      if (index % 3 === 0) {
        await tipTo('top', {
          fan,
          name,
          amountPaise: 50_000 - index * 1_000,
          createdAt: daysAgo(45),
        });
      }
    }
    await tipTo('top', {
      fan: newFan(),
      name: 'Old whale',
      amountPaise: 90_000,
      createdAt: daysAgo(60),
    });
    await tipTo('top', {
      fan: newFan(),
      name: 'Tie A',
      amountPaise: 2_000,
      createdAt: daysAgo(20),
    });

    const db = testApp.database.db;
    const today = new Date(now + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(now + 5.5 * 3_600_000 - 29 * 86_400_000).toISOString().slice(0, 10);
    const summed = await listTopSupporters(db, ids.top!, from, today, { way: 'sum' });
    expect(summed.map((row) => [row.rank, row.name, row.amount_paise])).toEqual([
      [1, 'Fan 11', 2_100],
      // Equal totals share a rank; whoever got there first is listed first.
      [2, 'Tie A', 2_000],
      [2, 'Fan 10', 2_000],
      [4, 'Fan 09', 1_900],
      [5, 'Fan 08', 1_800],
      [6, 'Fan 07', 1_700],
      [7, 'Fan 06', 1_600],
      [8, 'Fan 05', 1_500],
      [9, 'Fan 04', 1_400],
      [10, 'Fan 03', 1_300],
    ]);
    // The walk down the month rankings gives the same answer, from one candidate a step to 200.
    for (const candidateBatch of [1, 3, 200]) {
      const walked = await listTopSupporters(db, ids.top!, from, today, {
        way: 'walk',
        candidateBatch,
      });
      expect(walked, `batch ${String(candidateBatch)}`).toEqual(summed);
    }
    // So does the walk down the week rankings of a week's period, where some of the week's
    // tips (and a Monday before it) fall outside the period.
    const weekFrom = new Date(now + 5.5 * 3_600_000 - 6 * 86_400_000).toISOString().slice(0, 10);
    const weekSummed = await listTopSupporters(db, ids.top!, weekFrom, today, { way: 'sum' });
    expect(weekSummed.map((row) => row.name)).toEqual([
      'Fan 04',
      'Fan 03',
      'Fan 02',
      'Fan 01',
      'Fan 00',
    ]);
    for (const candidateBatch of [1, 2, 40]) {
      const walked = await listTopSupporters(db, ids.top!, weekFrom, today, {
        way: 'walk',
        candidateBatch,
      });
      expect(walked, `week, batch ${String(candidateBatch)}`).toEqual(weekSummed);
    }
    // And a quarter's, whose supporters' totals add whole months, whole weeks and days.
    const quarterFrom = new Date(now + 5.5 * 3_600_000 - 89 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const quarterSummed = await listTopSupporters(db, ids.top!, quarterFrom, today, {
      way: 'sum',
    });
    expect(quarterSummed[0]).toMatchObject({ rank: 1, name: 'Old whale', amount_paise: 90_000 });
    for (const candidateBatch of [1, 40]) {
      const walked = await listTopSupporters(db, ids.top!, quarterFrom, today, {
        way: 'walk',
        candidateBatch,
      });
      expect(walked, `quarter, batch ${String(candidateBatch)}`).toEqual(quarterSummed);
    }
    const charts = await getCharts(db, ids.top!, 30);
    expect(charts.top_supporters).toEqual(summed);
    const longer = await getCharts(db, ids.top!, 90);
    expect(longer.top_supporters[0]).toMatchObject({
      rank: 1,
      name: 'Old whale',
      amount_paise: 90_000,
    });
  });

  it('keeps the roll-ups equal to the tips through late payments and moderation changes', async () => {
    const db = testApp.database.db;
    const streamerId = ids.rollup!;
    const fan = newFan();
    const yesterday = new Date(Date.now() - 86_400_000);
    const pending = await tipTo('rollup', {
      fan,
      name: 'Slow',
      amountPaise: 4_000,
      result: 'pending',
      createdAt: yesterday,
    });
    const held = await tipTo('rollup', { fan, name: 'Held', amountPaise: 6_000 });
    await tipTo('rollup', { fan, name: 'Failed', amountPaise: 800, result: 'failed' });
    await expectRollUpsMatchDonations(streamerId);
    expect((await history('rollup', '')).summary).toEqual({ count: 1, total_paise: 6_000 });

    // The payment arrives a day late: yesterday's paid revenue grows.
    const paid = await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${pending.orderId}/complete`,
      payload: { result: 'paid' },
    });
    expect(paid.statusCode).toBe(200);
    await expectRollUpsMatchDonations(streamerId);
    expect((await history('rollup', '')).summary).toEqual({ count: 2, total_paise: 10_000 });

    // Moderation: approving one and rejecting the other moves them between statuses.
    for (const [id, decision] of [
      [held.id, 'approve'],
      [pending.id, 'reject'],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/donations/${id}/${decision}`,
        headers: owner,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await expectRollUpsMatchDonations(streamerId);
    expect((await history('rollup', 'moderation=rejected')).summary).toEqual({
      count: 1,
      total_paise: 4_000,
    });
    expect((await history('rollup', 'moderation=approved')).summary).toEqual({
      count: 1,
      total_paise: 6_000,
    });
    expect((await history('rollup', 'moderation=pending')).summary).toEqual({
      count: 0,
      total_paise: 0,
    });

    // Any other change of the row (here straight in SQL) is followed too, and a deletion.
    await db
      .update(donations)
      .set({ amountPaise: 6_500, type: 'hyperemote' })
      .where(eq(donations.id, held.id));
    await db.delete(donations).where(eq(donations.id, pending.id));
    await expectRollUpsMatchDonations(streamerId);
    const charts = await getCharts(db, streamerId, 7);
    expect(charts.totals.current).toEqual({ amount_paise: 6_500, count: 1 });
    expect(charts.by_type.find((row) => row.type === 'hyperemote')).toEqual({
      type: 'hyperemote',
      amount_paise: 6_500,
      count: 1,
    });
  });
});
