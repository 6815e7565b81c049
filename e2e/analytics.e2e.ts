import fs from 'node:fs';
import { formatRupees } from '@shabaash/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, signedInStorage } from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  createStreamer,
  randomIp,
  uniqueId,
  type TestStreamer,
} from './fixtures.ts';

/*
 * The dashboard's Analytics tab in Chromium (issue 28): after 60 paid tips, the creator finds
 * the first one by its donor's name, filters by type and sees the right total, sees the 7-day
 * chart, and downloads a CSV whose rows and total match. Tips are paid through the order API
 * and the sandbox gateway's signed webhook; the tab is what is under test.
 */

const TIPS = 60;

type Tip = { name: string; type: 'text' | 'hyperemote'; amountPaise: number };

async function post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A fan's tip, ordered like the donation page does and paid in the sandbox checkout. */
async function payTip(slug: string, tip: Tip): Promise<void> {
  const order = await post<{ order_id: string }>(`/api/streamers/${slug}/orders`, {
    name: tip.name,
    type: tip.type,
    amount_paise: tip.amountPaise,
    message: tip.type === 'text' ? `Shabaash from ${tip.name}` : '',
    phone: '9876543210',
    age_confirmed: true,
    stream_consent: true,
    ...(tip.type === 'hyperemote' ? { hyperemote_id: 'happy' } : {}),
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const paid = await post<{ outcome: string }>(
    `/sandbox/checkout/${order.body.order_id}/complete`,
    { result: 'paid' },
  );
  expect(paid.body.outcome).toBe('success');
}

/** The dashboard as the signed-in admin (a member's view), on a phone-sized screen. */
async function openAnalytics(browser: Browser, slug: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    acceptDownloads: true,
    storageState: signedInStorage(adminSessionToken()),
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/dashboard/${slug}?tab=analytics`);
  return page;
}

const summaryText = (tips: Tip[]) =>
  `${String(tips.length)} ${tips.length === 1 ? 'tip' : 'tips'} · ${formatRupees(
    tips.reduce((total, tip) => total + tip.amountPaise, 0),
  )}`;

describe('analytics tab (issue 28)', () => {
  let browser: Browser;
  let streamer: TestStreamer;
  const tips: Tip[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    streamer = await createStreamer('analytics', {
      settings: { ...AUTO_APPROVE, page: { show_emote_picker: true } },
    });
    const first = `Firstfan ${uniqueId()}`;
    for (let index = 0; index < TIPS; index += 1) {
      const isEmote = index % 5 === 4;
      tips.push({
        name: index === 0 ? first : `Fan ${String(index)}`,
        type: isEmote ? 'hyperemote' : 'text',
        // Paise that are not whole rupees, so the CSV's paise are checked too.
        amountPaise: isEmote ? 20_000 + index : 5_100 + index * 37,
      });
    }
    // Six at a time: each order and webhook goes through the server like a real fan's.
    for (let start = 0; start < TIPS; start += 6) {
      await Promise.all(tips.slice(start, start + 6).map((tip) => payTip(streamer.slug, tip)));
    }
  }, 180_000);
  afterAll(() => browser.close());

  it('finds the first tip by donor name, filters by type with the right total, charts 7 days and exports a matching CSV', async () => {
    const page = await openAnalytics(browser, streamer.slug);
    const errors = collectPageErrors(page);
    const history = page.locator('[data-analytics="history"]');
    const summary = history.locator('[data-analytics="summary"]');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toBe(summaryText(tips));

    // The 7-day chart: drawn, and the same numbers in its table for screen readers.
    const revenue = page.locator('[data-chart="revenue"]');
    await revenue.locator('canvas').first().waitFor();
    await expect(revenue.locator('figcaption').textContent()).resolves.toBe(
      'Revenue per day, last 7 days',
    );
    // The table screen readers read, named by its caption (uPlot's legend is a table too).
    const table = revenue.getByRole('table', { name: 'Revenue per day, last 7 days' });
    const rows = table.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(7);
    // Every tip was paid today, the last day of the chart.
    await expect(rows.last().locator('td').first().textContent()).resolves.toBe(
      formatRupees(tips.reduce((total, tip) => total + tip.amountPaise, 0)),
    );
    const box = await revenue.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    expect(box?.width ?? 1000).toBeLessThanOrEqual(390);

    // The first tip, 59 tips and a page break below the newest: found by its donor's name.
    const first = tips[0]!;
    await history.getByLabel('Search donor or message').fill(first.name.toLowerCase());
    await history.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => summary.textContent()).toBe(summaryText([first]));
    const found = history.locator('[data-analytics="tips"] > li');
    await expect(found.count()).resolves.toBe(1);
    await expect(found.first().textContent()).resolves.toContain(formatRupees(first.amountPaise));

    // Only hyperemotes: the count and total of those twelve.
    await history.getByLabel('Search donor or message').fill('');
    await history.getByLabel('Type', { exact: true }).selectOption('hyperemote');
    await history.getByRole('button', { name: 'Apply filters' }).click();
    const emotes = tips.filter((tip) => tip.type === 'hyperemote');
    await expect.poll(() => summary.textContent()).toBe(summaryText(emotes));

    // The CSV of what the filter shows: one header row, then one row per tip, same total.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^shabaash-analytics-.+-tips-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Date and time (IST),Donor,Type,Amount (INR),Message,Payment,Moderation,Order ID',
    );
    const records = lines.slice(1).map((line) => line.split(','));
    expect(records).toHaveLength(emotes.length);
    expect(new Set(records.map((cells) => cells[2]))).toEqual(new Set(['Hyperemote']));
    const csvTotalPaise = records.reduce(
      (total, cells) => total + Math.round(Number(cells[3]) * 100),
      0,
    );
    expect(csvTotalPaise).toBe(emotes.reduce((total, tip) => total + tip.amountPaise, 0));
    expect(records.map((cells) => cells[1]).sort()).toEqual(emotes.map((tip) => tip.name).sort());
    expect(errors).toEqual([]);
  });
});
