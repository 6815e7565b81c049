import fs from 'node:fs';
import { OVERLAY_MESSAGES, type SpeechSettingsResponse } from '@shabaash/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser } from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  createObsToken,
  createStreamer,
  randomIp,
} from './fixtures.ts';

/*
 * Tips read aloud and voice clips on the OBS overlay (issue 23, issue 24 item 4), in Chromium:
 * the alert sound plays first, then the speech (rendered by the server's embedded eSpeak NG) or
 * the fan's voice clip, never overlapping; with speech off nothing is fetched; and a voice clip
 * plays once even with the audio-player page open beside the overlay.
 */

const VOICE_FIXTURE = new URL(
  '../apps/server/test/fixtures/audio/voice-3s-chrome.webm',
  import.meta.url,
);

let slug = '';
let obsToken = '';

type AudioEvent = { kind: string; event: 'play' | 'ended'; src: string; at: number };

declare global {
  interface Window {
    __audioLog?: AudioEvent[];
  }
}

async function api<T>(path: string, options: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${adminSessionToken()}`,
      'X-Forwarded-For': randomIp(),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  expect(response.ok, `${path} answered ${response.status}: ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A fan's text tip of `amountPaise`, paid in the sandbox (the page approves tips at once). */
async function payTextTip(name: string, message: string, amountPaise = 5100) {
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

/** Upload → voice order → sandbox payment, through the API; returns the clip's upload id. */
async function payVoiceTip(name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(VOICE_FIXTURE)], { type: 'audio/webm' }), 'v.webm');
  const upload = await fetch(`${baseUrl()}/api/uploads/voice`, {
    method: 'POST',
    body: form,
    headers: { 'X-Forwarded-For': randomIp() },
  });
  expect(upload.status).toBe(201);
  const { upload_id: uploadId } = (await upload.json()) as { upload_id: string };
  const order = await api<{ order_id: string }>(`/api/streamers/${slug}/orders`, {
    method: 'POST',
    body: {
      name,
      type: 'voice',
      amount_paise: 5100,
      message: '',
      phone: '9876543210',
      age_confirmed: true,
      stream_consent: true,
      voice_upload_id: uploadId,
    },
  });
  await api(`/sandbox/checkout/${order.order_id}/complete`, {
    method: 'POST',
    body: { result: 'paid' },
  });
  return uploadId;
}

/** Records every media element's play and end in the page, before its own scripts run. */
async function recordAudio(page: Page) {
  await page.addInitScript(() => {
    window.__audioLog = [];
    const log = (element: HTMLMediaElement, event: 'play' | 'ended') =>
      window.__audioLog?.push({
        kind: element.dataset.overlayAudio ?? 'page',
        event,
        src: element.currentSrc || element.src,
        at: performance.now(),
      });
    const nativePlay = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      if (!this.dataset.recorded) {
        this.dataset.recorded = 'yes';
        this.addEventListener('ended', () => log(this, 'ended'));
        // `play` (the page started it), not `playing`: that fires again when playback resumes
        // after a stall, as a clip still loading on a busy machine does, and is no second play.
        this.addEventListener('play', () => log(this, 'play'));
      }
      return nativePlay.call(this);
    };
  });
}

const audioLog = (page: Page) => page.evaluate(() => window.__audioLog ?? []);

async function openOverlay(browser: Browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = collectPageErrors(page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await recordAudio(page);
  await page.goto(`${baseUrl()}/${slug}/obs-alerts?token=${encodeURIComponent(obsToken)}`);
  await page.waitForFunction(
    (validating) =>
      !document.querySelector('[data-connection-status]') &&
      !document.body.innerText.includes(validating) &&
      document.querySelector('main') !== null,
    OVERLAY_MESSAGES.validating,
    { timeout: 15_000 },
  );
  return { page, errors, fetched };
}

/** Waits until the page's log has an event matching `match`, and returns the whole log. */
async function waitForAudio(page: Page, kind: string, event: 'play' | 'ended', timeout = 30_000) {
  await page.waitForFunction(
    ([k, e]) => (window.__audioLog ?? []).some((entry) => entry.kind === k && entry.event === e),
    [kind, event] as const,
    { timeout },
  );
  return audioLog(page);
}

function eventAt(log: AudioEvent[], kind: string, event: 'play' | 'ended'): number {
  const found = log.find((entry) => entry.kind === kind && entry.event === event);
  if (!found) throw new Error(`no ${kind} ${event} in ${JSON.stringify(log)}`);
  return found.at;
}

async function setSpeech(patch: Partial<SpeechSettingsResponse['settings']>) {
  const current = await api<SpeechSettingsResponse>(`/api/streamers/${slug}/speech-settings`);
  await api(`/api/streamers/${slug}/speech-settings`, {
    method: 'PUT',
    body: { ...current.settings, ...patch },
  });
}

describe('speech and voice clips on the overlay', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    slug = (await createStreamer('speech', { settings: AUTO_APPROVE })).slug;
    obsToken = (await createObsToken(slug)).token;
    // The first render starts eSpeak's worker; a preview does it before any alert waits on it.
    const { settings } = await api<SpeechSettingsResponse>(
      `/api/streamers/${slug}/speech-settings`,
    );
    await api(`/api/streamers/${slug}/speech-preview`, {
      method: 'POST',
      body: { settings, language: 'en' },
    });
  });
  afterAll(() => browser.close());

  it('a paid text tip is read aloud after the alert sound, with the alert still up', async () => {
    await setSpeech({ enabled: true });
    const { page, errors, fetched } = await openOverlay(browser);
    await payTextTip('Speechy', 'kya baat hai [excited] great stream');

    const log = await waitForAudio(page, 'speech', 'play');
    const speech = log.find((entry) => entry.kind === 'speech');
    expect(speech?.src).toMatch(/\/media\/speech\/[0-9a-f-]{36}$/);
    expect(speech?.src).not.toMatch(/\/media\/sounds\//);
    // The alert sound played first, and had ended before the speech began.
    expect(eventAt(log, 'sound', 'play')).toBeLessThan(eventAt(log, 'speech', 'play'));
    expect(eventAt(log, 'sound', 'ended')).toBeLessThanOrEqual(eventAt(log, 'speech', 'play'));
    expect(fetched.some((path) => path.startsWith('/media/speech/'))).toBe(true);
    // The alert stays on screen while it is read.
    await expect(page.locator('[data-alert-id]').getAttribute('data-phase')).resolves.toBe(
      'showing',
    );
    await waitForAudio(page, 'speech', 'ended');
    // Played to the end and acknowledged, so the next test's fresh overlay does not replay it.
    await page.locator('[data-alert-id]').waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(() => fetched.some((path) => path.endsWith('/shown')), { timeout: 10_000 })
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('with speech off, no speech is fetched', async () => {
    await setSpeech({ enabled: false });
    const { page, errors, fetched } = await openOverlay(browser);
    await payTextTip('Quiet', 'please do not read me');
    await page.locator('[data-alert-id]').waitFor();
    await waitForAudio(page, 'sound', 'ended');
    // Well past the overlay's wait for speech: the card leaves without any.
    await page.locator('[data-alert-id]').waitFor({ state: 'detached', timeout: 30_000 });
    expect(fetched.filter((path) => path.startsWith('/media/speech/'))).toEqual([]);
    expect((await audioLog(page)).some((entry) => entry.kind === 'speech')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
    await setSpeech({ enabled: true });
  });

  it('a voice clip starts only after the alert sound ends, and plays once with the audio player open', async () => {
    const overlay = await openOverlay(browser);
    const player = await browser.newPage();
    await recordAudio(player);
    await player.goto(`${baseUrl()}/${slug}/audio-player`);
    await player.getByRole('switch', { name: 'Auto-play new messages' }).waitFor();
    // Wait for the audio player's live stream before the tip is paid.
    await player.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });

    const uploadId = await payVoiceTip('Voicey');
    const log = await waitForAudio(overlay.page, 'voice', 'play');
    const voice = log.find((entry) => entry.kind === 'voice');
    expect(voice?.src).toContain(`/media/voice/${uploadId}`);
    expect(eventAt(log, 'sound', 'ended')).toBeLessThanOrEqual(eventAt(log, 'voice', 'play'));
    await waitForAudio(overlay.page, 'voice', 'ended');

    // The audio player lists it, but did not play it: the overlay owns the clip.
    await player.getByText('Voicey').first().waitFor({ timeout: 10_000 });
    const played = (await audioLog(player)).filter((entry) => entry.src.includes(uploadId));
    expect(played).toEqual([]);
    const overlayPlays = (await audioLog(overlay.page)).filter(
      (entry) => entry.event === 'play' && entry.src.includes(uploadId),
    );
    expect(overlayPlays, JSON.stringify(await audioLog(overlay.page))).toHaveLength(1);
    expect(overlay.errors).toEqual([]);
    await player.close();
    await overlay.page.close();
  });
});
