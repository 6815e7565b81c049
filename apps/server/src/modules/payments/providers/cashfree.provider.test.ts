import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCashfree, type FakeCashfree } from '../../../../test/fakes/fake-cashfree.ts';
import { readPaymentFixture } from '../../../../test/fixtures/payments/payment-fixtures.ts';
import { ProviderError, type PaymentProvider } from '../payment-provider.ts';
import {
  CASHFREE_API_VERSION,
  cashfreeCustomerId,
  cashfreeCustomerName,
  cashfreeOrderState,
  createCashfreeProvider,
  signCashfreeWebhook,
} from './cashfree.provider.ts';

const input = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  orderId,
  amountPaise: 5150,
  customer: { name: 'Asha', phone: '9876543210' },
  returnUrl: `http://localhost:3000/status?order_id=${orderId}`,
  notifyUrl: 'http://localhost:3000/api/payments/webhooks/cashfree',
  ...overrides,
});

let sequence = 0;
const newOrderId = () => `techgamer_cf${String((sequence += 1)).padStart(10, '0')}`;

describe('Cashfree adapter against the fake API', () => {
  let fake: FakeCashfree;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeCashfree();
    provider = createCashfreeProvider({
      appId: fake.appId,
      secretKey: fake.secretKey,
      environment: 'sandbox',
      apiBase: fake.apiBase,
      // Generous: these tests are about the API, not time-outs, and run beside others.
      http: { timeoutMs: 3_000, attempts: 3, backoffMs: 5 },
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.clearFaults());

  it('creates an order as the API documents it, keyed by our order id', async () => {
    const orderId = newOrderId();
    const created = await provider.createOrder(input(orderId));
    const order = fake.orders.get(orderId);
    expect(created).toEqual({
      providerOrderId: order?.cf_order_id,
      paymentSessionId: order?.payment_session_id,
      paymentUrl: `http://localhost:3000/status?order_id=${orderId}`,
    });
    const request = fake.requests.findLast((r) => r.method === 'POST');
    expect(request?.headers).toMatchObject({
      'x-client-id': fake.appId,
      'x-client-secret': fake.secretKey,
      'x-api-version': CASHFREE_API_VERSION,
      'x-idempotency-key': orderId,
      'content-type': 'application/json',
    });
    expect(request?.body).toMatchObject({
      order_id: orderId,
      order_amount: 51.5,
      order_currency: 'INR',
      customer_details: {
        customer_id: cashfreeCustomerId('9876543210'),
        customer_phone: '9876543210',
        customer_name: 'Asha',
      },
      // Cashfree takes only https notify URLs: an http one is left out.
      order_meta: { return_url: `http://localhost:3000/status?order_id=${orderId}` },
    });
    expect(request?.body).not.toHaveProperty('order_meta.notify_url');
    const expiry = (request?.body as { order_expiry_time: string }).order_expiry_time;
    expect(expiry).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);
    expect(Date.parse(expiry) - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });

  it('sends an https notify URL', async () => {
    const orderId = newOrderId();
    const notifyUrl = 'https://shabaash.example/api/payments/webhooks/cashfree';
    await provider.createOrder(input(orderId, { notifyUrl }));
    expect(fake.orders.get(orderId)?.order_meta).toMatchObject({ notify_url: notifyUrl });
  });

  it('retries a lost answer under the same idempotency key and gets the same order', async () => {
    const orderId = newOrderId();
    fake.loseNextAnswer(1, 502);
    const created = await provider.createOrder(input(orderId));
    const posts = fake.requests.filter((r) => r.method === 'POST' && r.body);
    expect(posts.slice(-2).map((r) => r.headers['x-idempotency-key'])).toEqual([orderId, orderId]);
    expect(created.paymentSessionId).toBe(fake.orders.get(orderId)?.payment_session_id);
  });

  it('reuses an order that already exists (409) when it is the same payable order', async () => {
    const orderId = newOrderId();
    await provider.createOrder(input(orderId));
    const existing = fake.orders.get(orderId);
    // Once the idempotency key has expired, the same order id again gets a 409.
    fake.forgetIdempotencyKeys();
    const reused = await provider.createOrder(input(orderId));
    expect(reused.paymentSessionId).toBe(existing?.payment_session_id);
    fake.forgetIdempotencyKeys();
    await expect(
      provider.createOrder(input(orderId, { amountPaise: 9900 })),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('refuses bad credentials without retrying', async () => {
    const wrong = createCashfreeProvider({
      appId: fake.appId,
      secretKey: 'wrong',
      environment: 'sandbox',
      apiBase: fake.apiBase,
    });
    const before = fake.requests.length;
    await expect(wrong.createOrder(input(newOrderId()))).rejects.toMatchObject({
      retryable: false,
      status: 401,
    });
    expect(fake.requests.length - before).toBe(1);
  });

  it('fetches an order and its attempts, and maps their states', async () => {
    expect(await provider.fetchOrder('techgamer_unknown0000')).toBeNull();
    const orderId = newOrderId();
    await provider.createOrder(input(orderId));
    expect(await provider.fetchOrder(orderId)).toMatchObject({
      outcome: 'pending',
      orderStatus: 'ACTIVE',
      amountPaise: 5150,
      payments: [],
    });
    fake.failAttempt(orderId, 'USER_DROPPED');
    expect((await provider.fetchOrder(orderId))?.outcome).toBe('failed');
    fake.pay(orderId);
    const paid = await provider.fetchOrder(orderId);
    expect(paid).toMatchObject({ outcome: 'success', orderStatus: 'PAID', amountPaise: 5150 });
    expect(paid?.payments.map((p) => p.status)).toEqual(['USER_DROPPED', 'SUCCESS']);
  });

  it('reports an order past its expiry as failed', async () => {
    const orderId = newOrderId();
    await provider.createOrder(input(orderId));
    const order = fake.orders.get(orderId);
    if (order) order.order_expiry_time = new Date(Date.now() - 1000).toISOString();
    expect(await provider.fetchOrder(orderId)).toMatchObject({
      outcome: 'failed',
      orderStatus: 'EXPIRED',
    });
  });
});

describe('Cashfree order state', () => {
  const order = (order_status: string) => ({
    order_id: 'techgamer_0a1b2c3d4e5f',
    order_amount: 51,
    order_status,
  });
  const attempt = (payment_status: string, minute: number) => ({
    cf_payment_id: `p${minute}`,
    payment_status,
    payment_amount: 51,
    payment_time: `2025-05-05T12:${String(minute).padStart(2, '0')}:00+05:30`,
  });

  it.each([
    ['PAID', [attempt('SUCCESS', 1)], 'success'],
    ['EXPIRED', [], 'failed'],
    ['TERMINATED', [], 'failed'],
    ['TERMINATION_REQUESTED', [], 'pending'],
    ['ACTIVE', [], 'pending'],
    ['ACTIVE', [attempt('FAILED', 1)], 'failed'],
    ['ACTIVE', [attempt('CANCELLED', 1)], 'failed'],
    ['ACTIVE', [attempt('PENDING', 2), attempt('FAILED', 1)], 'pending'],
    ['ACTIVE', [attempt('NOT_ATTEMPTED', 1)], 'pending'],
  ])('%s with %j is %s', (status, payments, outcome) => {
    expect(cashfreeOrderState(order(status), payments).outcome).toBe(outcome);
  });

  it('reads the documented order and payments examples', () => {
    const created = readPaymentFixture('cashfree/create-order-response').json as {
      order_id: string;
      order_amount: number;
    }; // the fixture is an OrderEntity
    const payments = readPaymentFixture('cashfree/order-payments').json as Array<{
      cf_payment_id: string;
      payment_status: string;
      payment_amount: number;
      payment_time: string;
    }>; // the fixture is an array of PaymentEntity
    const state = cashfreeOrderState({ ...created, order_status: 'PAID' }, payments);
    expect(state).toMatchObject({ outcome: 'success', amountPaise: 5100 });
    expect(state.payments.map((p) => [p.paymentId, p.status])).toEqual([
      ['5114917039291', 'FAILED'],
      ['5114917046710', 'SUCCESS'],
    ]);
  });
});

describe('Cashfree webhooks', () => {
  const secret = 'cfsk_ma_test_webhook_secret';
  const provider = createCashfreeProvider({
    appId: 'app',
    secretKey: secret,
    environment: 'sandbox',
  });
  const timestamp = '1746427759733';
  const signed = (rawBody: string, extra: Record<string, string> = {}) => ({
    rawBody,
    headers: {
      'x-webhook-signature': signCashfreeWebhook(secret, timestamp, rawBody),
      'x-webhook-timestamp': timestamp,
      ...extra,
    },
  });
  const success = readPaymentFixture('cashfree/webhook-payment-success').text;
  // What Cashfree sends: amounts with two decimals, which JSON.parse turns into plain numbers.
  const wireBody = success.replace(/"payment_amount": 51\.0/, '"payment_amount": 51.00');

  it('accepts the signature over the exact raw body, and only that', async () => {
    expect(await provider.verifyWebhook(signed(wireBody))).toBe(true);
    const request = signed(wireBody);
    const reserialised = JSON.stringify(JSON.parse(wireBody));
    expect(await provider.verifyWebhook({ ...request, rawBody: reserialised })).toBe(false);
    expect(
      await provider.verifyWebhook({
        ...request,
        headers: { ...request.headers, 'x-webhook-timestamp': '1746427759734' },
      }),
    ).toBe(false);
    expect(
      await provider.verifyWebhook({ ...request, headers: { 'x-webhook-timestamp': timestamp } }),
    ).toBe(false);
    expect(
      await provider.verifyWebhook({
        ...request,
        headers: { ...request.headers, 'x-webhook-signature': 'short' },
      }),
    ).toBe(false);
  });

  it('reads the signed x-webhook-timestamp as the delivery time', () => {
    expect(provider.webhookSignedAt(signed(wireBody))).toEqual(new Date(1746427759733));
    expect(provider.webhookSignedAt({ rawBody: wireBody, headers: {} })).toBeNull();
    const notANumber = { rawBody: wireBody, headers: { 'x-webhook-timestamp': '17e11' } };
    expect(provider.webhookSignedAt(notANumber)).toBeNull();
  });

  it('reads a success, a failure and a drop-out, keyed by the signed payment and type', async () => {
    // The x-idempotency-key header is not signed, so it does not name the event.
    const event = await provider.parseWebhook(signed(wireBody, { 'x-idempotency-key': 'key-1' }));
    expect(event).toMatchObject({
      eventId: '5114917046710:PAYMENT_SUCCESS_WEBHOOK',
      orderId: 'techgamer_0a1b2c3d4e5f',
      eventType: 'PAYMENT_SUCCESS_WEBHOOK',
      outcome: 'success',
      payment: { paymentId: '5114917046710', status: 'SUCCESS', amountPaise: 5100 },
    });
    const failed = readPaymentFixture('cashfree/webhook-payment-failed').text;
    expect(await provider.parseWebhook(signed(failed))).toMatchObject({
      eventId: '5114917039291:PAYMENT_FAILED_WEBHOOK',
      outcome: 'failed',
    });
    const dropped = readPaymentFixture('cashfree/webhook-payment-user-dropped').text;
    expect((await provider.parseWebhook(signed(dropped)))?.outcome).toBe('failed');
  });

  it('converts rupees to paise without float drift and accepts numeric payment ids', async () => {
    const body = wireBody
      .replace('"payment_amount": 51.00', '"payment_amount": 0.29')
      .replace('"cf_payment_id": "5114917046710"', '"cf_payment_id": 5114917046710');
    const event = await provider.parseWebhook(signed(body));
    expect(event?.payment).toMatchObject({ amountPaise: 29, paymentId: '5114917046710' });
  });

  it('ignores other event types and refuses payloads it cannot read', async () => {
    const refund = JSON.stringify({ type: 'REFUND_STATUS_WEBHOOK', data: { refund: {} } });
    expect(await provider.parseWebhook(signed(refund))).toBeNull();
    const noPayment = JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: {} } });
    await expect(provider.parseWebhook(signed(noPayment))).rejects.toBeInstanceOf(ProviderError);
    await expect(provider.parseWebhook(signed('not json'))).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('Cashfree customer details', () => {
  it('derives a stable alphanumeric customer id of 3–50 characters', () => {
    const id = cashfreeCustomerId('9876543210');
    expect(id).toMatch(/^[A-Za-z0-9]{3,50}$/);
    expect(cashfreeCustomerId('9876543210')).toBe(id);
    expect(cashfreeCustomerId('9876543211')).not.toBe(id);
    expect(id).not.toContain('9876543210');
  });

  it.each([
    ['Asha', 'Asha'],
    ['Al', 'Al.'],
    ['  R\u202e\u0000  ', 'R..'],
    ['\u200b', 'Shabaash fan'],
    ['Priya   Sharma', 'Priya Sharma'],
    ['🎉'.repeat(120), '🎉'.repeat(100)],
  ])('names %j as %j', (name, expected) => {
    expect(cashfreeCustomerName(name)).toBe(expected);
  });
});
