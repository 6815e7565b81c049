import {
  goalResponseSchema,
  testAlertResponseSchema,
  widgetLeaderboardResponseSchema,
} from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { openSse, type SseEvent } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newFan, tip } from './tips.test-helper.ts';

const isAlert = (event: SseEvent) => event.event === 'alert';
const alertName = (event: SseEvent) => (event.data as { donation: { name: string } }).donation.name;

describe('stream widgets', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let ownerHeaders: Record<string, string>;
  let token: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const owner = await buildUser(db);
    await buildStreamer(db, { slug: 'widgety', moderationMode: 'auto', memberIds: [owner.id] });
    await buildStreamer(db, { slug: 'other-one', moderationMode: 'auto' });
    ownerHeaders = (await signIn(testApp.app, owner.email, owner.password)).headers;
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    token = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/streamers/widgety/obs-tokens',
        headers: ownerHeaders,
      })
    ).json().token;
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const widgetUrl = (kind: string, query = '') =>
    `/api/overlay/widgety/widgets/${kind}?token=${token}${query}`;
  const streamUrl = (client?: string) =>
    `${baseUrl}/api/overlay/widgety/events?token=${token}${client ? `&client=${client}` : ''}`;

  it('refuses a missing, invalid or other streamer’s token with the overlay’s words', async () => {
    for (const kind of ['leaderboard', 'goal', 'recent']) {
      const missing = await get(`/api/overlay/widgety/widgets/${kind}`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe(
        'Please provide a valid OBS token in the URL parameters. Format: ?token=your_obs_token',
      );
      const invalid = await get(`/api/overlay/widgety/widgets/${kind}?token=obs_nope`);
      expect(invalid.statusCode).toBe(401);
      expect((await get(`/api/overlay/other-one/widgets/${kind}?token=${token}`)).statusCode).toBe(
        401,
      );
    }
  });

  it('serves the leaderboard, goal and last five supporters to a valid token', async () => {
    const regular = newFan();
    for (const [index, amountPaise] of [1_000, 2_000, 3_000, 4_000, 5_000, 6_000].entries()) {
      await tip(testApp.app, 'widgety', {
        fan: newFan(),
        name: `Fan ${String(index)}`,
        amountPaise,
      });
    }
    await tip(testApp.app, 'widgety', {
      fan: regular,
      name: 'Hidden Hari',
      anonymous: true,
      amountPaise: 100,
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/widgety/goal',
      headers: ownerHeaders,
      payload: { title: 'New chair', target_paise: 20_000 },
    });

    const leaderboard = widgetLeaderboardResponseSchema.parse(
      (await get(widgetUrl('leaderboard', '&period=week&limit=3'))).json(),
    );
    expect(leaderboard).toEqual({
      streamer_name: 'Streamer widgety',
      period: 'week',
      entries: [
        { rank: 1, name: 'Fan 5', amount_paise: 6_000 },
        { rank: 2, name: 'Fan 4', amount_paise: 5_000 },
        { rank: 3, name: 'Fan 3', amount_paise: 4_000 },
      ],
    });
    expect((await get(widgetUrl('leaderboard'))).json().entries).toHaveLength(5);
    expect((await get(widgetUrl('leaderboard', '&limit=11'))).statusCode).toBe(400);

    expect(goalResponseSchema.parse((await get(widgetUrl('goal'))).json()).goal).toMatchObject({
      title: 'New chair',
      raised_paise: 0,
      target_paise: 20_000,
    });

    const recent = (await get(widgetUrl('recent'))).json().donations;
    expect(recent.map((donation: { donor_name: string }) => donation.donor_name)).toEqual([
      'Anonymous',
      'Fan 5',
      'Fan 4',
      'Fan 3',
      'Fan 2',
    ]);
    expect(JSON.stringify(recent)).not.toContain('Hidden Hari');
    expect(JSON.stringify(recent)).not.toContain('9876543210');
  });

  it('lets widgets listen to the alert stream without counting as overlays or replaying', async () => {
    // An alert nobody has shown yet: a fresh overlay gets it, a fresh widget does not.
    await tip(testApp.app, 'widgety', { fan: newFan(), name: 'Before Widgets' });
    const widget = await openSse(streamUrl('widget'));
    expect(widget.status).toBe(200);
    await widget.waitFor((event) => event.event === 'ready');
    expect(widget.events.filter(isAlert)).toEqual([]);

    const overlay = await openSse(streamUrl());
    await overlay.waitFor((event) => event.event === 'ready');
    expect(overlay.events.filter(isAlert).map(alertName)).toContain('Before Widgets');

    const testAlert = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/streamers/widgety/test-alert',
        headers: ownerHeaders,
      });
    expect(testAlertResponseSchema.parse((await testAlert()).json())).toEqual({
      activeConnections: 1,
    });

    await tip(testApp.app, 'widgety', {
      fan: newFan(),
      name: 'While Listening',
      amountPaise: 9_900,
    });
    await widget.waitFor((event) => isAlert(event) && alertName(event) === 'While Listening');
    // The widget's re-read after the alert already includes the tip.
    const entries = (await get(widgetUrl('leaderboard'))).json().entries;
    expect(entries[0]).toMatchObject({ name: 'While Listening', amount_paise: 9_900 });

    overlay.close();
    // The server notices the closed socket a moment later; the widget still does not count.
    await expect
      .poll(async () => (await testAlert()).json(), { timeout: 3000 })
      .toEqual({
        activeConnections: 0,
      });
    widget.close();
    expect(
      (await openSse(`${baseUrl}/api/overlay/widgety/events?token=${token}&client=bogus`)).status,
    ).toBe(400);
  });
});
