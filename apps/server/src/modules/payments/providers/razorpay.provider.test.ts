import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../../test/fakes/fake-razorpay.ts';
import { readPaymentFixture } from '../../../../test/fixtures/payments/payment-fixtures.ts';
import { ProviderError, type PaymentProvider } from '../payment-provider.ts';
import {
  createRazorpayProvider,
  hmacHex,
  isValidRazorpayPaymentSignature,
  RAZORPAY_WEBHOOK_MAX_AGE_MS,
  razorpayOrderState,
  razorpayReceipt,
} from './razorpay.provider.ts';

let sequence = 0;
const newOrderId = () => `techgamer_rz${String((sequence += 1)).padStart(10, '0')}`;

const input = (orderId: string) => ({
  orderId,
  amountPaise: 5150,
  customer: { name: 'Asha', phone: '9876543210' },
  returnUrl: `http://localhost:3000/status?order_id=${orderId}`,
  notifyUrl: 'http://localhost:3000/api/payments/webhooks/razorpay',
});

describe('Razorpay adapter against the fake API', () => {
  let fake: FakeRazorpay;
  let provider: PaymentProvider;
  /** Stands in for the donations table: our order id → Razorpay's. */
  const stored = new Map<string, string>();

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    provider = createRazorpayProvider({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.apiBase,
      // Generous: these tests are about the API, not time-outs, and run beside others.
      http: { timeoutMs: 3_000, attempts: 3, backoffMs: 5 },
      findProviderOrderId: async (orderId) => stored.get(orderId) ?? null,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.clearFaults());

  const create = async (orderId = newOrderId()) => {
    const created = await provider.createOrder(input(orderId));
    stored.set(orderId, created.providerOrderId);
    return { orderId, created };
  };

  it('creates an order in paise with our id as receipt and note, over Basic auth', async () => {
    const { orderId, created } = await create();
    const order = fake.order(orderId);
    expect(created).toEqual({
      providerOrderId: order.id,
      paymentSessionId: order.id,
      paymentUrl: `http://localhost:3000/status?order_id=${orderId}`,
    });
    expect(order.id).toMatch(/^order_/);
    const request = fake.requests.findLast((r) => r.method === 'POST');
    const basic = Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64');
    expect(request?.headers.authorization).toBe(`Basic ${basic}`);
    expect(request?.body).toEqual({
      amount: 5150,
      currency: 'INR',
      receipt: orderId,
      notes: { order_id: orderId },
    });
  });

  it('keeps receipts within 40 characters and unique for long slugs', () => {
    const long = `${'a'.repeat(30)}_0123456789ab`;
    expect(razorpayReceipt(long)).toHaveLength(40);
    expect(razorpayReceipt(long).endsWith('_0123456789ab')).toBe(true);
    expect(razorpayReceipt('techgamer_0123456789ab')).toBe('techgamer_0123456789ab');
  });

  it('after a lost create answer, finds the order by receipt instead of making a second', async () => {
    const orderId = newOrderId();
    fake.loseNextAnswer(1, 502);
    const { created } = await create(orderId);
    const ours = [...fake.orders.values()].filter((o) => o.notes.order_id === orderId);
    expect(ours).toHaveLength(1);
    expect(created.providerOrderId).toBe(ours[0]?.id);
  });

  it('after a create that failed outright, creates it again once', async () => {
    const orderId = newOrderId();
    fake.failNext(1, 503);
    await create(orderId);
    expect([...fake.orders.values()].filter((o) => o.notes.order_id === orderId)).toHaveLength(1);
  });

  it('fetches the order by the stored Razorpay id and maps its payments', async () => {
    expect(await provider.fetchOrder('techgamer_nobody000000')).toBeNull();
    const { orderId } = await create();
    expect(await provider.fetchOrder(orderId)).toMatchObject({
      orderId,
      outcome: 'pending',
      orderStatus: 'CREATED',
      amountPaise: 5150,
    });
    fake.failAttempt(orderId);
    expect((await provider.fetchOrder(orderId))?.outcome).toBe('failed');
    const { checkout } = fake.authorize(orderId);
    expect(await provider.fetchOrder(orderId)).toMatchObject({ outcome: 'pending' });
    fake.capture(checkout.razorpay_payment_id);
    const paid = await provider.fetchOrder(orderId);
    expect(paid).toMatchObject({ outcome: 'success', orderStatus: 'PAID' });
    expect(paid?.payments.map((p) => p.status)).toEqual(['FAILED', 'SUCCESS']);
  });

  it('finds an order by receipt when no Razorpay id was stored', async () => {
    const orderId = newOrderId();
    await provider.createOrder(input(orderId)); // not stored, as if the process died here
    fake.pay(orderId);
    expect((await provider.fetchOrder(orderId))?.outcome).toBe('success');
  });

  it('refuses a stored id that belongs to another order', async () => {
    const { orderId } = await create();
    const { orderId: other } = await create();
    stored.set(orderId, stored.get(other) ?? '');
    await expect(provider.fetchOrder(orderId)).rejects.toBeInstanceOf(ProviderError);
  });

  it('maps a payment event to our order by asking Razorpay about its order', async () => {
    const { orderId } = await create();
    const { captured, orderPaid } = fake.pay(orderId);
    const request = { headers: captured.headers, rawBody: captured.body };
    expect(await provider.verifyWebhook(request)).toBe(true);
    const payment = fake.order(orderId).payments.at(-1);
    expect(await provider.parseWebhook(request)).toMatchObject({
      eventId: `${payment?.id}:payment.captured`,
      orderId,
      eventType: 'payment.captured',
      outcome: 'success',
      payment: { status: 'SUCCESS', amountPaise: 5150 },
    });
    const lookups = fake.requests.length;
    expect(
      await provider.parseWebhook({ headers: orderPaid.headers, rawBody: orderPaid.body }),
    ).toMatchObject({ orderId, eventType: 'order.paid', outcome: 'success' });
    expect(fake.requests.length).toBe(lookups); // order.paid carries the order itself
  });

  it('answers a retryable error when Razorpay cannot be asked about the order', async () => {
    const { orderId } = await create();
    const failed = fake.failAttempt(orderId);
    fake.failNext(3, 500);
    await expect(
      provider.parseWebhook({ headers: failed.headers, rawBody: failed.body }),
    ).rejects.toMatchObject({ retryable: true });
  });

  it('ignores events about payments that are not ours', async () => {
    // The fixture's order is unknown to this account.
    const captured = readPaymentFixture('razorpay/webhook-payment-captured').text;
    expect(await provider.parseWebhook({ headers: {}, rawBody: captured })).toBeNull();
    const withoutOrder = captured.replace('"order_id": "order_QfS1aB2cD3eF4g"', '"order_id": null');
    expect(await provider.parseWebhook({ headers: {}, rawBody: withoutOrder })).toBeNull();
  });
});

describe('Razorpay webhooks and signatures', () => {
  const provider = createRazorpayProvider({
    keyId: 'rzp_live_Example0001',
    keySecret: 'key-secret',
    webhookSecret: 'webhook-secret',
    findProviderOrderId: async () => null,
  });
  const orderPaid = readPaymentFixture('razorpay/webhook-order-paid').text;

  it('is production for a live key and tells the browser only the key id', () => {
    expect(provider.mode).toBe('production');
    expect(provider.publicConfig()).toEqual({ client_key: 'rzp_live_Example0001' });
  });

  it('checks X-Razorpay-Signature over the raw body with the webhook secret', async () => {
    const headers = { 'x-razorpay-signature': hmacHex('webhook-secret', orderPaid) };
    expect(await provider.verifyWebhook({ headers, rawBody: orderPaid })).toBe(true);
    expect(await provider.verifyWebhook({ headers, rawBody: `${orderPaid} ` })).toBe(false);
    const withKeySecret = { 'x-razorpay-signature': hmacHex('key-secret', orderPaid) };
    expect(await provider.verifyWebhook({ headers: withKeySecret, rawBody: orderPaid })).toBe(
      false,
    );
    expect(await provider.verifyWebhook({ headers: {}, rawBody: orderPaid })).toBe(false);
  });

  it('reads order.paid from the order it carries, keyed by the signed payment and event', async () => {
    // x-razorpay-event-id is not covered by the signature, so it does not name the event.
    const headers = { 'x-razorpay-event-id': 'evt_unsigned' };
    expect(await provider.parseWebhook({ headers, rawBody: orderPaid })).toMatchObject({
      eventId: 'pay_QfS3oP4qR5sT6u:order.paid',
      orderId: 'techgamer_0a1b2c3d4e5f',
      outcome: 'success',
      payment: { paymentId: 'pay_QfS3oP4qR5sT6u', amountPaise: 5100 },
    });
  });

  it('dates a webhook by the event’s signed created_at, taken for Razorpay’s 24 h of retries', () => {
    expect(provider.webhookSignedAt({ headers: {}, rawBody: orderPaid })).toEqual(
      new Date(1746427604 * 1000),
    );
    expect(provider.webhookMaxAgeMs).toBe(RAZORPAY_WEBHOOK_MAX_AGE_MS);
    expect(RAZORPAY_WEBHOOK_MAX_AGE_MS).toBeGreaterThan(24 * 3_600_000);
    for (const body of ['not json', '{"created_at":"1746427602"}', '{"created_at":1e308}']) {
      expect(provider.webhookSignedAt({ headers: {}, rawBody: body })).toBeNull();
    }
  });

  it('ignores other events and refuses unreadable ones', async () => {
    const refund = JSON.stringify({ event: 'refund.processed', payload: {} });
    expect(await provider.parseWebhook({ headers: {}, rawBody: refund })).toBeNull();
    const broken = JSON.stringify({ event: 'payment.captured', payload: { payment: {} } });
    await expect(provider.parseWebhook({ headers: {}, rawBody: broken })).rejects.toBeInstanceOf(
      ProviderError,
    );
  });

  it('refuses a payment time no date can hold (a forged 1e308 once answered 500)', async () => {
    const paid = JSON.parse(orderPaid) as { payload: { payment: { entity: object } } };
    const entity = { ...paid.payload.payment.entity, created_at: 1e308 };
    const forged = JSON.stringify({ ...paid, payload: { ...paid.payload, payment: { entity } } });
    await expect(provider.parseWebhook({ headers: {}, rawBody: forged })).rejects.toBeInstanceOf(
      ProviderError,
    );
  });

  it('checks the checkout signature against the order id we stored', () => {
    const signature = hmacHex('key-secret', 'order_A|pay_B');
    const check = (providerOrderId: string, sig = signature) =>
      isValidRazorpayPaymentSignature({
        keySecret: 'key-secret',
        providerOrderId,
        paymentId: 'pay_B',
        signature: sig,
      });
    expect(check('order_A')).toBe(true);
    expect(check('order_C')).toBe(false);
    expect(check('order_A', signature.slice(1))).toBe(false);
  });

  it('maps the documented order and payments examples', () => {
    const order = readPaymentFixture('razorpay/order').json as {
      id: string;
      amount: number;
      status: string;
      notes: Record<string, string>;
    }; // the fixture is an order entity
    const { items } = readPaymentFixture('razorpay/order-payments').json as {
      items: Array<{ id: string; amount: number; status: string; created_at: number }>;
    }; // the fixture is a collection of payment entities
    const state = razorpayOrderState('techgamer_0a1b2c3d4e5f', order, items);
    expect(state).toMatchObject({ outcome: 'success', amountPaise: 5100 });
    expect(razorpayOrderState('x', order, items.slice(0, 1)).outcome).toBe('failed');
    expect(razorpayOrderState('x', order, []).outcome).toBe('pending');
    expect(razorpayOrderState('x', { ...order, status: 'paid' }, []).outcome).toBe('success');
  });
});
