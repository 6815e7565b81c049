import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../apps/server/test/sse-client.ts';
import { baseUrl, collectPageErrors, launchBrowser, signedInStorage } from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  createObsToken,
  createStreamer,
  randomIp,
} from './fixtures.ts';

/*
 * The activity feed's stream controls in Chromium (issue 24): with an overlay open, skip from
 * the phone page ends the alert on screen and the next one plays; pause (a keyboard shortcut on
 * the desktop dashboard) keeps a new tip off the overlay until resume; replay shows a past tip
 * again. Tips are paid through the API and the sandbox gateway.
 */

let slug = '';
let obsToken = '';
const PHONE = { viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
/** Without a skip, a short text alert stays on screen 5.15 s and fades for 0.5 s. */
const WITHIN_A_SECOND_ON_A_BUSY_MACHINE = 2_000;

async function api<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': randomIp() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A fan's ₹51 text tip, paid in the sandbox checkout; the streamer approves tips by itself. */
async function payTip(name: string): Promise<void> {
  const order = await api<{ order_id: string }>(`/api/streamers/${slug}/orders`, {
    method: 'POST',
    body: {
      name,
      type: 'text',
      amount_paise: 5100,
      message: `Hi from ${name}`,
      phone: '9876543210',
      age_confirmed: true,
      stream_consent: true,
    },
  });
  expect(order.status).toBe(201);
  const paid = await api<{ outcome: string }>(`/sandbox/checkout/${order.body.order_id}/complete`, {
    method: 'POST',
    body: { result: 'paid' },
  });
  expect(paid.body.outcome).toBe('success');
}

/** Acknowledges every alert no overlay has shown yet, so the next overlay starts empty. */
async function drainUnshownAlerts(): Promise<void> {
  const query = `token=${encodeURIComponent(obsToken)}`;
  const stream = await openSse(`${baseUrl()}/api/overlay/${slug}/events?${query}`);
  await stream.waitFor((event) => event.event === 'ready');
  stream.close();
  for (const event of stream.events.filter((candidate) => candidate.event === 'alert')) {
    await api(`/api/overlay/${slug}/alerts/${String(event.id)}/shown?${query}`, {
      method: 'POST',
    });
  }
}

declare global {
  interface Window {
    /** The donor name of every alert card that appeared, in order (set by the test). */
    __cardsSeen?: string[];
    /** Every alert id the overlay's event stream delivered (set by the test). */
    __alertsReceived?: number[];
  }
}

/** Opens the overlay and records every card that appears and every alert its stream delivers. */
async function openOverlay(browser: Browser) {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const errors = collectPageErrors(page);
  await page.addInitScript(() => {
    window.__cardsSeen = [];
    window.__alertsReceived = [];
    const NativeEventSource = window.EventSource;
    window.EventSource = class extends NativeEventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('alert', (event) => {
          window.__alertsReceived?.push(Number((event as MessageEvent).lastEventId));
        });
      }
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        mutation.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          const cards = [node, ...Array.from(node.querySelectorAll('[data-alert-id]'))];
          for (const card of cards) {
            if (!card.hasAttribute('data-alert-id')) continue;
            window.__cardsSeen?.push(card.querySelector('p')?.textContent ?? '');
          }
        });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${baseUrl()}/${slug}/obs-alerts?token=${encodeURIComponent(obsToken)}`);
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-connection-status]') &&
      !document.body.innerText.includes('Validating token...') &&
      document.querySelector('main') !== null,
    undefined,
    { timeout: 15_000 },
  );
  return { page, errors };
}

/** The card on screen now (its headline), or null. */
async function cardOnScreen(overlay: Page): Promise<string | null> {
  return overlay.evaluate(
    () => document.querySelector('article[data-alert-id] p')?.textContent ?? null,
  );
}

async function cardsSeen(overlay: Page): Promise<string[]> {
  return overlay.evaluate(() => window.__cardsSeen ?? []);
}

/** A page in a fresh context, signed in as the admin (who may open every dashboard). */
async function signedInPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({
    ...options,
    storageState: signedInStorage(adminSessionToken()),
  });
  return context.newPage();
}

describe('stream controls (issue 24)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    slug = (await createStreamer('control', { settings: AUTO_APPROVE })).slug;
    obsToken = (await createObsToken(slug)).token;
  });
  afterAll(() => browser.close());

  it('skip on the phone page ends the alert on screen at once, and the next one plays', async () => {
    await drainUnshownAlerts();
    const { page: overlay, errors } = await openOverlay(browser);
    const phone = await signedInPage(browser, PHONE);
    await phone.goto(`${baseUrl()}/dashboard/${slug}/activity`);
    await phone.getByRole('button', { name: 'Skip' }).waitFor();

    await payTip('First Fan');
    await payTip('Second Fan');
    await expect.poll(() => cardOnScreen(overlay)).toContain('First Fan');
    // The feed lists both tips and shows what plays and how many wait.
    await phone.getByText('Second Fan').first().waitFor();
    await expect
      .poll(() => phone.locator('[data-now-playing]').textContent())
      .toContain('First Fan');
    await expect.poll(() => phone.locator('[data-waiting]').textContent()).toContain('1 alert');

    const pressedAt = Date.now();
    await phone.getByRole('button', { name: 'Skip' }).click();
    await expect
      .poll(() => cardOnScreen(overlay), {
        timeout: WITHIN_A_SECOND_ON_A_BUSY_MACHINE,
        interval: 50,
      })
      .toContain('Second Fan');
    const tookMs = Date.now() - pressedAt;
    expect(tookMs).toBeLessThan(WITHIN_A_SECOND_ON_A_BUSY_MACHINE);
    expect(await cardsSeen(overlay)).toEqual([
      expect.stringContaining('First Fan'),
      expect.stringContaining('Second Fan'),
    ]);
    // The phone page fits its screen: no sideways scrolling.
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(errors).toEqual([]);
    await phone.context().close();
    await overlay.close();
  });

  it('pause (the P key on the dashboard) keeps a new tip off the overlay until resume', async () => {
    await drainUnshownAlerts();
    const { page: overlay, errors } = await openOverlay(browser);
    const dashboard = await signedInPage(browser, DESKTOP);
    await dashboard.goto(`${baseUrl()}/dashboard/${slug}?tab=activity`);
    const pauseButton = dashboard.getByRole('button', { name: 'Pause alerts' });
    await pauseButton.waitFor();

    await dashboard.keyboard.press('p');
    await dashboard.getByRole('button', { name: 'Resume alerts' }).waitFor();
    expect(
      await dashboard.getByRole('button', { name: 'Resume alerts' }).getAttribute('aria-pressed'),
    ).toBe('true');

    const before = (await cardsSeen(overlay)).length;
    await payTip('Paused Fan');
    // The alert reached the overlay, which holds it.
    await expect
      .poll(() => overlay.evaluate(() => (window.__alertsReceived ?? []).length))
      .toBeGreaterThan(0);
    await overlay.waitForTimeout(1_500);
    expect(await cardOnScreen(overlay)).toBeNull();
    expect((await cardsSeen(overlay)).length).toBe(before);

    await dashboard.keyboard.press('p');
    await expect.poll(() => cardOnScreen(overlay)).toContain('Paused Fan');
    await dashboard.getByRole('button', { name: 'Pause alerts' }).waitFor();
    expect(errors).toEqual([]);
    await dashboard.context().close();
    await overlay.close();
  });

  it('replay shows a past tip on the overlay again', async () => {
    await drainUnshownAlerts();
    const { page: overlay, errors } = await openOverlay(browser);
    const phone = await signedInPage(browser, PHONE);
    await phone.goto(`${baseUrl()}/dashboard/${slug}/activity`);
    await phone.getByRole('button', { name: 'Replay the alert from First Fan' }).click();
    await expect.poll(() => cardOnScreen(overlay)).toContain('First Fan');
    expect(await cardsSeen(overlay)).toEqual([expect.stringContaining('First Fan')]);
    expect(errors).toEqual([]);
    await phone.context().close();
    await overlay.close();
  });
});
