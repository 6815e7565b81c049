import { eq } from 'drizzle-orm';
import { obsTokensSchema } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { alerts, donations } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { placeOrderId } from '../../../test/payments.ts';
import { openSse, type SseEvent } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_DB_BACKEND } from '../../../test/test-database.ts';

const isAlert = (event: SseEvent) => event.event === 'alert';
const alertName = (event: SseEvent) => (event.data as { donation: { name: string } }).donation.name;

describe('live alerts', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let ownerHeaders: Record<string, string>;
  let token: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const owner = await buildUser(db);
    await buildStreamer(db, { slug: 'techgamer', moderationMode: 'auto', memberIds: [owner.id] });
    ownerHeaders = (await signIn(testApp.app, owner.email, owner.password)).headers;
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/techgamer/obs-tokens',
      headers: ownerHeaders,
    });
    token = created.json().token;
  });
  afterAll(() => testApp.close());

  /** A fan pays through the sandbox checkout; the gateway's webhook does the rest. */
  async function payTip(name: string, app = testApp.app) {
    const orderId = await placeOrderId(app, 'techgamer', { name, message: `from ${name}` });
    await app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    return orderId;
  }
  const overlayUrl = (query = `token=${token}`) =>
    `${baseUrl}/api/overlay/techgamer/events?${query}`;

  it('generates tokens with obs_ and 128+ random bits, one active at a time, previous masked', async () => {
    expect(token).toMatch(/^obs_[0-9A-Za-z]{24}$/);
    const second = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/streamers/techgamer/obs-tokens',
        headers: ownerHeaders,
      })
    ).json();
    const listed = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/techgamer/obs-tokens',
        headers: ownerHeaders,
      })
    ).json();
    obsTokensSchema.parse(listed);
    expect(listed.active.token).toBe(second.token);
    expect(listed.previous[0].masked_token).toMatch(/^obs_\w{4}•{8}\w{4}$/);
    expect(JSON.stringify(listed.previous)).not.toContain(token);
    token = second.token;
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/techgamer/obs-tokens',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a missing or invalid token with the spec messages', async () => {
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/api/overlay/techgamer/session',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(
      'Please provide a valid OBS token in the URL parameters. Format: ?token=your_obs_token',
    );
    const invalid = await testApp.app.inject({
      method: 'GET',
      url: '/api/overlay/techgamer/session?token=obs_nope',
    });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json().error.message).toBe(
      'Invalid or expired OBS token. Please check your token and try again.',
    );
    const wrongStreamer = await testApp.app.inject({
      method: 'GET',
      url: `/api/overlay/someone-else/session?token=${token}`,
    });
    expect(wrongStreamer.statusCode).toBe(401);
    const stream = await openSse(overlayUrl('token=obs_nope'));
    expect(stream.status).toBe(401);
    const valid = await testApp.app.inject({
      method: 'GET',
      url: `/api/overlay/techgamer/session?token=${token}`,
    });
    expect(valid.json()).toMatchObject({ is_valid: true, streamer_name: 'Streamer techgamer' });
  });

  it('records an overlay still connecting with a replaced token, for the dashboard to show', async () => {
    const listTokens = async () =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/streamers/techgamer/obs-tokens',
          headers: ownerHeaders,
        })
      ).json();
    const replaced = token;
    const rotated = await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/techgamer/obs-tokens',
      headers: ownerHeaders,
    });
    token = rotated.json().token;
    const { active } = await listTokens();

    const refused = await testApp.app.inject({
      method: 'GET',
      url: `/api/overlay/techgamer/session?token=${replaced}`,
    });
    expect(refused.statusCode).toBe(401);
    const [latest] = (await listTokens()).previous;
    expect(latest.masked_token.slice(-4)).toBe(replaced.slice(-4));
    expect(Date.parse(latest.last_used_at)).toBeGreaterThanOrEqual(Date.parse(active.created_at));

    // Another streamer's URL with that token records nothing on this streamer's token.
    const elsewhere = await testApp.app.inject({
      method: 'GET',
      url: `/api/overlay/someone-else/session?token=${replaced}`,
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('delivers a paid tip to a connected overlay, without the phone number', async () => {
    const overlay = await openSse(overlayUrl());
    await overlay.waitFor((event) => event.event === 'ready');
    await payTip('Live Fan');
    const alert = await overlay.waitFor(
      (event) => isAlert(event) && alertName(event) === 'Live Fan',
    );
    expect(alert.data).toMatchObject({
      kind: 'donation',
      donation: { amount_paise: 5100, message: 'from Live Fan', type: 'text' },
    });
    expect(JSON.stringify(alert.data)).not.toContain('9876543210');
    expect(alert.id).toBe(String((alert.data as { alert_id: number }).alert_id));
    overlay.close();
  });

  it("marks a sandbox tip on the overlay, and a real provider's tip not", async () => {
    const live = await openSse(overlayUrl());
    await live.waitFor((event) => event.event === 'ready');
    await payTip('Sandbox Fan');
    const realOrder = await payTip('Real Fan');
    const sandboxAlert = await live.waitFor(
      (event) => isAlert(event) && alertName(event) === 'Sandbox Fan',
    );
    expect(sandboxAlert.data).toMatchObject({ donation: { is_sandbox: true } });
    live.close();

    // As if Razorpay had taken it: a fresh overlay replays it unmarked.
    const db = testApp.database.db;
    await db
      .update(donations)
      .set({ provider: 'razorpay' })
      .where(eq(donations.orderId, realOrder));
    const fresh = await openSse(overlayUrl());
    await fresh.waitFor((event) => event.event === 'ready');
    const replayed = fresh.events.filter(isAlert);
    const flagOf = (name: string) =>
      replayed
        .filter((event) => alertName(event) === name)
        .map((event) => (event.data as { donation: { is_sandbox: boolean } }).donation.is_sandbox);
    expect(flagOf('Real Fan')).toEqual([false]);
    expect(flagOf('Sandbox Fan')).toEqual([true]);
    fresh.close();
  });

  it('counts overlays that connect all at once, and gives each a tip exactly once', async () => {
    const overlays = await Promise.all(Array.from({ length: 25 }, () => openSse(overlayUrl())));
    await Promise.all(overlays.map((overlay) => overlay.waitFor((e) => e.event === 'ready')));
    const test = await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/techgamer/test-alert',
      headers: ownerHeaders,
    });
    expect(test.json()).toEqual({ activeConnections: 25 });
    await payTip('Crowd Fan');
    for (const overlay of overlays) {
      await overlay.waitFor((event) => isAlert(event) && alertName(event) === 'Crowd Fan');
    }
    // Anything delivered twice would have arrived by the time a later tip does.
    await payTip('Crowd Fan Later');
    for (const overlay of overlays) {
      await overlay.waitFor((event) => isAlert(event) && alertName(event) === 'Crowd Fan Later');
      const names = overlay.events.filter(isAlert).map(alertName);
      expect(names.filter((name) => name === 'Crowd Fan')).toHaveLength(1);
      overlay.close();
    }
  });

  it("checks tokens of several streamers' overlays connecting together, each against its own page", async () => {
    const db = testApp.database.db;
    const other = await buildUser(db);
    await buildStreamer(db, { slug: 'codelive', name: 'CodeLive', memberIds: [other.id] });
    const otherHeaders = (await signIn(testApp.app, other.email, other.password)).headers;
    const otherToken = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/streamers/codelive/obs-tokens',
        headers: otherHeaders,
      })
    ).json().token;
    // Asked for in the same turn, the tokens are looked up together.
    const checks = [
      { slug: 'techgamer', token },
      { slug: 'codelive', token: otherToken },
      { slug: 'codelive', token }, // another streamer's token
      { slug: 'techgamer', token: 'obs_unknownunknownunknown0' },
    ];
    const answers = await Promise.all(
      checks.map((check) =>
        testApp.app.inject({
          method: 'GET',
          url: `/api/overlay/${check.slug}/session?token=${check.token}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 401]);
    expect(answers[0]?.json()).toMatchObject({ streamer_slug: 'techgamer' });
    expect(answers[1]?.json()).toMatchObject({
      streamer_slug: 'codelive',
      streamer_name: 'CodeLive',
    });
  });

  it('replays what a reconnecting overlay missed, exactly once', async () => {
    const first = await openSse(overlayUrl());
    await first.waitFor((event) => event.event === 'ready');
    await payTip('Before Drop');
    const seen = await first.waitFor(
      (event) => isAlert(event) && alertName(event) === 'Before Drop',
    );
    // The overlay played it and said so; then OBS's connection drops.
    await testApp.app.inject({
      method: 'POST',
      url: `/api/overlay/techgamer/alerts/${seen.id}/shown?token=${token}`,
    });
    first.close();

    await payTip('While Down');
    const second = await openSse(overlayUrl(), { 'last-event-id': String(seen.id) });
    await second.waitFor((event) => event.event === 'ready');
    await payTip('After Reconnect');
    await second.waitFor((event) => isAlert(event) && alertName(event) === 'After Reconnect');
    const names = second.events.filter(isAlert).map(alertName);
    expect(names.filter((name) => name === 'While Down')).toHaveLength(1);
    expect(names.filter((name) => name === 'After Reconnect')).toHaveLength(1);
    expect(names).not.toContain('Before Drop');
    second.close();
  });

  it('resumes an overlay that dropped before any alert from its ready position', async () => {
    const first = await openSse(overlayUrl());
    const ready = await first.waitFor((event) => event.event === 'ready');
    expect(ready.id).toMatch(/^\d+$/);
    first.close();

    // While it is away a tip arrives and another overlay plays it.
    const orderId = await payTip('Shown Elsewhere');
    const [row] = await testApp.database.db
      .select({ id: alerts.id })
      .from(alerts)
      .innerJoin(donations, eq(donations.id, alerts.donationId))
      .where(eq(donations.orderId, orderId));
    const shown = await testApp.app.inject({
      method: 'POST',
      url: `/api/overlay/techgamer/alerts/${String(row!.id)}/shown?token=${token}`,
    });
    expect(shown.statusCode).toBe(204);

    const second = await openSse(overlayUrl(), { 'last-event-id': String(ready.id) });
    await second.waitFor((event) => event.event === 'ready');
    const names = second.events.filter(isAlert).map(alertName);
    expect(names.filter((name) => name === 'Shown Elsewhere')).toHaveLength(1);
    second.close();
  });

  it('gives a fresh overlay the recent unshown alerts, never shown or old ones', async () => {
    await payTip('Unshown Recent');
    const shownOrder = await payTip('Already Shown');
    const insideOrder = await payTip('Just Inside');
    const oldOrder = await payTip('Too Old');
    const db = testApp.database.db;
    const alertOf = async (orderId: string) => {
      const [row] = await db
        .select({ id: alerts.id })
        .from(alerts)
        .innerJoin(donations, eq(donations.id, alerts.donationId))
        .where(eq(donations.orderId, orderId));
      return row!.id;
    };
    await db
      .update(alerts)
      .set({ shownAt: new Date() })
      .where(eq(alerts.id, await alertOf(shownOrder)));
    // The edge of the fresh-overlay window (ALERT_FRESH_REPLAY_SECONDS, 2 minutes by default),
    // with a quarter of a minute's margin either side for the time the test itself takes.
    const backdate = async (orderId: string, ageMs: number) =>
      db
        .update(alerts)
        .set({ createdAt: new Date(Date.now() - ageMs) })
        .where(eq(alerts.id, await alertOf(orderId)));
    await backdate(insideOrder, 120_000 - 15_000);
    await backdate(oldOrder, 120_000 + 15_000);

    const fresh = await openSse(overlayUrl());
    await fresh.waitFor((event) => event.event === 'ready');
    const names = fresh.events.filter(isAlert).map(alertName);
    expect(names).toContain('Unshown Recent');
    expect(names).toContain('Just Inside');
    expect(names).not.toContain('Already Shown');
    expect(names).not.toContain('Too Old');
    fresh.close();
  });

  it('counts connected overlays for a test alert, and closes streams of a deactivated token', async () => {
    const a = await openSse(overlayUrl());
    const b = await openSse(overlayUrl());
    await Promise.all([
      a.waitFor((e) => e.event === 'ready'),
      b.waitFor((e) => e.event === 'ready'),
    ]);
    const test = await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/techgamer/test-alert',
      headers: ownerHeaders,
    });
    expect(test.json()).toEqual({ activeConnections: 2 });
    const testAlert = await a.waitFor(
      (event) => isAlert(event) && (event.data as { kind: string }).kind === 'test',
    );
    expect(testAlert.data).toMatchObject({ donation: { name: 'Shabaash Test' } });
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/streamers/techgamer/test-alert' }))
        .statusCode,
    ).toBe(401);

    const listed = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/techgamer/obs-tokens',
        headers: ownerHeaders,
      })
    ).json();
    const deactivate = await testApp.app.inject({
      method: 'POST',
      url: `/api/streamers/techgamer/obs-tokens/${listed.active.id}/deactivate`,
      headers: ownerHeaders,
    });
    expect(deactivate.statusCode).toBe(200);
    await Promise.all([a.ended, b.ended]);
    const after = await testApp.app.inject({
      method: 'GET',
      url: `/api/overlay/techgamer/session?token=${token}`,
    });
    expect(after.statusCode).toBe(401);
    token = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/streamers/techgamer/obs-tokens',
        headers: ownerHeaders,
      })
    ).json().token;
  });

  it('tells the dashboard stream about new donations and connected overlays', async () => {
    const dashboard = await openSse(`${baseUrl}/api/streamers/techgamer/events`, ownerHeaders);
    expect(dashboard.status).toBe(200);
    await dashboard.waitFor((event) => event.event === 'overlays');
    const overlay = await openSse(overlayUrl());
    await dashboard.waitFor(
      (event) =>
        event.event === 'overlays' &&
        (event.data as { active_connections: number }).active_connections === 1,
    );
    const orderId = await payTip('Dashboard Fan');
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    await dashboard.waitFor(
      (event) =>
        event.event === 'donation' &&
        (event.data as { donation_id: string }).donation_id === row!.id,
    );
    overlay.close();
    dashboard.close();
    expect((await openSse(`${baseUrl}/api/streamers/techgamer/events`)).status).toBe(401);
  });

  it.runIf(TEST_DB_BACKEND === 'postgres')(
    'reaches an overlay on another instance sharing the database',
    async () => {
      const other = await buildApp({ config: testApp.config, database: testApp.database });
      // A second instance with its own event bus; only the database is shared.
      const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      try {
        const overlay = await openSse(`${otherUrl}/api/overlay/techgamer/events?token=${token}`);
        await overlay.waitFor((event) => event.event === 'ready');
        await payTip('Cross Instance'); // webhook handled on the first instance
        await overlay.waitFor((event) => isAlert(event) && alertName(event) === 'Cross Instance');
        const count = await testApp.app.inject({
          method: 'POST',
          url: '/api/streamers/techgamer/test-alert',
          headers: ownerHeaders,
        });
        expect(count.json().activeConnections).toBe(1);
        overlay.close();
      } finally {
        await other.close();
      }
    },
  );
});
