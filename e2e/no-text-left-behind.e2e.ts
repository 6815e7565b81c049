import fs from 'node:fs';
import path from 'node:path';

import { CONSENT_TEXT, PRIVACY_NOTICES, PUBLIC_PAGES, pathInLanguage } from '@shabaash/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, waitForHydration, signedInStorage } from './browser.ts';
import {
  adminSessionToken,
  createCreatorWithPage,
  createStreamer,
  HINDI_ADMIN,
  randomIp,
  signInToken,
  tipInHindi,
  uniqueId,
  type TestCreator,
  type TestStreamer,
} from './fixtures.ts';

/*
 * "No text left behind" (issue 21): every page a Hindi reader can open is read in Hindi, and
 * what stays English says so. On each page, every visible text (and every placeholder and
 * accessible name) is checked against the hi catalogs: a word in Latin letters passes only
 * when a Hindi text (a catalog's, or core's privacy notices) uses it too (UPI, OBS, GIF: the
 * loanwords the translators kept) or Intl writes it in Hindi ("am", "IST"), when it
 * is the page's own data (a streamer's name, an e-mail), or when it sits inside an element that
 * declares itself English (`lang="en-IN"`: the binding legal texts, the guides, the language
 * switch's "English") or not to be translated (`translate="no"`: names, addresses). English
 * that came from no catalog fails, and the test names it and the page.
 */

const CATALOGS = path.resolve(import.meta.dirname, '../apps/web/src/i18n/catalogs');

/** Every Latin word of every hi catalog's messages, lower-cased. */
function wordsOfHindiCatalogs(): Set<string> {
  const words = new Set<string>();
  for (const area of fs.readdirSync(CATALOGS)) {
    const file = path.join(CATALOGS, area, 'hi.json');
    if (!fs.existsSync(file)) continue;
    const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    for (const message of Object.values(catalog)) {
      // ICU placeholders and plural selectors are not text a reader sees.
      const text = message.replace(/\{[^{}]*\}/g, ' ');
      for (const word of text.match(/[A-Za-z]+/g) ?? []) words.add(word.toLowerCase());
    }
  }
  return words;
}

/** The Latin words of the Hindi texts core keeps itself: the privacy notices and consents. */
function wordsOfCoreHindi(): string[] {
  const texts = [
    ...Object.values(PRIVACY_NOTICES).map((notice) => notice.text.hi),
    ...Object.values(CONSENT_TEXT).flatMap((text) => (typeof text === 'string' ? [] : [text.hi])),
  ];
  return texts.flatMap((text) => text.match(/[A-Za-z]+/g) ?? []).map((word) => word.toLowerCase());
}

/**
 * The Latin words Intl itself writes in Hindi times (CLDR's "am", "pm" and "IST"), which the
 * pages get by formatting with `hi-IN`, as they should.
 */
function wordsOfHindiIntl(): string[] {
  const format = new Intl.DateTimeFormat('hi-IN', {
    hour: 'numeric',
    timeZone: 'Asia/Kolkata',
    timeZoneName: 'short',
  });
  return [0, 12]
    .flatMap((hour) => format.formatToParts(new Date(Date.UTC(2026, 0, 1, hour))))
    .filter((part) => part.type === 'dayPeriod' || part.type === 'timeZoneName')
    .flatMap((part) => part.value.match(/[A-Za-z]+/g) ?? [])
    .map((word) => word.toLowerCase());
}

/**
 * The texts on the page that have Latin words no hi catalog has, outside any element marked
 * English. Hidden elements do not count; visually hidden ones (for screen readers) do.
 */
function englishLeftOn(page: Page, allowed: string[]): Promise<string[]> {
  return page.evaluate((allowedWords) => {
    const known = new Set(allowedWords);
    const isStranger = (text: string) =>
      (text.match(/[A-Za-z]{2,}/g) ?? []).some((word) => !known.has(word.toLowerCase()));
    // Marked English, not to be translated (names, addresses: translate="no"), or code (URLs).
    const declaredEnglish = (element: Element) =>
      element.closest('script, style, noscript, template, code, [lang^="en"], [translate="no"]') !==
      null;
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!element || !text || declaredEnglish(element)) continue;
      if (!element.checkVisibility()) continue;
      if (isStranger(text)) found.add(text);
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (declaredEnglish(element) || !element.checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const text = element.getAttribute(name)?.trim() ?? '';
        if (text && isStranger(text)) found.add(`${name}="${text}"`);
      }
    }
    return [...found];
  }, allowed);
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// Some twenty pages a test, each opened fresh.
describe('no text left behind (issue 21)', { timeout: 180_000 }, () => {
  let browser: Browser;
  let allowed: string[];
  let streamer: TestStreamer;
  let own: TestCreator;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A creator whose language is Hindi, with a page of their own holding every plan's tools.
    own = await createCreatorWithPage('left', 'hi');
    const granted = await fetch(
      `${baseUrl()}/api/admin/streamers/${own.slug}/plans/complete-bundle`,
      {
        method: 'PUT',
        headers: { Authorization: `Bearer ${adminSessionToken()}`, 'X-Forwarded-For': randomIp() },
      },
    );
    expect(granted.ok).toBe(true);
    streamer = await createStreamer('left-fan', {
      settings: { page: { language: 'hi' }, moderation: { moderation_mode: 'auto' } },
    });
    // The page's own data may be in any letters.
    const data = [own.slug, own.name, own.email, streamer.slug, streamer.name].join(' ');
    allowed = [
      ...wordsOfHindiCatalogs(),
      ...wordsOfHindiIntl(),
      ...wordsOfCoreHindi(),
      // Keyboard keys are named as printed on them (the toasts' region adds its "alt+T").
      'alt',
      ...(data.match(/[A-Za-z]+/g) ?? []).map((word) => word.toLowerCase()),
    ];
  });
  afterAll(() => browser.close());

  /**
   * Opens `route` in `context`, waits for `ready` (or, with none, for the network to settle),
   * and returns the English left on it.
   */
  async function check(
    context: BrowserContext,
    route: string,
    ready: string | null,
  ): Promise<string[]> {
    const page = await context.newPage();
    // Signed-in pages hold a live stream open: the network never settles there.
    await page.goto(`${baseUrl()}${route}`, { waitUntil: ready ? 'load' : 'networkidle' });
    if (ready) await page.getByText(ready, { exact: false }).first().waitFor();
    const left = await englishLeftOn(page, allowed);
    await page.close();
    return left.map((text) => `${route}: ${text}`);
  }

  /**
   * Opens `route` and each tab of its first tab list in turn, and returns the English left on
   * each; `data` gives the words of the page's own data, read once the tab has shown it.
   */
  async function englishLeftOnEveryTab(
    page: Page,
    route: string,
    data: () => Promise<string[]> = async () => [],
  ): Promise<string[]> {
    await page.goto(`${baseUrl()}${route}`);
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    await tabs.first().waitFor();
    const left: string[] = [];
    for (const name of await tabs.allTextContents()) {
      await page.getByRole('tab', { name }).first().click();
      await page.getByRole('tabpanel').first().waitFor();
      // Loaded: no spinner and nothing marked busy.
      await page.waitForFunction(
        () => !document.querySelector('[aria-busy="true"], .animate-spin'),
      );
      const found = await englishLeftOn(page, [...allowed, ...(await data())]);
      left.push(...found.map((text) => `${route} (${name}): ${text}`));
    }
    return left;
  }

  it('leaves no English on the public and auth pages of a Hindi reader', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'hi-IN' });
    const left: string[] = [];
    for (const { path: page } of PUBLIC_PAGES) {
      left.push(...(await check(context, pathInLanguage(page, 'hi'), 'Shabaash')));
    }
    left.push(...(await check(context, '/auth', 'पासवर्ड')));
    left.push(...(await check(context, '/auth/forgot', 'पासवर्ड')));
    left.push(...(await check(context, '/auth/reset', 'पासवर्ड')));
    left.push(...(await check(context, '/auth/verify', 'ई-मेल')));
    // A dead link, with and without the language in the address.
    left.push(...(await check(context, '/hi/no-such-page', 'पेज नहीं मिला')));
    left.push(...(await check(context, '/no/such/page', 'पेज नहीं मिला')));
    await context.close();
    expect(left).toEqual([]);
  });

  it('leaves no English on a donation page, its tip dialog, status page and widgets in Hindi', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'hi-IN' });
    const left: string[] = [];
    const leftOn = async (page: Page, where: string) =>
      left.push(...(await englishLeftOn(page, allowed)).map((text) => `${where}: ${text}`));

    // A fan's tip from the page through its dialog to the status page.
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/${streamer.slug}`);
    await waitForHydration(page);
    await leftOn(page, `/${streamer.slug}`);
    await tipInHindi(page, { name: 'प्रिया', message: 'बहुत बढ़िया स्ट्रीम!' }, async () => {
      await leftOn(page, `/${streamer.slug} (tip dialog)`);
    });
    await page.getByRole('heading', { name: 'पेमेंट हो गया!' }).waitFor();
    await leftOn(page, '/status');
    // From the receipt to the rights page: the tip, and whom its data was shared with.
    await page.getByRole('heading', { name: 'स्ट्रीम पर आपका डेटा' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'अपना डेटा देखें, डाउनलोड करें या मिटाएँ' }).click();
    await page.getByText('किसके साथ शेयर हुआ').waitFor({ timeout: 30_000 });
    await page.getByText('पेमेंट गेटवे').waitFor();
    await leftOn(page, '/privacy/my-data (receipt)');
    await page.close();

    // The status page of an order it cannot find, and an address no streamer has.
    left.push(...(await check(context, '/status?order_id=order_unknown', null)));
    left.push(...(await check(context, `/nobody-${uniqueId()}`, 'पेज नहीं मिला')));
    for (const widget of ['leaderboard', 'goal', 'recent']) {
      left.push(...(await check(context, `/${streamer.slug}/widgets/${widget}`, null)));
    }
    await context.close();
    expect(left).toEqual([]);
  });

  it('leaves no English on the signed-in pages of a user whose language is Hindi', async () => {
    const context = await browser.newContext({
      ...PHONE,
      storageState: signedInStorage(own.token),
    });
    const left: string[] = [];
    for (const [route, ready] of [
      ['/dashboard', own.name],
      ['/dashboard/create', 'पेज'],
      [`/dashboard/${own.slug}/activity`, 'एक्टिविटी'],
      [`/dashboard/${own.slug}/plans`, 'बेस प्लान'],
      ['/test-alerts', 'टेस्ट'],
      ['/account', own.email],
      ['/privacy/my-data', 'डेटा'],
      ['/auth/invite/no-such-code', 'यह इनवाइट इस्तेमाल नहीं हो सकता'],
    ] as const) {
      left.push(...(await check(context, route, ready)));
    }

    // Every tab of the streamer dashboard.
    left.push(...(await englishLeftOnEveryTab(await context.newPage(), `/dashboard/${own.slug}`)));
    await context.close();
    expect(left).toEqual([]);
  });

  it('leaves no English on the admin console of an admin whose language is Hindi', async () => {
    const token = await signInToken(baseUrl(), HINDI_ADMIN);
    const chosen = await fetch(`${baseUrl()}/api/auth/locale`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'X-Forwarded-For': randomIp(),
      },
      body: JSON.stringify({ locale: 'hi' }),
    });
    expect(chosen.status).toBe(200);
    // The inbox holds a lead and a message (their words are the sender's data, any letters).
    const send = (route: string, body: unknown) =>
      fetch(`${baseUrl()}${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
        body: JSON.stringify(body),
      });
    const id = uniqueId();
    const lead = await send('/api/site/leads', {
      name: 'Lead Person',
      mobile_number: '9876543210',
      youtube_channel: 'https://youtube.com/@leadperson',
      email: `lead-${id}@example.com`,
      plan: 'base',
      age_confirmed: true,
    });
    expect(lead.status).toBe(201);
    const message = await send('/api/site/contact', {
      name: 'Contact Person',
      email: `contact-${id}@example.com`,
      phone: '+91 98765 43210',
      message: 'Hello, a question about payouts.',
      age_confirmed: true,
    });
    expect(message.status).toBe(201);
    const context = await browser.newContext({
      ...PHONE,
      storageState: signedInStorage(token),
    });
    // Every section of the console, with what the run has put there so far (other files' streamers,
    // leads and changes: their names and values are data, marked as such).
    const page = await context.newPage();
    // The console's own data is read after each tab: every streamer it could have shown.
    const left = await englishLeftOnEveryTab(page, '/dashboard/admin', () => consoleData(token));
    // What was read holds the rules and the changes themselves, in Hindi.
    await page.getByRole('tab', { name: 'प्राइवेसी' }).click();
    await expect
      .poll(() => page.getByRole('tabpanel').textContent())
      .toContain(
        'फ़ैन का फ़ोन नंबर (सील किया हुआ, खोजने के लिए कुंजी वाले इंडेक्स के साथ): टिप बनने के 365 दिन बाद मास्क किया जाता है',
      );
    await page.getByRole('tab', { name: 'ऑडिट लॉग' }).click();
    await page.locator(`[data-audit-log] tr:has-text("${streamer.slug}")`).first().waitFor();
    await context.close();
    expect(left).toEqual([]);
  });
});

/**
 * The admin console's data, which may be in any letters: the streamers' slugs and names and
 * their members' addresses, the admin's own address, and the social networks' own names.
 */
async function consoleData(token: string): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/admin/streamers`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': randomIp() },
  });
  expect(response.status).toBe(200);
  const { streamers } = (await response.json()) as {
    streamers: Array<{ slug: string; name: string; members: Array<{ email: string }> }>;
  };
  const text = [
    HINDI_ADMIN.email,
    'Facebook Discord Twitch',
    ...streamers.flatMap((streamer) => [
      streamer.slug,
      streamer.name,
      ...streamer.members.map((member) => member.email),
    ]),
  ].join(' ');
  return (text.match(/[A-Za-z]+/g) ?? []).map((word) => word.toLowerCase());
}
