import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashfreeEnv,
  startFakeCashfree,
  type FakeCashfree,
} from '../apps/server/test/fakes/fake-cashfree.ts';
import { deliverWebhook } from '../apps/server/test/fakes/fake-http-server.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../apps/server/test/fakes/fake-razorpay.ts';
import { PROVIDER_SCRIPTS } from '../apps/web/src/features/checkout/checkout.constants.ts';
import { collectPageErrors, launchBrowser, openHydrated, signedInStorage } from './browser.ts';
import { randomIp, uniqueId, agreeToTipConsents } from './fixtures.ts';
import { OWN_SERVER_START_TIMEOUT_MS, startOwnServer, type OwnServer } from './own-server.ts';

/*
 * Issue 27 in the browser: a creator connects their own (fake) Cashfree account in Settings →
 * Payouts, a fan tips, and the fake gateway holds the order made with the creator's keys (and
 * likewise with their own fake Razorpay account, whose checkout.js is a stand-in too); a
 * second page is onboarded for split settlement, its order carries the split, and the
 * settlements view shows the settlement the (simulated) next day. The server runs with
 * PAYMENT_PROVIDER=cashfree against the fake; Cashfree's JS SDK is a small stand-in that asks
 * this test what the fan does (as in checkout-providers.e2e.ts).
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CREATOR_KEYS = { appId: 'TEST_e2e_creator_app', secret: 'cfsk_ma_test_e2e_creator_a1b2' };
const RAZORPAY_KEYS = {
  keyId: 'rzp_test_E2eCreatorKey1',
  keySecret: 'e2e_creator_key_secret_7d3f',
  webhookSecret: 'e2e_creator_webhook_secret_42c8',
};

/** A stand-in for Razorpay's checkout.js: open() asks this test what the fan does. */
const FAKE_RAZORPAY_JS = `
(() => {
  function Razorpay(options) {
    this.options = options;
  }
  Razorpay.prototype.on = function () {};
  Razorpay.prototype.close = function () {};
  Razorpay.prototype.open = function () {
    const options = this.options;
    window.__fakeRazorpayOpen(JSON.parse(JSON.stringify(options))).then((response) => {
      options.handler(response);
    });
  };
  window.Razorpay = Razorpay;
})();
`;

const FAKE_CASHFREE_JS = `
(() => {
  window.Cashfree = function Cashfree(config) {
    return {
      checkout: async (options) => {
        const answer = await window.__fakeCashfreeCheckout(options.paymentSessionId);
        if (answer.navigateTo) {
          window.location.assign(answer.navigateTo);
          return { redirect: true };
        }
        return answer.result;
      },
    };
  };
})();
`;

describe('payouts: the creator’s own Cashfree or Razorpay account and split settlement', () => {
  let browser: Browser;
  let gateway: FakeCashfree;
  let razorpay: FakeRazorpay;
  /** What checkout.js was opened with, and where the creator's Razorpay webhooks go. */
  const razorpayOpened: Array<Record<string, unknown>> = [];
  let razorpayWebhookUrl = '';
  let server: OwnServer;
  let baseUrl: string;
  /** Where each merchant's webhooks go: the platform's URL, or a creator's per-page URL. */
  const webhookUrls = new Map<string, string>();

  async function adminApi(pathname: string, method: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        Authorization: `Bearer ${server.adminToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${pathname}: ${await response.clone().text()}`).toBe(true);
  }

  /** A page of its own, with the Complete Bundle, approving paid tips at once. */
  async function createPage(prefix: string): Promise<string> {
    const slug = `${prefix}-${uniqueId()}`;
    await adminApi('/api/admin/streamers', 'POST', { slug, name: `E2E ${prefix}` });
    await adminApi(`/api/admin/streamers/${slug}/plans/complete-bundle`, 'PUT');
    await adminApi(`/api/streamers/${slug}/settings`, 'PATCH', {
      moderation: { moderation_mode: 'auto' },
    });
    return slug;
  }

  beforeAll(async () => {
    gateway = await startFakeCashfree();
    gateway.addMerchant(CREATOR_KEYS.appId, CREATOR_KEYS.secret);
    razorpay = await startFakeRazorpay();
    razorpay.addMerchant(RAZORPAY_KEYS.keyId, RAZORPAY_KEYS.keySecret, RAZORPAY_KEYS.webhookSecret);
    [server, browser] = await Promise.all([
      startOwnServer({
        ...cashfreeEnv(gateway),
        RAZORPAY_API_BASE: razorpay.apiBase,
        PAYOUT_MODES: 'platform,own_cashfree,own_razorpay,cashfree_split',
        PLATFORM_FEE_PERCENT: '10',
        SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
      }),
      launchBrowser(),
    ]);
    baseUrl = server.url;
    webhookUrls.set(gateway.appId, `${baseUrl}/api/payments/webhooks/cashfree`);
  }, OWN_SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await gateway?.close();
    await razorpay?.close();
  });

  /** The fan pays in Cashfree's popup: the fake records it and its webhook is delivered. */
  async function playCashfree(paymentSessionId: string) {
    const order = [...gateway.orders.values()].find(
      (candidate) => candidate.payment_session_id === paymentSessionId,
    );
    if (!order) return { result: { error: { message: 'invalid session' } } };
    const url = webhookUrls.get(order.merchant_app_id);
    if (!url) throw new Error(`no webhook URL for ${order.merchant_app_id}`);
    const delivered = await deliverWebhook(url, gateway.pay(order.order_id));
    if (delivered.status !== 200) throw new Error(`webhook answered ${delivered.status}`);
    return { result: { paymentDetails: { paymentMessage: 'Payment finished. Check status.' } } };
  }

  /** The fan pays in checkout.js: the fake captures it and Razorpay's webhook is delivered. */
  async function playRazorpay(options: Record<string, unknown>) {
    razorpayOpened.push(options);
    const { checkout, captured } = razorpay.pay(String(options.order_id));
    const delivered = await deliverWebhook(razorpayWebhookUrl, captured);
    if (delivered.status !== 200) throw new Error(`webhook answered ${delivered.status}`);
    return checkout;
  }

  async function dashboard(slug: string): Promise<Page> {
    const context = await browser.newContext({
      storageState: signedInStorage(server.adminToken, baseUrl),
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard/${slug}?tab=settings&section=payouts`);
    await page.getByRole('heading', { name: 'Where your tips are paid' }).waitFor();
    return page;
  }

  /** A fan on a phone tips ₹51 with a text message; answers the order id from /status. */
  async function tip(slug: string): Promise<string> {
    const context = await browser.newContext({
      ...PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.exposeFunction('__fakeCashfreeCheckout', playCashfree);
    await page.route(PROVIDER_SCRIPTS.cashfree, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_CASHFREE_JS }),
    );
    await page.exposeFunction('__fakeRazorpayOpen', playRazorpay);
    await page.route(PROVIDER_SCRIPTS.razorpay, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_RAZORPAY_JS }),
    );
    await openHydrated(page, `${baseUrl}/${slug}`);
    await page.getByRole('textbox', { name: 'Your Name' }).fill('Priya');
    await page.getByRole('radio', { name: /Text Message/ }).check();
    await page.getByLabel('Amount (₹)').fill('51');
    await page.getByLabel('Message', { exact: true }).fill('Shabaash!');
    await page.getByRole('button', { name: /^Donate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Donation' });
    await dialog.getByLabel('Mobile Number').fill('9876543210');
    await agreeToTipConsents(dialog);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const orderId = new URL(page.url()).searchParams.get('order_id');
    expect(errors).toEqual([]);
    await context.close();
    if (!orderId) throw new Error('no order id on the status page');
    return orderId;
  }

  it('a creator connects their own Cashfree account; a fan’s tip is ordered with their keys', async () => {
    const slug = await createPage('own');
    const page = await dashboard(slug);
    await page.getByLabel('App ID').fill(CREATOR_KEYS.appId);
    await page.getByLabel('Secret key').fill(CREATOR_KEYS.secret);
    await page.getByRole('button', { name: 'Check and connect' }).click();
    const account = page.locator('[data-payouts="account"]');
    await account.getByText(`Secret key ending …${CREATOR_KEYS.secret.slice(-4)}`).waitFor();
    await page
      .getByText('Tips on this page are paid straight into your own Cashfree account.')
      .waitFor();
    // The secret is not on the page, only its last four characters.
    expect(await page.content()).not.toContain(CREATOR_KEYS.secret);
    const webhookUrl = await page.locator('[data-payouts="webhook-url"]').innerText();
    expect(webhookUrl).toMatch(
      new RegExp(`^${baseUrl}/api/payments/webhooks/cashfree/accounts/[0-9a-f-]{36}$`),
    );
    webhookUrls.set(CREATOR_KEYS.appId, webhookUrl);
    await page.context().close();

    const orderId = await tip(slug);
    expect(gateway.orders.get(orderId)).toMatchObject({
      merchant_app_id: CREATOR_KEYS.appId,
      order_amount: 51,
      order_status: 'PAID',
    });
  });

  it('a creator connects their own Razorpay account; a fan’s tip is ordered with their key and settled', async () => {
    const slug = await createPage('ownrzp');
    const page = await dashboard(slug);
    await page.getByLabel('Gateway').selectOption('razorpay');
    const form = page.locator('[data-payouts="own-razorpay-form"]');
    await form.getByLabel('Key ID').fill(RAZORPAY_KEYS.keyId);
    await form.getByLabel('Key Secret').fill(RAZORPAY_KEYS.keySecret);
    await form.getByLabel('Webhook secret').fill(RAZORPAY_KEYS.webhookSecret);
    await form.getByRole('button', { name: 'Check and connect' }).click();
    const account = page.locator('[data-payouts="account"]');
    await account.getByText(`Key Secret ending …${RAZORPAY_KEYS.keySecret.slice(-4)}`).waitFor();
    await account
      .getByText(`Webhook secret ending …${RAZORPAY_KEYS.webhookSecret.slice(-4)}`)
      .waitFor();
    await page
      .getByText('Tips on this page are paid straight into your own Razorpay account.')
      .waitFor();
    const html = await page.content();
    expect(html).not.toContain(RAZORPAY_KEYS.keySecret);
    expect(html).not.toContain(RAZORPAY_KEYS.webhookSecret);
    razorpayWebhookUrl = await page.locator('[data-payouts="webhook-url"]').innerText();
    expect(razorpayWebhookUrl).toMatch(
      new RegExp(`^${baseUrl}/api/payments/webhooks/razorpay/accounts/[0-9a-f-]{36}$`),
    );

    const orderId = await tip(slug);
    expect(razorpayOpened.at(-1)).toMatchObject({ key: RAZORPAY_KEYS.keyId });
    expect(razorpay.order(orderId)).toMatchObject({
      merchant_key_id: RAZORPAY_KEYS.keyId,
      amount: 5100,
      status: 'paid',
    });

    // Razorpay settles it (two working days later, here at once): the settlements view says so.
    const settlements = page.locator('[data-payouts="settlements"]');
    const row = settlements.locator(`[data-settlement="${orderId}"]`);
    await settlements.getByRole('button', { name: 'Refresh' }).click();
    await row.locator('[data-settled="no"]').waitFor();
    razorpay.settleDay();
    await settlements.getByRole('button', { name: 'Refresh' }).click();
    await row.locator('[data-settled="yes"]').waitFor();
    const utr = razorpay.order(orderId).payments[0]?.settlement?.utr;
    await expect(row.innerText()).resolves.toContain(`UTR ${utr}`);
    await page.context().close();
  });

  it('a page on split settlement waits for Cashfree’s verification, splits the order, and shows the settlement the next day', async () => {
    const slug = await createPage('split');
    const page = await dashboard(slug);
    const form = page.locator('[data-payouts="split-form"]');
    await form.getByLabel('Legal name (as on PAN)').fill('Priya Sharma');
    await form.getByLabel('E-mail', { exact: true }).fill('priya@example.com');
    await form.getByLabel('Mobile number').fill('9876543210');
    await form.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
    await form.getByLabel('Account number').fill('123456789012');
    await form.getByLabel('IFSC').fill('HDFC0001234');
    await form.getByRole('button', { name: 'Send to Cashfree' }).click();
    await page.locator('[data-vendor-status="pending"]').waitFor();
    await page.getByText(/Cashfree is verifying your details/).waitFor();

    // Fans see the page as not taking tips until Cashfree has verified the creator.
    const fanView = await browser.newPage(PHONE);
    await fanView.goto(`${baseUrl}/${slug}`);
    await fanView.getByText(/is not accepting tips yet/).waitFor();
    await fanView.close();

    const [vendor] = [...gateway.vendors.values()].filter((v) => v.name === 'Priya Sharma');
    if (!vendor) throw new Error('the vendor did not reach Cashfree');
    gateway.activateVendor(vendor.vendor_id);
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.locator('[data-vendor-status="active"]').waitFor();

    const orderId = await tip(slug);
    // ₹51 less the site's 10 % fee (₹5.10): ₹45.90 is split to the creator.
    expect(gateway.orders.get(orderId)).toMatchObject({
      merchant_app_id: gateway.appId,
      order_splits: [{ vendor_id: vendor.vendor_id, amount: 45.9 }],
    });

    const settlements = page.locator('[data-payouts="settlements"]');
    const row = settlements.locator(`[data-settlement="${orderId}"]`);
    await settlements.getByRole('button', { name: 'Refresh' }).click();
    await row.locator('[data-settled="no"]').waitFor();
    gateway.settleDay(); // the next working day at Cashfree
    await settlements.getByRole('button', { name: 'Refresh' }).click();
    await row.locator('[data-settled="yes"]').waitFor();
    await expect(row.innerText()).resolves.toContain('₹45.90');
    await page.context().close();
  });
});
