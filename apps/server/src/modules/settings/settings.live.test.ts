import { DONATION_MESSAGES } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { donations } from '../../db/schema.ts';
import { buildStreamer } from '../../../test/factories.ts';
import { placeOrder, placeOrderId } from '../../../test/payments.ts';
import { openSse, type SseClient } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditOf, buildSettingsCast, patchSettings, type Headers } from './settings.test-helper.ts';

const SLUG = 'live-star';
const OTHER_SLUG = 'live-other';

/** Settings reach open overlays and donation pages without a reload; deactivation too. */
describe('live settings', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let ownerHeaders: Headers;
  let adminHeaders: Headers;
  let token: string;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    ({ ownerHeaders, adminHeaders } = await buildSettingsCast(testApp, SLUG, OTHER_SLUG));
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    token = (
      await testApp.app.inject({
        method: 'POST',
        url: `/api/streamers/${SLUG}/obs-tokens`,
        headers: ownerHeaders,
      })
    ).json().token;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await testApp.close();
  });

  async function open(url: string) {
    const stream = await openSse(url);
    streams.push(stream);
    await stream.waitFor((event) => event.event === 'ready');
    return stream;
  }

  it('tells an open overlay and donation page about a change, with the new values', async () => {
    const overlay = await open(`${baseUrl}/api/overlay/${SLUG}/events?token=${token}`);
    const page = await open(`${baseUrl}/api/streamers/${SLUG}/profile-events`);
    const response = await patchSettings(
      testApp.app,
      SLUG,
      { page: { brand_color: '#10b981', welcome_text: 'Namaste!' } },
      ownerHeaders,
    );
    expect(response.statusCode).toBe(200);

    const settings = await overlay.waitFor((event) => event.event === 'settings');
    expect(settings.data).toMatchObject({ brand_color: '#10b981', is_active: true });
    expect(settings.id).toBeNull(); // not an alert: no id, so replay is untouched

    const profile = await page.waitFor((event) => event.event === 'streamer');
    expect(profile.data).toMatchObject({
      slug: SLUG,
      brand_color: '#10b981',
      welcome_text: 'Namaste!',
      payment: { provider: 'sandbox' },
    });
  });

  it('nudges open donation pages when a tip joins the public lists, never for a held one', async () => {
    // A streamer of its own: these tips' alerts must not reach the other tests' overlays.
    const slug = 'live-tips';
    await buildStreamer(testApp.database.db, { slug, moderationMode: 'auto' });
    const page = await open(`${baseUrl}/api/streamers/${slug}/profile-events`);
    const nudges = () => page.events.filter((event) => event.event === 'donations');
    const waitForNudges = (count: number) =>
      page.waitFor((event) => event.event === 'donations' && nudges().length >= count);
    const payTip = async (name: string, message: string) => {
      const orderId = await placeOrderId(testApp.app, slug, { name, message });
      const paid = await testApp.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${orderId}/complete`,
        payload: { result: 'paid' },
      });
      expect(paid.statusCode).toBe(200);
      return orderId;
    };
    const recentNames = async () =>
      (await testApp.app.inject({ method: 'GET', url: `/api/streamers/${slug}/donations/recent` }))
        .json()
        .donations.map((donation: { donor_name: string }) => donation.donor_name);

    // A starter blocked word holds this one for review, so no public list shows it.
    const heldOrder = await payTip('Held Fan', 'you bastard');
    await payTip('Shown Fan', 'Great stream!');
    // Changes are checked one after another: once the second tip's nudge is here, the held
    // tip's check has ended, and it sent nothing.
    await waitForNudges(1);
    expect(nudges()).toHaveLength(1);
    // A nudge only: the page re-reads its public lists, which show the paid tip now.
    expect(nudges()[0]?.data).toEqual({});
    expect(await recentNames()).toContain('Shown Fan');
    expect(await recentNames()).not.toContain('Held Fan');

    // Approving the held tip puts it on the lists, and the pages hear of it.
    const [held] = await testApp.database.db
      .select({ id: donations.id })
      .from(donations)
      .where(eq(donations.orderId, heldOrder));
    const approved = await testApp.app.inject({
      method: 'POST',
      url: `/api/donations/${held?.id ?? ''}/approve`,
      headers: adminHeaders,
    });
    expect(approved.statusCode).toBe(200);
    await waitForNudges(2);
    expect(await recentNames()).toContain('Held Fan');
  });

  it('404s the profile stream of an unknown streamer', async () => {
    const stream = await openSse(`${baseUrl}/api/streamers/nobody-here/profile-events`);
    expect(stream.status).toBe(404);
    stream.close();
  });

  it('deactivates: the page says so, orders stop, overlays stay connected but receive nothing', async () => {
    const overlay = await open(`${baseUrl}/api/overlay/${SLUG}/events?token=${token}`);
    const page = await open(`${baseUrl}/api/streamers/${SLUG}/profile-events`);

    const forOwner = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/streamers/${SLUG}/deactivate`,
      headers: ownerHeaders,
    });
    expect(forOwner.statusCode).toBe(403);

    const deactivated = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/streamers/${SLUG}/deactivate`,
      headers: adminHeaders,
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().streamer.is_active).toBe(false);
    expect((await page.waitFor((event) => event.event === 'streamer')).data).toMatchObject({
      is_active: false,
    });
    expect((await overlay.waitFor((event) => event.event === 'settings')).data).toMatchObject({
      is_active: false,
    });

    const order = await placeOrder(testApp.app, SLUG);
    expect(order.statusCode).toBe(403);
    expect(order.json().error.message).toBe(DONATION_MESSAGES.streamerNotAccepting);

    const test = await testApp.app.inject({
      method: 'POST',
      url: `/api/streamers/${SLUG}/test-alert`,
      headers: ownerHeaders,
    });
    expect(test.json().activeConnections).toBeGreaterThanOrEqual(1);
    // The sentinel: alerts go out in rounds, every streamer's waiting alerts together and in
    // order, so once a test alert sent afterwards has reached another streamer's overlay, the
    // round that carried this one is over, and it did not come.
    const otherToken = (
      await testApp.app.inject({
        method: 'POST',
        url: `/api/streamers/${OTHER_SLUG}/obs-tokens`,
        headers: adminHeaders,
      })
    ).json().token;
    const otherOverlay = await open(
      `${baseUrl}/api/overlay/${OTHER_SLUG}/events?token=${otherToken}`,
    );
    const sentinel = await testApp.app.inject({
      method: 'POST',
      url: `/api/streamers/${OTHER_SLUG}/test-alert`,
      headers: adminHeaders,
    });
    expect(sentinel.statusCode).toBe(200);
    await otherOverlay.waitFor((event) => event.event === 'alert');
    expect(overlay.events.some((event) => event.event === 'alert')).toBe(false);

    const reactivated = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/streamers/${SLUG}/reactivate`,
      headers: adminHeaders,
    });
    expect(reactivated.json().streamer.is_active).toBe(true);
    await testApp.app.inject({
      method: 'POST',
      url: `/api/streamers/${SLUG}/test-alert`,
      headers: ownerHeaders,
    });
    await overlay.waitFor((event) => event.event === 'alert');

    const audit = await auditOf(testApp.app, SLUG, adminHeaders);
    expect(audit.filter((entry) => entry.field === 'is_active').map((e) => e.new_value)).toEqual([
      true,
      false,
    ]);
  });
});
