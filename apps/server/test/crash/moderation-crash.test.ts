import { inArray } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { MODERATION_MESSAGES } from '@shabaash/core';
import { describe, expect, it } from 'vitest';
import { donations } from '../../src/db/schema.ts';
import { generateObsToken } from '../../src/modules/overlays/obs-tokens.service.ts';
import { addModerator } from '../../src/modules/telegram/moderators.service.ts';
import { buildStreamer, buildUser } from '../factories.ts';
import { startFakeTelegram, type TelegramCall } from '../fakes/fake-telegram.ts';
import { startHoldingProxy } from '../holding-proxy.ts';
import { watchOverlay } from '../overlay-watcher.ts';
import {
  alertRowsOf,
  cleanUpLater,
  crash,
  eventually,
  freshOverlayReplays,
  newServerData,
  placeOrder,
  postJson,
  SCENARIO_TIMEOUT_MS,
  startServer,
} from './crash-harness.ts';

const MODERATOR_ID = 5_000_000_001;
const BOT_TOKEN = '123456:TEST-token';

/**
 * Crash during moderation, on a streamer who reviews every tip: a Telegram moderator's Approve
 * has been committed but Telegram has not had its answer yet, and the streamer has just
 * approved another tip in the dashboard with a second click in flight, when the server is
 * killed. Telegram then delivers the unanswered update again and the streamer clicks again.
 * Each tip must be approved once and its alert played once.
 */
describe('crash during moderation', () => {
  it(
    'approves each tip once and plays each approved alert once after a crash mid-approval',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const telegram = await startFakeTelegram();
      cleanUpLater(() => telegram.close());
      // The bot reaches the Telegram Bot API through a proxy that can hold one answer.
      const proxy = await startHoldingProxy(telegram.apiRoot);
      cleanUpLater(() => proxy.close());
      const data = await newServerData();
      const slug = 'reviewed';
      const { owner, token } = await data.withDatabase(async (db) => {
        const user = await buildUser(db);
        const streamer = await buildStreamer(db, {
          slug,
          moderationMode: 'review',
          memberIds: [user.id],
        });
        await addModerator(db, streamer.id, MODERATOR_ID);
        return { owner: user, token: (await generateObsToken(db, streamer.id)).token };
      });
      const env = {
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_API_ROOT: proxy.url,
        TELEGRAM_WEBHOOK_URL: 'https://shabaash.invalid/api/telegram/webhook',
      };

      let server = await startServer(data, env);
      // The bot registers its webhook in the background once the server is up.
      await eventually(() => telegram.callsTo('setWebhook').length > 0, 'the webhook');
      // The secret Telegram will echo on each update, as the bot registered it.
      const secret = String(telegram.callsTo('setWebhook').at(-1)?.params.secret_token);
      const sendUpdate = (update: Update) =>
        postJson(`${server.url}/api/telegram/webhook`, update, {
          'x-telegram-bot-api-secret-token': secret,
        });
      const login = await postJson(`${server.url}/api/auth/login`, {
        email: owner.email,
        password: owner.password,
      });
      const ownerAuth = {
        authorization: `Bearer ${(login.body as { session: { access_token: string } }).session.access_token}`,
      };
      const approveFromDashboard = (donationId: string) =>
        postJson(`${server.url}/api/donations/${donationId}/approve`, {}, ownerAuth);

      const overlay = watchOverlay(slug, token);
      cleanUpLater(async () => overlay.close());
      await overlay.connect(server.url);

      // Two tips are paid (sandbox checkout) and wait for review; each reaches the moderator.
      for (const name of ['Ravi', 'Meera']) {
        const orderId = await placeOrder(server.url, slug, { name, message: `from ${name}` });
        const paid = await postJson(`${server.url}/sandbox/checkout/${orderId}/complete`, {
          result: 'paid',
        });
        expect(paid.status).toBe(200);
      }
      const raviId = await reviewedDonationId(telegram.calls, 'Ravi');
      const meeraId = await reviewedDonationId(telegram.calls, 'Meera');

      // The moderator presses Approve on Ravi's tip. The approval commits, then the bot waits
      // for Telegram to take its answer to the button press…
      const approveRavi = approveButtonUpdate(raviId);
      const held = proxy.holdNext((request) => request.path.endsWith('/answerCallbackQuery'));
      const firstPress = sendUpdate(approveRavi).catch(() => null);
      await held;
      // …the overlay plays Ravi's alert meanwhile, and the streamer double-clicks Approve on
      // Meera's tip in the dashboard: the first click is through (its alert is not played yet),
      // the second in flight. The server dies now.
      await overlay.play(raviId);
      expect((await approveFromDashboard(meeraId)).status).toBe(200);
      const secondClick = approveFromDashboard(meeraId).catch(() => null);
      await crash(server);
      expect(await firstPress).toBeNull(); // Telegram got no answer, so it will deliver again
      await secondClick;

      // Restart. The overlay reconnects; Telegram delivers the unanswered update again; the
      // streamer, whose page lost the connection, clicks Approve on Meera's tip once more.
      server = await startServer(data, env);
      await overlay.connect(server.url);
      expect((await sendUpdate(approveRavi)).status).toBe(200);
      await eventually(
        () =>
          telegram
            .callsTo('answerCallbackQuery')
            .some(
              (call) =>
                call.params.text ===
                MODERATION_MESSAGES.alreadyDecided('approved', `@mod${MODERATOR_ID}`),
            ),
        'the moderator to be told the tip is already approved',
      );
      const again = await approveFromDashboard(meeraId);
      expect(again).toMatchObject({ status: 409, body: { error: { code: 'already_decided' } } });
      // The approval committed before the crash: its alert is replayed, unplayed until now.
      await overlay.play(meeraId);

      expect(overlay.deliveries(raviId)).toHaveLength(1); // played before the crash, never again
      const meeraAlertIds = new Set(overlay.deliveries(meeraId).map((alert) => alert.alert_id));
      expect(meeraAlertIds.size).toBe(1);
      expect(await freshOverlayReplays(server.url, slug, token)).toBe(0);
      expect(await server.stop('SIGTERM')).toBe(0);

      await data.withDatabase(async (db) => {
        const rows = await db
          .select()
          .from(donations)
          .where(inArray(donations.id, [raviId, meeraId]));
        const byId = new Map(rows.map((row) => [row.id, row]));
        expect(byId.get(raviId)).toMatchObject({
          moderationStatus: 'approved',
          moderatedBy: `telegram:${MODERATOR_ID}:@mod${MODERATOR_ID}`,
        });
        expect(byId.get(meeraId)).toMatchObject({
          moderationStatus: 'approved',
          moderatedBy: `dashboard:${owner.email}`,
        });
        const outbox = await alertRowsOf(db, [raviId, meeraId]);
        expect(outbox.map((row) => row.donationId).sort()).toEqual([raviId, meeraId].sort());
        expect(outbox.every((row) => row.shownAt !== null)).toBe(true);
      });
    },
  );
});

/** The donation id behind the Approve button of the review message a donor's tip produced. */
async function reviewedDonationId(calls: TelegramCall[], donorName: string): Promise<string> {
  const reviewOf = () =>
    calls.find(
      (call) => call.method === 'sendMessage' && String(call.params.text).includes(donorName),
    );
  await eventually(() => reviewOf() !== undefined, `the review request for ${donorName}`);
  const markup = reviewOf()?.params.reply_markup as {
    inline_keyboard: { callback_data: string }[][];
  };
  const approve = markup.inline_keyboard[0]?.[0]?.callback_data ?? '';
  return approve.replace(/^m:a:/, '');
}

let nextUpdateId = 1;
/** The update Telegram sends when the moderator presses Approve under a review message. */
function approveButtonUpdate(donationId: string): Update {
  const updateId = nextUpdateId++;
  return {
    update_id: updateId,
    callback_query: {
      id: `press-${updateId}`,
      from: { id: MODERATOR_ID, is_bot: false, first_name: 'Mod', username: `mod${MODERATOR_ID}` },
      chat_instance: 'crash-test',
      data: `m:a:${donationId}`,
      message: {
        message_id: 100 + updateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: MODERATOR_ID, type: 'private', first_name: 'Mod' },
        text: 'review',
      },
    },
  } as Update;
}
