import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser } from './browser.ts';

/** A fan on a phone (issue 4, Done when). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const FAN_NAME = 'Priya';
const FAN_MOBILE = '9876543210';
const CHECKOUT_IFRAME = 'iframe[title="Sandbox UPI checkout"]';

type CheckoutChoice = 'Pay ₹51 (UPI)' | 'Fail' | 'Cancel' | 'Leave pending';

async function openDonationPage(browser: Browser, slug = 'techgamer') {
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

/** Donate → mobile-number dialog → Continue to Payment. */
async function submitWithMobile(page: Page) {
  await page.getByRole('button', { name: /^Donate/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Your Donation' });
  await dialog.getByLabel('Mobile Number').fill(FAN_MOBILE);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
}

/** Tips ₹51 on /techgamer and presses `choice` in the sandbox checkout modal. */
async function tipAndChoose(page: Page, choice: CheckoutChoice, expectedStatus: string) {
  await fillTextTip(page);
  await submitWithMobile(page);
  const checkout = page.frameLocator(CHECKOUT_IFRAME);
  await checkout.getByRole('button', { name: choice, exact: true }).click();
  await page.waitForURL(new RegExp(`/status\\?order_id=techgamer_[^&]+&status=${expectedStatus}$`));
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

    await tipAndChoose(page, 'Pay ₹51 (UPI)', 'success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expectPaidOrderDetails(page);
    expect(orderIdOf(page)).toMatch(/^techgamer_/);

    await page.getByRole('link', { name: 'Back to Donation Page' }).click();
    await page.waitForURL(`${baseUrl()}/techgamer`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows Payment Failed when the fan chooses Fail', async () => {
    const { page } = await openDonationPage(browser);
    await tipAndChoose(page, 'Fail', 'failure');
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
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

  it('validates the form with the spec toasts before asking for a mobile number', async () => {
    const { page } = await openDonationPage(browser);
    const donate = page.getByRole('button', { name: /^Donate/ });

    await donate.click();
    await page.getByText('Name Required').waitFor();
    await page.getByText('Please enter your name.').waitFor();

    await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
    await page.getByLabel('Message', { exact: true }).fill('Hello!');
    await page.getByLabel('Amount (₹)').fill('0');
    await donate.click();
    await page.getByText('Invalid Amount').waitFor();
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

    await page.getByRole('radio', { name: /Love/ }).check();
    await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
    await submitWithMobile(page);
    await page.frameLocator(CHECKOUT_IFRAME).getByRole('button', { name: 'Pay ₹1 (UPI)' }).click();
    await page.waitForURL(/\/status\?order_id=techgamer_[^&]+&status=success$/);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });

  it('CodeLive: the simple form redirects to the checkout and back to /status', async () => {
    const { page } = await openDonationPage(browser, 'codelive');
    await page.getByRole('heading', { name: 'Recent Support' }).waitFor();
    await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
    await page.getByLabel('Amount (₹)').fill('51');
    await page.getByText('Hyperemote Activated! Special effects included').waitFor();
    await submitWithMobile(page);

    await page.waitForURL(/\/sandbox\/checkout\/codelive_[^?]+\?return_url=/);
    await page.getByRole('button', { name: 'Pay ₹51 (UPI)' }).click();
    await page.waitForURL(/\/status\?order_id=codelive_[^&]+&status=success$/);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });

  it('shows the not-found page for an unknown streamer', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl()}/no-such-streamer`);
    await page.getByText('Oops! Page not found').waitFor();
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
    await page.waitForTimeout(3_000);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByText('Voice message ready').waitFor();

    await page.getByLabel('Amount (₹)').fill('51');
    await submitWithMobile(page);
    await page.frameLocator(CHECKOUT_IFRAME).getByRole('button', { name: 'Pay ₹51 (UPI)' }).click();
    await page.waitForURL(/\/status\?order_id=techgamer_[^&]+&status=success$/);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });
});
