import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, linkFromOutbox } from './browser.ts';
import { randomIp, uniqueId } from './fixtures.ts';

/*
 * Issue 22 in Chromium on a phone: a new creator goes from the home page to a live tipping page
 * of their own with no admin involved. Sign up, open the verification link from the server's
 * outbox, create the page (address checked live), buy the Base Plan in the sandbox checkout,
 * generate an OBS token, open the overlay, send a test alert, and see a fan's tip play on it.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A 1×1 PNG: the avatar the creator uploads (the server decodes and resizes it). */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function urlIs(pathname: string, search?: string) {
  return (url: URL) => url.pathname === pathname && (search === undefined || url.search === search);
}

describe('a creator on their own, from the home page to a tip on stream', () => {
  let browser: Browser;
  beforeAll(async () => {
    // The overlay plays its alert sound and speech without a click, as OBS does.
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  });
  afterAll(() => browser.close());

  it('signs up, verifies, creates a page, buys the Base Plan, and a fan’s tip plays on its overlay', async () => {
    const startedAt = Date.now();
    const id = uniqueId();
    const email = `creator-${id}@example.com`;
    const password = 'creator-pass-1';
    const slug = `e2e-mine-${id}`;
    const name = `Creator ${id}`;

    const page = await browser.newPage(PHONE);
    const errors = collectPageErrors(page);
    // The Base Plan's card on the home page leads a visitor without an account into sign-up,
    // and the plan is carried through to its checkout once the page exists.
    await page.goto(`${baseUrl()}/#pricing`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
    );
    await page.getByRole('button', { name: 'Get Started Now: Base Plan' }).click();
    await page
      .getByRole('dialog', { name: 'Base Plan' })
      .getByRole('link', { name: 'Continue' })
      .click();
    await page.waitForURL(urlIs('/auth', '?tab=signup'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account Created!').waitFor();

    // Signed in at once, and led to "Create your page", which first asks for the e-mailed link.
    await page.waitForURL(urlIs('/dashboard/create'));
    await page.getByRole('heading', { name: 'Verify your e-mail to continue' }).waitFor();
    await page.getByText(`We sent a verification link to ${email}.`).waitFor();

    // The link's origin is PUBLIC_URL, which this server (on a random port) does not set.
    const link = new URL(await linkFromOutbox(email, '/auth/verify?token='));
    await page.goto(`${baseUrl()}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'E-mail verified' }).waitFor();
    await page.getByRole('link', { name: 'Create your page' }).click();
    await page.waitForURL(urlIs('/dashboard/create'));

    // The address is checked as it is typed: a reserved word, then a free one.
    const address = page.getByLabel('Page address');
    await address.fill('dashboard');
    await page.getByText('This slug is reserved. Please choose another.').waitFor();
    await address.fill(slug);
    await page.getByText('This address is available.').waitFor();
    await page.getByLabel('Display name').fill(name);
    await page.locator('input[name="brand_color"]').fill('#16a34a');
    // The preview is the donation page's own header, with the name being typed.
    await page.getByRole('img', { name: `Preview of your donation page: ${name}` }).waitFor();
    await page.getByRole('button', { name: 'Create my page' }).click();

    // Created and owned at once: the avatar upload, then the way into the dashboard.
    await page.getByRole('heading', { name: 'Add a picture' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: AVATAR_PNG,
    });
    await page.locator('[data-page-preview] [data-streamer-avatar]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.getByRole('link', { name: 'Go to my dashboard' }).waitFor();

    // The Base Plan chosen before sign-up is the next step: its checkout opens on the page's
    // plans screen, paid in the sandbox checkout, and the page goes live.
    await page.getByRole('link', { name: 'Continue to checkout: Base Plan' }).click();
    await page.waitForURL(urlIs(`/dashboard/${slug}/plans`, '?buy=base'));
    const planDialog = page.getByRole('dialog', { name: 'Base Plan' });
    await planDialog.getByLabel('UPI mobile number').fill('9876543210');
    await planDialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/plan_/);
    await page.getByRole('button', { name: 'Pay ₹399 (UPI)' }).click();
    await page.waitForURL(new RegExp(`/dashboard/${slug}/plans\\?order_id=plan_`));
    await page.getByText('Your page is live').waitFor();
    errors.length = 0; // the sandbox checkout is a plain page: its missing favicon is not ours

    // Generate the OBS token and open the overlay with it, as OBS would.
    await page.goto(`${baseUrl()}/dashboard/${slug}?tab=obs`);
    await page.getByRole('button', { name: 'Generate New Token' }).click();
    await page.getByText('Token Generated').first().waitFor();
    await page.getByRole('button', { name: 'Show active token' }).click();
    const tokenField = page.getByRole('group', { name: 'Active token' }).locator('code');
    const token = (await tokenField.textContent()) ?? '';
    expect(token).toMatch(/^obs_[0-9A-Za-z]{24}$/);
    const overlay = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const overlayErrors = collectPageErrors(overlay);
    await overlay.goto(`${baseUrl()}/${slug}/obs-alerts?token=${token}`);
    await expect
      .poll(async () => (await page.getByText('1 overlay connected').count()) > 0, {
        timeout: 15_000,
      })
      .toBe(true);

    // A test alert from the dashboard plays on it.
    await page.getByRole('button', { name: 'Send Test Alert' }).click();
    await overlay
      .locator('article[data-alert-id]', { hasText: 'Test alert' })
      .waitFor({ timeout: 30_000 });

    // A fan pays a tip; a new page holds tips for review, so the creator approves it.
    const donor = `Fan ${id}`;
    const order = await fetch(`${baseUrl()}/api/streamers/${slug}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
      body: JSON.stringify({
        name: donor,
        type: 'text',
        amount_paise: 5100,
        message: 'First tip on the new page!',
        phone: '9123456780',
        age_confirmed: true,
        stream_consent: true,
      }),
    });
    expect(order.status).toBe(201);
    const { order_id: orderId } = (await order.json()) as { order_id: string };
    const paid = await fetch(`${baseUrl()}/sandbox/checkout/${orderId}/complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ result: 'paid' }),
    });
    expect(paid.status).toBe(200);
    await page.goto(`${baseUrl()}/dashboard/${slug}?tab=approved`);
    const held = page.locator('[data-donation-id]', { hasText: donor });
    await held.getByRole('button', { name: 'Approve' }).click();
    await overlay
      .locator('article[data-alert-id]', { hasText: donor })
      .waitFor({ timeout: 45_000 });

    expect(errors).toEqual([]);
    expect(overlayErrors).toEqual([]);
    console.log(
      `sign-up → verified → page → Base Plan → OBS token → test alert → fan tip on stream: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    await overlay.close();
    await page.context().close();
  }, 180_000);
});
