import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser } from './browser.ts';
import { AUTO_APPROVE, createStreamer, agreeToTipConsents } from './fixtures.ts';

/**
 * Voice messages end to end (issue 6): a fan records on the donation page with Chromium's fake
 * microphone, pays in the sandbox checkout, and the streamer's audio player lists and plays it.
 * A second test drives upload, order and payment through the API while the player is open and
 * checks the live stream brings the new message in and auto-plays it.
 */
/** This file's own streamer (set in beforeAll): the player's count is of its messages only. */
let slug = '';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CHECKOUT_IFRAME = 'iframe[title="Sandbox UPI checkout"]';
const FIXTURE = path.resolve(
  import.meta.dirname,
  '../apps/server/test/fixtures/audio/voice-3s-chrome.webm',
);

const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7)}`;

/** Upload → voice order → sandbox payment, as the page would do it, through the API. */
async function payVoiceTipByApi(name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(FIXTURE)], { type: 'audio/webm' }), 'v.webm');
  const upload = await fetch(`${baseUrl()}/api/uploads/voice`, { method: 'POST', body: form });
  expect(upload.status).toBe(201);
  const { upload_id: uploadId, duration_ms: durationMs } = (await upload.json()) as {
    upload_id: string;
    duration_ms: number;
  };
  expect(durationMs).toBe(3000);

  const order = await fetch(`${baseUrl()}/api/streamers/${slug}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      type: 'voice',
      amount_paise: 5100,
      message: '',
      phone: '9876543210',
      age_confirmed: true,
      stream_consent: true,
      voice_upload_id: uploadId,
    }),
  });
  expect(order.status).toBe(201);
  const { order_id: orderId } = (await order.json()) as { order_id: string };
  const paid = await fetch(`${baseUrl()}/sandbox/checkout/${orderId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result: 'paid' }),
  });
  expect(paid.status).toBe(200);
  return uploadId;
}

async function streamerName(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/streamers/${slug}`);
  return ((await response.json()) as { name: string }).name;
}

/** The player's <audio> element is playing: its clock moves forward. */
async function expectAudioAdvancing(page: Page) {
  const audio = page.locator('audio');
  await page.waitForFunction(
    () => {
      const element = document.querySelector('audio');
      return element !== null && !element.paused && element.currentTime > 0.5;
    },
    undefined,
    { timeout: 15_000 },
  );
  const first = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
  // Still playing: the clock moves on past where it was.
  await page.waitForFunction(
    (from) => (document.querySelector('audio')?.currentTime ?? 0) > from,
    first,
    { timeout: 5_000 },
  );
}

async function openAudioPlayer(browser: Browser) {
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl()}/${slug}/audio-player`);
  await page
    .getByRole('heading', { name: `${await streamerName()} — Voice Messages`, level: 1 })
    .waitFor();
  return { page, errors };
}

describe('voice messages', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // As in OBS's browser source: audio may start without a click (new messages auto-play).
      '--autoplay-policy=no-user-gesture-required',
    ]);
    // Like the seeded TechGamer: a full form, and tips approved at once.
    slug = (await createStreamer('voice', { settings: AUTO_APPROVE })).slug;
  });
  afterAll(() => browser.close());

  it('records 3 s on the donation page, pays in the sandbox, and the audio player plays it', async () => {
    const fan = uniqueName('Voice fan');
    const donation = await browser.newPage(PHONE);
    await donation.goto(`${baseUrl()}/${slug}`);
    await donation.getByRole('button', { name: /^Donate/ }).waitFor();
    await donation.getByRole('textbox', { name: 'Your Name' }).fill(fan);
    await donation.getByRole('radio', { name: /Voice Message/ }).check();
    await donation.getByLabel('Amount (₹)').fill('51');

    await donation.getByRole('button', { name: 'Start recording' }).click();
    await donation.getByText('Recording', { exact: true }).waitFor();
    // At least three seconds by the recorder's own clock ("0:03 / 1:00").
    await donation
      .getByRole('timer')
      .filter({ hasText: /^0:0[3-9] / })
      .waitFor({ timeout: 10_000 });
    await donation.getByRole('button', { name: 'Stop recording' }).click();
    // Uploaded to POST /api/uploads/voice, checked by the server and ready for the order.
    await donation.getByText('Voice message ready').waitFor({ timeout: 15_000 });

    await donation.getByRole('button', { name: /^Donate/ }).click();
    const dialog = donation.getByRole('dialog', { name: 'Complete Your Donation' });
    await dialog.getByLabel('Mobile Number').fill('9876543210');
    await agreeToTipConsents(dialog);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await donation
      .frameLocator(CHECKOUT_IFRAME)
      .getByRole('button', { name: 'Pay ₹51 (UPI)', exact: true })
      .click();
    await donation.waitForURL(new RegExp(`/status\\?order_id=${slug}_[^&]+&status=success$`));
    await donation.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await donation.close();

    const { page, errors } = await openAudioPlayer(browser);
    const entry = page.getByRole('list').getByRole('button', { name: new RegExp(fan) });
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain('₹51');
    await entry.click();
    await expect(entry.getAttribute('aria-current')).resolves.toBe('true');
    await expectAudioAdvancing(page);

    // The file is served by its unguessable id, with range support for seeking.
    const source = await page.locator('audio').getAttribute('src');
    expect(source).toMatch(/^\/media\/voice\/[0-9a-f-]{36}$/);
    const ranged = await fetch(`${baseUrl()}${source}`, { headers: { range: 'bytes=0-15' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toMatch(/^audio\/(webm|ogg|mp4)/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('brings a new voice message in live and auto-plays it', async () => {
    const { page, errors } = await openAudioPlayer(browser);
    await page.getByText('Live', { exact: true }).waitFor();
    await expect(
      page.getByRole('switch', { name: 'Auto-play new messages' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    const before = await page.getByRole('list').getByRole('button').count();

    const fan = uniqueName('Live fan');
    const uploadId = await payVoiceTipByApi(fan);

    const entry = page.getByRole('list').getByRole('button', { name: new RegExp(fan) });
    await entry.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('list').getByRole('button').count()).toBe(before + 1);
    await page.getByText(`${before + 1} of ${before + 1} voice messages`).waitFor();
    await expect(page.locator('audio').getAttribute('src')).resolves.toBe(
      `/media/voice/${uploadId}`,
    );
    await expectAudioAdvancing(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});
