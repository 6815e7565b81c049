import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, waitForHydration } from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  agreeToTipConsents,
  createObsToken,
  createStreamer,
  randomIp,
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

    await page.getByRole('textbox', { name: 'आपका नाम' }).fill('प्रिया');
    await page.getByRole('radio', { name: /टेक्स्ट मैसेज/ }).check();
    await page.getByLabel('रकम (₹)').fill('51');
    await page.getByLabel('मैसेज', { exact: true }).fill('बहुत बढ़िया स्ट्रीम! 🔥');
    await page.getByRole('button', { name: /^टिप भेजें/ }).click();
    const dialog = page.getByRole('dialog', { name: 'अपनी टिप पूरी करें' });
    await dialog.getByLabel('मोबाइल नंबर').fill('9876543210');
    await agreeToTipConsents(dialog);
    await dialog.getByRole('button', { name: 'पेमेंट पर चलें' }).click();

    // The sandbox checkout, served by the API server, speaks the page's language too.
    const checkout = page.frameLocator('iframe[title="सैंडबॉक्स UPI चेकआउट"]');
    await checkout.getByRole('heading', { name: 'पेमेंट को आज़माएँ' }).waitFor();
    await checkout.getByRole('button', { name: '₹51 दें (UPI)', exact: true }).click();

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
    await page.close();
  });

  it('shows the alert line in Hindi on an overlay set to Hindi', async () => {
    const { token } = await createObsToken(hindiOverlay.slug);
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const errors = collectPageErrors(page);
    await page.goto(
      `${baseUrl()}/${hindiOverlay.slug}/obs-alerts?token=${encodeURIComponent(token)}`,
    );
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('hi');

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
});
