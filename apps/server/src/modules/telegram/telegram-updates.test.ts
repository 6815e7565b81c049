import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Update } from 'grammy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { donations } from '../../db/schema.ts';
import { buildStreamer } from '../../../test/factories.ts';
import { startFakeTelegram } from '../../../test/fakes/fake-telegram.ts';
import { placeOrderId, postWebhook, sandboxCheckout } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addModerator } from './moderators.service.ts';
import { startTelegramUpdates, type TelegramUpdates } from './telegram-updates.ts';

const TOKEN = '123456:TEST-token';
const MODERATOR_ID = 5_000_000_002;
const WEBHOOK_URL = 'https://shabaash.example/api/telegram/webhook';
/** Generous: these wait for work over local HTTP on a busy machine, they measure nothing. */
const WAIT = { timeout: 15_000, interval: 20 };

type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

/**
 * Receiving Telegram's updates in both modes, against the local Bot API fake: long polling (the
 * default, one instance at a time) and webhook mode. Moderators' button presses approve and
 * reject tips either way.
 */
describe('Telegram updates', () => {
  let fake: FakeTelegram;
  let testApp: TestApp;
  let pressNumber = 0;

  /** A test app on the shared database whose Telegram runs as it does in production. */
  async function startServer(env: { webhookUrl?: string } = {}) {
    const lines: string[] = [];
    const app = await buildApp({
      config: {
        ...testApp.config,
        LOG_LEVEL: 'info',
        TELEGRAM_WEBHOOK_URL: env.webhookUrl,
      },
      database: testApp.database,
      backgroundJobs: true,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    return { app, lines };
  }

  async function paidTipWaitingForReview(slug: string) {
    const orderId = await placeOrderId(testApp.app, slug);
    await postWebhook(testApp.app, await sandboxCheckout(testApp.app, orderId, 'paid'));
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row?.moderationStatus).toBe('pending');
    return row!;
  }

  /** A moderator presses Approve or Reject under a review message. */
  function buttonPress(action: 'a' | 'r', donationId: string) {
    pressNumber += 1;
    const callbackId = `press-${pressNumber}`;
    const update: Omit<Update, 'update_id'> = {
      callback_query: {
        id: callbackId,
        from: { id: MODERATOR_ID, is_bot: false, first_name: 'Mod', username: 'modtg' },
        chat_instance: 'chat',
        data: `m:${action}:${donationId}`,
        message: {
          message_id: 700 + pressNumber,
          date: 0,
          chat: { id: MODERATOR_ID, type: 'private', first_name: 'Mod' },
          text: 'review',
        },
      },
    };
    return { callbackId, update };
  }

  /** Waits until the bot has made a matching call to the Bot API; returns its parameters. */
  async function called(method: string, matches: (params: Record<string, unknown>) => boolean) {
    return vi.waitFor(() => {
      const call = fake.callsTo(method).find((c) => matches(c.params));
      if (!call) throw new Error(`no ${method} call yet`);
      return call.params;
    }, WAIT);
  }

  /** Waits for the bot to answer a button press; returns the answer's text. */
  async function answered(callbackId: string) {
    return (await called('answerCallbackQuery', (p) => p.callback_query_id === callbackId)).text;
  }

  const moderationStatus = async (donationId: string) => {
    await vi.waitFor(async () => {
      const [row] = await testApp.database.db
        .select({ status: donations.moderationStatus })
        .from(donations)
        .where(eq(donations.id, donationId));
      expect(row?.status).not.toBe('pending');
    }, WAIT);
    const [row] = await testApp.database.db
      .select({ status: donations.moderationStatus, by: donations.moderatedBy })
      .from(donations)
      .where(eq(donations.id, donationId));
    return row;
  };

  beforeAll(async () => {
    fake = await startFakeTelegram();
    testApp = await createTestApp({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: fake.apiRoot });
    for (const slug of ['polled', 'hooked', 'shared']) {
      const streamer = await buildStreamer(testApp.database.db, { slug, moderationMode: 'review' });
      await addModerator(testApp.database.db, streamer.id, MODERATOR_ID);
    }
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });
  afterEach(() => {
    expect(fake.conflicts()).toBe(0);
  });

  it('long-polls by default: approves and rejects from button presses, and stops cleanly', async () => {
    const approveTip = await paidTipWaitingForReview('polled');
    const rejectTip = await paidTipWaitingForReview('polled');
    const { app, lines } = await startServer();

    const approve = buttonPress('a', approveTip.id);
    const reject = buttonPress('r', rejectTip.id);
    fake.pushUpdate(approve.update);
    const rejectUpdateId = fake.pushUpdate(reject.update);

    expect(await answered(approve.callbackId)).toBe('Approved');
    expect(await answered(reject.callbackId)).toBe('Rejected');
    expect(await moderationStatus(approveTip.id)).toEqual({
      status: 'approved',
      by: `telegram:${MODERATOR_ID}:@modtg`,
    });
    expect((await moderationStatus(rejectTip.id))?.status).toBe('rejected');
    await called('editMessageText', (p) => String(p.text).includes('❌ Rejected by'));

    // Polling mode has no webhook endpoint: grammY's webhook callback would disable polling.
    const webhook = await app.inject({ method: 'POST', url: '/api/telegram/webhook', payload: {} });
    expect(webhook.statusCode).toBe(404);

    await app.close();
    // The last getUpdates confirms everything handled, so no restart handles a press twice.
    expect(Number(fake.callsTo('getUpdates').at(-1)?.params.offset)).toBe(rejectUpdateId + 1);
    const log = lines.join('');
    expect(log).toContain('telegram bot polling for updates');
    expect(log).not.toContain('could not start');
    expect(log).not.toMatch(/"level":(50|60)/); // no error or fatal line
  });

  it('polls from one instance at a time; another takes over when it stops', async () => {
    const first = await buildApp({ config: testApp.config, database: testApp.database });
    const second = await buildApp({ config: testApp.config, database: testApp.database });
    const start = (app: FastifyInstance) =>
      startTelegramUpdates(app.telegram!, {
        webhookUrl: undefined,
        database: testApp.database,
        log: app.log,
        standbyRetryMs: 25,
      });
    const updates: TelegramUpdates[] = [start(first), start(second)];
    await vi.waitFor(() => {
      expect(updates.map((u) => u.state()).sort()).toEqual(['polling', 'standby']);
    }, WAIT);
    const poller = updates.find((u) => u.state() === 'polling')!;
    const standby = updates.find((u) => u.state() === 'standby')!;

    const approveTip = await paidTipWaitingForReview('shared');
    const approve = buttonPress('a', approveTip.id);
    fake.pushUpdate(approve.update);
    expect(await answered(approve.callbackId)).toBe('Approved');

    await poller.stop();
    await vi.waitFor(() => expect(standby.state()).toBe('polling'), WAIT);
    const rejectTip = await paidTipWaitingForReview('shared');
    const reject = buttonPress('r', rejectTip.id);
    fake.pushUpdate(reject.update);
    expect(await answered(reject.callbackId)).toBe('Rejected');
    expect((await moderationStatus(rejectTip.id))?.status).toBe('rejected');

    // The press handled before the hand-over was confirmed, not handled again.
    const approveAnswers = fake
      .callsTo('answerCallbackQuery')
      .filter((call) => call.params.callback_query_id === approve.callbackId);
    expect(approveAnswers).toHaveLength(1);
    await standby.stop();
    await first.close();
    await second.close();
  });

  it('in webhook mode registers the webhook and takes presses posted to it', async () => {
    const getUpdatesBefore = fake.callsTo('getUpdates').length;
    const approveTip = await paidTipWaitingForReview('hooked');
    const rejectTip = await paidTipWaitingForReview('hooked');
    const { app, lines } = await startServer({ webhookUrl: WEBHOOK_URL });
    await called('setWebhook', () => true);
    const secret = app.telegram!.webhookSecret;
    expect(fake.webhook()).toEqual({ url: WEBHOOK_URL, secret_token: secret });

    const post = (update: Omit<Update, 'update_id'>, token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'x-telegram-bot-api-secret-token': token },
        payload: { update_id: 9000 + pressNumber, ...update },
      });
    const forged = buttonPress('a', approveTip.id);
    expect((await post(forged.update, 'not-the-secret')).statusCode).toBe(401);

    const approve = buttonPress('a', approveTip.id);
    expect((await post(approve.update, secret)).statusCode).toBe(200);
    expect(await answered(approve.callbackId)).toBe('Approved');
    const reject = buttonPress('r', rejectTip.id);
    expect((await post(reject.update, secret)).statusCode).toBe(200);
    expect(await answered(reject.callbackId)).toBe('Rejected');
    expect((await moderationStatus(approveTip.id))?.status).toBe('approved');
    expect((await moderationStatus(rejectTip.id))?.status).toBe('rejected');
    expect(
      fake
        .callsTo('answerCallbackQuery')
        .some((c) => c.params.callback_query_id === forged.callbackId),
    ).toBe(false);

    await app.close();
    expect(fake.callsTo('getUpdates')).toHaveLength(getUpdatesBefore); // it never polled
    expect(lines.join('')).not.toMatch(/"level":(50|60)/);
  });
});
