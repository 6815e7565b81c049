import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { alerts, donations, paymentEvents, sandboxOrders } from '../../db/schema.ts';
import { buildStreamer } from '../../../test/factories.ts';
import {
  placeOrderId,
  postWebhook,
  sandboxCheckout,
  sendSandboxWebhook,
} from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { recordSandboxChoice } from '../sandbox/sandbox-gateway.ts';
import { applyPaymentOutcome, readPaymentTarget } from '../donations/donations.service.ts';
import { signSandboxPayload } from './providers/sandbox.provider.ts';
import { loadSandboxSecret } from '../sandbox/sandbox-gateway.ts';
import {
  ProviderError,
  WEBHOOK_REPLAY_WINDOW_MS,
  type PaymentProvider,
} from './payment-provider.ts';
import { nextCheckDelayMs, reconcilePendingOrders } from './reconciler.ts';

describe('payment webhooks and reconciliation', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    await buildStreamer(testApp.database.db, { slug: 'techgamer', moderationMode: 'auto' });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const donationFor = async (orderId: string) => {
    const [row] = await db().select().from(donations).where(eq(donations.orderId, orderId));
    return row;
  };
  const eventsFor = (orderId: string) =>
    db().select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
  /** The payment rows the public status page shows for an order. */
  const statusPagePayments = async (orderId: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/status`,
    });
    return (response.json() as { payments: Array<{ payment_status: string }> }).payments;
  };
  /** The same signed body, signed again as the gateway would have at `signedAt`. */
  const signedAt = async (
    delivery: { headers: Record<string, string>; body: string },
    at: number,
  ) => {
    const secret = await loadSandboxSecret(db());
    return {
      body: delivery.body,
      headers: {
        ...delivery.headers,
        'x-webhook-timestamp': String(at),
        'x-webhook-signature': signSandboxPayload(secret, String(at), delivery.body),
      },
    };
  };

  it('refuses a wrong or missing signature with 401 and records nothing', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    const wrong = await sendSandboxWebhook(testApp.app, {
      orderId,
      status: 'SUCCESS',
      amountPaise: 5100,
      secret: 'not-the-secret',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_signature');
    const missing = await sendSandboxWebhook(testApp.app, {
      orderId,
      status: 'SUCCESS',
      amountPaise: 5100,
      omitSignature: true,
    });
    expect(missing.statusCode).toBe(401);
    expect(await eventsFor(orderId)).toHaveLength(0);
    expect((await donationFor(orderId))?.paymentStatus).toBe('pending');
  });

  it('refuses a tampered body even with a valid-looking signature', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': '1',
        'x-webhook-signature': 'AAAA',
      },
      payload: JSON.stringify({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        data: { order: { order_id: orderId } },
      }),
    });
    expect(response.statusCode).toBe(401);
  });

  it('records a duplicate delivery once and changes nothing twice', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    const webhook = await sandboxCheckout(testApp.app, orderId, 'paid');
    const first = await postWebhook(testApp.app, webhook);
    const second = await postWebhook(testApp.app, webhook);
    expect(first.json().result).toBe('applied');
    expect(second.statusCode).toBe(200);
    expect(second.json().result).toBe('duplicate');
    expect(await eventsFor(orderId)).toHaveLength(1);
  });

  describe('replays', () => {
    it('refuses a delivery signed longer ago than the replay window: 400, nothing recorded', async () => {
      const orderId = await placeOrderId(testApp.app, 'techgamer');
      const genuine = await sandboxCheckout(testApp.app, orderId, 'paid');
      const old = await signedAt(genuine, Date.now() - WEBHOOK_REPLAY_WINDOW_MS - 60_000);
      const early = await signedAt(genuine, Date.now() + WEBHOOK_REPLAY_WINDOW_MS + 60_000);
      for (const delivery of [old, early]) {
        const response = await postWebhook(testApp.app, delivery);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('stale_webhook');
      }
      expect(await eventsFor(orderId)).toHaveLength(0);
      expect((await donationFor(orderId))?.paymentStatus).toBe('pending');
    });

    it('deduplicates a replay within the window by its signed content, whatever its event-id header says', async () => {
      const orderId = await placeOrderId(testApp.app, 'techgamer');
      const genuine = await sandboxCheckout(testApp.app, orderId, 'paid');
      expect((await postWebhook(testApp.app, genuine)).json().result).toBe('applied');
      const paidAt = (await donationFor(orderId))?.paidAt;

      // The delivery-id header is not signed: a replayer may change it or leave it out.
      const { 'x-idempotency-key': _key, ...withoutKey } = genuine.headers;
      const replays = [
        { ...genuine, headers: { ...genuine.headers, 'x-idempotency-key': 'forged-new-event' } },
        { ...genuine, headers: withoutKey },
        await signedAt(genuine, Date.now() - 60_000),
      ];
      for (const replay of replays) {
        const response = await postWebhook(testApp.app, replay);
        expect(response.statusCode).toBe(200);
        expect(response.json().result).toBe('duplicate');
      }
      expect(await eventsFor(orderId)).toHaveLength(1);
      expect(await statusPagePayments(orderId)).toEqual([
        { payment_status: 'SUCCESS', payment_time: expect.any(String) },
      ]);
      expect((await donationFor(orderId))?.paidAt).toEqual(paidAt);
    });

    it('records nothing that the gateway’s own look-up contradicts', async () => {
      const orderId = await placeOrderId(testApp.app, 'techgamer');
      // A signed "success" for a payment the gateway never took (the order is unpaid there).
      const claim = await sendSandboxWebhook(testApp.app, {
        orderId,
        status: 'SUCCESS',
        amountPaise: 5100,
      });
      expect(claim.statusCode).toBe(200);
      expect(claim.json().result).toBe('contradicted');
      // A failure of an attempt the gateway records as a success.
      const paid = await sandboxCheckout(testApp.app, orderId, 'paid');
      const denied = await sendSandboxWebhook(testApp.app, {
        orderId,
        status: 'FAILED',
        amountPaise: 5100,
        paymentId: paid.paymentId,
      });
      expect(denied.json().result).toBe('contradicted');
      expect(await eventsFor(orderId)).toHaveLength(0);
      expect(await statusPagePayments(orderId)).toEqual([]);
      // What the gateway does say still applies: the order is paid.
      expect((await donationFor(orderId))?.paymentStatus).toBe('success');
    });
  });

  it('accepts a late success after a failure, and ignores a failure after success', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    const failed = await sandboxCheckout(testApp.app, orderId, 'failed');
    await postWebhook(testApp.app, failed);
    expect((await donationFor(orderId))?.paymentStatus).toBe('failed');

    await postWebhook(testApp.app, await sandboxCheckout(testApp.app, orderId, 'paid'));
    expect((await donationFor(orderId))?.paymentStatus).toBe('success');

    // The failed attempt's webhook, delivered again after the success.
    const late = await postWebhook(testApp.app, await signedAt(failed, Date.now()));
    expect(late.statusCode).toBe(200);
    expect((await donationFor(orderId))?.paymentStatus).toBe('success');
    expect((await statusPagePayments(orderId)).map((p) => p.payment_status)).toEqual([
      'FAILED',
      'SUCCESS',
    ]);
  });

  it('refuses a payment whose amount differs from the order, recording the event once', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    // The gateway's ledger says less was paid than the order asked for.
    await db()
      .update(sandboxOrders)
      .set({ amountPaise: 100 })
      .where(eq(sandboxOrders.orderId, orderId));
    const webhook = await sandboxCheckout(testApp.app, orderId, 'paid');
    const first = await postWebhook(testApp.app, webhook);
    const again = await postWebhook(testApp.app, webhook);

    expect(first.json().result).toBe('unchanged');
    expect(again.json().result).toBe('duplicate');
    const donation = await donationFor(orderId);
    expect(donation?.paymentStatus).toBe('pending');
    expect(await eventsFor(orderId)).toHaveLength(1);
    const alertRows = await db().select().from(alerts).where(eq(alerts.donationId, donation!.id));
    expect(alertRows).toHaveLength(0);
  });

  it('puts exactly one alert in the outbox for a paid, auto-approved donation', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    const response = await postWebhook(
      testApp.app,
      await sandboxCheckout(testApp.app, orderId, 'paid'),
    );

    expect(response.json().result).toBe('applied');
    const donation = await donationFor(orderId);
    expect(donation).toMatchObject({ paymentStatus: 'success', moderationStatus: 'auto_approved' });
    expect(donation?.paidAt).toBeInstanceOf(Date);
    expect(donation?.nextCheckAt).toBeNull();
    const alertRows = await db().select().from(alerts).where(eq(alerts.donationId, donation!.id));
    expect(alertRows).toMatchObject([{ kind: 'donation', streamerId: donation!.streamerId }]);
  });

  it('believes the gateway over the payload: a "success" the gateway has not seen does not pay', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    const forged = await sendSandboxWebhook(testApp.app, {
      orderId,
      status: 'SUCCESS',
      amountPaise: 5100,
    });
    expect(forged.statusCode).toBe(200);
    expect((await donationFor(orderId))?.paymentStatus).toBe('pending');
  });

  it('answers 200 for an order the gateway does not know, so it stops retrying, and records nothing', async () => {
    const response = await sendSandboxWebhook(testApp.app, {
      orderId: 'techgamer_unknown0000',
      status: 'SUCCESS',
      amountPaise: 100,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('contradicted');
    expect(await eventsFor('techgamer_unknown0000')).toHaveLength(0);
  });

  it('decides again when another writer moved the donation after it was read', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    const event = (id: string) => ({
      provider: 'sandbox',
      providerEventId: id,
      orderId,
      eventType: 'PAYMENT_SUCCESS_WEBHOOK',
      status: 'SUCCESS',
      payload: { id },
    });
    const staleRead = await readPaymentTarget(db(), orderId);
    expect(staleRead?.donation.paymentStatus).toBe('pending');

    // Meanwhile the payment fails and then succeeds through other deliveries.
    await applyPaymentOutcome(db(), orderId, { outcome: 'failed', amountPaise: 5100 });
    const paid = await applyPaymentOutcome(
      db(),
      orderId,
      { outcome: 'success', amountPaise: 5100 },
      event('evt-race-1'),
    );
    expect(paid).toMatchObject({ previousStatus: 'failed', alertId: expect.any(Number) });

    // A success decided from the stale read ("pending") is not applied a second time: the
    // guarded write finds the donation moved, reads it again and records the event only.
    const late = await applyPaymentOutcome(
      db(),
      orderId,
      { outcome: 'success', amountPaise: 5100 },
      event('evt-race-2'),
      staleRead,
    );
    expect(late).toBeNull();
    const donation = await donationFor(orderId);
    expect(donation?.paymentStatus).toBe('success');
    expect(await eventsFor(orderId)).toHaveLength(2);
    const alertRows = await db().select().from(alerts).where(eq(alerts.donationId, donation!.id));
    expect(alertRows).toHaveLength(1);
  });

  it('applies a webhook that arrives after a server restart', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    // A second application instance on the same database stands in for the restarted server.
    const restarted = await buildApp({ config: testApp.config, database: testApp.database });
    const response = await postWebhook(
      restarted,
      await sandboxCheckout(restarted, orderId, 'paid'),
    );
    expect(response.json().result).toBe('applied');
    expect((await donationFor(orderId))?.paymentStatus).toBe('success');
    await restarted.close();
  });

  describe('reconciler', () => {
    const dueNow = (orderId: string) =>
      db()
        .update(donations)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(donations.orderId, orderId));

    it('settles an order whose webhook was lost', async () => {
      const orderId = await placeOrderId(testApp.app, 'techgamer');
      await recordSandboxChoice(db(), orderId, 'paid'); // paid at the gateway, webhook never sent
      expect((await donationFor(orderId))?.paymentStatus).toBe('pending');
      await dueNow(orderId);
      await reconcilePendingOrders(testApp.app.payments);
      expect(await donationFor(orderId)).toMatchObject({
        paymentStatus: 'success',
        moderationStatus: 'auto_approved',
      });
    });

    it('does not ask about an order before it is due', async () => {
      const orderId = await placeOrderId(testApp.app, 'techgamer');
      await recordSandboxChoice(db(), orderId, 'paid');
      await reconcilePendingOrders(testApp.app.payments);
      expect((await donationFor(orderId))?.paymentStatus).toBe('pending');
    });

    it('backs off when the provider look-up times out, changing nothing', async () => {
      const orderId = await placeOrderId(testApp.app, 'techgamer');
      await recordSandboxChoice(db(), orderId, 'paid');
      await dueNow(orderId);
      const timingOut: PaymentProvider = {
        ...testApp.app.payments.provider,
        fetchOrder: async () => {
          throw new ProviderError('look-up timed out after 5000 ms', true);
        },
      };
      const before = Date.now();
      await reconcilePendingOrders({ ...testApp.app.payments, provider: timingOut });
      const row = await donationFor(orderId);
      expect(row?.paymentStatus).toBe('pending');
      expect(row?.checkAttempts).toBe(1);
      expect(row?.nextCheckAt?.getTime()).toBeGreaterThanOrEqual(before + 60_000 - 1000);

      // Once the provider answers again, the order settles.
      await dueNow(orderId);
      await reconcilePendingOrders(testApp.app.payments);
      expect((await donationFor(orderId))?.paymentStatus).toBe('success');
    });

    it('fails an order still unpaid a day later', async () => {
      const orderId = await placeOrderId(testApp.app, 'techgamer');
      await db()
        .update(donations)
        .set({
          createdAt: new Date(Date.now() - 25 * 3_600_000),
          nextCheckAt: new Date(Date.now() - 1000),
        })
        .where(eq(donations.orderId, orderId));
      await reconcilePendingOrders(testApp.app.payments);
      expect((await donationFor(orderId))?.paymentStatus).toBe('failed');
    });

    it('backs off 1, 2, 4 … minutes up to half an hour', () => {
      expect(
        [1, 2, 3, 4, 5, 6, 7, 10].map((attempt) => nextCheckDelayMs(attempt) / 60_000),
      ).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    });
  });
});
