import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, paymentEvents } from '../../src/db/schema.ts';
import { signSandboxPayload } from '../../src/modules/payments/providers/sandbox.provider.ts';
import { loadSandboxSecret } from '../../src/modules/sandbox/sandbox-gateway.ts';
import { buildStreamer } from '../factories.ts';
import { cashfreeEnv, startFakeCashfree, type FakeCashfree } from '../fakes/fake-cashfree.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../fakes/fake-razorpay.ts';
import { placeOrderId } from '../payments.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  brokenJsonBody,
  countRows,
  expectRefusal,
  FEW_RUNS,
  mutatedJson,
  RUNS,
  wrongContentType,
} from './hostile-input.ts';

type Delivery = { headers: Record<string, string>; body: string };

/** One gateway's webhook endpoint, with a genuine delivery about a pending order to vary. */
type Gateway = {
  name: 'sandbox' | 'cashfree' | 'razorpay';
  testApp: TestApp;
  orderId: string;
  genuine: Delivery;
  /** Signs any body with the gateway's real secret (what a leaked or buggy gateway could send). */
  sign(body: string): Delivery;
  close(): Promise<void>;
};

const SLUG = 'hostile-webhooks';

async function sandboxGateway(): Promise<Gateway> {
  const testApp = await createTestApp();
  await buildStreamer(testApp.database.db, { slug: SLUG, moderationMode: 'auto' });
  const orderId = await placeOrderId(testApp.app, SLUG);
  const secret = await loadSandboxSecret(testApp.database.db);
  const sign = (body: string): Delivery => {
    const timestamp = String(Date.now());
    return {
      headers: {
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signSandboxPayload(secret, timestamp, body),
      },
      body,
    };
  };
  const genuine = sign(
    JSON.stringify({
      type: 'PAYMENT_FAILED_WEBHOOK',
      event_time: new Date().toISOString(),
      data: {
        order: { order_id: orderId, order_amount: 51 },
        payment: {
          payment_id: 'sbpay_hostile',
          payment_status: 'FAILED',
          payment_amount_paise: 5100,
          payment_time: new Date().toISOString(),
        },
        customer_details: { customer_name: 'Asha' },
      },
    }),
  );
  return { name: 'sandbox', testApp, orderId, genuine, sign, close: () => testApp.close() };
}

async function cashfreeGateway(): Promise<Gateway> {
  const fake: FakeCashfree = await startFakeCashfree();
  const testApp = await createTestApp(cashfreeEnv(fake));
  await buildStreamer(testApp.database.db, { slug: SLUG, moderationMode: 'auto' });
  const orderId = await placeOrderId(testApp.app, SLUG);
  return {
    name: 'cashfree',
    testApp,
    orderId,
    // A failed attempt: the order stays payable, so look-ups never turn it into money.
    genuine: fake.failAttempt(orderId),
    sign: (body) => fake.sign(body),
    close: async () => {
      await testApp.close();
      await fake.close();
    },
  };
}

async function razorpayGateway(): Promise<Gateway> {
  const fake: FakeRazorpay = await startFakeRazorpay();
  const testApp = await createTestApp({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_BASE: fake.apiBase,
  });
  await buildStreamer(testApp.database.db, { slug: SLUG, moderationMode: 'auto' });
  const orderId = await placeOrderId(testApp.app, SLUG);
  return {
    name: 'razorpay',
    testApp,
    orderId,
    genuine: fake.failAttempt(orderId),
    sign: (body) => fake.sign(body),
    close: async () => {
      await testApp.close();
      await fake.close();
    },
  };
}

describe.each([
  ['sandbox', sandboxGateway],
  ['cashfree', cashfreeGateway],
  ['razorpay', razorpayGateway],
])('POST /api/payments/webhooks/%s under hostile input', (_name, start) => {
  let gateway: Gateway;

  beforeAll(async () => {
    gateway = await start();
  });
  afterAll(() => gateway.close());

  const url = () => `/api/payments/webhooks/${gateway.name}`;
  const rows = () => countRows(gateway.testApp.database.db, { paymentEvents, donations });
  const paymentStatus = async () => {
    const [donation] = await gateway.testApp.database.db
      .select({ status: donations.paymentStatus })
      .from(donations)
      .where(eq(donations.orderId, gateway.orderId));
    return donation?.status;
  };
  const deliver = (delivery: Delivery, contentType = 'application/json') =>
    gateway.testApp.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...delivery.headers, 'content-type': contentType },
      payload: delivery.body,
    });

  /** Unsigned, wrongly signed, or signed over other bytes than those sent. */
  const forged = (body: string) =>
    fc.constantFrom<Delivery>(
      { headers: {}, body },
      { headers: gateway.genuine.headers, body },
      { headers: gateway.sign(`${body} `).headers, body },
    );

  it('refuses a tampered or broken body without a valid signature: 401, nothing recorded', async () => {
    const before = await rows();
    const body = fc
      .oneof(mutatedJson(gateway.genuine.body), brokenJsonBody)
      // A "mutation" that put back the same value is the genuine delivery, not a forgery.
      .filter((text) => text !== gateway.genuine.body);
    await fc.assert(
      fc.asyncProperty(
        body.chain((text) => forged(text)),
        async (delivery) => {
          // A NUL anywhere is refused before the signature is even checked.
          const error = expectRefusal(await deliver(delivery), [400, 401]);
          expect(['invalid_signature', 'invalid_character']).toContain(error.code);
        },
      ),
      RUNS,
    );
    expect(await rows()).toEqual(before);
    expect(await paymentStatus()).toBe('pending');
  });

  it('never fails on a correctly signed but malformed body: a refusal records nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(mutatedJson(gateway.genuine.body), brokenJsonBody),
        async (body) => {
          const before = await rows();
          const response = await deliver(gateway.sign(body));
          if (response.statusCode >= 400) {
            expectRefusal(response, [400, 401]);
            expect(await rows()).toEqual(before);
          } else {
            expect(response.statusCode, response.body).toBe(200);
          }
        },
      ),
      RUNS,
    );
    // Whatever was delivered, no malformed body turned the order into money.
    expect(await paymentStatus()).not.toBe('success');
  });

  it('refuses a genuine delivery sent with another content type, unread, in the error shape', async () => {
    const before = await rows();
    await fc.assert(
      fc.asyncProperty(wrongContentType, async (contentType) => {
        expectRefusal(await deliver(gateway.genuine, contentType), [415]);
      }),
      FEW_RUNS,
    );
    expect(await rows()).toEqual(before);
  });

  it('answers 413 in the error shape to a body over 256 KB, even correctly signed', async () => {
    const before = await rows();
    const padded = JSON.stringify({
      ...JSON.parse(gateway.genuine.body),
      padding: 'x'.repeat(256 * 1024),
    });
    const error = expectRefusal(await deliver(gateway.sign(padded)), [413]);
    expect(error.code).toBe('body_too_large');
    expect(await rows()).toEqual(before);
  });
});
