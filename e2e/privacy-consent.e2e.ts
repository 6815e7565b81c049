import fs from 'node:fs';
import path from 'node:path';
import { CONSENT_TEXT, OVERLAY_MESSAGES, PRIVACY_RIGHTS_PATH } from '@shabaash/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser } from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  agreeToTipConsents,
  createObsToken,
  createStreamer,
  randomIp,
  turnSpeechOff,
} from './fixtures.ts';

/*
 * Notice, consent and withdrawal (issue 29 part A) in Chromium: the mobile-number dialog shows
 * the notice and refuses a tip until the fan confirms 18+ and consents to being shown; a fan
 * later opens their receipt link and withdraws in one click; their tip's message and voice are
 * gone from the overlay's replay, the audio player and the public lists, while the dashboard's
 * money totals stay as they were.
 */

let slug = '';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CHECKOUT_IFRAME = 'iframe[title="Sandbox UPI checkout"]';
const VOICE_FIXTURE = path.resolve(
  import.meta.dirname,
  '../apps/server/test/fixtures/audio/voice-3s-chrome.webm',
);
const suffix = () => Math.random().toString(36).slice(2, 7);

async function api<T>(
  urlPath: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': randomIp() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl()}${urlPath}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A paid tip through the API and the sandbox gateway; a voice tip uploads its recording first. */
async function payTip(tip: {
  name: string;
  message: string;
  voice?: boolean;
}): Promise<{ orderId: string; uploadId: string | null }> {
  let uploadId: string | null = null;
  if (tip.voice) {
    const form = new FormData();
    const file = new Blob([fs.readFileSync(VOICE_FIXTURE)], { type: 'audio/webm' });
    form.append('file', file, 'v.webm');
    const upload = await fetch(`${baseUrl()}/api/uploads/voice`, {
      method: 'POST',
      body: form,
      headers: { 'X-Forwarded-For': randomIp() },
    });
    expect(upload.status).toBe(201);
    uploadId = ((await upload.json()) as { upload_id: string }).upload_id;
  }
  const order = await api<{ order_id: string }>(`/api/streamers/${slug}/orders`, {
    method: 'POST',
    body: {
      name: tip.name,
      type: tip.voice ? 'voice' : 'text',
      amount_paise: 7_100,
      message: tip.message,
      phone: '9876543210',
      age_confirmed: true,
      stream_consent: true,
      ...(uploadId ? { voice_upload_id: uploadId } : {}),
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const paid = await api<{ outcome: string }>(`/sandbox/checkout/${order.body.order_id}/complete`, {
    method: 'POST',
    body: { result: 'paid' },
  });
  expect(paid.body.outcome).toBe('success');
  return { orderId: order.body.order_id, uploadId };
}

type Stats = { total_revenue_paise: number; donation_count: number; today_revenue_paise: number };
const dashboardStats = async () =>
  (await api<Stats>(`/api/streamers/${slug}/stats`, { token: adminSessionToken() })).body;
const publicLists = async () => ({
  recent: (
    await api<{ donations: Array<{ donor_name: string; sanitized_message: string }> }>(
      `/api/streamers/${slug}/donations/recent`,
    )
  ).body.donations,
  leaderboard: (
    await api<{ entries: Array<{ name: string; amount_paise: number }> }>(
      `/api/streamers/${slug}/leaderboard?period=all`,
    )
  ).body.entries,
});

/** The fan opens their receipt link and withdraws in one click. */
async function withdrawOnReceipt(browser: Browser, orderId: string): Promise<void> {
  const page = await browser.newPage(PHONE);
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl()}/status?order_id=${encodeURIComponent(orderId)}`);
  await page.getByRole('heading', { name: 'Your data on stream' }).waitFor({ timeout: 90_000 });
  await page
    .getByRole('button', { name: 'Withdraw consent to show my name, message and voice' })
    .click();
  await page.getByText('Consent withdrawn:').waitFor({ timeout: 90_000 });
  // The same answer on a later visit: the withdrawal is kept, not just shown.
  await page.reload();
  await page.getByText('Consent withdrawn:').waitFor({ timeout: 90_000 });
  expect(
    await page.getByRole('button', { name: /Withdraw consent/ }).count(),
    'no second withdraw button',
  ).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
}

/** The overlay page, recording the text of every alert card it ever draws. */
async function openOverlay(browser: Browser, token: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __alertTexts: string[] }).__alertTexts = seen;
    new MutationObserver(() => {
      for (const card of Array.from(document.querySelectorAll('article[data-alert-id]'))) {
        const text = (card as HTMLElement).innerText;
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`${baseUrl()}/${slug}/obs-alerts?token=${encodeURIComponent(token)}`);
  await page.waitForFunction(
    (validating) =>
      !document.querySelector('[data-connection-status]') &&
      !document.body.innerText.includes(validating) &&
      document.querySelector('main') !== null,
    OVERLAY_MESSAGES.validating,
    { timeout: 90_000 },
  );
  return page;
}

describe('notice, consent and withdrawal', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    slug = (await createStreamer('consent', { settings: AUTO_APPROVE })).slug;
    await turnSpeechOff(slug);
  });
  afterAll(() => browser.close());

  it('shows the notice in the mobile dialog and takes no tip without 18+ and stream consent', async () => {
    const page = await browser.newPage(PHONE);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/${slug}`);
    await page.getByRole('button', { name: /^Donate/ }).waitFor({ timeout: 90_000 });
    const fan = `Dialog fan ${suffix()}`;
    await page.getByRole('textbox', { name: 'Your Name' }).fill(fan);
    await page.getByLabel('Amount (₹)').fill('51');
    await page.getByLabel('Message', { exact: true }).fill('Consent first');
    await page.getByRole('button', { name: /^Donate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Donation' });
    await dialog.getByLabel('Mobile Number').fill('9876543210');

    // The notice: plain words, Hindi one tap away, the rights page linked, its version marked.
    const notice = dialog.getByRole('region', { name: 'Your data' });
    await expect(notice.textContent()).resolves.toContain('Data Protection Board');
    expect(await notice.getAttribute('data-notice-version')).toBe('donation@1');
    expect(await notice.getByRole('link').getAttribute('href')).toBe(PRIVACY_RIGHTS_PATH);
    // Nothing is ticked in advance; marketing is a separate choice.
    for (const name of [/I am 18 or older/, /Show my name/, /Send me news/]) {
      expect(await dialog.getByRole('checkbox', { name }).isChecked()).toBe(false);
    }

    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await dialog.getByText(CONSENT_TEXT.ageRequired).waitFor({ timeout: 90_000 });
    await dialog.getByText(CONSENT_TEXT.streamConsentRequired).waitFor({ timeout: 90_000 });
    expect(await page.frameLocator(CHECKOUT_IFRAME).locator('body').count()).toBe(0);

    await agreeToTipConsents(dialog);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await page
      .frameLocator(CHECKOUT_IFRAME)
      .getByRole('button', { name: 'Pay ₹51 (UPI)', exact: true })
      .click();
    await page.waitForURL(new RegExp(`/status\\?order_id=${slug}_[^&]+&status=success$`), {
      timeout: 90_000,
    });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 90_000 });
    // The receipt offers the withdrawal right there.
    await page.getByRole('heading', { name: 'Your data on stream' }).waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: /Withdraw consent/ }).waitFor({ timeout: 90_000 });
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('withdrawn on the receipt: message and voice leave the overlay replay, the audio player and the public lists; totals stay', async () => {
    const withdrawnFan = `Withdrawn fan ${suffix()}`;
    const withdrawnMessage = `Please forget me ${suffix()}`;
    const keptFan = `Kept fan ${suffix()}`;
    const keptMessage = `Keep me on ${suffix()}`;
    const withdrawn = await payTip({ name: withdrawnFan, message: withdrawnMessage, voice: true });
    await payTip({ name: keptFan, message: keptMessage });
    const statsBefore = await dashboardStats();

    // Before: the voice plays in the audio player and the public lists name the fan.
    const player = await browser.newPage();
    const playerErrors = collectPageErrors(player);
    await player.goto(`${baseUrl()}/${slug}/audio-player`);
    await player
      .getByRole('list')
      .getByRole('button', { name: new RegExp(withdrawnFan) })
      .waitFor({ timeout: 90_000 });
    const voiceUrl = `${baseUrl()}/media/voice/${withdrawn.uploadId ?? ''}`;
    expect((await fetch(voiceUrl)).status).toBe(200);
    const before = await publicLists();
    expect(before.recent.map((tip) => tip.sanitized_message)).toContain(withdrawnMessage);
    expect(before.leaderboard.map((entry) => entry.name)).toContain(withdrawnFan);

    // Later, the fan opens their receipt link and withdraws.
    await withdrawOnReceipt(browser, withdrawn.orderId);

    // The audio player no longer has it (after a reload too), and its file answers 410.
    await player.reload();
    // This streamer's only voice tip was the withdrawn one: the player is empty.
    await player.getByText('No voice messages available').first().waitFor({ timeout: 90_000 });
    expect(
      await player
        .getByRole('list')
        .getByRole('button', { name: new RegExp(withdrawnFan) })
        .count(),
    ).toBe(0);
    expect(await player.content()).not.toContain(withdrawnMessage);
    expect((await fetch(voiceUrl)).status).toBe(410);
    expect(playerErrors).toEqual([]);
    await player.close();

    // The public lists keep the tip's amount without its name or message.
    const after = await publicLists();
    expect(after.recent.map((tip) => tip.sanitized_message)).not.toContain(withdrawnMessage);
    expect(after.recent.map((tip) => tip.sanitized_message)).toContain(keptMessage);
    expect(after.recent.map((tip) => tip.donor_name)).not.toContain(withdrawnFan);
    expect(after.leaderboard.map((entry) => entry.name)).not.toContain(withdrawnFan);
    expect(after.leaderboard).toContainEqual({
      rank: expect.any(Number),
      name: 'Anonymous',
      amount_paise: 7_100,
    });

    // The overlay: a fresh one replays the unshown kept tip, never the withdrawn one, and the
    // creator's Replay refuses it. A test alert sent last marks the end of what it replays.
    const overlay = await openOverlay(browser, (await createObsToken(slug)).token);
    await overlay
      .locator('article[data-alert-id]', { hasText: keptFan })
      .waitFor({ state: 'attached', timeout: 90_000 });
    const test = await api(`/api/streamers/${slug}/test-alert`, {
      method: 'POST',
      token: adminSessionToken(),
    });
    expect(test.status).toBe(200);
    await overlay
      .locator('article[data-alert-id]', { hasText: 'Test alert' })
      .waitFor({ state: 'attached', timeout: 90_000 });
    const texts = await overlay.evaluate(
      () => (window as unknown as { __alertTexts: string[] }).__alertTexts,
    );
    expect(texts.join('\n')).not.toContain(withdrawnFan);
    expect(texts.join('\n')).not.toContain(withdrawnMessage);
    await overlay.close();
    const activity = await api<{
      items: Array<{
        name: string;
        alert_id: number | null;
        is_replayable: boolean;
        amount_paise: number;
      }>;
    }>(`/api/streamers/${slug}/activity`, { token: adminSessionToken() });
    const withdrawnItems = activity.body.items.filter(
      (item) => item.name === 'Anonymous' && item.amount_paise === 7_100,
    );
    expect(withdrawnItems).toHaveLength(1);
    expect(withdrawnItems[0]?.is_replayable).toBe(false);
    const replay = await api<{ error: { code: string } }>(`/api/streamers/${slug}/stream-control`, {
      method: 'POST',
      token: adminSessionToken(),
      body: { action: 'replay', alert_id: withdrawnItems[0]?.alert_id },
    });
    expect(replay.status).toBe(404);

    // The dashboard's money totals are exactly as before the withdrawal.
    expect(await dashboardStats()).toEqual(statsBefore);
    expect(statsBefore.total_revenue_paise).toBeGreaterThanOrEqual(2 * 7_100);
  }, 600_000);
});
