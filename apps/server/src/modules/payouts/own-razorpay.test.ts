import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { donations, payoutAccounts } from '../../db/schema.ts';
import { buildStreamer, buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { cashfreeEnv, startFakeCashfree } from '../../../test/fakes/fake-cashfree.ts';
import { deliverWebhook } from '../../../test/fakes/fake-http-server.ts';
import {
  fakeRazorpayFee,
  startFakeRazorpay,
  type FakeRazorpay,
} from '../../../test/fakes/fake-razorpay.ts';
import { placeOrder, placeOrderId } from '../../../test/payments.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { reconcilePendingOrders } from '../payments/reconciler.ts';

/**
 * Issue 27: a creator's own Razorpay account. The operator's Razorpay account and creators'
 * accounts live at one fake Razorpay; each order must be made, looked up and verified with the
 * keys of the account it belongs to, webhooks are verified with the page's own webhook secret
 * (not the key secret, not the operator's, not another page's), and no secret may leave the
 * server or reach a log line.
 */

const SECRETS_KEY = crypto.randomBytes(32).toString('base64');
const CREATOR = {
  keyId: 'rzp_test_CreatorKey0001',
  keySecret: 'creator_key_secret_8f2a',
  webhookSecret: 'creator_webhook_secret_c41d',
};
const NEW_KEYS = {
  keyId: 'rzp_test_CreatorKey0002',
  keySecret: 'creator_new_key_secret_5e7b',
  webhookSecret: 'creator_new_webhook_secret_93fa',
};
const OTHER = {
  keyId: 'rzp_test_OtherKey00003',
  keySecret: 'other_key_secret_d02c',
  webhookSecret: 'other_webhook_secret_6b1e',
};
type Keys = typeof CREATOR;
type Creator = { slug: string; streamerId: string; authorization: string };

describe('a creator’s own Razorpay account', () => {
  let fake: FakeRazorpay;
  let app: FastifyInstance;
  let database: TestDatabase;
  let webhookOrigin: string;
  const logLines: string[] = [];
  /** Every answer the API gave in this file, to search for secrets at the end. */
  const answers: string[] = [];

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    for (const keys of [CREATOR, NEW_KEYS, OTHER])
      fake.addMerchant(keys.keyId, keys.keySecret, keys.webhookSecret);
    database = await createTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'info',
      DATA_DIR: '/nonexistent/shabaash-test',
      WEB_DIST_DIR: '/nonexistent/shabaash-web',
      PUBLIC_URL: 'http://shabaash.test',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_BASE: fake.apiBase,
      PAYOUT_MODES: 'platform,own_razorpay',
      SECRETS_KEY,
    });
    app = await buildApp({ config, database, logStream: { write: (l) => logLines.push(l) } });
    webhookOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });

  async function call(options: InjectOptions) {
    const response = await app.inject(options);
    answers.push(response.body);
    return response;
  }

  async function newCreator(): Promise<Creator> {
    const user = await buildUser(database.db, { password: 'payout-pass-1' });
    const streamer = await buildStreamer(database.db, {
      moderationMode: 'auto',
      memberIds: [user.id],
    });
    const { headers } = await signIn(app, user.email, 'payout-pass-1');
    return { slug: streamer.slug, streamerId: streamer.id, authorization: headers.authorization };
  }

  const connect = (creator: Creator, keys: Keys) =>
    call({
      method: 'PUT',
      url: `/api/streamers/${creator.slug}/payouts/own-razorpay`,
      headers: { authorization: creator.authorization },
      payload: {
        key_id: keys.keyId,
        key_secret: keys.keySecret,
        webhook_secret: keys.webhookSecret,
      },
    });
  const payoutStatus = async (creator: Creator) =>
    (
      await call({
        method: 'GET',
        url: `/api/streamers/${creator.slug}/payouts`,
        headers: { authorization: creator.authorization },
      })
    ).json();
  const profile = async (slug: string) =>
    (await call({ method: 'GET', url: `/api/streamers/${slug}` })).json();
  const donation = async (orderId: string) => {
    const [row] = await database.db.select().from(donations).where(eq(donations.orderId, orderId));
    return row;
  };
  const accountWebhook = (accountId: string, gateway = 'razorpay') =>
    `${webhookOrigin}/api/payments/webhooks/${gateway}/accounts/${accountId}`;
  const platformWebhook = () => `${webhookOrigin}/api/payments/webhooks/razorpay`;
  const currentAccountId = async (creator: Creator) => {
    const rows = await database.db
      .select({ id: payoutAccounts.id, retiredAt: payoutAccounts.retiredAt })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.streamerId, creator.streamerId));
    const current = rows.find((row) => row.retiredAt === null);
    if (!current) throw new Error('no current payout account');
    return current.id;
  };
  /** The Key IDs the fake was called with for one Razorpay order (orders, look-ups). */
  const keyIdsAskingAbout = (providerOrderId: string) =>
    fake.requests
      .filter((request) => request.path.includes(providerOrderId))
      .map((request) => {
        const basic = String(request.headers.authorization ?? '').replace(/^Basic /, '');
        return Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
      });
  const dueNow = async (orderId: string) =>
    database.db
      .update(donations)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(donations.orderId, orderId));

  it('refuses keys Razorpay refuses, or that are not a Razorpay key, and stores nothing', async () => {
    const creator = await newCreator();
    const refused = await connect(creator, { ...CREATOR, keySecret: 'wrong_key_secret_0000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('keys_rejected');
    expect(refused.json().error.message).toMatch(/Razorpay refused these keys/);
    const malformed = await connect(creator, { ...CREATOR, keyId: 'TEST_cashfree_app' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_error');
    const noWebhookSecret = await call({
      method: 'PUT',
      url: `/api/streamers/${creator.slug}/payouts/own-razorpay`,
      headers: { authorization: creator.authorization },
      payload: { key_id: CREATOR.keyId, key_secret: CREATOR.keySecret },
    });
    expect(noWebhookSecret.statusCode).toBe(400);
    expect(await payoutStatus(creator)).toMatchObject({ route: 'platform', account: null });
    const stored = await database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.streamerId, creator.streamerId));
    expect(stored).toEqual([]);
  });

  it('checks the keys with a harmless call: GET /orders?count=1 with the creator’s key', async () => {
    const creator = await newCreator();
    const before = fake.requests.length;
    expect((await connect(creator, CREATOR)).statusCode).toBe(200);
    const made = fake.requests.slice(before);
    expect(made.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/orders']);
    expect(made[0]?.query.get('count')).toBe('1');
    expect(fake.orders.size).toBe(0);
  });

  it('makes the order with the creator’s keys, loads their checkout, and takes webhooks only at the page’s URL with its secret', async () => {
    const creator = await newCreator();
    const connected = await connect(creator, CREATOR);
    expect(connected.statusCode).toBe(200);
    const accountId = await currentAccountId(creator);
    expect(connected.json()).toMatchObject({
      modes: ['platform', 'own_razorpay'],
      route: 'own_razorpay',
      problem: null,
      account: {
        gateway: 'razorpay',
        environment: 'sandbox',
        key_id: CREATOR.keyId,
        secret_last4: CREATOR.keySecret.slice(-4),
        webhook_secret_last4: CREATOR.webhookSecret.slice(-4),
        status: 'active',
        webhook_url: `http://shabaash.test/api/payments/webhooks/razorpay/accounts/${accountId}`,
      },
    });
    // Both secrets sealed at rest.
    const [stored] = await database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.id, accountId));
    expect(stored?.secretEnc).not.toContain(CREATOR.keySecret);
    expect(stored?.webhookSecretEnc).toBeTruthy();
    expect(stored?.webhookSecretEnc).not.toContain(CREATOR.webhookSecret);

    // The fan's checkout.js opens with the creator's key id.
    expect((await profile(creator.slug)).payment).toEqual({
      provider: 'razorpay',
      mode: 'sandbox',
      client_key: CREATOR.keyId,
    });
    const orderId = await placeOrderId(app, creator.slug);
    const order = fake.order(orderId);
    expect(order.merchant_key_id).toBe(CREATOR.keyId);
    expect(await donation(orderId)).toMatchObject({
      payoutAccountId: accountId,
      providerOrderId: order.id,
      paymentStatus: 'pending',
    });

    const { captured } = fake.pay(orderId);
    // The operator's URL verifies with the operator's webhook secret: refused.
    expect((await deliverWebhook(platformWebhook(), captured)).status).toBe(401);
    // The page's URL refuses the same body signed with the key secret, the operator's webhook
    // secret, or another page's webhook secret.
    for (const secret of [CREATOR.keySecret, fake.webhookSecret, OTHER.webhookSecret]) {
      const forged = fake.sign(captured.body, { secret });
      expect((await deliverWebhook(accountWebhook(accountId), forged)).status).toBe(401);
    }
    // A Razorpay account is not reached at the Cashfree path.
    expect((await deliverWebhook(accountWebhook(accountId, 'cashfree'), captured)).status).toBe(
      404,
    );
    expect((await donation(orderId))?.paymentStatus).toBe('pending');
    expect(await deliverWebhook(accountWebhook(accountId), captured)).toEqual({
      status: 200,
      body: { received: true, result: 'applied' },
    });
    expect((await donation(orderId))?.paymentStatus).toBe('success');
    expect(new Set(keyIdsAskingAbout(order.id))).toEqual(new Set([CREATOR.keyId]));
  });

  it('checks checkout.js’s payment signature with the creator’s key secret', async () => {
    const creator = await newCreator();
    await connect(creator, CREATOR);
    const orderId = await placeOrderId(app, creator.slug);
    const { checkout } = fake.pay(orderId);
    const verify = (signature: string) =>
      call({
        method: 'POST',
        url: '/api/payments/razorpay/verify',
        payload: {
          order_id: orderId,
          razorpay_payment_id: checkout.razorpay_payment_id,
          razorpay_signature: signature,
        },
        remoteAddress: randomTestIp(),
      });
    const platformSigned = crypto
      .createHmac('sha256', fake.keySecret)
      .update(`${checkout.razorpay_order_id}|${checkout.razorpay_payment_id}`)
      .digest('hex');
    const refused = await verify(platformSigned);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_signature');
    const verified = await verify(checkout.razorpay_signature);
    expect(verified.json()).toEqual({
      order_id: orderId,
      verified: true,
      final_status: 'success',
    });
  });

  it('ignores a page’s signed webhook about an order of another account', async () => {
    const mallory = await newCreator();
    await connect(mallory, OTHER);
    const victim = await newCreator(); // on the platform account
    const orderId = await placeOrderId(app, victim.slug);
    const { captured } = fake.pay(orderId);
    // Mallory re-signs the victim's (real) event with her own valid webhook secret.
    const forged = fake.sign(captured.body, { secret: OTHER.webhookSecret });
    const delivered = await deliverWebhook(accountWebhook(await currentAccountId(mallory)), forged);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ received: true, result: 'ignored' });
    expect((await donation(orderId))?.paymentStatus).toBe('pending');
  });

  it('reconciles a lost webhook with the keys of the account the order was made with, after a switch', async () => {
    const creator = await newCreator();
    await connect(creator, CREATOR);
    const firstAccount = await currentAccountId(creator);
    const inFlight = await placeOrderId(app, creator.slug);
    expect((await connect(creator, NEW_KEYS)).statusCode).toBe(200);
    const next = await placeOrderId(app, creator.slug);
    expect(fake.order(next).merchant_key_id).toBe(NEW_KEYS.keyId);

    const lost = fake.pay(inFlight); // its webhooks are lost
    await dueNow(inFlight);
    await reconcilePendingOrders(app.payments);
    expect(await donation(inFlight)).toMatchObject({
      paymentStatus: 'success',
      payoutAccountId: firstAccount,
    });
    expect(new Set(keyIdsAskingAbout(fake.order(inFlight).id))).toEqual(new Set([CREATOR.keyId]));
    // The retired account's URL still verifies its orders' webhooks (here a late copy).
    const late = await deliverWebhook(accountWebhook(firstAccount), lost.captured);
    expect(late.status).toBe(200);
    expect(late.body).not.toMatchObject({ result: 'ignored' });
    // The new account's orders are taken at the new URL, with the new webhook secret.
    const paid = await deliverWebhook(
      accountWebhook(await currentAccountId(creator)),
      fake.pay(next).captured,
    );
    expect(paid.body).toEqual({ received: true, result: 'applied' });
  });

  it('stops taking tips when the key fails mid-stream, tells the creator why, and recovers', async () => {
    const creator = await newCreator();
    const keys = {
      keyId: 'rzp_test_RevokedKey001',
      keySecret: 'revoked_key_secret_71aa',
      webhookSecret: 'revoked_webhook_secret_2c9d',
    };
    fake.addMerchant(keys.keyId, keys.keySecret, keys.webhookSecret);
    await connect(creator, keys);
    expect((await profile(creator.slug)).is_preview).toBe(false);

    fake.revokeMerchant(keys.keyId);
    const refused = await placeOrder(app, creator.slug);
    expect(refused.statusCode).toBe(502);
    expect(await payoutStatus(creator)).toMatchObject({
      route: null,
      problem: 'keys_rejected',
      account: { gateway: 'razorpay', status: 'failing', failure_code: 'keys_rejected' },
    });
    // Fans see "not accepting tips yet"; the operator's account is never used instead.
    expect((await profile(creator.slug)).is_preview).toBe(true);
    const ordersBefore = fake.orders.size;
    const blocked = await placeOrder(app, creator.slug);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('payouts_unavailable');
    expect(fake.orders.size).toBe(ordersBefore);

    fake.addMerchant(keys.keyId, keys.keySecret, keys.webhookSecret);
    const checked = await call({
      method: 'POST',
      url: `/api/streamers/${creator.slug}/payouts/own-razorpay/check`,
      headers: { authorization: creator.authorization },
    });
    expect(checked.json()).toMatchObject({ route: 'own_razorpay', problem: null });
    expect((await placeOrder(app, creator.slug)).statusCode).toBe(201);

    const removed = await call({
      method: 'DELETE',
      url: `/api/streamers/${creator.slug}/payouts/own-razorpay`,
      headers: { authorization: creator.authorization },
    });
    expect(removed.json()).toMatchObject({ route: 'platform', account: null });
  });

  it('lists each tip’s Razorpay fee while pending, then its settlement from the recon report', async () => {
    const creator = await newCreator();
    await connect(creator, CREATOR);
    const orderId = await placeOrderId(app, creator.slug, { amount_paise: 20_000 });
    fake.pay(orderId);
    await dueNow(orderId);
    await reconcilePendingOrders(app.payments);
    expect((await donation(orderId))?.paymentStatus).toBe('success');
    const settlements = async () =>
      (
        await call({
          method: 'GET',
          url: `/api/streamers/${creator.slug}/settlements`,
          headers: { authorization: creator.authorization },
        })
      ).json();
    const { fee } = fakeRazorpayFee(20_000);
    const pending = await settlements();
    expect(pending.rows).toEqual([
      expect.objectContaining({
        order_id: orderId,
        route: 'own_razorpay',
        amount_paise: 20_000,
        fees_paise: fee,
        settlement_paise: 20_000 - fee,
        settled: false,
        settled_at: null,
      }),
    ]);
    expect(pending.totals).toMatchObject({ settled_paise: 0, pending_paise: 20_000 - fee });

    const reconBefore = fake.requests.length;
    fake.settleDay();
    const after = await settlements();
    const payment = fake.order(orderId).payments[0];
    expect(after.rows[0]).toMatchObject({
      order_id: orderId,
      settled: true,
      fees_paise: fee,
      settlement_paise: 20_000 - fee,
      settled_at: new Date((payment?.settlement?.settled_at ?? 0) * 1000).toISOString(),
      utr: payment?.settlement?.utr,
    });
    expect(after.totals).toEqual({
      paid_in_paise: 20_000,
      fees_paise: fee,
      settled_paise: 20_000 - fee,
      pending_paise: 0,
    });
    // Read from the creator's account's recon report, with the creator's key.
    const recon = fake.requests
      .slice(reconBefore)
      .filter((request) => request.path === '/v1/settlements/recon/combined');
    expect(recon.length).toBeGreaterThan(0);
    for (const request of recon) {
      expect(request.query.get('year')).toMatch(/^\d{4}$/);
      expect(request.query.get('month')).toMatch(/^\d{2}$/);
      const basic = String(request.headers.authorization).replace(/^Basic /, '');
      expect(Buffer.from(basic, 'base64').toString('utf8')).toBe(
        `${CREATOR.keyId}:${CREATOR.keySecret}`,
      );
    }
  });

  it('keeps every secret out of every answer and every log line', () => {
    expect(answers.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(10);
    const secrets = [CREATOR, NEW_KEYS, OTHER].flatMap((keys) => [
      keys.keySecret,
      keys.webhookSecret,
    ]);
    for (const secret of [...secrets, fake.keySecret, fake.webhookSecret]) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      for (const line of logLines) expect(line).not.toContain(secret);
    }
  });
});

describe('the operator’s choice of own Razorpay accounts', () => {
  it('lets a creator’s Razorpay page load checkout.js and verify its payment, whatever the platform’s gateway', async () => {
    const razorpay = await startFakeRazorpay();
    razorpay.addMerchant(CREATOR.keyId, CREATOR.keySecret, CREATOR.webhookSecret);
    const cashfree = await startFakeCashfree();
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-own-razorpay-csp-'));
    fs.mkdirSync(path.join(dist, 'shells'));
    fs.writeFileSync(
      path.join(dist, 'shells', 'donation.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, '__spa-fallback.html'), '<!doctype html><p>spa</p>');
    const t = await createTestApp({
      WEB_DIST_DIR: dist,
      ...cashfreeEnv(cashfree),
      RAZORPAY_API_BASE: razorpay.apiBase,
      PAYOUT_MODES: 'platform,own_razorpay',
      SECRETS_KEY,
    });
    try {
      const user = await buildUser(t.database.db, { password: 'payout-pass-1' });
      const own = await buildStreamer(t.database.db, {
        memberIds: [user.id],
        moderationMode: 'auto',
      });
      const plain = await buildStreamer(t.database.db);
      const { headers } = await signIn(t.app, user.email, 'payout-pass-1');
      const connected = await t.app.inject({
        method: 'PUT',
        url: `/api/streamers/${own.slug}/payouts/own-razorpay`,
        headers,
        payload: {
          key_id: CREATOR.keyId,
          key_secret: CREATOR.keySecret,
          webhook_secret: CREATOR.webhookSecret,
        },
      });
      expect(connected.statusCode).toBe(200);
      const cspOf = async (slug: string) =>
        String(
          (await t.app.inject({ method: 'GET', url: `/${slug}` })).headers[
            'content-security-policy'
          ],
        );
      expect(await cspOf(own.slug)).toContain('https://checkout.razorpay.com');
      expect(await cspOf(own.slug)).not.toContain('cashfree');
      expect(await cspOf(plain.slug)).toContain('https://sdk.cashfree.com');
      expect(await cspOf(plain.slug)).not.toContain('razorpay');

      const orderId = await placeOrderId(t.app, own.slug);
      expect(razorpay.order(orderId).merchant_key_id).toBe(CREATOR.keyId);
      const { checkout } = razorpay.pay(orderId);
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/verify',
        payload: {
          order_id: orderId,
          razorpay_payment_id: checkout.razorpay_payment_id,
          razorpay_signature: checkout.razorpay_signature,
        },
        remoteAddress: randomTestIp(),
      });
      expect(verified.json()).toMatchObject({ verified: true, final_status: 'success' });
      // A page on the platform's Cashfree account has no Razorpay order to verify.
      const platformOrder = await placeOrderId(t.app, plain.slug);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/verify',
        payload: {
          order_id: platformOrder,
          razorpay_payment_id: checkout.razorpay_payment_id,
          razorpay_signature: checkout.razorpay_signature,
        },
        remoteAddress: randomTestIp(),
      });
      expect(refused.statusCode).toBe(404);
    } finally {
      await t.close();
      await razorpay.close();
      await cashfree.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses to start own_razorpay without SECRETS_KEY', () => {
    expect(() => loadConfig({ PAYOUT_MODES: 'platform,own_razorpay' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYOUT_MODES: 'platform,own_razorpay' })).toThrow(/own_razorpay/);
  });
});
