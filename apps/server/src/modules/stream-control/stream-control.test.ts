import type { FastifyInstance } from 'fastify';
import type { Update } from 'grammy/types';
import type { ActivityFeed, OverlayReplay, StreamControlState } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startFakeTelegram } from '../../../test/fakes/fake-telegram.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { placeOrderId } from '../../../test/payments.ts';
import { openSse, type SseClient, type SseEvent } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_DB_BACKEND } from '../../../test/test-database.ts';
import { addModerator } from '../telegram/moderators.service.ts';

const MODERATOR_ID = 5_000_000_002;
const STRANGER_ID = 778;

const alertNames = (events: SseEvent[]) =>
  events
    .filter((event) => event.event === 'alert')
    .map((event) => (event.data as { donation: { name: string } }).donation.name);
const controls = (events: SseEvent[]) =>
  events.filter((event) => event.event === 'control').map((event) => event.data);
/** A `control` event with this action. */
const isControl = (event: SseEvent, action: string) =>
  event.event === 'control' && (event.data as { action: string }).action === action;
const replays = (events: SseEvent[]) =>
  events.filter((event) => event.event === 'replay').map((event) => event.data as OverlayReplay);

describe('stream controls and the activity feed', () => {
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  let testApp: TestApp;
  let baseUrl: string;
  let owner: Record<string, string>;
  let token: string;
  let streamerId: string;
  let updateId = 1;
  const open: SseClient[] = [];

  beforeAll(async () => {
    fake = await startFakeTelegram();
    testApp = await createTestApp({
      TELEGRAM_BOT_TOKEN: '123456:TEST-token',
      TELEGRAM_API_ROOT: fake.apiRoot,
    });
    await testApp.app.telegram!.bot.init();
    const db = testApp.database.db;
    const user = await buildUser(db);
    streamerId = (
      await buildStreamer(db, { slug: 'controlled', moderationMode: 'auto', memberIds: [user.id] })
    ).id;
    owner = (await signIn(testApp.app, user.email, user.password)).headers;
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/controlled/obs-tokens',
      headers: owner,
    });
    token = created.json().token;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await testApp.close();
    await fake.close();
  });

  async function overlay(url = baseUrl): Promise<SseClient> {
    const stream = await openSse(`${url}/api/overlay/controlled/events?token=${token}`);
    open.push(stream);
    await stream.waitFor((event) => event.event === 'ready');
    return stream;
  }

  /** Plays the part of an overlay that showed every alert so far (earlier tests' overlays did not). */
  async function acknowledgeAll() {
    const stream = await overlay();
    stream.close();
    for (const event of stream.events.filter((candidate) => candidate.event === 'alert')) {
      await testApp.app.inject({
        method: 'POST',
        url: `/api/overlay/controlled/alerts/${String(event.id)}/shown?token=${token}`,
      });
    }
  }

  const control = (action: string, extra: object = {}, app: FastifyInstance = testApp.app) =>
    app.inject({
      method: 'POST',
      url: '/api/streamers/controlled/stream-control',
      headers: owner,
      payload: { action, ...extra },
    });

  async function paidTip(name: string) {
    const orderId = await placeOrderId(testApp.app, 'controlled', {
      name,
      message: `from ${name}`,
    });
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
  }

  const feed = async () =>
    (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/controlled/activity',
        headers: owner,
      })
    ).json<ActivityFeed>();

  it('sends every overlay its pause and mute state first, then each control as it is pressed', async () => {
    const first = await overlay();
    expect(first.events[0]).toMatchObject({
      event: 'control',
      data: { action: 'state', is_paused: false, is_muted: false },
    });
    const widget = await openSse(
      `${baseUrl}/api/overlay/controlled/events?token=${token}&client=widget`,
    );
    open.push(widget);
    await widget.waitFor((event) => event.event === 'ready');

    for (const action of ['skip', 'mute', 'unmute', 'clear', 'pause', 'resume']) {
      expect((await control(action)).statusCode).toBe(200);
      await first.waitFor((event) => isControl(event, action));
    }
    expect(controls(first.events).map((data) => (data as { action: string }).action)).toEqual([
      'state',
      'skip',
      'mute',
      'unmute',
      'clear',
      'pause',
      'resume',
    ]);
    // Control frames carry no id: they never move an overlay's Last-Event-ID.
    expect(first.events.filter((event) => event.event === 'control').every((e) => !e.id)).toBe(
      true,
    );
    // A widget plays nothing and hears none of it.
    expect(controls(widget.events)).toEqual([]);
    expect((await control('explode')).statusCode).toBe(400);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/controlled/stream-control',
      payload: { action: 'skip' },
    });
    expect(anonymous.statusCode).toBe(401);
    first.close();
  });

  it('pause holds: alerts keep arriving once each, in order, and a fresh overlay starts paused', async () => {
    const live = await overlay();
    const paused = await control('pause');
    expect(paused.json<StreamControlState>()).toMatchObject({ is_paused: true });
    await paidTip('Held One');
    await paidTip('Held Two');
    await live.waitFor((event) => alertNames([event]).includes('Held Two'));
    // Nothing lost or doubled on the stream: the overlay holds them until resume.
    expect(alertNames(live.events)).toEqual(['Held One', 'Held Two']);
    const pauseAt = live.events.findIndex((event) => isControl(event, 'pause'));
    const firstHeld = live.events.findIndex((event) => alertNames([event]).length > 0);
    expect(pauseAt).toBeLessThan(firstHeld);

    // An overlay opened while paused hears `paused` before its replay of the unshown tips.
    const fresh = await overlay();
    expect(fresh.events[0]).toMatchObject({ data: { action: 'state', is_paused: true } });
    expect(alertNames(fresh.events)).toEqual(['Held One', 'Held Two']);

    await control('resume');
    await live.waitFor((event) => isControl(event, 'resume'));
    await fresh.waitFor((event) => isControl(event, 'resume'));
    expect(alertNames(live.events)).toEqual(['Held One', 'Held Two']);
    const state = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/controlled/stream-control',
      headers: owner,
    });
    expect(state.json()).toMatchObject({ is_paused: false });
    live.close();
    fresh.close();
  });

  it('replay plays a past alert once per press, as a new play rather than a redelivery', async () => {
    await acknowledgeAll();
    const live = await overlay();
    const past = (await feed()).items.find((item) => item.name === 'Held One');
    expect(past?.is_replayable).toBe(true);
    await control('replay', { alert_id: past!.alert_id });
    await control('replay', { alert_id: past!.alert_id });
    await live.waitFor(() => replays(live.events).length === 2);
    const [first, second] = replays(live.events);
    expect(first!.alert.alert_id).toBe(past!.alert_id);
    expect(first!.alert.donation.name).toBe('Held One');
    expect(first!.replay_id).not.toBe(second!.replay_id);
    // No `alert` frame: the exactly-once delivery of alerts is untouched.
    expect(alertNames(live.events)).toEqual([]);
    // Without an id, the newest alert that may play.
    await control('replay');
    await live.waitFor(() => replays(live.events).length === 3);
    expect(replays(live.events)[2]!.alert.donation.name).toBe('Held Two');
    // A tip that never became alertable cannot be replayed.
    const unknown = await control('replay', { alert_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    live.close();
  });

  it('clear drops the waiting alerts for good: a fresh overlay does not bring them back', async () => {
    await paidTip('Cleared Tip');
    const before = await overlay();
    expect(alertNames(before.events)).toEqual(['Cleared Tip']);
    before.close();
    await control('clear');
    const after = await overlay();
    expect(alertNames(after.events)).toEqual([]);
    after.close();
  });

  it('lists every tip whatever its state, and test alerts, newest first; the dashboard hears of each', async () => {
    const dashboard = await openSse(`${baseUrl}/api/streamers/controlled/events`, owner);
    open.push(dashboard);
    await dashboard.waitFor((event) => event.event === 'playback');
    await placeOrderId(testApp.app, 'controlled', { name: 'Still Paying' });
    await dashboard.waitFor((event) => event.event === 'activity');
    await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/controlled/test-alert',
      headers: owner,
    });
    const items = (await feed()).items;
    expect(items[0]).toMatchObject({ kind: 'test', payment_status: null, is_replayable: true });
    expect(items[1]).toMatchObject({
      kind: 'donation',
      name: 'Still Paying',
      payment_status: 'pending',
      alert_id: null,
      is_replayable: false,
    });
    expect(items.map((item) => item.name)).toEqual(
      expect.arrayContaining(['Held One', 'Held Two', 'Cleared Tip']),
    );
    const times = items.map((item) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    // What the overlay plays reaches the dashboard's stream and the state endpoint.
    const report = await testApp.app.inject({
      method: 'POST',
      url: `/api/overlay/controlled/playback?token=${token}`,
      payload: { playing_alert_id: items[0]!.alert_id, waiting: 2 },
    });
    expect(report.statusCode).toBe(204);
    await dashboard.waitFor(
      (event) => event.event === 'playback' && (event.data as StreamControlState).waiting === 2,
    );
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/overlay/controlled/playback?token=obs_wrong',
      payload: { playing_alert_id: null, waiting: 0 },
    });
    expect(refused.statusCode).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/streamers/controlled/activity' }))
        .statusCode,
    ).toBe(401);
    dashboard.close();
  });

  it('gives linked Telegram moderators /skip, /pause, /resume and /replay', async () => {
    await addModerator(testApp.database.db, streamerId, MODERATOR_ID);
    const live = await overlay();
    const command = (fromId: number, text: string, languageCode?: string) =>
      testApp.app.telegram!.bot.handleUpdate({
        update_id: updateId++,
        message: {
          message_id: updateId,
          date: 0,
          chat: { id: fromId, type: 'private', first_name: 'Mod' },
          from: {
            id: fromId,
            is_bot: false,
            first_name: 'Mod',
            ...(languageCode ? { language_code: languageCode } : {}),
          },
          text,
          entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
        },
      } as Update);
    const lastReply = (chatId: number) =>
      String(
        fake
          .callsTo('sendMessage')
          .filter((call) => call.params.chat_id === chatId)
          .at(-1)?.params.text,
      );

    for (const action of ['pause', 'resume', 'skip']) {
      await command(MODERATOR_ID, `/${action}`);
      await live.waitFor((event) => isControl(event, action));
    }
    expect(lastReply(MODERATOR_ID)).toContain('Skipped');
    await command(MODERATOR_ID, '/replay');
    await live.waitFor(() => replays(live.events).length === 1);

    await command(STRANGER_ID, '/pause');
    expect(lastReply(STRANGER_ID)).toContain('not a linked moderator');
    await command(MODERATOR_ID, '/pause someone-else');
    expect(lastReply(MODERATOR_ID)).toContain('not a moderator of “someone-else”');
    // A moderator whose Telegram app is in Hindi is answered in Hindi (issue 21).
    await command(MODERATOR_ID, '/pause', 'hi');
    await live.waitFor(
      (event) =>
        isControl(event, 'pause') && live.events.filter((e) => isControl(e, 'pause')).length === 2,
    );
    expect(lastReply(MODERATOR_ID)).toContain('अलर्ट रोक दिए');
    await command(MODERATOR_ID, '/resume', 'hi-IN');
    expect(lastReply(MODERATOR_ID)).toContain('अलर्ट फिर से चालू');
    const state = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/controlled/stream-control',
      headers: owner,
    });
    expect(state.json()).toMatchObject({ is_paused: false });
    live.close();
  });

  it.runIf(TEST_DB_BACKEND === 'postgres')(
    'each control reaches overlays on another instance sharing the database',
    async () => {
      const other = await buildApp({ config: testApp.config, database: testApp.database });
      const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      try {
        const remote = await overlay(otherUrl);
        for (const action of ['skip', 'pause', 'resume', 'mute', 'unmute', 'clear']) {
          await control(action); // pressed on the first instance
          await remote.waitFor((event) => isControl(event, action), 1000);
        }
        const past = (await feed()).items.find((item) => item.name === 'Held Two');
        await control('replay', { alert_id: past!.alert_id });
        await remote.waitFor(() => replays(remote.events).length === 1, 1000);
        expect(replays(remote.events)[0]!.alert.donation.name).toBe('Held Two');

        // And the other way: an overlay on the second instance reports, a dashboard here hears.
        const dashboard = await openSse(`${baseUrl}/api/streamers/controlled/events`, owner);
        open.push(dashboard);
        await dashboard.waitFor((event) => event.event === 'playback');
        await other.inject({
          method: 'POST',
          url: `/api/overlay/controlled/playback?token=${token}`,
          payload: { playing_alert_id: past!.alert_id, waiting: 7 },
        });
        await dashboard.waitFor(
          (event) => event.event === 'playback' && (event.data as StreamControlState).waiting === 7,
        );
        remote.close();
        dashboard.close();
      } finally {
        await other.close();
      }
    },
  );
});
