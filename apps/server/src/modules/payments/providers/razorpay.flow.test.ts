import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStreamer, randomTestIp } from '../../../../test/factories.ts';
import { deliverWebhook } from '../../../../test/fakes/fake-http-server.ts';
import {
  startFakeRazorpay,
  type FakeRazorpay,
  type RazorpayCheckoutSuccess,
} from '../../../../test/fakes/fake-razorpay.ts';
import {
  createGatewayTestApp,
  SHORT_TIMEOUT_HTTP,
  type GatewayTestApp,
} from '../../../../test/fakes/gateway-test-app.ts';
import { placeOrder, placeOrderId } from '../../../../test/payments.ts';
import { reconcilePendingOrders } from '../reconciler.ts';

/**
 * The whole payment path with PAYMENT_PROVIDER=razorpay against the fake Razorpay API:
 * order → checkout.js → the browser's signed callback and Razorpay's signed webhooks → status.
 */
describe('Razorpay end to end', () => {
  let fake: FakeRazorpay;
  let t: GatewayTestApp;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createGatewayTestApp({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_BASE: fake.apiBase,
    });
    await buildStreamer(t.database.db, { slug: 'techgamer', moderationMode: 'auto' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.clearFaults();
    t.setProviderHttp();
  });

  const status = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/status` })).json();
  const verify = (orderId: string, checkout: Partial<RazorpayCheckoutSuccess>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/verify',
      payload: {
        order_id: orderId,
        razorpay_payment_id: checkout.razorpay_payment_id,
        razorpay_signature: checkout.razorpay_signature,
      },
      remoteAddress: randomTestIp(),
    });

  it('gives the browser the key id and sandbox mode, and no secrets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/streamers/techgamer' });
    expect(response.json().payment).toEqual({
      provider: 'razorpay',
      mode: 'sandbox',
      client_key: fake.keyId,
    });
    expect(response.body).not.toContain(fake.keySecret);
    expect(response.body).not.toContain(fake.webhookSecret);
  });

  it('runs order → checkout → webhooks → status', async () => {
    const response = await placeOrder(t.app, 'techgamer');
    expect(response.statusCode).toBe(201);
    const order = response.json();
    const atRazorpay = fake.order(order.order_id);
    expect(order).toEqual({
      order_id: expect.stringMatching(/^techgamer_[0-9a-z]{12}$/),
      payment_session_id: atRazorpay.id,
      payment_url: `${t.config.publicUrl}/status?order_id=${order.order_id}`,
      provider: 'razorpay',
      mode: 'sandbox',
    });
    expect(atRazorpay).toMatchObject({ amount: 5100, currency: 'INR', receipt: order.order_id });
    expect((await t.donationFor(order.order_id))?.providerOrderId).toBe(atRazorpay.id);

    const { captured, orderPaid } = fake.pay(order.order_id); // the fan pays in checkout.js
    expect(await deliverWebhook(t.webhookUrl, captured)).toEqual({
      status: 200,
      body: { received: true, result: 'applied' },
    });
    // order.paid follows for the same payment: recorded, but nothing moves twice.
    expect((await deliverWebhook(t.webhookUrl, orderPaid)).body).toMatchObject({
      result: 'unchanged',
    });
    expect((await deliverWebhook(t.webhookUrl, captured)).body).toMatchObject({
      result: 'duplicate',
    });
    expect(await t.eventsFor(order.order_id)).toHaveLength(2);
    expect(await t.donationFor(order.order_id)).toMatchObject({
      paymentStatus: 'success',
      moderationStatus: 'auto_approved',
    });
    expect(await status(order.order_id)).toMatchObject({
      final_status: 'success',
      order_amount: 51,
      payments: [{ payment_status: 'SUCCESS' }, { payment_status: 'SUCCESS' }],
    });
  });

  it('settles from Razorpay when the browser reports a correctly signed checkout', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const { checkout } = fake.pay(orderId);
    const response = await verify(orderId, checkout);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ order_id: orderId, verified: true, final_status: 'success' });
  });

  it('refuses a checkout callback not signed for the order we stored', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const otherOrderId = await placeOrderId(t.app, 'techgamer');
    const { checkout } = fake.pay(otherOrderId); // a genuine callback, for another order
    const forged = await verify(orderId, checkout);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_signature');
    const garbage = await verify(orderId, { ...checkout, razorpay_signature: 'f'.repeat(64) });
    expect(garbage.statusCode).toBe(400);
    const malformed = await verify(orderId, { ...checkout, razorpay_signature: 'nope' });
    expect(malformed.json().error.code).toBe('validation_error');
    expect((await verify('techgamer_unknown0000', checkout)).statusCode).toBe(404);
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('pending');
  });

  it('refuses webhooks signed with anything but the webhook secret', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const { captured } = fake.pay(orderId);
    const withKeySecret = fake.sign(captured.body, { secret: fake.keySecret });
    const { 'x-razorpay-signature': _dropped, ...unsigned } = captured.headers;
    const tampered = { ...captured, body: captured.body.replace('"amount":5100', '"amount":1') };
    for (const delivery of [withKeySecret, { ...captured, headers: unsigned }, tampered]) {
      expect((await deliverWebhook(t.webhookUrl, delivery)).status).toBe(401);
    }
    expect(await t.eventsFor(orderId)).toHaveLength(0);
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('pending');
  });

  it('knows a replay by its signed body, whatever its x-razorpay-event-id header says', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const { captured } = fake.pay(orderId);
    expect((await deliverWebhook(t.webhookUrl, captured)).body).toMatchObject({
      result: 'applied',
    });
    const replay = fake.sign(captured.body, { eventId: 'evt_ForgedNewEvent' });
    expect((await deliverWebhook(t.webhookUrl, replay)).body).toMatchObject({
      result: 'duplicate',
    });
    expect(await t.eventsFor(orderId)).toHaveLength(1);
  });

  it('refuses an event created longer ago than Razorpay retries (24 h): 400, nothing recorded', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const { captured } = fake.pay(orderId);
    const event = JSON.parse(captured.body) as { created_at: number };
    event.created_at = Math.floor(Date.now() / 1000) - 25 * 3600;
    const stale = fake.sign(JSON.stringify(event));
    expect(await deliverWebhook(t.webhookUrl, stale)).toMatchObject({
      status: 400,
      body: { error: { code: 'stale_webhook' } },
    });
    expect(await t.eventsFor(orderId)).toHaveLength(0);
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('pending');
  });

  it('fails on payment.failed and takes a later capture', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    await deliverWebhook(t.webhookUrl, fake.failAttempt(orderId));
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('failed');
    await deliverWebhook(t.webhookUrl, fake.pay(orderId).captured);
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('success');
  });

  it('keeps an authorised payment pending until it is captured', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const { checkout, authorized } = fake.authorize(orderId);
    expect((await deliverWebhook(t.webhookUrl, authorized)).body).toMatchObject({
      result: 'unchanged',
    });
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('pending');
    const { captured } = fake.capture(checkout.razorpay_payment_id);
    expect((await deliverWebhook(t.webhookUrl, captured)).body).toMatchObject({
      result: 'applied',
    });
  });

  it('asks Razorpay to redeliver (503) when it cannot tie a payment event to an order', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const { captured } = fake.pay(orderId);
    fake.failNext(3, 500);
    const first = await deliverWebhook(t.webhookUrl, captured);
    expect(first.status).toBe(503);
    expect(await t.eventsFor(orderId)).toHaveLength(0);
    expect((await deliverWebhook(t.webhookUrl, captured)).body).toMatchObject({
      result: 'applied',
    });
  });

  it('creates the order after a 500 without creating it twice', async () => {
    fake.failNext(1, 500);
    const orderId = await placeOrderId(t.app, 'techgamer');
    const lostOrderId = await (async () => {
      fake.loseNextAnswer(1, 502);
      return placeOrderId(t.app, 'techgamer');
    })();
    for (const id of [orderId, lostOrderId]) {
      const ours = [...fake.orders.values()].filter((o) => o.notes.order_id === id);
      expect(ours).toHaveLength(1);
      expect((await t.donationFor(id))?.providerOrderId).toBe(ours[0]?.id);
    }
  });

  it('answers Payment Failed and keeps nothing when Razorpay is down or silent', async () => {
    const before = await t.countDonations();
    fake.failNext(10, 500);
    const down = await placeOrder(t.app, 'techgamer');
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toBe('Something went wrong. Please try again.');
    fake.clearFaults();
    t.setProviderHttp(SHORT_TIMEOUT_HTTP);
    fake.hangNext(10);
    const requestsBefore = fake.requests.length;
    const started = Date.now();
    const silent = await placeOrder(t.app, 'techgamer');
    expect(silent.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(3_000);
    // Three tries in all (create, then a receipt look-up before each retry), no nested retries.
    expect(fake.requests.length - requestsBefore).toBe(3);
    expect(await t.countDonations()).toBe(before);
  });

  it('leaves an order pending while Razorpay times out, and settles it later', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    fake.pay(orderId); // paid, but every webhook is lost
    await t.dueNow(orderId);
    t.setProviderHttp(SHORT_TIMEOUT_HTTP);
    fake.hangNext(3);
    await reconcilePendingOrders(t.app.payments);
    expect(await t.donationFor(orderId)).toMatchObject({
      paymentStatus: 'pending',
      checkAttempts: 1,
    });
    fake.clearFaults();
    t.setProviderHttp();
    await t.dueNow(orderId);
    await reconcilePendingOrders(t.app.payments);
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('success');
  });
});
