import { VOICE_MESSAGES } from '@shabaash/core';
import { SHIPPED_EMOJI } from '../apps/web/src/fonts/shipped-emoji.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, scrollBelowDonationForm } from './browser.ts';
import {
  AUTO_APPROVE,
  createStreamer,
  randomIp,
  uniqueId,
  type TestStreamer,
  agreeToTipConsents,
} from './fixtures.ts';

/** A fan on a phone (issue 4, Done when). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const FAN_NAME = 'Priya';
const FAN_MOBILE = '9876543210';
const CHECKOUT_IFRAME = 'iframe[title="Sandbox UPI checkout"]';
/** The simple-form page's own dialog title, and the full-form page's celebration text. */
const SIMPLE_DIALOG_TITLE = 'Enter Mobile Number';
const CELEBRATION_TEXT = '🎉 Hyperemote celebration! 🎉';

type CheckoutChoice = 'Pay ₹51 (UPI)' | 'Fail' | 'Cancel' | 'Leave pending';

/** This file's streamers, set up like the seeded TechGamer (full form) and CodeLive (simple). */
let fullForm: TestStreamer;
let simpleForm: TestStreamer;

beforeAll(async () => {
  const page = { brand_color: '#16a34a', theme: 'green' } as const;
  [fullForm, simpleForm] = await Promise.all([
    createStreamer('tips', {
      settings: {
        ...AUTO_APPROVE,
        page: { ...page, show_emote_picker: true, hyperemote_message: CELEBRATION_TEXT },
      },
    }),
    createStreamer('tips-simple', {
      settings: {
        ...AUTO_APPROVE,
        page: { ...page, form_variant: 'simple', mobile_dialog_title: SIMPLE_DIALOG_TITLE },
      },
    }),
  ]);
});

async function openDonationPage(browser: Browser, slug = fullForm.slug) {
  const page = await browser.newPage(PHONE);
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl()}/${slug}`);
  await page.getByRole('button', { name: /^Donate/ }).waitFor();
  return { page, errors };
}

/** Fills the full form for a ₹51 text tip. */
async function fillTextTip(page: Page) {
  await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
  await page.getByRole('radio', { name: /Text Message/ }).check();
  await page.getByLabel('Amount (₹)').fill('51');
  await page.getByLabel('Message', { exact: true }).fill('Great stream! 🔥');
}

/** Donate → mobile-number dialog (titled as the page sets it) → Continue to Payment. */
async function submitWithMobile(page: Page, dialogTitle = 'Complete Your Donation') {
  await page.getByRole('button', { name: /^Donate/ }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByLabel('Mobile Number').fill(FAN_MOBILE);
  await agreeToTipConsents(dialog);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
}

/** The status page's address for an order of `slug`, once the checkout has ended. */
function statusUrl(slug: string, status: string): RegExp {
  return new RegExp(`/status\\?order_id=${slug}_[^&]+&status=${status}$`);
}

/** Tips ₹51 on the full-form page and presses `choice` in the sandbox checkout modal. */
async function tipAndChoose(page: Page, choice: CheckoutChoice, expectedStatus: string) {
  await fillTextTip(page);
  await submitWithMobile(page);
  const checkout = page.frameLocator(CHECKOUT_IFRAME);
  await checkout.getByRole('button', { name: choice, exact: true }).click();
  await page.waitForURL(statusUrl(fullForm.slug, expectedStatus));
}

/** A fan on another phone pays a ₹51 text tip (the API and the sandbox checkout's Pay). */
async function payTipElsewhere(slug: string, name: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
      body: JSON.stringify(body),
    });
  const order = await post(`/api/streamers/${slug}/orders`, {
    name,
    type: 'text',
    amount_paise: 5100,
    message: 'Cheering from another phone',
    phone: FAN_MOBILE,
    age_confirmed: true,
    stream_consent: true,
  });
  expect(order.status).toBe(201);
  const { order_id: orderId } = (await order.json()) as { order_id: string };
  const paid = await post(`/sandbox/checkout/${orderId}/complete`, { result: 'paid' });
  expect(paid.status).toBe(200);
}

function orderIdOf(page: Page): string {
  const orderId = new URL(page.url()).searchParams.get('order_id');
  if (!orderId) throw new Error(`no order id in ${page.url()}`);
  return orderId;
}

async function expectPaidOrderDetails(page: Page) {
  const details = page.locator('dl');
  await expect(details.getByText('₹51', { exact: true }).isVisible()).resolves.toBe(true);
  await expect(details.getByText(FAN_NAME, { exact: true }).isVisible()).resolves.toBe(true);
}

describe('donation page (a fan on a 390×844 phone)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('tips ₹51 with a text message and pays in the sandbox checkout', async () => {
    const { page, errors } = await openDonationPage(browser);
    await page.getByText('Sandbox — no real money').waitFor();
    // Spec 02 §8's success toast, once the checkout is ready and the fan has started.
    await page.getByRole('textbox', { name: 'Your Name' }).click();
    await page.getByText('Payment System Ready').waitFor();

    await tipAndChoose(page, 'Pay ₹51 (UPI)', 'success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expectPaidOrderDetails(page);
    expect(orderIdOf(page)).toMatch(new RegExp(`^${fullForm.slug}_`));

    await page.getByRole('link', { name: 'Back to Donation Page' }).click();
    await page.waitForURL(`${baseUrl()}/${fullForm.slug}`);

    // Back for another tip: this phone remembers the name and the number, until "Not you?".
    const name = page.getByRole('textbox', { name: 'Your Name' });
    await expect.poll(() => name.inputValue()).toBe(FAN_NAME);
    await page.getByLabel('Amount (₹)').fill('51');
    await page.getByLabel('Message', { exact: true }).fill('Again!');
    await page.getByRole('button', { name: /^Donate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Donation' });
    const mobile = dialog.getByLabel('Mobile Number');
    await expect.poll(() => mobile.inputValue()).toBe(FAN_MOBILE);
    await dialog.getByText('Remembered on this device from your last tip.').waitFor();
    await dialog.getByRole('button', { name: 'Not you? Forget my details' }).click();
    expect(await mobile.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await page.getByRole('button', { name: /^Donate/ }).waitFor();
    expect(await name.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells a fan whose paid tip waits for review that it does', async () => {
    // New streamers hold every tip for review.
    const held = await createStreamer('held');
    const { page, errors } = await openDonationPage(browser, held.slug);
    await fillTextTip(page);
    await submitWithMobile(page);
    await page.frameLocator(CHECKOUT_IFRAME).getByRole('button', { name: 'Pay ₹51 (UPI)' }).click();
    await page.waitForURL(statusUrl(held.slug, 'success'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.getByText('Paid — the streamer reviews messages before they appear.').waitFor();
    expect(await page.getByText('on its way to the stream').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows Payment Failed when the fan chooses Fail, and goes back to the form as filled', async () => {
    const { page } = await openDonationPage(browser);
    await tipAndChoose(page, 'Fail', 'failure');
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();

    await page.getByRole('link', { name: 'Back to Donation Page' }).click();
    await page.getByRole('button', { name: /^Donate/ }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Your Name' }).inputValue()).toBe(FAN_NAME);
    expect(await page.getByLabel('Amount (₹)').inputValue()).toBe('51');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Great stream! 🔥');
    await page.close();
  });

  it('leaves a payment pending, settles it by webhook, and Refresh Status shows success', async () => {
    const { page } = await openDonationPage(browser);
    await tipAndChoose(page, 'Leave pending', 'pending');
    await page.getByRole('heading', { name: 'Payment Pending' }).waitFor();

    const orderId = orderIdOf(page);
    const settle = await fetch(
      `${baseUrl()}/sandbox/orders/${encodeURIComponent(orderId)}/settle`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ outcome: 'paid' }),
      },
    );
    expect(settle.status).toBe(200);

    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expectPaidOrderDetails(page);
    await page.close();
  });

  it('validates the form inline, focusing the field at fault, before asking for a mobile number', async () => {
    const { page } = await openDonationPage(browser);
    const donate = page.getByRole('button', { name: /^Donate/ });
    const name = page.getByRole('textbox', { name: 'Your Name' });
    const amount = page.getByLabel('Amount (₹)');

    await donate.click();
    // The spec's words, under the field, which takes the focus and is marked invalid.
    await page.getByRole('alert').filter({ hasText: 'Please enter your name.' }).waitFor();
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const description = await name.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(description).toContain('Please enter your name.');

    // Typing clears it; the next problem is the amount's.
    await name.fill(FAN_NAME);
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Message', { exact: true }).fill('Hello!');
    await amount.fill('0');
    await donate.click();
    await page.getByText('Please enter a valid donation amount.').waitFor();
    expect(await amount.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The mobile dialog refuses a number that does not start with 6–9.
    await page.getByLabel('Amount (₹)').fill('51');
    await donate.click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Donation' });
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await dialog.getByText('Please enter your mobile number.').waitFor();
    await dialog.getByLabel('Mobile Number').fill('5123456789');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await dialog.getByText('Please enter a valid 10-digit mobile number').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.close();
  });

  it('hyperemote: locks the amount at the price, picks an emote and pays', async () => {
    const { page } = await openDonationPage(browser);
    await page.getByRole('radio', { name: /Hyperemotes/ }).check();
    const amount = page.getByLabel('Amount (₹)');
    expect(await amount.inputValue()).toBe('1');
    expect(await amount.getAttribute('readonly')).not.toBeNull();
    // This page sets a celebration text instead of clearing the message (spec 02 §4).
    expect(await page.getByLabel('Message (optional)').inputValue()).toBe(CELEBRATION_TEXT);

    await page.getByRole('radio', { name: /Love/ }).check();
    await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
    await submitWithMobile(page);
    await page.frameLocator(CHECKOUT_IFRAME).getByRole('button', { name: 'Pay ₹1 (UPI)' }).click();
    await page.waitForURL(statusUrl(fullForm.slug, 'success'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });

  it('draws the hyperemotes and quick emoji in colour from its own emoji face', async () => {
    const { page, errors } = await openDonationPage(browser);
    await page.getByRole('radio', { name: /Hyperemotes/ }).check();
    const excited = page
      .getByRole('radio', { name: /Excited/ })
      .locator('..')
      .locator('span')
      .first();
    await expect(excited.textContent()).resolves.toBe('🤩');
    // The tile asks for a colour emoji font before any text font (which may draw some in black).
    await expect(excited.evaluate((span) => getComputedStyle(span).fontFamily)).resolves.toMatch(
      /^"?Apple Color Emoji"?,.*"?Shabaash Emoji"?$/,
    );
    // Every emoji the pages draw themselves, from the shipped face, in colour: a glyph missing
    // from it would come out grey (a black-and-white text font, an empty box) or not at all, as
    // this machine has no colour emoji font of its own.
    const notInColour = await page.evaluate(
      async (emojis) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 48;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context) return emojis;
        await document.fonts.load('40px "Shabaash Emoji"', emojis.join(''));
        context.font = '40px "Shabaash Emoji"';
        return emojis.filter((emoji) => {
          context.clearRect(0, 0, 48, 48);
          context.fillText(emoji, 2, 40);
          const pixels = context.getImageData(0, 0, 48, 48).data;
          let coloured = 0;
          for (let index = 0; index < pixels.length; index += 4) {
            const [red = 0, green = 0, blue = 0, alpha = 0] = pixels.slice(index, index + 4);
            if (alpha > 128 && Math.max(red, green, blue) - Math.min(red, green, blue) > 25) {
              coloured += 1;
            }
          }
          return coloured < 40; // 🎵, the greyest, has hundreds
        });
      },
      [...SHIPPED_EMOJI],
    );
    expect(notInColour).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('CodeLive: the simple form redirects to the checkout and back to /status', async () => {
    const { page } = await openDonationPage(browser, simpleForm.slug);
    await scrollBelowDonationForm(page);
    await page.getByRole('heading', { name: 'Recent Support' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
    await page.getByLabel('Amount (₹)').fill('51');
    await page.getByText('Hyperemote Activated! Special effects included').waitFor();
    await submitWithMobile(page, SIMPLE_DIALOG_TITLE);

    await page.waitForURL(new RegExp(`/sandbox/checkout/${simpleForm.slug}_[^?]+\\?return_url=`));
    await page.getByRole('button', { name: 'Pay ₹51 (UPI)' }).click();
    await page.waitForURL(statusUrl(simpleForm.slug, 'success'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });

  it('status page: an order id that names no streamer goes back to the default streamer', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl()}/status?order_id=nosuchstreamer_abc123`);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    // No checkout loads on the status page, so no 'Payment System Ready' either.
    expect(await page.getByText('Payment System Ready').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Donation Page' }).click();
    // The seeded default streamer (spec 02 §2: the first page), not a not-found page.
    await page.waitForURL(`${baseUrl()}/chiaa`);
    await page.close();
  });

  it("shows the demo page chiaa's cover and social links (issue 32)", async () => {
    const { page, errors } = await openDonationPage(browser, 'chiaa');
    const hero = page.locator('header').first();
    // The artwork ships with the web app; decode() rejects if the server did not send an image.
    const cover = hero.locator('img[src="/demo/covers/chiaa.svg"]');
    const coverWidth = await cover.evaluate((image: HTMLImageElement) =>
      image.decode().then(() => image.naturalWidth),
    );
    expect(coverWidth).toBeGreaterThan(0);

    const links = hero.getByRole('list', { name: 'Social links' }).getByRole('link');
    const shown = await links.evaluateAll((anchors: HTMLAnchorElement[]) =>
      anchors.map((anchor) => [anchor.textContent, anchor.href]),
    );
    expect(shown).toEqual([
      ['Instagram', 'https://www.instagram.com/chiaa'],
      ['YouTube', 'https://www.youtube.com/@chiaa'],
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a tip paid while the page is open in Recent Support, without a reload', async () => {
    const page = await browser.newPage(PHONE);
    const slugPath = `/api/streamers/${simpleForm.slug}`;
    // Once the list has loaded and the live stream is open, only a live update can add the tip.
    const listLoaded = page.waitForResponse((response) =>
      response.url().endsWith(`${slugPath}/donations/recent`),
    );
    const streamOpen = page.waitForResponse((response) =>
      response.url().endsWith(`${slugPath}/profile-events`),
    );
    await page.goto(`${baseUrl()}/${simpleForm.slug}`);
    await scrollBelowDonationForm(page);
    await Promise.all([listLoaded, streamOpen]);

    const donor = `Live ${uniqueId()}`;
    await payTipElsewhere(simpleForm.slug, donor);
    await page
      .getByRole('region', { name: 'Recent Support' })
      .getByRole('listitem')
      .filter({ hasText: donor })
      .waitFor({ timeout: 5000 });
    await page.close();
  });

  it('shows the not-found page for an unknown streamer', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl()}/no-such-streamer`);
    await page.getByText('Oops! Page not found').waitFor();
    // The tab says so too, not "Tip no-such-streamer".
    expect(await page.title()).toBe('Page not found · Shabaash');
    await page.close();
  });
});

/** The recorder uploads to POST /api/uploads/voice before payment (issue 6). */
describe('voice tip (fake microphone)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ]);
  });
  afterAll(() => browser.close());

  it('records 3 s, uploads before payment, and pays', async () => {
    const { page } = await openDonationPage(browser);
    await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
    await page.getByRole('radio', { name: /Voice Message/ }).check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    // At least three seconds by the recorder's own clock ("0:03 / 1:00").
    await page
      .getByRole('timer')
      .filter({ hasText: /^0:0[3-9] / })
      .waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByText('Voice message ready').waitFor();

    await page.getByLabel('Amount (₹)').fill('51');
    await submitWithMobile(page);
    await page.frameLocator(CHECKOUT_IFRAME).getByRole('button', { name: 'Pay ₹51 (UPI)' }).click();
    await page.waitForURL(statusUrl(fullForm.slug, 'success'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });

  it("shows the server's reason when it will not take a recording just now", async () => {
    const { page } = await openDonationPage(browser);
    // Unclaimed voice uploads have filled the space the server allows for them (503).
    const refusal = { error: { code: 'uploads_full', message: VOICE_MESSAGES.uploadsFull } };
    await page.route('**/api/uploads/voice', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', json: refusal }),
    );
    await page.getByRole('radio', { name: /Voice Message/ }).check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByText(VOICE_MESSAGES.uploadsFull).waitFor();
    await page.close();
  });
});
