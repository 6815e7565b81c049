import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, waitForHydration } from './browser.ts';
import { createStreamer, randomIp, type TestStreamer } from './fixtures.ts';

/*
 * The donation page arrives rendered (issue 25): a fan's phone paints the streamer's header
 * and the form before any script has run, and a shared link shows a card. Then the script
 * hydrates the same HTML, so nothing is rebuilt or moved, and the form works as before.
 */

const PHONE = { width: 390, height: 844 };
let streamer: TestStreamer;
let browser: Browser;

beforeAll(async () => {
  streamer = await createStreamer('ssr', {
    name: 'Server Rendered Star',
    settings: { page: { welcome_text: 'Late-night chess and chai.' } },
  });
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

describe('the donation page before and without JavaScript', () => {
  it('is HTML with the name, the form fields, the Donate button and the link-preview tags', async () => {
    const response = await fetch(`${baseUrl()}/${streamer.slug}`, {
      headers: { 'X-Forwarded-For': randomIp() },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'));

    expect(root).toContain('Server Rendered Star');
    expect(root).toContain('Late-night chess and chai.');
    expect(root).toMatch(/<input[^>]*name="name"/);
    expect(root).toMatch(/<input[^>]*type="radio"[^>]*name="donation-type"[^>]*value="text"/);
    expect(root).toMatch(/<input[^>]*type="number"[^>]*placeholder="Enter amount"/);
    expect(root).toMatch(/<textarea/);
    expect(root).toMatch(/<button[^>]*type="submit"/);

    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Tip Server Rendered Star · Shabaash</title>');
    expect(head).toContain(
      '<meta property="og:title" content="Tip Server Rendered Star · Shabaash" />',
    );
    expect(head).toContain(
      '<meta property="og:description" content="Late-night chess and chai." />',
    );
    expect(head).toMatch(/<link rel="canonical" href="[^"]+\/ssr-[^"]+"/);
  });

  it('shows the header and a usable-looking form on a phone with scripts off', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/${streamer.slug}`);

    await expect
      .poll(() => page.getByRole('heading', { name: /Server Rendered Star/ }).isVisible())
      .toBe(true);
    expect(await page.getByRole('textbox', { name: 'Your Name' }).isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: /Text Message/ }).isVisible()).toBe(true);
    expect(await page.getByPlaceholder('Enter amount').isVisible()).toBe(true);
    expect(await page.locator('button[type="submit"]').isVisible()).toBe(true);
    // The form sits inside the phone's width: nothing to scroll sideways.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});

describe('the donation page once its script runs', () => {
  it('hydrates the server HTML in place: no mismatch, the same form nodes, then Donate works', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // Mark the server's name field before any script runs: hydration keeps that very node.
    await page.route(`${baseUrl()}/${streamer.slug}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        'name="name"',
        'name="name" data-from-server="yes"',
      );
      await route.fulfill({ response, body });
    });
    await page.goto(`${baseUrl()}/${streamer.slug}`);

    await page.getByRole('button', { name: /^Donate/ }).waitFor();
    expect(await page.locator('input[data-from-server="yes"]').count()).toBe(1);
    await page.getByRole('textbox', { name: 'Your Name' }).fill('Hydrated Fan');
    await page.getByPlaceholder('Enter amount').fill('51');
    expect(await page.getByRole('button', { name: /^Donate/ }).textContent()).toContain('₹51');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts fetching its scripts only once the page has painted', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseUrl()}/${streamer.slug}`);
    await waitForHydration(page);
    const { paintedAt, scriptsAt } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scriptsAt: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    // On a slow phone the HTML and CSS have the link to themselves until the first paint.
    expect(paintedAt).not.toBeNull();
    expect(scriptsAt.length).toBeGreaterThan(0);
    expect(Math.min(...scriptsAt)).toBeGreaterThanOrEqual(paintedAt ?? Infinity);
    await page.close();
  });

  it('keeps what a fan typed before the script ran', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // A slow phone: the page's script arrives well after the fan has started typing.
    let releaseScript: () => void = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/donation-[^/]*\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/${streamer.slug}`);
    await page.getByRole('textbox', { name: 'Your Name' }).fill('Early Typist');
    await page.getByPlaceholder('Enter amount').fill('77');
    await page.getByRole('textbox', { name: 'Message' }).fill('Typed on a slow phone');
    releaseScript();

    await page.getByRole('button', { name: 'Donate ₹77' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Your Name' }).inputValue()).toBe(
      'Early Typist',
    );
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(
      'Typed on a slow phone',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fills in a returning fan's name after hydration, without a mismatch", async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
    });
    await context.addInitScript(() => {
      window.localStorage.setItem(
        'shabaash:fan',
        JSON.stringify({ name: 'Returning Riya', phone: '9876543210' }),
      );
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/${streamer.slug}`);

    await expect
      .poll(() => page.getByRole('textbox', { name: 'Your Name' }).inputValue())
      .toBe('Returning Riya');
    await page.getByRole('button', { name: /^Donate/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
