import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYoutube, type FakeYoutube } from '../apps/server/test/fakes/fake-youtube.ts';
import { YOUTUBE_TEXT } from '../apps/web/src/features/settings/youtube-chat.constants.ts';
import {
  baseUrl as sharedBaseUrl,
  collectPageErrors,
  launchBrowser,
  signedInStorage,
} from './browser.ts';
import { adminSessionToken, createStreamer, randomIp, uniqueId } from './fixtures.ts';
import {
  freePort,
  OWN_SERVER_START_TIMEOUT_MS,
  startOwnServer,
  type OwnServer,
} from './own-server.ts';

/*
 * Tips in the YouTube live chat (issue 30), in Chromium, against a server whose Google OAuth
 * and YouTube Data API calls go to the local fake of apps/server/test/fakes: the creator
 * connects their channel from Settings → YouTube chat (Google's consent page is the fake's, with
 * an Allow button), goes live in the fake, and a fan's paid tip at or above the minimum appears
 * in the fake's live chat with the right text, while one below it does not.
 */

describe('tips in the YouTube live chat (fake Google and YouTube)', () => {
  let fake: FakeYoutube;
  let server: OwnServer;
  let browser: Browser;
  let baseUrl: string;
  const slug = `yt-${uniqueId()}`;

  async function api<T>(apiPath: string, options: { method?: string; body?: unknown } = {}) {
    const response = await fetch(`${baseUrl}${apiPath}`, {
      method: options.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${server.adminToken}`,
        'X-Forwarded-For': randomIp(),
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    expect(response.ok, `${apiPath} answered ${response.status}: ${text}`).toBe(true);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A fan's text tip, paid in the sandbox (the page approves tips at once). */
  async function payTextTip(name: string, message: string, amountPaise: number) {
    const order = await api<{ order_id: string }>(`/api/streamers/${slug}/orders`, {
      method: 'POST',
      body: {
        name,
        type: 'text',
        amount_paise: amountPaise,
        message,
        phone: '9876543210',
        age_confirmed: true,
        stream_consent: true,
      },
    });
    await api(`/sandbox/checkout/${order.order_id}/complete`, {
      method: 'POST',
      body: { result: 'paid' },
    });
  }

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    fake = await startFakeYoutube({ redirectUris: [`${baseUrl}/api/youtube/oauth/callback`] });
    [server, browser] = await Promise.all([
      startOwnServer(
        {
          GOOGLE_CLIENT_ID: fake.clientId,
          GOOGLE_CLIENT_SECRET: fake.clientSecret,
          GOOGLE_OAUTH_BASE: fake.url,
          YOUTUBE_API_BASE: fake.url,
          SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
        },
        { port },
      ),
      launchBrowser(),
    ]);
    await api('/api/admin/streamers', { method: 'POST', body: { slug, name: 'E2E YouTube' } });
    await api(`/api/admin/streamers/${slug}/plans/complete-bundle`, { method: 'PUT' });
    await api(`/api/streamers/${slug}/settings`, {
      method: 'PATCH',
      body: { moderation: { moderation_mode: 'auto' } },
    });
  }, OWN_SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('connects the channel, and posts a tip at or above the minimum to the live chat', async () => {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
      storageState: signedInStorage(server.adminToken, baseUrl),
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/dashboard/${slug}?tab=settings&section=youtube`);
    await page.getByText(YOUTUBE_TEXT.notConnected).waitFor();

    // Google's consent page (the fake's): Allow sends the browser back through our callback.
    await page.getByRole('button', { name: YOUTUBE_TEXT.connect }).click();
    await page.waitForURL((url) => url.origin === fake.url);
    await page.getByText(fake.channel.title).waitFor();
    await page.locator('#allow').click();
    await page.getByText(YOUTUBE_TEXT.connectedAs(fake.channel.title)).waitFor();
    // The code and state are taken out of the address bar once handed over.
    await page.waitForURL((url) => !url.searchParams.has('youtube_code'));
    expect(new URL(page.url()).pathname).toBe(`/dashboard/${slug}`);

    // The creator goes live (the fake's control endpoint), and two fans tip: ₹50 and ₹500
    // against the default minimum of ₹100.
    const live = await fetch(`${fake.url}/fake/live`, { method: 'POST' });
    expect(live.status).toBe(200);
    await payTextTip('Asha', 'Too small for chat', 5_000);
    await payTextTip('Rahul', 'Shabaash bhai!', 50_000);

    // Jobs are taken in order, so once Rahul's message is there, Asha's tip has been decided.
    let messages: string[] = [];
    for (let i = 0; i < 150 && messages.length === 0; i += 1) {
      const chat = await fetch(`${fake.url}/fake/chat`);
      messages = ((await chat.json()) as { messages: string[] }).messages;
      if (messages.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(messages).toEqual(['💸 ₹500 from Rahul: Shabaash bhai!']);

    // The section shows the quota used today.
    await page.reload();
    await page.getByText(/YouTube quota used today: [1-9]\d* of your/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('YouTube chat on a site whose operator has not set it up', () => {
  it('says so in the section, with nothing to connect', async () => {
    const browser = await launchBrowser();
    try {
      const { slug } = await createStreamer('ytoff');
      const origin = sharedBaseUrl();
      const context = await browser.newContext({
        extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
        storageState: signedInStorage(adminSessionToken(), origin),
      });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${origin}/dashboard/${slug}?tab=settings&section=youtube`);
      await page.getByText(YOUTUBE_TEXT.unavailable.not_configured).waitFor();
      expect(await page.getByRole('button', { name: YOUTUBE_TEXT.connect }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
