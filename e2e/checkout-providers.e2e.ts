import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashfreeEnv,
  startFakeCashfree,
  type FakeCashfree,
} from '../apps/server/test/fakes/fake-cashfree.ts';
import { deliverWebhook } from '../apps/server/test/fakes/fake-http-server.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../apps/server/test/fakes/fake-razorpay.ts';
import {
  PROVIDER_SCRIPTS,
  SCRIPT_LOAD_TIMEOUT_MS,
} from '../apps/web/src/features/checkout/checkout.constants.ts';
import { collectPageErrors, launchBrowser, openHydrated, waitForHydration } from './browser.ts';
import { agreeToTipConsents } from './fixtures.ts';
import { OWN_SERVER_START_TIMEOUT_MS, startOwnServer, type OwnServer } from './own-server.ts';

/*
 * The browser checkout adapters for Cashfree and Razorpay, against real servers started with
 * PAYMENT_PROVIDER=cashfree and =razorpay whose API calls go to the local fake gateways of
 * apps/server/test/fakes. The providers' hosts are unreachable here, so Playwright answers the
 * two script URLs with small fakes that keep each SDK's shape (`Cashfree({ mode }).checkout()`,
 * `new Razorpay(options).open()`) and ask this test, through an exposed function, what the fan
 * does; the test plays the gateway with the fakes and, for Cashfree, delivers its webhooks.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const FAN_NAME = 'Priya';
const FAN_MOBILE = '9876543210';

/** A fake Cashfree JS SDK v3: checkout() asks the test what the fan did in the popup. */
const FAKE_CASHFREE_JS = `
(() => {
  window.Cashfree = function Cashfree(config) {
    if (!config || (config.mode !== 'sandbox' && config.mode !== 'production')) {
      throw new Error('Cashfree: mode must be sandbox or production');
    }
    return {
      checkout: async (options) => {
        const answer = await window.__fakeCashfreeCheckout({
          mode: config.mode,
          paymentSessionId: options.paymentSessionId,
          redirectTarget: options.redirectTarget,
        });
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

/** A fake checkout.js: open() asks the test what the fan did, then plays it to the page. */
const FAKE_RAZORPAY_JS = `
(() => {
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) throw new Error('Razorpay: call it with new');
    this.options = options;
    this.failedListeners = [];
  }
  Razorpay.prototype.on = function (event, listener) {
    if (event === 'payment.failed') this.failedListeners.push(listener);
  };
  Razorpay.prototype.close = function () {};
  Razorpay.prototype.open = function () {
    const options = this.options;
    window.__fakeRazorpayOpen(JSON.parse(JSON.stringify(options))).then((steps) => {
      for (const step of steps) {
        if (step.kind === 'failed') this.failedListeners.forEach((listener) => listener(step.response));
        if (step.kind === 'paid') options.handler(step.response);
        if (step.kind === 'dismiss') options.modal.ondismiss();
      }
    });
  };
  window.Razorpay = Razorpay;
})();
`;

type CashfreeCall = { mode: string; paymentSessionId: string; redirectTarget: string };
type CashfreeFan = 'pay' | 'fail';
type CashfreeAnswer = { navigateTo?: string; result?: unknown };

type RazorpayStep =
  | { kind: 'paid'; response: Record<string, string> }
  | { kind: 'failed'; response: unknown }
  | { kind: 'dismiss' };
type RazorpayFan = 'pay' | 'forge' | 'fail-then-dismiss' | 'dismiss';

/** Answers `url` with `body` (or holds or fails it) and counts the requests. */
async function routeScript(
  page: Page,
  url: string,
  body: string,
  behaviour: { hold?: Promise<void>; fail?: boolean } = {},
) {
  let requested: () => void = () => {};
  const counter = {
    requests: 0,
    /** Resolves when the page first asks for the script (its load timer is running then). */
    requested: new Promise<void>((resolve) => (requested = resolve)),
  };
  await page.route(url, async (route) => {
    counter.requests += 1;
    requested();
    if (behaviour.fail) return route.abort('connectionrefused');
    if (behaviour.hold) await behaviour.hold;
    await route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
  return counter;
}

const donateButton = (page: Page) => page.getByRole('button', { name: /^Donate/ });

/** Fills the full form for a ₹51 text tip. */
async function fillTextTip(page: Page) {
  await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
  await page.getByRole('radio', { name: /Text Message/ }).check();
  await page.getByLabel('Amount (₹)').fill('51');
  await page.getByLabel('Message', { exact: true }).fill('Great stream! 🔥');
}

/** Fills the simple form (CodeLive) for ₹51. */
async function fillSimpleTip(page: Page) {
  await page.getByRole('textbox', { name: 'Your Name' }).fill(FAN_NAME);
  await page.getByLabel('Amount (₹)').fill('51');
}

/** Donate → mobile-number dialog → Continue to Payment. */
async function submitWithMobile(page: Page) {
  // What the page says from the press on (a toast fades long before the wait below ends).
  const said: string[] = [];
  page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
  const pressed = await donateButton(page).evaluate(
    (button) =>
      `"${button.textContent ?? ''}", aria-disabled ${String(button.getAttribute('aria-disabled'))}`,
  );
  // Toasts (sonner's) the page shows from the press on, kept after they fade.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>('[data-sonner-toast]')) {
        if (!seen.includes(toast.innerText)) seen.push(toast.innerText);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await donateButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Your Donation' });
  const mobile = dialog.getByLabel('Mobile Number');
  await mobile.waitFor().catch(async (error: unknown) => {
    // Say what the page showed instead (a form problem, a toast), so a failure explains itself.
    const shown = (await page.locator('body').innerText()).slice(0, 2000);
    const toasts = await page.evaluate(
      () => (window as unknown as { __toastsSeen: string[] }).__toastsSeen,
    );
    const report = [
      'No mobile-number dialog after Donate.',
      `The button pressed: ${pressed}`,
      `Toasts since: ${toasts.join(' | ') || 'none'}`,
      `Console and errors since: ${said.join(' | ') || 'none'}`,
      `The page showed:\n${shown}`,
    ];
    throw new Error(report.join('\n'), { cause: error });
  });
  await mobile.fill(FAN_MOBILE);
  await agreeToTipConsents(dialog);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
}

function statusUrl(slug: string, status?: string): RegExp {
  const suffix = status ? `&status=${status}` : '';
  return new RegExp(`/status\\?order_id=${slug}_[^&]+${suffix}$`);
}

/** The page's call to the verify endpoint; a test that fails first leaves no stray rejection. */
function waitForVerify(page: Page) {
  const response = page.waitForResponse((candidate) =>
    candidate.url().endsWith('/api/payments/razorpay/verify'),
  );
  response.catch(() => {});
  return response;
}

async function countScriptTags(page: Page, src: string): Promise<number> {
  return page.locator(`script[src="${src}"]`).count();
}

describe('Cashfree checkout (PAYMENT_PROVIDER=cashfree, fake Cashfree API)', () => {
  let browser: Browser;
  let gateway: FakeCashfree;
  let provider: OwnServer;
  let baseUrl: string;
  let fan: CashfreeFan = 'pay';
  const calls: CashfreeCall[] = [];

  beforeAll(async () => {
    gateway = await startFakeCashfree();
    [provider, browser] = await Promise.all([
      startOwnServer({
        ...cashfreeEnv(gateway),
      }),
      launchBrowser(),
    ]);
    baseUrl = provider.url;
  }, OWN_SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await provider?.stop();
    await gateway?.close();
  });

  /** What the fan does in Cashfree's checkout: the fake gateway records it and signs its webhook. */
  async function playCashfree(call: CashfreeCall): Promise<CashfreeAnswer> {
    calls.push(call);
    const order = [...gateway.orders.values()].find(
      (candidate) => candidate.payment_session_id === call.paymentSessionId,
    );
    if (!order) {
      return { result: { error: { message: 'invalid session', code: 'session_invalid' } } };
    }
    const webhook =
      fan === 'pay' ? gateway.pay(order.order_id) : gateway.failAttempt(order.order_id);
    const delivered = await deliverWebhook(`${baseUrl}/api/payments/webhooks/cashfree`, webhook);
    if (delivered.status !== 200) throw new Error(`webhook answered ${delivered.status}`);
    if (call.redirectTarget === '_self') {
      return { navigateTo: String(order.order_meta.return_url) };
    }
    return fan === 'pay'
      ? { result: { paymentDetails: { paymentMessage: 'Payment finished. Check status.' } } }
      : { result: { error: { message: 'Payment failed', code: 'payment_failed' } } };
  }

  async function newPage(behaviour?: Parameters<typeof routeScript>[3]) {
    const page = await browser.newPage(PHONE);
    const errors = collectPageErrors(page);
    await page.exposeFunction('__fakeCashfreeCheckout', playCashfree);
    const script = await routeScript(page, PROVIDER_SCRIPTS.cashfree, FAKE_CASHFREE_JS, behaviour);
    return { page, errors, script };
  }

  it('loads the SDK once on the donation page, pays in the popup and shows success', async () => {
    fan = 'pay';
    calls.length = 0;
    const { page, errors, script } = await newPage();
    await page.goto(`${baseUrl}/techgamer`);
    await donateButton(page).waitFor();
    expect(await countScriptTags(page, PROVIDER_SCRIPTS.cashfree)).toBe(1);

    await fillTextTip(page);
    await submitWithMobile(page);
    await page.waitForURL(statusUrl('techgamer', 'success'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    expect(calls).toEqual([
      {
        mode: 'sandbox',
        paymentSessionId: expect.stringMatching(/^session_/),
        redirectTarget: '_modal',
      },
    ]);
    // One download for the page; the status page needs no checkout and asks for none.
    expect(script.requests).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an error from the popup is a failure', async () => {
    fan = 'fail';
    const { page } = await newPage();
    await openHydrated(page, `${baseUrl}/techgamer`);
    await fillTextTip(page);
    await submitWithMobile(page);
    await page.waitForURL(statusUrl('techgamer', 'failure'));
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.close();
  });

  it('CodeLive: the simple form sends the page to Cashfree (_self) and back to /status', async () => {
    fan = 'pay';
    calls.length = 0;
    const { page } = await newPage();
    await openHydrated(page, `${baseUrl}/codelive`);
    await fillSimpleTip(page);
    await submitWithMobile(page);
    await page.waitForURL(statusUrl('codelive'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(calls).toEqual([
      {
        mode: 'sandbox',
        paymentSessionId: expect.stringMatching(/^session_/),
        redirectTarget: '_self',
      },
    ]);
    await page.close();
  });

  it('holds the Donate button (Payment System Not Ready) until the SDK has loaded', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { page } = await newPage({ hold });
    await page.goto(`${baseUrl}/techgamer`);

    const loading = page.getByRole('button', { name: 'Loading payment system…' });
    await loading.waitFor();
    expect(await loading.getAttribute('aria-disabled')).toBe('true');
    // The server's HTML shows the same button before the script runs; the check needs the script.
    await waitForHydration(page);
    await fillTextTip(page);
    // The button is only aria-disabled: a tap still reaches the form's checks.
    await loading.click({ force: true });
    await page.getByText('Payment System Not Ready').waitFor();
    expect(await page.getByRole('dialog', { name: 'Complete Your Donation' }).count()).toBe(0);

    release();
    await page.getByRole('button', { name: 'Donate ₹51' }).waitFor();
    await page.close();
  });

  it('a script that never arrives ends in Payment System Error after the time-out', async () => {
    const { page, script } = await newPage({ hold: new Promise<void>(() => {}) });
    await page.clock.install();
    await page.goto(`${baseUrl}/techgamer`);
    await page.getByRole('button', { name: 'Loading payment system…' }).waitFor();
    await script.requested;

    const alert = page.getByRole('alert').filter({ hasText: 'Payment System Error' });
    const startedAt = Date.now();
    await page.clock.fastForward(SCRIPT_LOAD_TIMEOUT_MS + 1_000);
    await alert.waitFor();
    // The page's clock ran the time-out, not the wall clock.
    expect(Date.now() - startedAt).toBeLessThan(SCRIPT_LOAD_TIMEOUT_MS / 2);
    await alert.getByText('Failed to load payment system. Please refresh the page.').waitFor();
    await alert.getByRole('button', { name: 'Refresh Page' }).waitFor();
    // A timed-out load is not fetched again.
    expect(script.requests).toBe(1);
    await page.close();
  });

  it('a script that fails to download is tried once more, then Payment System Error', async () => {
    const { page, script } = await newPage({ fail: true });
    await page.goto(`${baseUrl}/techgamer`);
    await page.getByRole('alert').filter({ hasText: 'Payment System Error' }).waitFor();
    expect(script.requests).toBe(2);
    expect(await countScriptTags(page, PROVIDER_SCRIPTS.cashfree)).toBe(0);
    await page.close();
  });

  it('pages that do not pay never load the SDK', async () => {
    const { page, script } = await newPage();
    await page.goto(`${baseUrl}/status?order_id=techgamer_nothing`);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.goto(`${baseUrl}/`);
    await page.waitForLoadState('networkidle');
    expect(script.requests).toBe(0);
    await page.close();
  });
});

describe('Razorpay checkout (PAYMENT_PROVIDER=razorpay, fake Razorpay API)', () => {
  let browser: Browser;
  let gateway: FakeRazorpay;
  let provider: OwnServer;
  let baseUrl: string;
  let fan: RazorpayFan = 'pay';
  const opened: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    gateway = await startFakeRazorpay();
    [provider, browser] = await Promise.all([
      startOwnServer({
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: gateway.keyId,
        RAZORPAY_KEY_SECRET: gateway.keySecret,
        RAZORPAY_WEBHOOK_SECRET: gateway.webhookSecret,
        RAZORPAY_API_BASE: gateway.apiBase,
      }),
      launchBrowser(),
    ]);
    baseUrl = provider.url;
  }, OWN_SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await provider?.stop();
    await gateway?.close();
  });

  /** What the fan does in checkout.js's modal, as the steps the fake script plays back. */
  function playRazorpay(options: Record<string, unknown>): RazorpayStep[] {
    opened.push(options);
    const orderId = String(options.order_id);
    switch (fan) {
      case 'pay':
        return [{ kind: 'paid', response: gateway.pay(orderId).checkout }];
      case 'forge':
        return [
          {
            kind: 'paid',
            response: {
              razorpay_payment_id: 'pay_Forged0000001',
              razorpay_order_id: orderId,
              razorpay_signature: '0'.repeat(64),
            },
          },
        ];
      case 'fail-then-dismiss': {
        gateway.failAttempt(orderId);
        const error = { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'x' };
        return [{ kind: 'failed', response: { error } }, { kind: 'dismiss' }];
      }
      case 'dismiss':
        return [{ kind: 'dismiss' }];
    }
  }

  async function newPage() {
    const page = await browser.newPage(PHONE);
    const errors = collectPageErrors(page);
    await page.exposeFunction('__fakeRazorpayOpen', playRazorpay);
    const script = await routeScript(page, PROVIDER_SCRIPTS.razorpay, FAKE_RAZORPAY_JS);
    return { page, errors, script };
  }

  it('opens checkout.js with our key and Razorpay’s order; a verified payment shows success', async () => {
    fan = 'pay';
    opened.length = 0;
    const { page, errors, script } = await newPage();
    const verify = waitForVerify(page);
    await page.goto(`${baseUrl}/techgamer`);
    await page.getByText('Sandbox — no real money').waitFor(); // rzp_test_ keys are test mode
    await fillTextTip(page);
    await submitWithMobile(page);
    await page.waitForURL(statusUrl('techgamer', 'success'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect((await verify).status()).toBe(200);

    expect(opened).toHaveLength(1);
    const options = opened[0] ?? {};
    expect(options).toMatchObject({
      key: gateway.keyId,
      order_id: expect.stringMatching(/^order_/),
      currency: 'INR',
      name: 'Shabaash',
      modal: { confirm_close: true },
    });
    // The donation page passes checkoutDetailsFor(…): the tip's amount, payee, fan and colour.
    expect(options).toMatchObject({
      amount: 5100,
      description: 'Tip for TechGamer',
      prefill: { name: 'Priya', contact: '+919876543210' },
      theme: { color: '#16a34a' },
    });
    expect(gateway.order(String(options.order_id)).amount).toBe(5100);
    // Loaded once; the status page, a fresh document, has no need of it.
    expect(script.requests).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a signature the server refuses (400 invalid_signature) is a failure', async () => {
    fan = 'forge';
    const { page } = await newPage();
    const verify = waitForVerify(page);
    await openHydrated(page, `${baseUrl}/techgamer`);
    await fillTextTip(page);
    await submitWithMobile(page);
    // The page loads the status page as soon as it has read the answer, so only the status is
    // left to see here; razorpay.flow.test.ts checks the body (invalid_signature).
    expect((await verify).status()).toBe(400);
    await page.waitForURL(statusUrl('techgamer', 'failure'));
    await page.close();
  });

  it('closing the modal after a failed attempt is a failure; closing it untried is a cancel', async () => {
    const outcomes = [
      { choice: 'fail-then-dismiss', status: 'failure', heading: 'Payment Failed' },
      { choice: 'dismiss', status: 'cancelled', heading: 'Payment cancelled' },
    ] as const;
    for (const { choice, status, heading } of outcomes) {
      fan = choice;
      const { page } = await newPage();
      await openHydrated(page, `${baseUrl}/techgamer`);
      await fillTextTip(page);
      await submitWithMobile(page);
      await page.waitForURL(statusUrl('techgamer', status));
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.close();
    }
  });

  it('CodeLive: the simple form opens the modal over the page, then goes to /status', async () => {
    fan = 'pay';
    const { page } = await newPage();
    await openHydrated(page, `${baseUrl}/codelive`);
    await fillSimpleTip(page);
    await submitWithMobile(page);
    await page.waitForURL(statusUrl('codelive', 'success'));
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });
});
