import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, scrollBelowDonationForm } from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  createObsToken,
  createStreamer,
  randomIp,
} from './fixtures.ts';

/*
 * Fan leaderboards, goals and the OBS widgets in Chromium (issue 11): two fans tip, and the
 * leaderboard and goal widgets, open as OBS would open them, show each tip live (pushed over
 * their stream, long before their 30-second re-read) and in the right order; reaching the goal
 * sets off the celebration. How fast is a benchmark's question, not this file's: the times are
 * printed, never asserted. Tips are paid through the API
 * and the sandbox gateway, each fan with their own cookie jar, as their browsers would.
 */

/** This file's own streamer (set in beforeAll), so its boards hold only this file's tips. */
let slug = '';
const FULL_HD = { width: 1920, height: 1080 };
const SMALL_SOURCE = { width: 800, height: 600 };
/**
 * How long a widget may take to show a tip here: far under the widgets' 30-second re-read
 * (WIDGET_REFRESH_MS), so only the live stream can meet it, and loose enough for a busy CI.
 */
const LIVE_WITHIN_MS = 8000;
/**
 * The longest one step may wait (a page, a request, an element): under the test's 60 s, so a
 * step that hangs is named in the failure rather than timing the whole test out.
 */
const STEP_TIMEOUT_MS = 15_000;

async function api<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string; cookie?: string } = {},
): Promise<{ status: number; body: T; setCookie: string | null }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': randomIp() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = options.cookie;
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    // A request that hangs fails the test here, by name, not at the test's 60 s timeout.
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    setCookie: response.headers.get('set-cookie'),
  };
}

/** A fan's browser: opens the donation page (which hands out the fan cookie), then tips. */
async function newFan(name: string) {
  const page = await api(`/api/streamers/${slug}`);
  const cookie = page.setCookie?.split(';')[0];
  if (!cookie) throw new Error('the donation page gave no fan cookie');
  return {
    name,
    /** Orders and pays a text tip; resolves once the gateway has confirmed the payment. */
    async tip(amountPaise: number, options: { anonymous?: boolean } = {}) {
      const order = await api<{ order_id: string }>(`/api/streamers/${slug}/orders`, {
        method: 'POST',
        cookie,
        body: {
          name,
          type: 'text',
          amount_paise: amountPaise,
          message: `Go go go! from ${name}`,
          phone: '9876543210',
          age_confirmed: true,
          stream_consent: true,
          ...options,
        },
      });
      expect(order.status).toBe(201);
      const paid = await api<{ outcome: string }>(
        `/sandbox/checkout/${order.body.order_id}/complete`,
        { method: 'POST', body: { result: 'paid' } },
      );
      expect(paid.body.outcome).toBe('success');
    },
  };
}

type Row = { rank: string | null; name: string | null; amount: string | null };

async function leaderboardRows(page: Page): Promise<Row[]> {
  return page.$$eval('[data-widget="leaderboard"] li', (items) =>
    items.map((item) => ({
      rank: item.getAttribute('data-rank'),
      name: item.getAttribute('data-name'),
      amount: item.getAttribute('data-amount-paise'),
    })),
  );
}

/** Opens a widget as an OBS browser source would and waits for its live stream. */
async function openWidget(
  browser: Browser,
  kind: 'leaderboard' | 'goal' | 'recent',
  obsToken: string,
  options: { viewport?: { width: number; height: number }; query?: string } = {},
) {
  const page = await browser.newPage({ viewport: options.viewport ?? FULL_HD });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const errors = collectPageErrors(page);
  await page.goto(
    `${baseUrl()}/${slug}/widgets/${kind}?token=${encodeURIComponent(obsToken)}${options.query ?? ''}`,
  );
  await page.waitForSelector('main[data-stream-status="connected"]', { timeout: 15_000 });
  return { page, errors };
}

/**
 * Resolves with how long after `since` the page met `predicate` (polled every 25 ms
 * in the page), or fails once `LIVE_WITHIN_MS` has passed.
 */
async function timeUntil(page: Page, since: number, predicate: () => boolean): Promise<number> {
  await page.waitForFunction(predicate, undefined, {
    timeout: LIVE_WITHIN_MS,
    polling: 25,
  });
  return Date.now() - since;
}

describe('fan leaderboards, goals and OBS widgets (issue 11)', () => {
  let browser: Browser;
  let obsToken: string;
  const latencies: number[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    // Tips count on the boards once approved: like the seeded streamers, it approves at once.
    slug = (await createStreamer('widgets', { settings: AUTO_APPROVE })).slug;
    obsToken = (await createObsToken(slug)).token;
    const goal = await api(`/api/streamers/${slug}/goal`, {
      method: 'POST',
      token: adminSessionToken(),
      body: { title: 'New studio mic', target_paise: 15_000 },
    });
    expect(goal.status).toBe(201);
  });
  afterAll(async () => {
    console.log(`widget update after payment (ms): ${latencies.join(', ')}`);
    await browser.close();
  });

  it('two fans tip: the leaderboard and goal widgets update live, in order', async () => {
    const board = await openWidget(browser, 'leaderboard', obsToken);
    const goal = await openWidget(browser, 'goal', obsToken);
    const backgrounds = await board.page.evaluate(() => [
      getComputedStyle(document.documentElement).backgroundColor,
      getComputedStyle(document.body).backgroundColor,
    ]);
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    expect(await leaderboardRows(board.page)).toEqual([]);
    expect(await goal.page.getAttribute('[data-widget="goal"]', 'data-percent')).toBe('0');

    const kabir = await newFan('Kabir');
    const meera = await newFan('Meera');

    // Kabir's ₹51: first on the board, the goal at 34%.
    await kabir.tip(5_100);
    let paidAt = Date.now();
    latencies.push(
      ...(await Promise.all([
        timeUntil(board.page, paidAt, () =>
          Boolean(document.querySelector('[data-widget="leaderboard"] li[data-name="Kabir"]')),
        ),
        timeUntil(
          goal.page,
          paidAt,
          () =>
            document.querySelector('[data-widget="goal"]')?.getAttribute('data-percent') === '34',
        ),
      ])),
    );
    expect(await leaderboardRows(board.page)).toEqual([
      { rank: '1', name: 'Kabir', amount: '5100' },
    ]);

    // Meera's ₹101 takes the lead and the goal past its target: the widget celebrates.
    await meera.tip(10_100);
    paidAt = Date.now();
    latencies.push(
      ...(await Promise.all([
        timeUntil(board.page, paidAt, () => {
          const first = document.querySelector('[data-widget="leaderboard"] li');
          return first?.getAttribute('data-name') === 'Meera';
        }),
        timeUntil(goal.page, paidAt, () =>
          Boolean(document.querySelector('[data-celebration="goal"]')),
        ),
      ])),
    );
    expect(await leaderboardRows(board.page)).toEqual([
      { rank: '1', name: 'Meera', amount: '10100' },
      { rank: '2', name: 'Kabir', amount: '5100' },
    ]);
    expect(await goal.page.getAttribute('[data-widget="goal"]', 'data-reached')).toBe('true');
    expect(await goal.page.getAttribute('[data-widget="goal"]', 'data-percent')).toBe('100');
    await expect(goal.page.textContent('[data-celebration="goal"]')).resolves.toContain(
      'Goal reached!',
    );

    // Kabir tips again: his tips add up (same fan) and he is back on top.
    await kabir.tip(10_100);
    paidAt = Date.now();
    latencies.push(
      ...(await Promise.all([
        timeUntil(board.page, paidAt, () => {
          const first = document.querySelector('[data-widget="leaderboard"] li');
          return first?.getAttribute('data-amount-paise') === '15200';
        }),
        timeUntil(
          goal.page,
          paidAt,
          () =>
            document.querySelector('[data-widget="goal"]')?.getAttribute('data-raised-paise') ===
            '25300',
        ),
      ])),
    );
    expect(await leaderboardRows(board.page)).toEqual([
      { rank: '1', name: 'Kabir', amount: '15200' },
      { rank: '2', name: 'Meera', amount: '10100' },
    ]);

    expect(board.errors).toEqual([]);
    expect(goal.errors).toEqual([]);
    await board.page.close();
    await goal.page.close();
  });

  it('shows an anonymous tip as Anonymous on the recent widget and the donation page', async () => {
    const recent = await openWidget(browser, 'recent', obsToken);
    const shy = await newFan('Secret Sana');
    await shy.tip(2_000, { anonymous: true });
    const paidAt = Date.now();
    latencies.push(
      await timeUntil(recent.page, paidAt, () => {
        const first = document.querySelector('[data-widget="recent"] li');
        return first?.getAttribute('data-name') === 'Anonymous';
      }),
    );
    const names = await recent.page.$$eval('[data-widget="recent"] li', (items) =>
      items.map((item) => item.getAttribute('data-name')),
    );
    expect(names).toEqual(['Anonymous', 'Kabir', 'Meera', 'Kabir']);
    expect(await recent.page.textContent('body')).not.toContain('Sana');

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/${slug}`);
    await scrollBelowDonationForm(page);
    const supporters = page.locator('[data-leaderboard="donation-page"]');
    // The list renders first as a loading state; wait for the supporters themselves.
    await expect
      .poll(async () => (await supporters.textContent()) ?? '', { timeout: 10_000 })
      .toContain('Kabir');
    const text = (await supporters.textContent()) ?? '';
    expect(text.indexOf('Kabir')).toBeGreaterThan(-1);
    expect(text.indexOf('Kabir')).toBeLessThan(text.indexOf('Meera'));
    expect(text).toContain('Anonymous');
    expect(text).not.toContain('Sana');
    await expect(page.locator('[data-goal="donation-page"]').textContent()).resolves.toContain(
      'New studio mic',
    );
    expect(errors).toEqual([]);
    await page.close();
    await recent.page.close();
  });

  it('stays readable when OBS shrinks the source to 800×600', async () => {
    for (const kind of ['leaderboard', 'goal', 'recent'] as const) {
      const { page } = await openWidget(browser, kind, obsToken, { viewport: SMALL_SOURCE });
      await page.waitForSelector(`[data-widget="${kind}"]`);
      const layout = await page.$eval(`[data-widget="${kind}"]`, (panel) => {
        const box = panel.getBoundingClientRect();
        const sizes = Array.from(panel.querySelectorAll('li, h1, p')).map((element) =>
          parseFloat(getComputedStyle(element).fontSize),
        );
        return { right: box.right, bottom: box.bottom, smallestFont: Math.min(...sizes) };
      });
      expect(layout.right, kind).toBeLessThanOrEqual(SMALL_SOURCE.width);
      expect(layout.bottom, kind).toBeLessThanOrEqual(SMALL_SOURCE.height);
      expect(layout.smallestFont, kind).toBeGreaterThanOrEqual(16);
      await page.close();
    }
  });

  it('refuses a bad token with the overlay’s invalid-token screen', async () => {
    const page = await browser.newPage({ viewport: FULL_HD });
    await page.goto(`${baseUrl()}/${slug}/widgets/leaderboard?token=obs_notarealtoken`);
    await expect(page.locator('[role="alert"]').textContent()).resolves.toContain(
      'Invalid or expired OBS token',
    );
    await page.goto(`${baseUrl()}/${slug}/widgets/goal`);
    await expect(page.locator('[role="alert"]').textContent()).resolves.toContain(
      'Please provide a valid OBS token',
    );
    await page.close();
  });
});
