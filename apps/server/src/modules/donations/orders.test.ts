import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donations, paymentEvents } from '../../db/schema.ts';
import {
  buildSlugAlias,
  buildStreamer,
  buildUser,
  randomTestIp,
  signIn,
} from '../../../test/factories.ts';
import { placeOrder, placeOrderId } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('donation orders', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const techgamer = await buildStreamer(db, {
      slug: 'techgamer',
      moderationMode: 'auto',
      showEmotePicker: true,
    });
    await buildSlugAlias(db, techgamer.id, 'tech_gamer');
    await buildStreamer(db, {
      slug: 'chiaa',
      hyperemotePricePaise: 5000,
      moderationMode: 'review',
    });
    await buildStreamer(db, { slug: 'retired', isActive: false });
  });
  afterAll(() => testApp.close());

  const countDonations = async () => (await testApp.database.db.select().from(donations)).length;

  it('shows the public profile by slug or old spelling, with no private fields', async () => {
    for (const slug of ['techgamer', 'tech_gamer']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/streamers/${slug}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        slug: 'techgamer',
        show_emote_picker: true,
        hyperemote_price_paise: 100,
        payment: { provider: 'sandbox', mode: 'sandbox' },
      });
      expect(response.json()).not.toHaveProperty('moderation_mode');
      expect(response.json()).not.toHaveProperty('id');
    }
    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/streamers/nobody-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('streamer_not_found');
  });

  it('creates a pending donation and a sandbox order with a slug-prefixed order id', async () => {
    const response = await placeOrder(testApp.app, 'techgamer');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      order_id: expect.stringMatching(/^techgamer_[0-9a-z]{12}$/),
      payment_session_id: expect.stringMatching(/^sandbox_session_/),
      payment_url: `/sandbox/checkout/${body.order_id}`,
      provider: 'sandbox',
      mode: 'sandbox',
    });
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, body.order_id));
    expect(row).toMatchObject({
      paymentStatus: 'pending',
      amountPaise: 5100,
      name: 'Asha',
      // Sealed at rest (issue 29): no clear number, only the sealed one, its index and mask.
      phone: null,
      phoneMasked: '98••••••10',
    });
    expect(testApp.app.personalData.openPhone(row!.phoneEnc!, body.order_id)).toBe('9876543210');
  });

  it.each([
    [{ amount_paise: 0 }, 'Please enter a valid donation amount.'],
    [{ amount_paise: -5100 }, 'Please enter a valid donation amount.'],
    [{ amount_paise: 10_000_001 }, 'Please enter a valid donation amount.'],
    [{ amount_paise: 'abc' }, 'Please enter a valid donation amount.'],
    [{ amount_paise: 1e11 }, 'Please enter a valid donation amount.'],
    [{ amount_paise: null }, 'Please enter a valid donation amount.'],
    [{ amount_paise: 51.5 }, 'Please enter a valid donation amount.'],
    [{ message: 'x'.repeat(501) }, 'Message must be at most 500 characters.'],
    [{ phone: '5123456789' }, 'Please enter a valid 10-digit mobile number'],
    [{ phone: '98765' }, 'Please enter a valid 10-digit mobile number'],
    [{ name: '  ' }, 'Please enter your name.'],
    [{ message: '' }, 'Please enter a message for your donation.'],
    [{ type: 'voice' }, 'Please record a voice message for your donation.'],
  ])('refuses %o with the spec message and stores nothing', async (change, message) => {
    const before = await countDonations();
    const response = await placeOrder(testApp.app, 'techgamer', change);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'validation_error', message });
    expect(await countDonations()).toBe(before);
  });

  it('refuses a hyperemote below the streamer price, and takes one at the price', async () => {
    const cheap = await placeOrder(testApp.app, 'chiaa', {
      type: 'hyperemote',
      hyperemote_id: 'love',
      amount_paise: 100,
    });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().error.message).toBe('This amount is below the hyperemote price.');
    const ok = await placeOrder(testApp.app, 'chiaa', {
      type: 'hyperemote',
      hyperemote_id: 'love',
      amount_paise: 5000,
      message: '',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses unknown and inactive streamers', async () => {
    expect((await placeOrder(testApp.app, 'nobody-here')).statusCode).toBe(404);
    const inactive = await placeOrder(testApp.app, 'retired');
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().error.message).toBe('This streamer is not accepting tips right now.');
  });

  it('refuses the very next order once an admin deactivates the streamer, and takes one after reactivation', async () => {
    const db = testApp.database.db;
    await buildStreamer(db, { slug: 'pausing', moderationMode: 'auto' });
    const admin = await buildUser(db, { role: 'admin' });
    const { headers } = await signIn(testApp.app, admin.email, admin.password);
    const setActive = async (action: 'deactivate' | 'reactivate') => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/admin/streamers/pausing/${action}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
    };

    expect((await placeOrder(testApp.app, 'pausing')).statusCode).toBe(201);
    await setActive('deactivate');
    expect((await placeOrder(testApp.app, 'pausing')).statusCode).toBe(403);
    await setActive('reactivate');
    expect((await placeOrder(testApp.app, 'pausing')).statusCode).toBe(201);
  });

  it('answers the status of a pending order without the phone number, and 404 for unknown orders', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer', {
      name: 'Ravi',
      amount_paise: 10_050,
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/status`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      order_id: orderId,
      final_status: 'pending',
      order_status: 'ACTIVE',
      payments: [],
      order_amount: 100.5,
      amount_paise: 10_050,
      customer_details: { customer_name: 'Ravi' },
      held_for_review: false,
      // The receipt's consents (issue 29): given with the order, withdrawable there.
      consent: { stream_display: 'given', marketing: 'not_given' },
    });
    expect(response.body).not.toContain('9876543210');
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/api/orders/techgamer_doesnotexist/status',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('order_not_found');
  });

  it("says when a paid tip waits for the streamer's review, until it is decided", async () => {
    const orderId = await placeOrderId(testApp.app, 'chiaa');
    const status = async () =>
      (await testApp.app.inject({ method: 'GET', url: `/api/orders/${orderId}/status` })).json();
    expect(await status()).toMatchObject({ final_status: 'pending', held_for_review: false });
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    expect(await status()).toMatchObject({ final_status: 'success', held_for_review: true });
    await testApp.database.db
      .update(donations)
      .set({ moderationStatus: 'approved' })
      .where(eq(donations.orderId, orderId));
    expect(await status()).toMatchObject({ final_status: 'success', held_for_review: false });
  });

  it('asks the provider about a pending order once, however many status pages look at once or again', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer');
    const fetchOrder = vi.spyOn(testApp.app.payments.provider, 'fetchOrder');
    try {
      const look = () =>
        testApp.app.inject({
          method: 'GET',
          url: `/api/orders/${orderId}/status`,
          remoteAddress: randomTestIp(),
        });
      const first = await Promise.all(Array.from({ length: 8 }, look));
      for (const response of first) expect(response.json().final_status).toBe('pending');
      expect(fetchOrder).toHaveBeenCalledTimes(1);

      // Looking again within a few seconds reads our own record; the reconciler asks later.
      const again = await look();
      expect(again.json().final_status).toBe('pending');
      expect(fetchOrder).toHaveBeenCalledTimes(1);
    } finally {
      fetchOrder.mockRestore();
    }
  });

  it('pays through the sandbox checkout: webhook recorded, donation approved, shown in Recent Support', async () => {
    const orderId = await placeOrderId(testApp.app, 'techgamer', {
      name: 'Meera',
      message: 'Love it 💜',
    });
    const page = await testApp.app.inject({ method: 'GET', url: `/sandbox/checkout/${orderId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay ₹51 (UPI)');
    expect(page.body).toContain('Sandbox — no real money');

    const paid = await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    expect(paid.json()).toMatchObject({ order_status: 'PAID', outcome: 'success' });

    const status = (
      await testApp.app.inject({ method: 'GET', url: `/api/orders/${orderId}/status` })
    ).json();
    expect(status).toMatchObject({
      final_status: 'success',
      order_status: 'PAID',
      payments: [{ payment_status: 'SUCCESS' }],
      held_for_review: false,
    });
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row).toMatchObject({ paymentStatus: 'success', moderationStatus: 'auto_approved' });
    expect(row?.paidAt).toBeInstanceOf(Date);
    expect(
      await testApp.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, orderId)),
    ).toHaveLength(1);

    const recent = (
      await testApp.app.inject({ method: 'GET', url: '/api/streamers/techgamer/donations/recent' })
    ).json();
    expect(recent.donations[0]).toMatchObject({
      donor_name: 'Meera',
      amount_paise: 5100,
      sanitized_message: 'Love it 💜',
    });
    expect(JSON.stringify(recent)).not.toContain('9876543210');

    // Paying twice is impossible: the gateway refuses and nothing changes.
    const again = await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    expect(again.json().order_status).toBe('PAID');
    expect(
      await testApp.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, orderId)),
    ).toHaveLength(1);
  });

  it('holds a paid donation for review when the streamer reviews, and keeps it out of Recent Support', async () => {
    const orderId = await placeOrderId(testApp.app, 'chiaa', { name: 'Held' });
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row).toMatchObject({ paymentStatus: 'success', moderationStatus: 'pending' });
    const recent = (
      await testApp.app.inject({ method: 'GET', url: '/api/streamers/chiaa/donations/recent' })
    ).json();
    expect(
      recent.donations.map((donation: { donor_name: string }) => donation.donor_name),
    ).not.toContain('Held');
  });

  it('fails, cancels and leaves pending through the sandbox checkout', async () => {
    const failed = await placeOrderId(testApp.app, 'techgamer');
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${failed}/complete`,
      payload: { result: 'failed' },
    });
    const cancelled = await placeOrderId(testApp.app, 'techgamer');
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${cancelled}/complete`,
      payload: { result: 'cancelled' },
    });
    const pending = await placeOrderId(testApp.app, 'techgamer');
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${pending}/complete`,
      payload: { result: 'pending' },
    });

    const statusOf = async (orderId: string) =>
      (await testApp.app.inject({ method: 'GET', url: `/api/orders/${orderId}/status` })).json()
        .final_status;
    expect(await statusOf(failed)).toBe('failed');
    expect(await statusOf(cancelled)).toBe('failed');
    expect(await statusOf(pending)).toBe('pending');

    // The gateway settles the pending one later with its own signed webhook.
    const settled = await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/orders/${pending}/settle`,
      payload: { outcome: 'paid' },
    });
    expect(settled.statusCode).toBe(200);
    expect(await statusOf(pending)).toBe('success');
  });
});
