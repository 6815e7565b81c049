import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, paymentEvents } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { placeOrder, placeOrderId } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  buildSandboxWebhook,
  loadSandboxSecret,
  recordSandboxChoice,
} from '../sandbox/sandbox-gateway.ts';

/**
 * Issue 27 on the default sandbox provider: a creator's own Cashfree account is simulated (test
 * keys "verify", the sandbox checkout signs its webhooks with the creator's secret and sends
 * them to the page's own URL, and a payment is settled the next day). No network, no money.
 */
describe('the sandbox’s creator account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYOUT_MODES: 'platform,own_cashfree,own_razorpay',
      SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    });
  });
  afterAll(async () => t.close());

  async function newCreator() {
    const user = await buildUser(t.database.db, { password: 'sandbox-pass-1' });
    const streamer = await buildStreamer(t.database.db, {
      moderationMode: 'auto',
      memberIds: [user.id],
    });
    const { headers } = await signIn(t.app, user.email, 'sandbox-pass-1');
    return { slug: streamer.slug, headers };
  }
  type Creator = Awaited<ReturnType<typeof newCreator>>;
  const connect = (creator: Creator, appId: string, environment = 'sandbox') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/streamers/${creator.slug}/payouts/own-cashfree`,
      headers: creator.headers,
      payload: { environment, app_id: appId, secret_key: 'cfsk_ma_test_sandbox_secret_42' },
    });

  it('takes test keys, refuses others, and settles a tip paid at its checkout the next day', async () => {
    const creator = await newCreator();
    expect((await connect(creator, 'LIVE_app_id')).statusCode).toBe(400);
    expect((await connect(creator, 'TEST_app_id', 'production')).statusCode).toBe(400);
    const connected = await connect(creator, 'TEST_app_id');
    expect(connected.json()).toMatchObject({
      route: 'own_cashfree',
      account: { status: 'active' },
    });

    const orderId = await placeOrderId(t.app, creator.slug, { amount_paise: 5_100 });
    const profile = await t.app.inject({ method: 'GET', url: `/api/streamers/${creator.slug}` });
    expect(profile.json().payment).toEqual({ provider: 'sandbox', mode: 'sandbox' });
    // The fan presses Pay on the sandbox checkout: its webhook reaches the page's own URL.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    expect(paid.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row).toMatchObject({ paymentStatus: 'success', provider: 'sandbox' });
    expect(row?.payoutAccountId).toBeTruthy();
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId));
    expect(events).toHaveLength(1);

    const settlements = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/streamers/${creator.slug}/settlements`,
          headers: creator.headers,
        })
      ).json();
    expect((await settlements()).rows[0]).toMatchObject({ settled: false, route: 'own_cashfree' });
    // A day later (the payment moved back a day), the sandbox reports it settled.
    await t.database.db
      .update(donations)
      .set({ paidAt: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where(eq(donations.orderId, orderId));
    const after = await settlements();
    expect(after.rows[0]).toMatchObject({
      settled: true,
      settlement_paise: 5_100,
      utr: expect.stringMatching(/^SANDBOX-/),
    });
    expect(after.totals).toMatchObject({ settled_paise: 5_100, pending_paise: 0 });
  });

  it('simulates a creator’s own Razorpay account: rzp_test_ keys, webhooks signed with its webhook secret at its own URL, next-day settlement', async () => {
    const creator = await newCreator();
    const connectRazorpay = (keyId: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/streamers/${creator.slug}/payouts/own-razorpay`,
        headers: creator.headers,
        payload: {
          key_id: keyId,
          key_secret: 'sandbox_key_secret_1234',
          webhook_secret: 'sandbox_webhook_secret_5678',
        },
      });
    // Live keys take real money: the sandbox does not pretend they work.
    const live = await connectRazorpay('rzp_live_SandboxKey01');
    expect(live.statusCode).toBe(400);
    expect(live.json().error.code).toBe('keys_rejected');
    const connected = await connectRazorpay('rzp_test_SandboxKey01');
    expect(connected.json()).toMatchObject({
      route: 'own_razorpay',
      account: {
        gateway: 'razorpay',
        status: 'active',
        secret_last4: '1234',
        webhook_secret_last4: '5678',
        webhook_url: expect.stringContaining('/api/payments/webhooks/razorpay/accounts/'),
      },
    });

    const orderId = await placeOrderId(t.app, creator.slug, { amount_paise: 7_500 });
    // The sandbox signs with the webhook secret: the platform's sandbox secret cannot pay it.
    const recorded = await recordSandboxChoice(t.database.db, orderId, 'paid');
    if (!recorded) throw new Error('no sandbox order');
    const platformSigned = buildSandboxWebhook(
      await loadSandboxSecret(t.database.db),
      recorded.order,
      recorded.payment,
    );
    if (!platformSigned) throw new Error('no webhook');
    const accountPath = new URL(connected.json().account.webhook_url).pathname;
    const refused = await t.app.inject({
      method: 'POST',
      url: accountPath,
      headers: platformSigned.headers,
      payload: platformSigned.body,
    });
    expect(refused.statusCode).toBe(401);
    const signed = buildSandboxWebhook(
      'sandbox_webhook_secret_5678',
      recorded.order,
      recorded.payment,
    );
    if (!signed) throw new Error('no webhook');
    const applied = await t.app.inject({
      method: 'POST',
      url: accountPath,
      headers: signed.headers,
      payload: signed.body,
    });
    expect(applied.json()).toEqual({ received: true, result: 'applied' });

    // The sandbox's own checkout delivers to that URL too.
    const second = await placeOrderId(t.app, creator.slug, { amount_paise: 5_100 });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${second}/complete`,
      payload: { result: 'paid' },
    });
    expect(paid.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(donations)
      .where(inArray(donations.orderId, [orderId, second]));
    expect(rows.map((row) => row.paymentStatus)).toEqual(['success', 'success']);

    const settlements = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/streamers/${creator.slug}/settlements`,
          headers: creator.headers,
        })
      ).json();
    expect((await settlements()).rows[0]).toMatchObject({ settled: false, route: 'own_razorpay' });
    await t.database.db
      .update(donations)
      .set({ paidAt: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where(eq(donations.orderId, orderId));
    const after = await settlements();
    expect(after.rows.find((row: { order_id: string }) => row.order_id === orderId)).toMatchObject({
      settled: true,
      utr: expect.stringMatching(/^SANDBOX-/),
    });
  });

  it('a webhook signed with the platform’s sandbox secret cannot pay a creator account’s order', async () => {
    const creator = await newCreator();
    await connect(creator, 'TEST_other_app');
    const order = await placeOrder(t.app, creator.slug);
    expect(order.statusCode).toBe(201);
    const orderId = order.json().order_id as string;
    // Delivered at the platform's sandbox URL (as the checkout did before issue 27): ignored.
    const recorded = await recordSandboxChoice(t.database.db, orderId, 'paid');
    if (!recorded) throw new Error('no sandbox order');
    const webhook = buildSandboxWebhook(
      await loadSandboxSecret(t.database.db),
      recorded.order,
      recorded.payment,
    );
    if (!webhook) throw new Error('no webhook');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: webhook.headers,
      payload: webhook.body,
    });
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
    const [row] = await t.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row?.paymentStatus).toBe('pending');
  });
});
