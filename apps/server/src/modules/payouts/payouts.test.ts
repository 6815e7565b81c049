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
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import {
  cashfreeEnv,
  fakeCashfreeFee,
  startFakeCashfree,
  type FakeCashfree,
} from '../../../test/fakes/fake-cashfree.ts';
import { deliverWebhook } from '../../../test/fakes/fake-http-server.ts';
import { placeOrder, placeOrderId } from '../../../test/payments.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { reconcilePendingOrders } from '../payments/reconciler.ts';

/**
 * Issue 27: a creator's own Cashfree account. The operator's account and two creators' accounts
 * live at one fake Cashfree; each order must be made, looked up and verified with the keys of
 * the account it belongs to, and no secret may leave the server or reach a log line.
 */

const SECRETS_KEY = crypto.randomBytes(32).toString('base64');
const CREATOR = { appId: 'TEST_creator_app', secret: 'cfsk_ma_test_creator_secret_9f3a' };
const NEW_KEYS = { appId: 'TEST_creator_new', secret: 'cfsk_ma_test_creator_newkey_77c1' };
const OTHER = { appId: 'TEST_other_app', secret: 'cfsk_ma_test_other_creator_5d2e' };

type Creator = { slug: string; streamerId: string; authorization: string };

describe('a creator’s own Cashfree account', () => {
  let fake: FakeCashfree;
  let app: FastifyInstance;
  let database: TestDatabase;
  let webhookOrigin: string;
  const logLines: string[] = [];
  /** Every answer the API gave in this file, to search for secrets at the end. */
  const answers: string[] = [];

  beforeAll(async () => {
    fake = await startFakeCashfree();
    fake.addMerchant(CREATOR.appId, CREATOR.secret);
    fake.addMerchant(NEW_KEYS.appId, NEW_KEYS.secret);
    fake.addMerchant(OTHER.appId, OTHER.secret);
    database = await createTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'info',
      DATA_DIR: '/nonexistent/shabaash-test',
      WEB_DIST_DIR: '/nonexistent/shabaash-web',
      PUBLIC_URL: 'http://shabaash.test',
      ...cashfreeEnv(fake),
      PAYOUT_MODES: 'platform,own_cashfree',
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

  const connect = (creator: Creator, keys: { appId: string; secret: string }) =>
    call({
      method: 'PUT',
      url: `/api/streamers/${creator.slug}/payouts/own-cashfree`,
      headers: { authorization: creator.authorization },
      payload: { environment: 'sandbox', app_id: keys.appId, secret_key: keys.secret },
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
  const accountWebhook = (accountId: string) =>
    `${webhookOrigin}/api/payments/webhooks/cashfree/accounts/${accountId}`;
  const platformWebhook = () => `${webhookOrigin}/api/payments/webhooks/cashfree`;
  /** The fan's payment is confirmed by the reconciler (its webhook is not what is tested). */
  const settle = async (orderId: string) => {
    await database.db
      .update(donations)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(donations.orderId, orderId));
    await reconcilePendingOrders(app.payments);
    expect((await donation(orderId))?.paymentStatus).toBe('success');
  };
  const currentAccountId = async (creator: Creator) => {
    const rows = await database.db
      .select({ id: payoutAccounts.id, retiredAt: payoutAccounts.retiredAt })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.streamerId, creator.streamerId));
    const current = rows.find((row) => row.retiredAt === null);
    if (!current) throw new Error('no current payout account');
    return current.id;
  };

  it('refuses keys Cashfree refuses, and stores nothing', async () => {
    const creator = await newCreator();
    const response = await connect(creator, { appId: CREATOR.appId, secret: 'cfsk_wrong_secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('keys_rejected');
    expect(await payoutStatus(creator)).toMatchObject({ route: 'platform', account: null });
  });

  it('makes the order with the creator’s keys and takes its webhook only at the page’s URL', async () => {
    const creator = await newCreator();
    const connected = await connect(creator, CREATOR);
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({
      modes: ['platform', 'own_cashfree'],
      route: 'own_cashfree',
      problem: null,
      account: {
        gateway: 'cashfree',
        environment: 'sandbox',
        key_id: CREATOR.appId,
        secret_last4: CREATOR.secret.slice(-4),
        status: 'active',
      },
    });
    const accountId = await currentAccountId(creator);
    expect(connected.json().account.webhook_url).toBe(
      `http://shabaash.test/api/payments/webhooks/cashfree/accounts/${accountId}`,
    );
    // Sealed at rest: the stored value is not the secret and opens only with SECRETS_KEY.
    const [stored] = await database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.id, accountId));
    expect(stored?.secretEnc).not.toContain(CREATOR.secret);

    const orderId = await placeOrderId(app, creator.slug);
    expect(fake.orders.get(orderId)?.merchant_app_id).toBe(CREATOR.appId);
    expect(await donation(orderId)).toMatchObject({
      payoutAccountId: accountId,
      paymentStatus: 'pending',
    });

    const webhook = fake.pay(orderId);
    // The platform's URL verifies with the operator's secret: the creator's signature fails.
    expect((await deliverWebhook(platformWebhook(), webhook)).status).toBe(401);
    expect((await donation(orderId))?.paymentStatus).toBe('pending');
    expect(await deliverWebhook(accountWebhook(accountId), webhook)).toEqual({
      status: 200,
      body: { received: true, result: 'applied' },
    });
    expect((await donation(orderId))?.paymentStatus).toBe('success');
  });

  it('ignores a page’s signed webhook about an order of another account', async () => {
    const mallory = await newCreator();
    await connect(mallory, OTHER);
    const victim = await newCreator(); // on the platform account
    const orderId = await placeOrderId(app, victim.slug);
    expect(fake.orders.get(orderId)?.merchant_app_id).toBe(fake.appId);
    // Mallory signs a success for the victim's order with her own (valid) secret.
    const forged = fake.sign(
      JSON.stringify({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        event_time: new Date().toISOString(),
        data: {
          order: { order_id: orderId },
          payment: {
            cf_payment_id: '99',
            payment_status: 'SUCCESS',
            payment_amount: 51,
            payment_time: new Date().toISOString(),
          },
        },
      }),
      { secret: OTHER.secret },
    );
    const delivered = await deliverWebhook(accountWebhook(await currentAccountId(mallory)), forged);
    expect(delivered).toEqual({ status: 200, body: { received: true, result: 'ignored' } });
    expect((await donation(orderId))?.paymentStatus).toBe('pending');
  });

  it('reconciles a lost webhook with the account the order was made with, after a switch', async () => {
    const creator = await newCreator();
    await connect(creator, CREATOR);
    const firstAccount = await currentAccountId(creator);
    const inFlight = await placeOrderId(app, creator.slug);
    // The creator switches to new keys while the fan is still paying.
    expect((await connect(creator, NEW_KEYS)).statusCode).toBe(200);
    const next = await placeOrderId(app, creator.slug);
    expect(fake.orders.get(next)?.merchant_app_id).toBe(NEW_KEYS.appId);

    const lost = fake.pay(inFlight); // its webhook is lost
    await database.db
      .update(donations)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(donations.orderId, inFlight));
    await reconcilePendingOrders(app.payments);
    expect(await donation(inFlight)).toMatchObject({
      paymentStatus: 'success',
      payoutAccountId: firstAccount,
    });
    // The retired account's URL still verifies its orders' webhooks (here a late copy).
    const late = await deliverWebhook(accountWebhook(firstAccount), lost);
    expect(late.status).toBe(200);
    expect(late.body).not.toMatchObject({ result: 'ignored' });
    // The new account's orders are taken at the new account's URL.
    const paid = await deliverWebhook(
      accountWebhook(await currentAccountId(creator)),
      fake.pay(next),
    );
    expect(paid.body).toEqual({ received: true, result: 'applied' });
  });

  it('stops taking tips when the keys fail mid-stream, tells the creator why, and recovers', async () => {
    const creator = await newCreator();
    const keys = { appId: 'TEST_revoked_app', secret: 'cfsk_ma_test_revoked_secret_1b8c' };
    fake.addMerchant(keys.appId, keys.secret);
    await connect(creator, keys);
    expect((await profile(creator.slug)).is_preview).toBe(false);

    fake.revokeMerchant(keys.appId);
    const refused = await placeOrder(app, creator.slug);
    expect(refused.statusCode).toBe(502);
    expect(await payoutStatus(creator)).toMatchObject({
      route: null,
      problem: 'keys_rejected',
      account: { status: 'failing', failure_code: 'keys_rejected' },
    });
    // Fans see "not accepting tips yet"; the operator's account is never used instead.
    expect((await profile(creator.slug)).is_preview).toBe(true);
    const blocked = await placeOrder(app, creator.slug);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('payouts_unavailable');

    fake.addMerchant(keys.appId, keys.secret);
    const checked = await call({
      method: 'POST',
      url: `/api/streamers/${creator.slug}/payouts/own-cashfree/check`,
      headers: { authorization: creator.authorization },
    });
    expect(checked.json()).toMatchObject({ route: 'own_cashfree', problem: null });
    expect((await placeOrder(app, creator.slug)).statusCode).toBe(201);
  });

  it('goes back to the platform account on disconnect; another member cannot see the section', async () => {
    const creator = await newCreator();
    await connect(creator, CREATOR);
    const stranger = await newCreator();
    const peek = await call({
      method: 'GET',
      url: `/api/streamers/${creator.slug}/payouts`,
      headers: { authorization: stranger.authorization },
    });
    expect(peek.statusCode).toBe(403);
    const removed = await call({
      method: 'DELETE',
      url: `/api/streamers/${creator.slug}/payouts/own-cashfree`,
      headers: { authorization: creator.authorization },
    });
    expect(removed.json()).toMatchObject({ route: 'platform', account: null });
    const orderId = await placeOrderId(app, creator.slug);
    expect(fake.orders.get(orderId)?.merchant_app_id).toBe(fake.appId);
  });

  it('never settles a creator account’s order on its signature alone (the keys may have leaked)', async () => {
    const creator = await newCreator();
    const keys = { appId: 'TEST_leaked_app', secret: 'cfsk_ma_test_leaked_secret_7e9d' };
    fake.addMerchant(keys.appId, keys.secret);
    await connect(creator, keys);
    const accountId = await currentAccountId(creator);
    const orderId = await placeOrderId(app, creator.slug);
    const webhook = fake.pay(orderId);
    // The creator revoked the keys at Cashfree: a look-up with them is refused.
    fake.revokeMerchant(keys.appId);
    const delivered = await deliverWebhook(accountWebhook(accountId), webhook);
    expect(delivered.status).toBe(503);
    expect((await donation(orderId))?.paymentStatus).toBe('pending');
  });

  it('shows each own-account tip’s fees and settlement from the creator’s account, next day', async () => {
    const creator = await newCreator();
    await connect(creator, CREATOR);
    const orderId = await placeOrderId(app, creator.slug, { amount_paise: 20_000 });
    fake.pay(orderId);
    await settle(orderId);
    const settlements = async () =>
      (
        await call({
          method: 'GET',
          url: `/api/streamers/${creator.slug}/settlements`,
          headers: { authorization: creator.authorization },
        })
      ).json();
    expect((await settlements()).rows).toEqual([
      expect.objectContaining({
        order_id: orderId,
        route: 'own_cashfree',
        amount_paise: 20_000,
        settled: false,
        settled_at: null,
      }),
    ]);
    fake.settleDay();
    const after = await settlements();
    const fee = Math.round(fakeCashfreeFee(200) * 100);
    expect(after.rows[0]).toMatchObject({
      order_id: orderId,
      settled: true,
      fees_paise: fee,
      settlement_paise: 20_000 - fee,
      utr: fake.orders.get(orderId)?.settlement?.utr,
    });
    expect(after.totals).toEqual({
      paid_in_paise: 20_000,
      fees_paise: fee,
      settled_paise: 20_000 - fee,
      pending_paise: 0,
    });
  });

  it('keeps every secret out of every answer and every log line', () => {
    expect(answers.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [CREATOR.secret, NEW_KEYS.secret, OTHER.secret, fake.secretKey]) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      for (const line of logLines) expect(line).not.toContain(secret);
    }
  });
});

describe('payout modes chosen by the operator', () => {
  it('without `platform`, a page takes tips only once its creator connects an account', async () => {
    const fake = await startFakeCashfree();
    const t = await createTestApp({
      ...cashfreeEnv(fake),
      PAYOUT_MODES: 'own_cashfree',
      SECRETS_KEY,
    });
    try {
      const streamer = await buildStreamer(t.database.db, { moderationMode: 'auto' });
      const profile = await t.app.inject({ method: 'GET', url: `/api/streamers/${streamer.slug}` });
      expect(profile.json().is_preview).toBe(true);
      const order = await placeOrder(t.app, streamer.slug);
      expect(order.statusCode).toBe(403);
      expect(fake.orders.size).toBe(0);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('by default offers only the platform account, and refuses connecting keys', async () => {
    const t = await createTestApp();
    try {
      const user = await buildUser(t.database.db, { password: 'payout-pass-1' });
      const streamer = await buildStreamer(t.database.db, { memberIds: [user.id] });
      const { headers } = await signIn(t.app, user.email, 'payout-pass-1');
      const status = await t.app.inject({
        method: 'GET',
        url: `/api/streamers/${streamer.slug}/payouts`,
        headers,
      });
      expect(status.json()).toEqual({
        modes: ['platform'],
        route: 'platform',
        problem: null,
        account: null,
        vendor: null,
        platform_fee_percent: 0,
      });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/streamers/${streamer.slug}/payouts/own-cashfree`,
        headers,
        payload: { environment: 'sandbox', app_id: CREATOR.appId, secret_key: CREATOR.secret },
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().error.code).toBe('payout_mode_not_offered');
    } finally {
      await t.close();
    }
  });

  it('lets a creator-account page load its own gateway’s checkout (CSP), whatever the platform’s', async () => {
    const fake = await startFakeCashfree();
    fake.addMerchant(CREATOR.appId, CREATOR.secret);
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-payouts-csp-'));
    fs.mkdirSync(path.join(dist, 'shells'));
    fs.writeFileSync(
      path.join(dist, 'shells', 'donation.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, '__spa-fallback.html'), '<!doctype html><p>spa</p>');
    const t = await createTestApp({
      WEB_DIST_DIR: dist,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_platform',
      RAZORPAY_KEY_SECRET: 'platform-secret',
      RAZORPAY_WEBHOOK_SECRET: 'platform-webhook-secret',
      CASHFREE_API_BASE: fake.apiBase,
      PAYOUT_MODES: 'platform,own_cashfree',
      SECRETS_KEY,
    });
    try {
      const user = await buildUser(t.database.db, { password: 'payout-pass-1' });
      const own = await buildStreamer(t.database.db, { memberIds: [user.id] });
      const plain = await buildStreamer(t.database.db);
      const { headers } = await signIn(t.app, user.email, 'payout-pass-1');
      const connected = await t.app.inject({
        method: 'PUT',
        url: `/api/streamers/${own.slug}/payouts/own-cashfree`,
        headers,
        payload: { environment: 'sandbox', app_id: CREATOR.appId, secret_key: CREATOR.secret },
      });
      expect(connected.statusCode).toBe(200);
      const cspOf = async (slug: string) =>
        String(
          (await t.app.inject({ method: 'GET', url: `/${slug}` })).headers[
            'content-security-policy'
          ],
        );
      expect(await cspOf(own.slug)).toContain('https://sdk.cashfree.com');
      expect(await cspOf(own.slug)).not.toContain('razorpay');
      expect(await cspOf(plain.slug)).toContain('https://checkout.razorpay.com');
      const profile = await t.app.inject({ method: 'GET', url: `/api/streamers/${own.slug}` });
      expect(profile.json().payment).toEqual({ provider: 'cashfree', mode: 'sandbox' });
    } finally {
      await t.close();
      await fake.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses to start own_cashfree without SECRETS_KEY, or with an unknown mode', () => {
    expect(() => loadConfig({ PAYOUT_MODES: 'platform,own_cashfree' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYOUT_MODES: 'razorpay_route' })).toThrow(/PAYOUT_MODES/);
  });
});
