import { eq } from 'drizzle-orm';
import {
  dashboardDonationListSchema,
  dashboardStatsSchema,
  moderationDecisionResponseSchema,
} from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { placeOrderId } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { getDonationStats } from './dashboard.queries.ts';

describe('dashboard data and moderation', () => {
  let testApp: TestApp;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let admin: Record<string, string>;
  let streamerId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const ownerUser = await buildUser(db);
    const otherUser = await buildUser(db);
    const adminUser = await buildUser(db, { role: 'admin' });
    streamerId = (
      await buildStreamer(db, { slug: 'held', moderationMode: 'review', memberIds: [ownerUser.id] })
    ).id;
    await buildStreamer(db, { slug: 'elsewhere', memberIds: [otherUser.id] });
    owner = (await signIn(testApp.app, ownerUser.email, ownerUser.password)).headers;
    other = (await signIn(testApp.app, otherUser.email, otherUser.password)).headers;
    admin = (await signIn(testApp.app, adminUser.email, adminUser.password)).headers;
  });
  afterAll(() => testApp.close());

  const paidTip = async (overrides: Record<string, unknown> = {}) => {
    const orderId = await placeOrderId(testApp.app, 'held', overrides);
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    return row!;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url, headers });

  it('computes the stat cards over successful payments, with the India day boundary at 18:30 UTC', async () => {
    const db = testApp.database.db;
    const a = await paidTip({ amount_paise: 10_000 });
    const b = await paidTip({ amount_paise: 5_000 });
    const c = await paidTip({ amount_paise: 2_500 });
    await placeOrderId(testApp.app, 'held', { amount_paise: 99_900 }); // never paid: not counted
    // a: 18:29 UTC on 1 Jan = 23:59 IST on 1 Jan; b: 18:30 UTC = 00:00 IST on 2 Jan; c: 2 Jan noon IST.
    await db
      .update(donations)
      .set({ createdAt: new Date('2026-01-01T18:29:00Z') })
      .where(eq(donations.id, a.id));
    await db
      .update(donations)
      .set({ createdAt: new Date('2026-01-01T18:30:00Z') })
      .where(eq(donations.id, b.id));
    await db
      .update(donations)
      .set({ createdAt: new Date('2026-01-02T06:30:00Z') })
      .where(eq(donations.id, c.id));

    const onSecondIndiaDay = await getDonationStats(
      db,
      streamerId,
      new Date('2026-01-02T10:00:00Z'),
    );
    expect(onSecondIndiaDay).toEqual({
      total_revenue_paise: 17_500,
      donation_count: 3,
      today_revenue_paise: 7_500,
      average_donation_paise: 5_833,
      pending_review: 3,
    });
    const lateOnFirstIndiaDay = await getDonationStats(
      db,
      streamerId,
      new Date('2026-01-01T18:29:30Z'),
    );
    expect(lateOnFirstIndiaDay.today_revenue_paise).toBe(10_000);
  });

  it('serves stats and lists to members and admins only', async () => {
    for (const url of [
      '/api/streamers/held/stats',
      '/api/streamers/held/donations?status=pending',
    ]) {
      expect((await get(url, owner)).statusCode).toBe(200);
      expect((await get(url, admin)).statusCode).toBe(200);
      expect((await get(url, other)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('answers the stats and the lists in the shapes core declares', async () => {
    const stats = await get('/api/streamers/held/stats', owner);
    expect(dashboardStatsSchema.parse(stats.json()).donation_count).toBeGreaterThan(0);
    for (const [status, headers] of [
      ['pending', owner],
      ['pending', admin],
      ['approved', owner],
    ] as const) {
      const list = await get(`/api/streamers/held/donations?status=${status}`, headers);
      dashboardDonationListSchema.parse(list.json());
    }
  });

  it('lists pending newest first with no phone, and masks the phone for site admins', async () => {
    const pending = (await get('/api/streamers/held/donations?status=pending', owner)).json()
      .donations;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending[0]).toMatchObject({ moderation_status: 'pending', payment_status: 'success' });
    expect(JSON.stringify(pending)).not.toContain('9876543210');
    expect(pending[0]).not.toHaveProperty('phone_masked');
    const forAdmin = (await get('/api/streamers/held/donations?status=pending', admin)).json()
      .donations;
    expect(forAdmin[0].phone_masked).toBe('98••••••10');
    const invalid = await get('/api/streamers/held/donations?status=everything', owner);
    expect(invalid.statusCode).toBe(400);
  });

  it('marks sandbox tips, so a streamer never takes one for money', async () => {
    const sandboxTip = await paidTip({ name: 'Sandbox Fan' });
    const realTip = await paidTip({ name: 'Real Fan' });
    // As if Cashfree had taken it.
    await testApp.database.db
      .update(donations)
      .set({ provider: 'cashfree' })
      .where(eq(donations.id, realTip.id));
    const pending = dashboardDonationListSchema.parse(
      (await get('/api/streamers/held/donations?status=pending', owner)).json(),
    ).donations;
    expect(pending.find((donation) => donation.id === sandboxTip.id)?.is_sandbox).toBe(true);
    expect(pending.find((donation) => donation.id === realTip.id)?.is_sandbox).toBe(false);
  });

  it('approves once: the second moderator is told it was already decided, and by whom', async () => {
    const tip = await paidTip({ name: 'Race Fan' });
    const [first, second] = await Promise.all([
      post(`/api/donations/${tip.id}/approve`, owner),
      post(`/api/donations/${tip.id}/reject`, admin),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.code).toBe('already_decided');
    expect(loser.json().error.message).toMatch(
      /^This donation was already (approved|rejected) by .+@example\.com\.$/,
    );
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.id, tip.id));
    expect(['approved', 'rejected']).toContain(row?.moderationStatus);
    expect(row?.moderatedBy).toMatch(/^dashboard:/);
  });

  it('keeps other streamers and anonymous callers from moderating', async () => {
    const tip = await paidTip();
    expect((await post(`/api/donations/${tip.id}/approve`, other)).statusCode).toBe(403);
    expect((await post(`/api/donations/${tip.id}/approve`)).statusCode).toBe(401);
    expect(
      (await post('/api/donations/00000000-0000-4000-8000-000000000000/approve', owner)).statusCode,
    ).toBe(404);
  });

  it('moves approved donations to the approved list and rejected ones nowhere public', async () => {
    const keep = await paidTip({ name: 'Keep Me' });
    const drop = await paidTip({ name: 'Drop Me' });
    const approval = await post(`/api/donations/${keep.id}/approve`, owner);
    expect(approval.statusCode).toBe(200);
    expect(moderationDecisionResponseSchema.parse(approval.json()).donation).toMatchObject({
      id: keep.id,
      moderation_status: 'approved',
    });
    expect((await post(`/api/donations/${drop.id}/reject`, owner)).statusCode).toBe(200);
    const approved = (await get('/api/streamers/held/donations?status=approved', owner)).json()
      .donations;
    expect(approved.map((d: { name: string }) => d.name)).toContain('Keep Me');
    expect(approved.map((d: { name: string }) => d.name)).not.toContain('Drop Me');
    const recent = (await get('/api/streamers/held/donations/recent')).json().donations;
    expect(recent.map((d: { donor_name: string }) => d.donor_name)).not.toContain('Drop Me');
  });

  it('sends a message with a blocked word to review even when the streamer auto-approves, naming the word', async () => {
    const db = testApp.database.db;
    await buildStreamer(db, { slug: 'auto-one', moderationMode: 'auto' });
    const orderId = await placeOrderId(testApp.app, 'auto-one', { message: 'tu chutiya hai' });
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    const clean = await placeOrderId(testApp.app, 'auto-one', { message: 'mast stream bhai' });
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${clean}/complete`,
      payload: { result: 'paid' },
    });
    const rows = await db.select().from(donations).where(eq(donations.provider, 'sandbox'));
    expect(rows.find((row) => row.orderId === orderId)?.moderationStatus).toBe('pending');
    expect(rows.find((row) => row.orderId === clean)?.moderationStatus).toBe('auto_approved');

    // The dashboard says which word holds it.
    const pending = (await get('/api/streamers/auto-one/donations?status=pending', admin)).json()
      .donations as { message: string; held_for_word?: string }[];
    expect(pending.map(({ message, held_for_word }) => ({ message, held_for_word }))).toEqual([
      { message: 'tu chutiya hai', held_for_word: 'chutiya' },
    ]);
  });

  it('names no word for a donation held because the streamer reviews everything', async () => {
    const orderId = await placeOrderId(testApp.app, 'held', { message: 'tu chutiya hai' });
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    const pending = (await get('/api/streamers/held/donations?status=pending', owner)).json()
      .donations as { message: string; held_for_word?: string }[];
    const held = pending.find((donation) => donation.message === 'tu chutiya hai');
    expect(held).toBeDefined();
    expect(held).not.toHaveProperty('held_for_word');
  });
});
