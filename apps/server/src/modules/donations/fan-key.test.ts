import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '../../db/schema.ts';
import { buildStreamer, buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { orderRequest } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { alertsToReplay } from '../alerts/alerts.service.ts';
import { newFan, tip } from '../leaderboards/tips.test-helper.ts';
import { FAN_COOKIE } from './fan-key.ts';

const FAN_COOKIE_PATTERN = new RegExp(
  `^${FAN_COOKIE}=([A-Za-z0-9_-]{24}); Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax$`,
);

describe('fan keys and anonymous tips', () => {
  let testApp: TestApp;
  let streamerId: string;
  let owner: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp();
    const user = await buildUser(testApp.database.db);
    streamerId = (
      await buildStreamer(testApp.database.db, {
        slug: 'fans',
        moderationMode: 'auto',
        memberIds: [user.id],
      })
    ).id;
    owner = (await signIn(testApp.app, user.email, user.password)).headers;
  });
  afterAll(() => testApp.close());

  const placeOrder = (headers: Record<string, string>, overrides: Record<string, unknown> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/fans/orders',
      headers,
      payload: orderRequest(overrides),
      remoteAddress: randomTestIp(),
    });

  it('gives a new fan a private httpOnly key on the profile or the order, and keeps it', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/api/streamers/fans' });
    const issued = FAN_COOKIE_PATTERN.exec(String(first.headers['set-cookie']));
    expect(issued).not.toBeNull();
    const key = issued![1]!;
    expect(first.body).not.toContain(key);
    expect(first.headers['cache-control']).toBe('private, no-store');

    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/fans',
      headers: { cookie: `other=1; ${FAN_COOKIE}=${key}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();

    const order = await placeOrder({ cookie: `${FAN_COOKIE}=${key}` });
    expect(order.statusCode).toBe(201);
    expect(order.headers['set-cookie']).toBeUndefined();
    expect(order.body).not.toContain(key);
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, order.json().order_id));
    expect(row?.fanKey).toBe(key);

    // A browser without the cookie (or with a forged value) gets a fresh key with its order.
    const withoutKey: Array<Record<string, string>> = [
      {},
      { cookie: `${FAN_COOKIE}=not-one-of-ours` },
    ];
    for (const headers of withoutKey) {
      const fresh = await placeOrder(headers);
      const freshKey = FAN_COOKIE_PATTERN.exec(String(fresh.headers['set-cookie']))?.[1];
      expect(freshKey).toBeDefined();
      const [stored] = await testApp.database.db
        .select()
        .from(donations)
        .where(eq(donations.orderId, fresh.json().order_id));
      expect(stored?.fanKey).toBe(freshKey);
    }
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const secureApp = await createTestApp({
      PUBLIC_URL: 'https://shabaash.example',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    try {
      await buildStreamer(secureApp.database.db, { slug: 'secure-fans' });
      const response = await secureApp.app.inject({
        method: 'GET',
        url: '/api/streamers/secure-fans',
      });
      expect(String(response.headers['set-cookie'])).toMatch(/; SameSite=Lax; Secure$/);
    } finally {
      await secureApp.close();
    }
  });

  it('keeps an anonymous fan’s name off every surface: stored, public, alert and dashboard', async () => {
    const fan = newFan();
    const donation = await tip(testApp.app, 'fans', {
      fan,
      name: 'Priya Sharma',
      anonymous: true,
      amountPaise: 25_100,
      message: 'Love the stream',
    });
    expect(donation).toMatchObject({ name: 'Anonymous', isAnonymous: true, fanKey: fan.key });

    const recent = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/fans/donations/recent',
    });
    expect(recent.json().donations[0]).toMatchObject({
      donor_name: 'Anonymous',
      sanitized_message: 'Love the stream',
    });
    const status = await testApp.app.inject({
      method: 'GET',
      url: `/api/orders/${donation.orderId}/status`,
    });
    expect(status.json().customer_details).toEqual({ customer_name: 'Anonymous' });
    const [alert] = (await alertsToReplay(testApp.database.db, streamerId, null, 60_000)).filter(
      (candidate) => candidate.donation.id === donation.id,
    );
    expect(alert?.donation.name).toBe('Anonymous');
    const dashboard = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/fans/donations?status=approved',
      headers: owner,
    });
    const listed = dashboard.json().donations.find((row: { id: string }) => row.id === donation.id);
    expect(listed).toMatchObject({ name: 'Anonymous', is_anonymous: true });

    for (const body of [recent.body, status.body, JSON.stringify(alert), dashboard.body]) {
      expect(body).not.toContain('Priya');
      expect(body).not.toContain(fan.key);
    }
  });

  it('names a tip as given when anonymous is false or absent', async () => {
    const named = await tip(testApp.app, 'fans', {
      fan: newFan(),
      name: 'Kiran',
      anonymous: false,
    });
    expect(named).toMatchObject({ name: 'Kiran', isAnonymous: false });
    const bad = await placeOrder({}, { anonymous: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});
