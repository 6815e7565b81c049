import net from 'node:net';
import { OVERLAY_MESSAGES } from '@shabaash/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSse } from '../apps/server/test/sse-client.ts';
import { baseUrl, collectPageErrors, launchBrowser } from './browser.ts';

/*
 * The OBS overlay and the Test Alert page in Chromium (issue 5): a paid tip typed out on the
 * overlay, a tip paid while the overlay's connection is down played once after it reconnects,
 * the invalid-token screens, OBS hiding the source, and test alerts. Tips are paid through the
 * API and the sandbox gateway; the overlay page is what is under test.
 */

const ADMIN = { email: 'admin@shabaash.local', password: 'e2e-admin-password' };
const SLUG = 'techgamer';
const FULL_HD = { viewport: { width: 1920, height: 1080 } };
const SMALL_SOURCE = { viewport: { width: 800, height: 600 } };

/** Order and login limits count per client IP; each call here is its own "client". */
function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${String(octet())}.${String(octet())}.${String(octet())}`;
}

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

async function loginAsAdmin(): Promise<string> {
  const { status, body } = await api<{ session: { access_token: string } }>('/api/auth/login', {
    method: 'POST',
    body: ADMIN,
  });
  expect(status).toBe(200);
  return body.session.access_token;
}

/** A new OBS token for techgamer (it replaces the active one). */
async function createObsToken(adminToken: string): Promise<{ token: string; id: string }> {
  const { status, body } = await api<{ token: string; id: string }>(
    `/api/streamers/${SLUG}/obs-tokens`,
    { method: 'POST', token: adminToken },
  );
  expect(status).toBe(201);
  return body;
}

/** A fan's ₹51 text tip, paid in the sandbox checkout; techgamer approves tips by itself. */
async function payTip(name: string, message: string): Promise<string> {
  const order = await api<{ order_id: string }>(`/api/streamers/${SLUG}/orders`, {
    method: 'POST',
    body: { name, type: 'text', amount_paise: 5100, message, phone: '9876543210' },
  });
  expect(order.status).toBe(201);
  const paid = await api<{ outcome: string }>(`/sandbox/checkout/${order.body.order_id}/complete`, {
    method: 'POST',
    body: { result: 'paid' },
  });
  expect(paid.body.outcome).toBe('success');
  return order.body.order_id;
}

/**
 * Acknowledges every recent alert no overlay has shown yet (other e2e files pay techgamer tips
 * too), so a fresh overlay starts with an empty queue and plays only this test's alerts.
 */
async function drainUnshownAlerts(obsToken: string): Promise<void> {
  const query = `token=${encodeURIComponent(obsToken)}`;
  const stream = await openSse(`${baseUrl()}/api/overlay/${SLUG}/events?${query}`);
  await stream.waitFor((event) => event.event === 'ready');
  stream.close();
  for (const event of stream.events.filter((candidate) => candidate.event === 'alert')) {
    const { status } = await api(`/api/overlay/${SLUG}/alerts/${String(event.id)}/shown?${query}`, {
      method: 'POST',
    });
    expect(status).toBe(204);
  }
}

/**
 * A TCP hop between the browser and the server that can be cut. Chromium's offline emulation
 * and request routing leave an already open event stream alone, so cutting the sockets here is
 * how the test drops the overlay's connection mid-stream, as a flaky network would.
 */
async function startCuttableProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let isDown = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (isDown) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy did not listen');
  return {
    url: `http://127.0.0.1:${String(address.port)}`,
    cut() {
      isDown = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      isDown = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

declare global {
  interface Window {
    /** Every alert card that appeared on the overlay, by alert id, in order (set by the test). */
    __alertsSeen?: number[];
  }
}

/**
 * Opens the overlay and records what it does: every alert card that appears (a
 * MutationObserver added before the page's own scripts), its acknowledgements and its stream
 * requests.
 */
async function openOverlay(
  browser: Browser,
  obsToken: string,
  options: { viewport?: { width: number; height: number }; inObs?: boolean; origin?: string } = {},
) {
  const page = await browser.newPage({ viewport: options.viewport ?? FULL_HD.viewport });
  const errors = collectPageErrors(page);
  const acknowledged: number[] = [];
  const streamRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const shown = /\/alerts\/(\d+)\/shown$/.exec(url.pathname);
    if (shown && request.method() === 'POST') acknowledged.push(Number(shown[1]));
    if (url.pathname.endsWith('/events')) streamRequests.push(url.search);
  });
  await page.addInitScript((inObs) => {
    // OBS's browser source defines window.obsstudio; the page only then listens to its events.
    if (inObs) Object.assign(window, { obsstudio: { pluginVersion: '2.24.0' } });
    window.__alertsSeen = [];
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        mutation.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          const cards = [node, ...Array.from(node.querySelectorAll('[data-alert-id]'))];
          for (const card of cards) {
            const id = card.getAttribute('data-alert-id');
            if (id) window.__alertsSeen?.push(Number(id));
          }
        });
    }).observe(document, { childList: true, subtree: true });
  }, options.inObs ?? false);
  const origin = options.origin ?? baseUrl();
  await page.goto(`${origin}/${SLUG}/obs-alerts?token=${encodeURIComponent(obsToken)}`);
  await waitUntilConnected(page);
  return { page, errors, acknowledged, streamRequests };
}

/** Connected: the token check is over and the corner connection badge is gone. */
async function waitUntilConnected(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (validating) =>
      !document.querySelector('[data-connection-status]') &&
      !document.body.innerText.includes(validating) &&
      document.querySelector('main') !== null,
    OVERLAY_MESSAGES.validating,
    { timeout },
  );
}

/** The typed part of the message on the card that shows `donorName`. */
function typedMessage(page: Page, donorName: string) {
  return page
    .locator('article[data-alert-id]', { hasText: donorName })
    .locator('[data-overlay-message]');
}

async function alertIdOf(page: Page, donorName: string): Promise<number> {
  const id = await page
    .locator('article[data-alert-id]', { hasText: donorName })
    .getAttribute('data-alert-id');
  return Number(id);
}

async function alertsSeen(page: Page): Promise<number[]> {
  return page.evaluate(() => window.__alertsSeen ?? []);
}

async function waitForAcknowledgement(acknowledged: number[], alertId: number, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  while (!acknowledged.includes(alertId)) {
    if (Date.now() > deadline) throw new Error(`alert ${String(alertId)} was never acknowledged`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('OBS overlay (issue 5)', () => {
  let browser: Browser;
  let adminToken: string;
  let obsToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await loginAsAdmin();
    obsToken = (await createObsToken(adminToken)).token;
  });
  afterAll(() => browser.close());
  beforeEach(() => drainUnshownAlerts(obsToken));

  it('types a paid tip out on a transparent 1920×1080 overlay, then acknowledges it', async () => {
    const { page, errors, acknowledged } = await openOverlay(browser, obsToken);
    const backgrounds = await page.evaluate(() => [
      getComputedStyle(document.documentElement).backgroundColor,
      getComputedStyle(document.body).backgroundColor,
    ]);
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);

    const message = 'Shabaash! Loved the clutch in round 3 🔥';
    await payTip('Riya', message);
    const typed = typedMessage(page, 'Riya');
    await typed.waitFor({ state: 'attached', timeout: 10_000 });
    // Typed at 50 ms a character: a moment after the card appears only part of it is there.
    const early = (await typed.textContent()) ?? '';
    expect(early.length).toBeLessThan(message.length);
    expect(message.startsWith(early)).toBe(true);
    await page.waitForFunction(
      (expected) => document.querySelector('[data-overlay-message]')?.textContent === expected,
      message,
    );
    const card = page.locator('article[data-alert-id]');
    await expect(card.textContent()).resolves.toContain('Riya tipped ₹51');
    const box = await card.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(1920 * 0.9);

    const alertId = await alertIdOf(page, 'Riya');
    await waitForAcknowledgement(acknowledged, alertId);
    await card.waitFor({ state: 'detached' });
    expect(await alertsSeen(page)).toEqual([alertId]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('plays a tip paid while its connection was down once it reconnects, exactly once', async () => {
    const proxy = await startCuttableProxy(baseUrl());
    const { page, errors, acknowledged, streamRequests } = await openOverlay(browser, obsToken, {
      origin: proxy.url,
    });
    await payTip('Kabir', 'First one');
    await typedMessage(page, 'Kabir').waitFor({ state: 'attached', timeout: 10_000 });
    const firstId = await alertIdOf(page, 'Kabir');

    // Cut the connection mid-stream: the open event stream fails and reconnecting begins.
    proxy.cut();
    await page.locator('[data-connection-status="reconnecting"]').waitFor({ state: 'attached' });
    const message = 'Paid while you were offline';
    await payTip('Meera', message);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    proxy.restore();

    await page.waitForFunction(
      (expected) => document.querySelector('[data-overlay-message]')?.textContent === expected,
      message,
      { timeout: 45_000 },
    );
    const missedId = await alertIdOf(page, 'Meera');
    expect(
      streamRequests.some((search) => search.includes(`last_event_id=${String(firstId)}`)),
    ).toBe(true);
    await waitUntilConnected(page);
    await waitForAcknowledgement(acknowledged, missedId);
    await page.locator('article[data-alert-id]').waitFor({ state: 'detached' });

    expect(await alertsSeen(page)).toEqual([firstId, missedId]);
    expect(acknowledged.filter((id) => id === missedId)).toHaveLength(1);
    // The network errors of the cut are expected; nothing else may fail.
    expect(errors.filter((error) => !/net::ERR_/.test(error))).toEqual([]);
    await page.close();
    await proxy.close();
  }, 90_000);

  it('does not replay an alert after a page reload within the same session', async () => {
    const { page, acknowledged } = await openOverlay(browser, obsToken);
    await payTip('Arjun', 'Only once, even across a reload');
    await typedMessage(page, 'Arjun').waitFor({ state: 'attached', timeout: 10_000 });
    const alertId = await alertIdOf(page, 'Arjun');

    // Reloaded mid-alert: the server replays it (never acknowledged); the page only acknowledges.
    await page.reload();
    await waitUntilConnected(page);
    await waitForAcknowledgement(acknowledged, alertId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await alertsSeen(page)).toEqual([]);
    await page.close();
  });

  it('holds alerts while OBS hides the source and plays them once when it is shown', async () => {
    const { page, acknowledged } = await openOverlay(browser, obsToken, {
      viewport: SMALL_SOURCE.viewport,
      inObs: true,
    });
    const setSource = (visible: boolean) =>
      page.evaluate((isVisible) => {
        window.dispatchEvent(
          new CustomEvent('obsSourceVisibleChanged', { detail: { visible: isVisible } }),
        );
      }, visible);

    await setSource(false);
    const sent = await api<{ activeConnections: number }>(`/api/streamers/${SLUG}/test-alert`, {
      method: 'POST',
      token: adminToken,
    });
    expect(sent.body.activeConnections).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await alertsSeen(page)).toEqual([]);

    await setSource(true);
    const card = page.locator('article[data-alert-id]');
    await card.waitFor({ state: 'attached' });
    await expect(card.textContent()).resolves.toContain('Test alert');
    const box = await card.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(800 * 0.9);
    const alertId = Number(await card.getAttribute('data-alert-id'));
    await waitForAcknowledgement(acknowledged, alertId);
    expect(await alertsSeen(page)).toEqual([alertId]);
    await page.close();
  }, 60_000);

  it('explains a missing token', async () => {
    const page = await browser.newPage(FULL_HD);
    await page.goto(`${baseUrl()}/${SLUG}/obs-alerts`);
    await page.getByRole('heading', { name: OVERLAY_MESSAGES.invalidTitle }).waitFor();
    await page.getByText(OVERLAY_MESSAGES.invalidHint).waitFor();
    await page.getByText(OVERLAY_MESSAGES.missingToken).waitFor();
    await page.close();
  });

  it('checks the token, then refuses an invalid one', async () => {
    const page = await browser.newPage(FULL_HD);
    const errors = collectPageErrors(page);
    // Slow the check down enough to see the page say it is validating.
    await page.route('**/api/overlay/*/session?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/${SLUG}/obs-alerts?token=obs_notarealtoken`);
    await page.getByText(OVERLAY_MESSAGES.validating).waitFor();
    await page.getByRole('heading', { name: OVERLAY_MESSAGES.invalidTitle }).waitFor();
    await page.getByText(OVERLAY_MESSAGES.invalidToken).waitFor();
    // The browser logs the refused check (401) itself; the page adds nothing.
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
    await page.close();
  });

  it('sends a signed-out visitor of the Test Alert page to sign in', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/test-alerts`);
    await page.waitForURL(`${baseUrl()}/auth?redirect=%2Ftest-alerts`);
    await page.close();
  });

  it('sends a test alert from the Test Alert page to the open overlay', async () => {
    const overlay = await openOverlay(browser, obsToken);
    const page = await browser.newPage();
    await page.addInitScript(
      (token) => window.localStorage.setItem('auth_token', token),
      adminToken,
    );
    await page.goto(`${baseUrl()}/test-alerts`);
    await page.getByText(/another browser tab/).waitFor();
    const slugField = page.getByLabel('Streamer Slug');
    await slugField.fill(SLUG);
    await page.getByRole('button', { name: 'Send Test Alert' }).click();
    await page.getByText(/^Test alert sent! Active connections: [1-9]\d*$/).waitFor();

    await overlay.page.locator('article[data-alert-id]', { hasText: 'Test alert' }).waitFor();

    await slugField.fill('no-such-streamer');
    await page.getByRole('button', { name: 'Send Test Alert' }).click();
    await page.getByText('Failed to test alert: This streamer does not exist.').waitFor();
    await page.close();
    await overlay.page.close();
  });

  it('turns to the invalid-token screen when its token is deactivated', async () => {
    const fresh = await createObsToken(adminToken);
    const { page } = await openOverlay(browser, fresh.token);
    const { status } = await api(`/api/streamers/${SLUG}/obs-tokens/${fresh.id}/deactivate`, {
      method: 'POST',
      token: adminToken,
    });
    expect(status).toBe(200);
    await page.getByRole('heading', { name: OVERLAY_MESSAGES.invalidTitle }).waitFor();
    await page.getByText(OVERLAY_MESSAGES.invalidToken).waitFor();
    await page.close();
  });
});
