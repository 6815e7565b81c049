import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type TelegramCall } from '../apps/server/test/fakes/fake-telegram.ts';
import { collectPageErrors, launchBrowser, waitForHydration } from './browser.ts';
import { randomIp, tipInHindi, uniqueId } from './fixtures.ts';
import { OWN_SERVER_START_TIMEOUT_MS, startOwnServer, type OwnServer } from './own-server.ts';

/*
 * A Telegram review request in the moderator's language (issue 21, Done when): a fan on a phone
 * tips in Hindi through the sandbox checkout, and the moderator whose Telegram app is in Hindi
 * gets the request in Hindi, text and buttons. The server runs with a bot whose Bot API is a
 * local fake (apps/server/test/fakes/fake-telegram.ts), long-polling it as it would Telegram.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const MODERATOR_ID = 5_000_000_021;

describe('a Telegram review request in the moderator’s language (issue 21)', () => {
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  let server: OwnServer;
  let browser: Browser;
  const slug = `tg-hindi-${uniqueId()}`;

  async function api(route: string, method: string, body?: unknown) {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${server.adminToken}`,
        'X-Forwarded-For': randomIp(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${route}: ${response.status}`).toBe(true);
  }

  /** The first message the bot sent the moderator that `matches`, once it has been sent. */
  async function messageToModerator(matches: (text: string) => boolean): Promise<TelegramCall> {
    let found: TelegramCall | undefined;
    await expect
      .poll(
        () => {
          found = fake
            .callsTo('sendMessage')
            .find(
              (call) =>
                Number(call.params.chat_id) === MODERATOR_ID && matches(String(call.params.text)),
            );
          return found !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    return found as TelegramCall;
  }

  beforeAll(async () => {
    fake = await startFakeTelegram();
    [server, browser] = await Promise.all([
      startOwnServer({ TELEGRAM_BOT_TOKEN: '123456:E2E-token', TELEGRAM_API_ROOT: fake.apiRoot }),
      launchBrowser(),
    ]);
    // A page that holds tips for review, with one Telegram moderator.
    await api('/api/admin/streamers', 'POST', { slug, name: 'E2E Telegram Hindi' });
    await api(`/api/admin/streamers/${slug}/plans/complete-bundle`, 'PUT');
    await api(`/api/streamers/${slug}/settings`, 'PATCH', {
      moderation: { moderation_mode: 'review' },
    });
    await api(`/api/streamers/${slug}/moderators`, 'PUT', {
      telegram_user_id: String(MODERATOR_ID),
    });
  }, OWN_SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('sends a Hindi moderator the review request of a fan’s Hindi tip in Hindi', async () => {
    // The moderator opens the bot from a Telegram app set to Hindi: the bot keeps the language.
    fake.pushUpdate({
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: MODERATOR_ID, type: 'private', first_name: 'Meera' },
        from: { id: MODERATOR_ID, is_bot: false, first_name: 'Meera', language_code: 'hi' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    await messageToModerator((text) => text.includes('नमस्ते'));

    // A fan on a phone switches the page to Hindi and tips by text through the sandbox.
    const page = await browser.newPage(PHONE);
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/${slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await tipInHindi(page, { name: 'Priya TG', message: 'बहुत बढ़िया स्ट्रीम!' });
    await page.getByRole('heading', { name: 'पेमेंट हो गया!' }).waitFor();

    // The review request: Hindi text and Hindi buttons.
    const request = await messageToModerator((text) => text.includes('Priya TG'));
    const text = String(request.params.text);
    expect(text).toContain('<b>E2E Telegram Hindi के लिए नया टिप — रिव्यू का इंतज़ार</b>');
    expect(text).toContain('Priya TG ने <b>₹51</b> भेजे');
    expect(text).toContain('बहुत बढ़िया स्ट्रीम!');
    const buttons = (
      request.params.reply_markup as { inline_keyboard: Array<Array<{ text: string }>> }
    ).inline_keyboard.flat();
    expect(buttons.map((button) => button.text)).toEqual(['✅ मंज़ूर करें', '❌ रिजेक्ट करें']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
