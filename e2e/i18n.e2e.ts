import { PUBLIC_PAGES, pathInLanguage } from '@shabaash/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  collectPageErrors,
  launchBrowser,
  waitForHydration,
  signedInStorage,
} from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  createCreatorWithPage,
  createObsToken,
  createStreamer,
  randomIp,
  tipInHindi,
  turnSpeechOff,
  type TestStreamer,
} from './fixtures.ts';

/** A fan on a phone (issue 21, Done when). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The Devanagari subset of Noto Sans Devanagari, as the build names its files. */
const DEVANAGARI_FONT = /noto-sans-devanagari-devanagari-\d+-normal[^/]*\.woff2$/;

/** The font files a page requests, recorded from its first request on. */
function recordFontRequests(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  return fonts;
}

let english: TestStreamer;
let hindiOverlay: TestStreamer;

beforeAll(async () => {
  [english, hindiOverlay] = await Promise.all([
    createStreamer('i18n-fan', { settings: AUTO_APPROVE }),
    createStreamer('i18n-overlay', { settings: { ...AUTO_APPROVE, page: { language: 'hi' } } }),
  ]);
  await turnSpeechOff(hindiOverlay.slug);
});

describe('Hindi and English (issue 21)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lets a fan switch the donation page to Hindi, tip by text and see the status in Hindi', async () => {
    const page = await browser.newPage(PHONE);
    const errors = collectPageErrors(page);
    const fonts = recordFontRequests(page);
    await page.goto(`${baseUrl()}/${english.slug}`);
    await page.getByRole('button', { name: /^Donate/ }).waitFor();
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');

    // The switch names each language in its own script.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('button', { name: /^टिप भेजें/ }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await expect
      .poll(() => page.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed'))
      .toBe('true');

    // Remembered: the server renders the page in Hindi from the first byte.
    const served = await page.request.get(`${baseUrl()}/${english.slug}`);
    const html = await served.text();
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain('आपका नाम');

    // Through the dialog and the sandbox checkout, which speaks the page's language too.
    await tipInHindi(page, { name: 'प्रिया', message: 'बहुत बढ़िया स्ट्रीम! 🔥' });

    await page.waitForURL(new RegExp(`/status\\?order_id=${english.slug}_[^&]+&status=success$`));
    await page.getByRole('heading', { name: 'पेमेंट हो गया!' }).waitFor();
    await page.getByText('शुक्रिया! आपकी टिप स्ट्रीम तक पहुँच रही है।').waitFor();
    await page.getByRole('link', { name: 'डोनेशन पेज पर वापस जाएँ' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    // Hindi text is set in the self-hosted Devanagari font.
    expect(fonts.some((url) => DEVANAGARI_FONT.test(url))).toBe(true);

    // Next visit: the page arrives in Hindi from the server and hydrates without a mismatch.
    await page.goto(`${baseUrl()}/${english.slug}`);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'आपका नाम' }).fill('प्रिया');
    await page.getByRole('button', { name: /^टिप भेजें/ }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('downloads no Devanagari font for an English donation page', async () => {
    const page = await browser.newPage(PHONE);
    const fonts = recordFontRequests(page);
    await page.goto(`${baseUrl()}/${english.slug}`);
    await page.getByRole('button', { name: /^Donate/ }).waitFor();
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Your Name' }).fill('Asha');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');
    expect(fonts.filter((url) => DEVANAGARI_FONT.test(url))).toEqual([]);

    // The switch still names Hindi legibly on this machine, which has no Devanagari font of its
    // own: from the face of the languages' names (inlined in the stylesheet), drawn as wide as
    // the Hindi pages' text face draws it (boxes for missing letters would not be).
    const hindi = page.locator('[data-language-option="hi"]').first();
    await expect(hindi.textContent()).resolves.toBe('हिन्दी');
    const widths = await hindi.evaluate(async (label) => {
      const measure = (family: string) => {
        const probe = label.cloneNode(true) as HTMLElement;
        probe.style.fontFamily = family;
        probe.style.position = 'absolute';
        label.parentElement?.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return width;
      };
      await document.fonts.load('600 12px "Shabaash Devanagari"', 'हिन्दी');
      return {
        namesFace: label.getBoundingClientRect().width,
        textFace: measure('"Shabaash Devanagari"'),
        noFace: measure('system-ui'),
      };
    });
    expect(widths.namesFace).toBeCloseTo(widths.textFace, 1);
    expect(Math.abs(widths.noFace - widths.textFace)).toBeGreaterThan(1); // the test can tell
    await page.close();
  });

  it('shows the alert line in Hindi on an overlay set to Hindi', async () => {
    const { token } = await createObsToken(hindiOverlay.slug);
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const errors = collectPageErrors(page);
    await page.goto(
      `${baseUrl()}/${hindiOverlay.slug}/obs-alerts?token=${encodeURIComponent(token)}`,
    );
    // Once the overlay's settings, catalog and font have loaded (seconds on a busy machine).
    await expect
      .poll(() => page.locator('html').getAttribute('lang'), { timeout: 15_000 })
      .toBe('hi');

    // A test alert, as the dashboard's button sends it, once the overlay is connected.
    const sendTestAlert = async () => {
      const response = await fetch(`${baseUrl()}/api/streamers/${hindiOverlay.slug}/test-alert`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminSessionToken()}`, 'X-Forwarded-For': randomIp() },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { activeConnections: number }).activeConnections;
    };
    await expect.poll(sendTestAlert).toBeGreaterThan(0);
    const card = page.locator('article[data-alert-id]').first();
    await card.waitFor();
    await expect.poll(() => card.textContent()).toMatch(/ने ₹[\d,]+ की टिप दी/);
    await expect(card.textContent()).resolves.toContain('टेस्ट अलर्ट');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a streamer whose language is Hindi the dashboard in Hindi, and saves the switch', async () => {
    // A creator who signed up from a Hindi browser (users.locale 'hi') and made a page.
    const { token, slug } = await createCreatorWithPage('i18n-dash', 'hi');

    const context = await browser.newContext({
      ...PHONE,
      storageState: signedInStorage(token),
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/dashboard/${slug}`);
    // The stat cards and the tabs, in the hi catalog's words.
    const stats = page.getByRole('region', { name: 'कमाई एक नज़र में' });
    await stats.getByText('कुल कमाई').waitFor();
    await stats.getByText('आज की कमाई').waitFor();
    await stats.getByText('रिव्यू बाकी').waitFor();
    await stats.getByText('अभी कोई डोनेशन नहीं').waitFor();
    const tabs = page.getByRole('tablist', { name: 'डैशबोर्ड के सेक्शन' });
    await tabs.getByRole('tab', { name: 'अप्रूव्ड डोनेशन' }).waitFor();
    await tabs.getByRole('tab', { name: 'सेटिंग्स' }).waitFor();
    await page.getByText('अभी तक कोई अप्रूव्ड डोनेशन नहीं।', { exact: false }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('hi');
    const hindi = page.getByRole('button', { name: 'हिन्दी' });
    expect(await hindi.getAttribute('aria-pressed')).toBe('true');

    // The plans page and the Analytics tab speak it too, and the tab's title follows.
    await page.getByRole('link', { name: 'प्लान चुनें' }).click();
    await page.getByRole('heading', { name: 'प्लान', exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe(`प्लान · ${slug} · Shabaash`);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    // The plans' own names and features too, in the card and in its dialog.
    await page.getByRole('heading', { name: 'बेस प्लान', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'खरीदें: बेस प्लान' }).click();
    const dialog = page.getByRole('dialog', { name: 'बेस प्लान' });
    await dialog.getByText('आपका अपना स्ट्रीमिंग पेज').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.goBack();
    await page.getByRole('tab', { name: 'एनालिटिक्स' }).click();
    await page.getByText('टिप हिस्ट्री').first().waitFor();
    await expect.poll(() => page.title()).toBe(`डैशबोर्ड · ${slug} · Shabaash`);

    // The switch saves the user's language; the dashboard follows it.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('tab', { name: 'Approved Donations' }).waitFor();
    await page.getByText('Total Revenue').waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en-IN');
    const session = await fetch(`${baseUrl()}/api/auth/session`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': randomIp() },
    });
    expect(((await session.json()) as { user: { locale: string } }).user.locale).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves every public page in Hindi with hreflang links, and takes a Hindi reader there', async () => {
    // Prerendered: finished Hindi HTML at /hi/…, each copy naming both and the default.
    for (const { path } of PUBLIC_PAGES) {
      const hindiPath = pathInLanguage(path, 'hi');
      for (const served of [path, hindiPath]) {
        const response = await fetch(`${baseUrl()}${served}`);
        expect(response.status, served).toBe(200);
        const html = await response.text();
        expect(html, served).toContain(served === path ? '<html lang="en-IN"' : '<html lang="hi"');
        for (const [hreflang, href] of [
          ['en-IN', path],
          ['hi', hindiPath],
          ['x-default', path],
        ]) {
          const link = new RegExp(
            `<link rel="alternate" hreflang="${hreflang}" href="[^"]*?${href}"`,
            'i',
          );
          expect(html, `${served} → ${hreflang}`).toMatch(link);
        }
      }
    }
    const home = await (await fetch(`${baseUrl()}/hi`)).text();
    expect(home).toContain('भारतीय स्ट्रीमर्स के लिए UPI टिप्स और लाइव अलर्ट');
    const policy = await (await fetch(`${baseUrl()}/hi/privacy-policy`)).text();
    expect(policy).toContain('यह पॉलिसी अंग्रेज़ी में है');

    // A browser that prefers Hindi is sent to the Hindi page; one that chose English stays.
    const asked = (headers: Record<string, string>) =>
      fetch(`${baseUrl()}/feature-showcase`, { headers, redirect: 'manual' });
    const hindiFirst = await asked({ 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindiFirst.status).toBe(302);
    expect(hindiFirst.headers.get('location')).toBe('/hi/feature-showcase');
    const choseEnglish = await asked({
      'Accept-Language': 'hi-IN,hi;q=0.9',
      Cookie: 'shabaash_lang=en-IN',
    });
    expect(choseEnglish.status).toBe(200);

    // The switch on a marketing page goes to the other language's page and remembers it.
    const page = await browser.newPage(PHONE);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/contact`, { waitUntil: 'networkidle' });
    // React Router hydrates the whole document (the donation page's shell hydrates #root).
    await page.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
    );
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'Shabaash टीम से बात करें' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/hi/contact');
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await page.goto(`${baseUrl()}/`);
    expect(new URL(page.url()).pathname).toBe('/hi');
    await page
      .getByRole('heading', { name: 'भारतीय स्ट्रीमर्स के लिए UPI टिप्स और लाइव अलर्ट' })
      .waitFor();
    // A plan's dialog from the Hindi pricing section is Hindi too (once the page hydrated).
    await page.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
    );
    await page.getByRole('button', { name: 'अभी शुरू करें: बेस प्लान' }).click();
    const dialog = page.getByRole('dialog', { name: 'बेस प्लान' });
    await dialog.getByText('आपका अपना स्ट्रीमिंग पेज').waitFor();
    await dialog.getByRole('link', { name: 'आगे बढ़ें' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();

    // A Hindi browser's reader opens a legal page's binding English text from its Hindi copy,
    // and stays on English when reloading it.
    const reader = await browser.newPage({ ...PHONE, locale: 'hi-IN' });
    const readerErrors = collectPageErrors(reader);
    await reader.goto(`${baseUrl()}/privacy-policy`, { waitUntil: 'networkidle' });
    expect(new URL(reader.url()).pathname).toBe('/hi/privacy-policy');
    await reader.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
    );
    await reader.getByRole('link', { name: 'अंग्रेज़ी पेज खोलें' }).click();
    await expect.poll(() => new URL(reader.url()).pathname).toBe('/privacy-policy');
    await reader.reload();
    expect(new URL(reader.url()).pathname).toBe('/privacy-policy');
    expect(await reader.locator('html').getAttribute('lang')).toBe('en-IN');
    expect(readerErrors).toEqual([]);
    await reader.close();
  });
});
