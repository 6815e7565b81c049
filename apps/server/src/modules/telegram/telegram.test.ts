import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { telegramModeratorsSchema } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '../../db/schema.ts';
import { startFakeTelegram } from '../../../test/fakes/fake-telegram.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { placeOrderId } from '../../../test/payments.ts';
import { openSse } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { updateStreamerColumns } from '../streamers/streamers.repository.ts';
import { uploadFixture } from '../uploads/voice-upload.test-helper.ts';

const MODERATOR_ID = 5_000_000_001; // beyond 32 bits, as real Telegram ids can be
const STRANGER_ID = 777;

describe('Telegram moderation', () => {
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  let testApp: TestApp;
  let owner: Record<string, string>;
  let baseUrl: string;
  let reviewedId: string;
  let updateId = 1;
  let dataDir: string;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-telegram-'));
    testApp = await createTestApp({
      TELEGRAM_BOT_TOKEN: '123456:TEST-token',
      TELEGRAM_API_ROOT: fake.apiRoot,
      DATA_DIR: dataDir,
    });
    await testApp.app.telegram!.bot.init(); // getMe, answered by the fake
    const db = testApp.database.db;
    const user = await buildUser(db);
    const reviewed = await buildStreamer(db, {
      slug: 'reviewed',
      moderationMode: 'review',
      memberIds: [user.id],
    });
    reviewedId = reviewed.id;
    owner = (await signIn(testApp.app, user.email, user.password)).headers;
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const moderators = (method: 'GET' | 'PUT' | 'DELETE', payload?: object, headers = owner) =>
    testApp.app.inject({
      method,
      url: '/api/streamers/reviewed/moderators',
      headers,
      ...(payload ? { payload } : {}),
    });

  const pressButton = (fromId: number, data: string, messageId: number) =>
    testApp.app.telegram!.bot.handleUpdate({
      update_id: updateId++,
      callback_query: {
        id: `cb-${updateId}`,
        from: { id: fromId, is_bot: false, first_name: 'Mod', username: `mod${fromId}` },
        chat_instance: 'x',
        data,
        message: {
          message_id: messageId,
          date: 0,
          chat: { id: fromId, type: 'private', first_name: 'Mod' },
          text: 'review',
        },
      },
    } as Update);

  async function paidTip(name: string) {
    const orderId = await placeOrderId(testApp.app, 'reviewed', {
      name,
      message: '<b>hi</b> & bye',
    });
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
  }

  it('links and unlinks moderators from the dashboard, validating the id', async () => {
    const empty = await moderators('PUT', { telegram_user_id: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter a Telegram User ID');
    expect((await moderators('PUT', { telegram_user_id: 'abc' })).json().error.message).toMatch(
      /is a number/,
    );

    const linked = await moderators('PUT', { telegram_user_id: String(MODERATOR_ID) });
    expect(linked.statusCode).toBe(200);
    telegramModeratorsSchema.parse(linked.json());
    expect(linked.json()).toMatchObject({
      moderators: [{ telegram_user_id: String(MODERATOR_ID) }],
      bot: { configured: true, username: 'shabaash_test_bot' },
    });
    await moderators('PUT', { telegram_user_id: '42' });
    expect((await moderators('DELETE', { telegram_user_id: '42' })).json().moderators).toHaveLength(
      1,
    );
    expect((await moderators('DELETE', { telegram_user_id: '42' })).statusCode).toBe(404);
    expect((await moderators('GET', undefined, {})).statusCode).toBe(401);
  });

  it('tells a user their id on /start', async () => {
    await testApp.app.telegram!.bot.handleUpdate({
      update_id: updateId++,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: 999, type: 'private', first_name: 'New' },
        from: { id: 999, is_bot: false, first_name: 'New' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    } as Update);
    const reply = fake.callsTo('sendMessage').at(-1);
    expect(reply?.params).toMatchObject({ chat_id: 999 });
    expect(String(reply?.params.text)).toContain('<code>999</code>');
  });

  it('sends a review request with escaped text and buttons to each linked moderator', async () => {
    const tip = await paidTip('Review <Me>');
    await testApp.app.telegram!.idle();
    const request = fake
      .callsTo('sendMessage')
      .find((call) => String(call.params.text).includes('Review &lt;Me&gt;'));
    expect(request?.params.chat_id).toBe(MODERATOR_ID);
    expect(request?.params.text).toContain('&lt;b&gt;hi&lt;/b&gt; &amp; bye');
    expect(request?.params.text).not.toContain('9876543210');
    expect(request?.params.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: '✅ Approve', callback_data: `m:a:${tip.id}` },
          { text: '❌ Reject', callback_data: `m:r:${tip.id}` },
        ],
      ],
    });
  });

  it('writes to each moderator in the language of their Telegram app: Hindi text and buttons', async () => {
    const hindiModerator = 5_000_000_002;
    await moderators('PUT', { telegram_user_id: String(hindiModerator) });
    // Their /start carries their app's language, which the bot keeps for later messages.
    await testApp.app.telegram!.bot.handleUpdate({
      update_id: updateId++,
      message: {
        message_id: 2,
        date: 0,
        chat: { id: hindiModerator, type: 'private', first_name: 'Hindi' },
        from: { id: hindiModerator, is_bot: false, first_name: 'Hindi', language_code: 'hi' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    } as Update);
    const welcome = String(fake.callsTo('sendMessage').at(-1)?.params.text);
    expect(welcome).toContain('नमस्ते');
    expect(welcome).toContain(`<code>${hindiModerator}</code>`);

    const tip = await paidTip('Bhasha Fan');
    await testApp.app.telegram!.idle();
    const requests = fake
      .callsTo('sendMessage')
      .filter((call) => String(call.params.text).includes('Bhasha Fan'));
    const toHindi = requests.find((call) => call.params.chat_id === hindiModerator);
    const toEnglish = requests.find((call) => call.params.chat_id === MODERATOR_ID);
    expect(String(toHindi?.params.text)).toContain(
      '<b>Streamer reviewed के लिए नया टिप — रिव्यू का इंतज़ार</b>',
    );
    expect(String(toHindi?.params.text)).toMatch(/Bhasha Fan ने <b>₹[\d,]+<\/b> भेजे/);
    expect(toHindi?.params.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: '✅ मंज़ूर करें', callback_data: `m:a:${tip.id}` },
          { text: '❌ रिजेक्ट करें', callback_data: `m:r:${tip.id}` },
        ],
      ],
    });
    expect(String(toEnglish?.params.text)).toContain('waiting for review');
    await moderators('DELETE', { telegram_user_id: String(hindiModerator) });
  });

  it('sends the voice clip after the review message: OGG as a voice message, WebM as a file', async () => {
    for (const [fixture, method] of [
      ['voice-2s.ogg', 'sendVoice'],
      ['voice-3s-chrome.webm', 'sendDocument'],
    ] as const) {
      const before = fake.calls.length;
      const uploadId = await uploadFixture(testApp.app, fixture);
      const orderId = await placeOrderId(testApp.app, 'reviewed', {
        type: 'voice',
        voice_upload_id: uploadId,
        message: '',
      });
      await testApp.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${orderId}/complete`,
        payload: { result: 'paid' },
      });
      await testApp.app.telegram!.idle();
      const sent = fake.calls.slice(before);
      const methods = sent.map((call) => call.method);
      expect(
        methods.filter(
          (method) =>
            method === 'sendMessage' || method === 'sendVoice' || method === 'sendDocument',
        ),
      ).toEqual(['sendMessage', method]);
      expect(String(sent.find((call) => call.method === 'sendMessage')?.params.text)).toContain(
        '🎤 Voice message attached',
      );
    }
  });

  it('approves from a linked moderator’s button: the overlay gets the alert and the message shows who', async () => {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/reviewed/obs-tokens',
      headers: owner,
    });
    const overlay = await openSse(
      `${baseUrl}/api/overlay/reviewed/events?token=${created.json().token}`,
    );
    await overlay.waitFor((event) => event.event === 'ready');
    const tip = await paidTip('Button Fan');
    await pressButton(MODERATOR_ID, `m:a:${tip.id}`, 555);

    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.id, tip.id));
    expect(row).toMatchObject({
      moderationStatus: 'approved',
      moderatedBy: `telegram:${MODERATOR_ID}:@mod${MODERATOR_ID}`,
    });
    await overlay.waitFor(
      (event) =>
        event.event === 'alert' &&
        (event.data as { donation: { name: string } }).donation.name === 'Button Fan',
    );
    expect(fake.callsTo('answerCallbackQuery').at(-1)?.params).toMatchObject({ text: 'Approved' });
    expect(String(fake.callsTo('editMessageText').at(-1)?.params.text)).toContain(
      `✅ Approved by @mod${MODERATOR_ID}`,
    );

    // A second press (another moderator, a double-click) is told it was already decided.
    await pressButton(MODERATOR_ID, `m:r:${tip.id}`, 555);
    expect(String(fake.callsTo('answerCallbackQuery').at(-1)?.params.text)).toMatch(
      /already approved/,
    );
    overlay.close();
  });

  it('keeps the amount from moderators when the streamer hides it', async () => {
    const hideAmounts = (hide: boolean) =>
      updateStreamerColumns(testApp.database.db, reviewedId, { hideAmountsFromModerators: hide });
    await hideAmounts(true);
    await paidTip('Quiet Amount');
    await testApp.app.telegram!.idle();
    const request = fake
      .callsTo('sendMessage')
      .find((call) => String(call.params.text).includes('Quiet Amount'));
    expect(String(request?.params.text)).toContain('Quiet Amount sent a tip');
    expect(String(request?.params.text)).not.toContain('₹51');
    await hideAmounts(false);
  });

  it('refuses a button press from someone who is not a linked moderator', async () => {
    const tip = await paidTip('Stranger Target');
    await pressButton(STRANGER_ID, `m:a:${tip.id}`, 556);
    expect(fake.callsTo('answerCallbackQuery').at(-1)?.params).toMatchObject({
      text: 'You are not a moderator of this streamer.',
      show_alert: true,
    });
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.id, tip.id));
    expect(row?.moderationStatus).toBe('pending');
  });

  it('says the bot is not configured when there is no token', async () => {
    const plain = await createTestApp();
    const user = await buildUser(plain.database.db);
    await buildStreamer(plain.database.db, { slug: 'nobot', memberIds: [user.id] });
    const headers = (await signIn(plain.app, user.email, user.password)).headers;
    const response = await plain.app.inject({
      method: 'GET',
      url: '/api/streamers/nobot/moderators',
      headers,
    });
    expect(response.json().bot).toEqual({ configured: false, username: null });
    await plain.close();
  });
});
