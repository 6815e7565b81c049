import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, payoutVendors } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import {
  cashfreeEnv,
  fakeCashfreeFee,
  startFakeCashfree,
  type FakeCashfree,
} from '../../../test/fakes/fake-cashfree.ts';
import { deliverWebhook } from '../../../test/fakes/fake-http-server.ts';
import { createGatewayTestApp, type GatewayTestApp } from '../../../test/fakes/gateway-test-app.ts';
import { placeOrder, placeOrderId } from '../../../test/payments.ts';
import { createTestApp } from '../../../test/test-app.ts';
import {
  createSandboxSplitGateway,
  SANDBOX_SETTLEMENT_DELAY_MS,
  SANDBOX_VENDOR_VERIFY_MS,
} from './split-vendors.service.ts';

/**
 * Issue 27, split settlement: the creator is a Cashfree Easy Split vendor of the operator's
 * account; each tip's order carries the creator's share (less PLATFORM_FEE_PERCENT), which
 * Cashfree settles straight to the creator, and the settlements view reads it back.
 */

const VENDOR = {
  legal_name: 'Priya Sharma',
  email: 'priya@example.com',
  phone: '9876543210',
  pan: 'ABCDE1234F',
  payout_to: { kind: 'bank', account_number: '123456789012', ifsc: 'HDFC0001234' },
};

describe('split settlement through the operator’s Cashfree account', () => {
  let fake: FakeCashfree;
  let t: GatewayTestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    fake = await startFakeCashfree();
    t = await createGatewayTestApp({
      ...cashfreeEnv(fake),
      PAYOUT_MODES: 'platform,cashfree_split',
      PLATFORM_FEE_PERCENT: '10',
    });
    app = t.app;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function newCreator() {
    const user = await buildUser(t.database.db, { password: 'split-pass-1' });
    const streamer = await buildStreamer(t.database.db, {
      moderationMode: 'auto',
      memberIds: [user.id],
    });
    const { headers } = await signIn(app, user.email, 'split-pass-1');
    return { slug: streamer.slug, streamerId: streamer.id, headers };
  }
  type Creator = Awaited<ReturnType<typeof newCreator>>;
  const status = async (creator: Creator) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/streamers/${creator.slug}/payouts`,
        headers: creator.headers,
      })
    ).json();
  const onboard = (creator: Creator, body: unknown = VENDOR) =>
    app.inject({
      method: 'PUT',
      url: `/api/streamers/${creator.slug}/payouts/split-vendor`,
      headers: creator.headers,
      payload: body as Record<string, unknown>,
    });
  const vendorIdOf = async (creator: Creator) => {
    const [row] = await t.database.db
      .select()
      .from(payoutVendors)
      .where(eq(payoutVendors.streamerId, creator.streamerId));
    if (!row) throw new Error('no vendor');
    return row.vendorId;
  };
  /** Cashfree's vendor checks are rechecked after 30 s: make the next read ask again. */
  const dueForRecheck = async (creator: Creator) => {
    await t.database.db
      .update(payoutVendors)
      .set({ checkedAt: new Date(Date.now() - 60_000) })
      .where(eq(payoutVendors.streamerId, creator.streamerId));
  };

  it('onboards the creator as a vendor with the KYC Cashfree asks for, keeping only masked data', async () => {
    const creator = await newCreator();
    const response = await onboard(creator);
    expect(response.statusCode).toBe(200);
    const vendorId = await vendorIdOf(creator);
    expect(fake.vendors.get(vendorId)).toMatchObject({
      name: 'Priya Sharma',
      email: 'priya@example.com',
      bank: { account_number: '123456789012', account_holder: 'Priya Sharma', ifsc: 'HDFC0001234' },
      kyc_details: { pan: 'ABCDE1234F' },
    });
    expect(response.json()).toMatchObject({
      route: null,
      problem: 'vendor_pending',
      vendor: {
        vendor_id: vendorId,
        pan_last4: '234F',
        payout_to: 'Bank account ••••9012 (HDFC0001234)',
        status: 'pending',
        gateway_status: 'IN_BENE_CREATION',
      },
      platform_fee_percent: 10,
    });
    // The full PAN and account number are Cashfree's to keep, not ours.
    const [row] = await t.database.db
      .select()
      .from(payoutVendors)
      .where(eq(payoutVendors.streamerId, creator.streamerId));
    expect(JSON.stringify(row)).not.toContain('ABCDE1234F');
    expect(JSON.stringify(row)).not.toContain('123456789012');
    expect(response.body).not.toContain('123456789012');
    // A second onboarding is refused.
    expect((await onboard(creator)).statusCode).toBe(409);
  });

  it('refuses tips while the vendor is pending, then splits each order once it is active', async () => {
    const creator = await newCreator();
    await onboard(creator);
    const vendorId = await vendorIdOf(creator);
    const profile = async () =>
      (await app.inject({ method: 'GET', url: `/api/streamers/${creator.slug}` })).json();
    expect((await profile()).is_preview).toBe(true);
    expect((await placeOrder(app, creator.slug)).statusCode).toBe(403);

    fake.activateVendor(vendorId);
    await dueForRecheck(creator);
    expect(await status(creator)).toMatchObject({
      route: 'cashfree_split',
      problem: null,
      vendor: { status: 'active', gateway_status: 'ACTIVE' },
    });
    expect((await profile()).is_preview).toBe(false);

    const orderId = await placeOrderId(app, creator.slug, { amount_paise: 10_000 });
    // ₹100 less the operator's 10 % fee: ₹90 is the creator's, settled to them by Cashfree.
    expect(fake.orders.get(orderId)).toMatchObject({
      merchant_app_id: fake.appId,
      order_amount: 100,
      order_splits: [{ vendor_id: vendorId, amount: 90 }],
    });
    const [row] = await t.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row).toMatchObject({ splitVendorId: vendorId, splitSharePaise: 9_000 });

    // The split order is paid into the platform account: the platform webhook settles it.
    const delivered = await deliverWebhook(t.webhookUrl, fake.pay(orderId));
    expect(delivered.body).toEqual({ received: true, result: 'applied' });

    const settlements = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/streamers/${creator.slug}/settlements`,
          headers: creator.headers,
        })
      ).json();
    expect((await settlements()).rows[0]).toMatchObject({
      order_id: orderId,
      route: 'cashfree_split',
      settlement_paise: 9_000,
      settled: false,
    });
    fake.settleDay();
    const after = await settlements();
    expect(after.rows[0]).toMatchObject({
      order_id: orderId,
      settled: true,
      settlement_paise: 9_000,
      fees_paise: Math.round(fakeCashfreeFee(100) * 100),
      settled_at: fake.orders.get(orderId)?.settlement?.time,
    });
    expect(after.totals).toMatchObject({
      paid_in_paise: 10_000,
      settled_paise: 9_000,
      pending_paise: 0,
    });
  });

  it('stops taking tips when Cashfree blocks the vendor mid-stream', async () => {
    const creator = await newCreator();
    await onboard(creator);
    const vendorId = await vendorIdOf(creator);
    fake.activateVendor(vendorId);
    await dueForRecheck(creator);
    expect((await placeOrder(app, creator.slug)).statusCode).toBe(201);
    // Blocked at Cashfree: the next check (at most 30 s later) finds it, and the page waits.
    const vendor = fake.vendors.get(vendorId);
    if (vendor) vendor.status = 'BLOCKED';
    await dueForRecheck(creator);
    expect(await status(creator)).toMatchObject({
      route: null,
      problem: 'vendor_rejected',
      vendor: { status: 'rejected', gateway_status: 'BLOCKED' },
    });
    expect((await placeOrder(app, creator.slug)).statusCode).toBe(403);
  });

  it('refuses invalid KYC before asking Cashfree', async () => {
    const creator = await newCreator();
    const before = fake.requests.length;
    const response = await onboard(creator, { ...VENDOR, pan: 'ABCD1234' });
    expect(response.statusCode).toBe(400);
    expect(fake.requests.length).toBe(before);
  });
});

describe('the sandbox’s split settlement', () => {
  it('verifies a vendor a minute after onboarding and settles a share the next day', async () => {
    let now = Date.parse('2026-11-26T10:00:00Z');
    const gateway = createSandboxSplitGateway(() => now);
    const createdAt = new Date(now);
    const input = {
      vendorId: 'sb_test',
      legalName: 'Priya Sharma',
      email: 'p@example.com',
      phone: '9876543210',
      pan: 'ABCDE1234F',
      payoutTo: { kind: 'upi' as const, vpa: 'priya@okhdfc' },
    };
    expect(await gateway.createVendor(input, { createdAt })).toEqual({
      gatewayStatus: 'IN_BENE_CREATION',
      status: 'pending',
    });
    now += SANDBOX_VENDOR_VERIFY_MS;
    const row = { createdAt } as Parameters<typeof gateway.vendorState>[0];
    expect(await gateway.vendorState(row)).toMatchObject({ status: 'active' });

    const paidAt = new Date(now);
    const order = { orderId: 'demo_abc123456789', paidAt, sharePaise: 9_000 };
    expect((await gateway.settlements([order], 'sb_test'))[0]).toMatchObject({
      settled: false,
      settlementPaise: 9_000,
    });
    now += SANDBOX_SETTLEMENT_DELAY_MS;
    expect((await gateway.settlements([order], 'sb_test'))[0]).toMatchObject({
      settled: true,
      settledAt: new Date(paidAt.getTime() + SANDBOX_SETTLEMENT_DELAY_MS).toISOString(),
      utr: 'SANDBOX-23456789',
    });
  });

  it('runs the split route on the sandbox provider: the order records the share', async () => {
    const t = await createTestApp({ PAYOUT_MODES: 'platform,cashfree_split' });
    try {
      const user = await buildUser(t.database.db, { password: 'split-pass-1' });
      const streamer = await buildStreamer(t.database.db, {
        moderationMode: 'auto',
        memberIds: [user.id],
      });
      const { headers } = await signIn(t.app, user.email, 'split-pass-1');
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/streamers/${streamer.slug}/payouts/split-vendor`,
        headers,
        payload: VENDOR,
      });
      expect(put.json()).toMatchObject({
        problem: 'vendor_pending',
        vendor: { status: 'pending' },
      });
      // A minute later (moved back in the record), the sandbox's vendor is verified.
      await t.database.db
        .update(payoutVendors)
        .set({ createdAt: new Date(Date.now() - SANDBOX_VENDOR_VERIFY_MS) })
        .where(eq(payoutVendors.streamerId, streamer.id));
      const orderId = await placeOrderId(t.app, streamer.slug, { amount_paise: 5_000 });
      const [row] = await t.database.db
        .select()
        .from(donations)
        .where(eq(donations.orderId, orderId));
      expect(row).toMatchObject({ splitSharePaise: 5_000, provider: 'sandbox' });
    } finally {
      await t.close();
    }
  });
});
