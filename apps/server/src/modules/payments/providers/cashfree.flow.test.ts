import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStreamer } from '../../../../test/factories.ts';
import {
  cashfreeEnv,
  startFakeCashfree,
  type FakeCashfree,
} from '../../../../test/fakes/fake-cashfree.ts';
import { deliverWebhook } from '../../../../test/fakes/fake-http-server.ts';
import {
  createGatewayTestApp,
  SHORT_TIMEOUT_HTTP,
  type GatewayTestApp,
} from '../../../../test/fakes/gateway-test-app.ts';
import { readPaymentFixture } from '../../../../test/fixtures/payments/payment-fixtures.ts';
import { placeOrder, placeOrderId } from '../../../../test/payments.ts';
import { reconcilePendingOrders } from '../reconciler.ts';

/**
 * The whole payment path with PAYMENT_PROVIDER=cashfree against the fake Cashfree API:
 * order → the fan pays in Cashfree's checkout → signed webhook over HTTP → status.
 */
describe('Cashfree end to end', () => {
  let fake: FakeCashfree;
  let t: GatewayTestApp;

  beforeAll(async () => {
    fake = await startFakeCashfree();
    t = await createGatewayTestApp(cashfreeEnv(fake));
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

  it('shows Cashfree in sandbox mode on the public profile, and no keys', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/streamers/techgamer' });
    expect(response.json().payment).toEqual({ provider: 'cashfree', mode: 'sandbox' });
    expect(response.body).not.toContain(fake.secretKey);
    expect(response.body).not.toContain(fake.appId);
  });

  it('runs order → checkout → webhook → status', async () => {
    const response = await placeOrder(t.app, 'techgamer');
    expect(response.statusCode).toBe(201);
    const order = response.json();
    const atCashfree = fake.orders.get(order.order_id);
    expect(order).toEqual({
      order_id: expect.stringMatching(/^techgamer_[0-9a-z]{12}$/),
      payment_session_id: atCashfree?.payment_session_id,
      payment_url: `${t.config.publicUrl}/status?order_id=${order.order_id}`,
      provider: 'cashfree',
      mode: 'sandbox',
    });
    expect(atCashfree).toMatchObject({ order_amount: 51, order_status: 'ACTIVE' });
    expect(atCashfree?.order_meta).toEqual({
      return_url: `${t.config.publicUrl}/status?order_id=${order.order_id}`,
    });
    expect(await t.donationFor(order.order_id)).toMatchObject({
      paymentStatus: 'pending',
      providerOrderId: atCashfree?.cf_order_id,
      paymentSessionId: atCashfree?.payment_session_id,
    });

    const webhook = fake.pay(order.order_id); // the fan pays in Cashfree's checkout
    const delivered = await deliverWebhook(t.webhookUrl, webhook);
    expect(delivered).toEqual({ status: 200, body: { received: true, result: 'applied' } });
    expect(await t.donationFor(order.order_id)).toMatchObject({
      paymentStatus: 'success',
      moderationStatus: 'auto_approved',
    });
    expect(await status(order.order_id)).toMatchObject({
      final_status: 'success',
      order_status: 'PAID',
      order_amount: 51,
      amount_paise: 5100,
      payments: [{ payment_status: 'SUCCESS' }],
    });
  });

  it('settles from Cashfree when the status page asks before the webhook arrives', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    fake.pay(orderId); // webhook not delivered (yet)
    expect((await status(orderId)).final_status).toBe('success');
  });

  it('refuses wrong, missing and broken signatures with 401 and records nothing', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const genuine = fake.pay(orderId);
    const wrongSecret = fake.sign(genuine.body, { secret: 'not-the-secret' });
    const { 'x-webhook-signature': _dropped, ...unsigned } = genuine.headers;
    const reserialised = { ...genuine, body: JSON.stringify(JSON.parse(genuine.body)) };
    for (const delivery of [wrongSecret, { ...genuine, headers: unsigned }, reserialised]) {
      const answer = await deliverWebhook(t.webhookUrl, delivery);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: { code: 'invalid_signature' } });
    }
    expect(await t.eventsFor(orderId)).toHaveLength(0);
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('pending');
  });

  it('records a duplicate delivery once and changes nothing twice', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const webhook = fake.pay(orderId);
    expect((await deliverWebhook(t.webhookUrl, webhook)).body).toMatchObject({ result: 'applied' });
    const paidAt = (await t.donationFor(orderId))?.paidAt;
    const again = await deliverWebhook(t.webhookUrl, webhook);
    expect(again).toEqual({ status: 200, body: { received: true, result: 'duplicate' } });
    expect(await t.eventsFor(orderId)).toHaveLength(1);
    expect((await t.donationFor(orderId))?.paidAt).toEqual(paidAt);
  });

  it('fails on a failed attempt or a drop-out, and takes a late success', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    await deliverWebhook(t.webhookUrl, fake.failAttempt(orderId, 'FAILED'));
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('failed');
    await deliverWebhook(t.webhookUrl, fake.failAttempt(orderId, 'USER_DROPPED'));
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('failed');
    await deliverWebhook(t.webhookUrl, fake.pay(orderId));
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('success');
    expect(
      (await status(orderId)).payments.map((p: { payment_status: string }) => p.payment_status),
    ).toEqual(['FAILED', 'USER_DROPPED', 'SUCCESS']);
  });

  it('believes Cashfree over a signed payload: an unpaid order stays pending', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const claim = readPaymentFixture('cashfree/webhook-payment-success').text.replaceAll(
      'techgamer_0a1b2c3d4e5f',
      orderId,
    );
    const answer = await deliverWebhook(t.webhookUrl, fake.sign(claim));
    expect(answer.body).toMatchObject({ result: 'contradicted' });
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('pending');
    expect(await t.eventsFor(orderId)).toHaveLength(0);
  });

  it('refuses a delivery signed over five minutes ago, and knows a replay by its signed body', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const genuine = fake.pay(orderId);
    const stale = fake.sign(genuine.body, { timestamp: String(Date.now() - 6 * 60_000) });
    expect(await deliverWebhook(t.webhookUrl, stale)).toMatchObject({
      status: 400,
      body: { error: { code: 'stale_webhook' } },
    });
    expect(await t.eventsFor(orderId)).toHaveLength(0);

    expect((await deliverWebhook(t.webhookUrl, genuine)).body).toMatchObject({ result: 'applied' });
    // Signed again (a fresh timestamp) with another x-idempotency-key, which is not signed.
    const replay = fake.sign(genuine.body);
    expect(replay.headers['x-idempotency-key']).not.toBe(genuine.headers['x-idempotency-key']);
    expect((await deliverWebhook(t.webhookUrl, replay)).body).toMatchObject({
      result: 'duplicate',
    });
    expect((await status(orderId)).payments).toEqual([
      { payment_status: 'SUCCESS', payment_time: expect.any(String) },
    ]);
  });

  it('uses the signed event when Cashfree cannot be asked', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    const webhook = fake.pay(orderId);
    fake.failNext(3, 503);
    expect((await deliverWebhook(t.webhookUrl, webhook)).body).toMatchObject({
      result: 'applied',
    });
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('success');
  });

  it('acknowledges other event types without recording them', async () => {
    const body = JSON.stringify({ type: 'REFUND_STATUS_WEBHOOK', data: { refund: {} } });
    const answer = await deliverWebhook(t.webhookUrl, fake.sign(body));
    expect(answer).toEqual({ status: 200, body: { received: true, result: 'ignored' } });
  });

  it('creates the order after a 500, retrying under the same idempotency key', async () => {
    fake.failNext(1, 500);
    const before = fake.requests.length;
    const orderId = await placeOrderId(t.app, 'techgamer');
    const posts = fake.requests.slice(before).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers['x-idempotency-key'])).toEqual([orderId, orderId]);
    expect(fake.orders.has(orderId)).toBe(true);
  });

  it('keeps one order when an answer was lost after Cashfree created it', async () => {
    fake.loseNextAnswer(1, 502);
    const response = await placeOrder(t.app, 'techgamer');
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order.payment_session_id).toBe(fake.orders.get(order.order_id)?.payment_session_id);
  });

  it('answers Payment Failed and keeps nothing when Cashfree is down', async () => {
    const before = await t.countDonations();
    fake.failNext(3, 500);
    const response = await placeOrder(t.app, 'techgamer');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: { code: 'provider_unavailable', message: 'Something went wrong. Please try again.' },
    });
    expect(await t.countDonations()).toBe(before);
  });

  it('gives up on a Cashfree that does not answer, cleanly and in bounded time', async () => {
    const before = await t.countDonations();
    const requestsBefore = fake.requests.length;
    t.setProviderHttp(SHORT_TIMEOUT_HTTP);
    fake.hangNext(3);
    const started = Date.now();
    const response = await placeOrder(t.app, 'techgamer');
    expect(response.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests.length - requestsBefore).toBe(3);
    expect(await t.countDonations()).toBe(before);
  });

  it('leaves an order pending while Cashfree times out, and settles it later', async () => {
    const orderId = await placeOrderId(t.app, 'techgamer');
    fake.pay(orderId); // paid, but the webhook is lost
    await t.dueNow(orderId);
    t.setProviderHttp(SHORT_TIMEOUT_HTTP);
    fake.hangNext(3);
    await reconcilePendingOrders(t.app.payments);
    const row = await t.donationFor(orderId);
    expect(row).toMatchObject({ paymentStatus: 'pending', checkAttempts: 1 });
    expect(row?.nextCheckAt?.getTime()).toBeGreaterThan(Date.now());

    t.setProviderHttp();
    await t.dueNow(orderId);
    await reconcilePendingOrders(t.app.payments);
    expect((await t.donationFor(orderId))?.paymentStatus).toBe('success');
  });

  it('has no Razorpay verification endpoint', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/verify',
      payload: { order_id: 'x', razorpay_payment_id: 'pay_x', razorpay_signature: 'ab' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('provider_not_enabled');
  });
});
