import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOSTING_PERIOD_DAYS, HOSTING_REMINDER_DAYS, type PlanId } from '@shabaash/core';
import { paymentEvents, planPurchases, streamerPlans } from '../../db/schema.ts';
import { buildStreamer, buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { placeOrder, postWebhook, sandboxCheckout } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { readMimeParts } from '../mail/mime.test-helper.ts';
import { reconcilePendingOrders } from '../payments/reconciler.ts';
import { recordSandboxChoice } from '../sandbox/sandbox-gateway.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../site/fake-smtp-server.test-helper.ts';
import { sendHostingReminders } from './plan-mail.ts';
import { grantPlan } from './plans.service.ts';

const DAY_MS = 24 * 3_600_000;

describe('plans: preview, add-on gating, buying through the payment path, admin grants', () => {
  let smtp: FakeSmtpServer;
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let ownerHeaders: Record<string, string>;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    testApp = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://shabaash.example',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    owner = await buildUser(db());
    ownerHeaders = (await signIn(testApp.app, owner.email, owner.password)).headers;
    const admin = await buildUser(db(), { role: 'admin' });
    adminHeaders = (await signIn(testApp.app, admin.email, admin.password)).headers;
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const db = () => testApp.database.db;
  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers,
      ...(payload ? { payload } : {}),
      remoteAddress: randomTestIp(),
    });
  const profile = async (slug: string) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/streamers/${slug}` })).json() as {
      is_preview: boolean;
      tip_types: string[];
    };
  /** A page of the signed-in owner holding `planIds` (none: a page in preview). */
  const ownersPage = (planIds: PlanId[]) =>
    buildStreamer(db(), { memberIds: [owner.id], planIds, moderationMode: 'auto' });
  const buyPlan = async (slug: string, planId: PlanId) => {
    const response = await request('POST', `/api/streamers/${slug}/plan-orders`, ownerHeaders, {
      plan_id: planId,
      phone: '9876543210',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { order_id: string; payment_url: string };
  };
  const heldPlans = (streamerId: string) =>
    db().select().from(streamerPlans).where(eq(streamerPlans.streamerId, streamerId));
  const receiptsFor = (orderId: string) =>
    smtp.messages.filter((raw) => readMimeParts(raw).parts.get('text/plain')?.includes(orderId));

  it('keeps a page without a Base Plan in preview: fans are told, and the order API refuses', async () => {
    const page = await ownersPage([]);
    expect(await profile(page.slug)).toMatchObject({ is_preview: true, tip_types: [] });

    const refused = await placeOrder(testApp.app, page.slug);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'page_in_preview',
      message: `${page.name} is not accepting tips yet.`,
    });
    // The owner still works on the page: OBS tokens and test alerts.
    const token = await request('POST', `/api/streamers/${page.slug}/obs-tokens`, ownerHeaders);
    expect(token.statusCode).toBe(201);
    const test = await request('POST', `/api/streamers/${page.slug}/test-alert`, ownerHeaders);
    expect(test.statusCode).toBe(200);
  });

  it('offers voice and hyperemote tips only with their add-on or the Bundle, on the order API too', async () => {
    const basic = await ownersPage(['base']);
    expect((await profile(basic.slug)).tip_types).toEqual(['text']);
    expect((await placeOrder(testApp.app, basic.slug)).statusCode).toBe(201);
    const voice = await placeOrder(testApp.app, basic.slug, {
      type: 'voice',
      voice_upload_id: crypto.randomUUID(),
    });
    expect(voice.statusCode).toBe(403);
    expect(voice.json().error).toEqual({
      code: 'tip_type_not_offered',
      message: 'This streamer does not accept voice messages.',
    });
    const emote = await placeOrder(testApp.app, basic.slug, {
      type: 'hyperemote',
      hyperemote_id: 'happy',
    });
    expect(emote.statusCode).toBe(403);
    expect(emote.json().error.message).toBe('This streamer does not accept HyperEmotes.');

    const withEmotes = await ownersPage(['base', 'hyperemotes']);
    expect((await profile(withEmotes.slug)).tip_types).toEqual(['text', 'hyperemote']);
    const bundle = await ownersPage(['complete-bundle']);
    expect((await profile(bundle.slug)).tip_types).toEqual(['text', 'voice', 'hyperemote']);
  });

  it('grants a bought plan once, however often its webhook is replayed or duplicated, and mails one receipt', async () => {
    const page = await ownersPage([]);
    const order = await buyPlan(page.slug, 'base');
    expect(order.order_id).toMatch(/^plan_[0-9a-z]{12}$/);
    expect(order.payment_url).toBe(`/sandbox/checkout/${order.order_id}`);

    const delivery = await sandboxCheckout(testApp.app, order.order_id, 'paid');
    // The first delivery and two copies arriving at once: one applies, the others are duplicates.
    const results = await Promise.all(
      [1, 2, 3].map(async () => (await postWebhook(testApp.app, delivery)).json().result),
    );
    expect(results.sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    // A replay later, and the provider look-up of a status check, change nothing either.
    expect((await postWebhook(testApp.app, delivery)).json().result).toBe('duplicate');
    const status = await request(
      'GET',
      `/api/streamers/${page.slug}/plan-orders/${order.order_id}`,
      ownerHeaders,
    );
    expect(status.json()).toMatchObject({
      purchase: { order_id: order.order_id, plan_id: 'base', payment_status: 'success' },
      is_preview: false,
      tip_types: ['text'],
    });

    expect(await heldPlans(page.id)).toEqual([
      expect.objectContaining({ planId: 'base', source: 'purchase', expiresAt: null }),
    ]);
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.order_id));
    expect(events).toHaveLength(1);
    // The page left preview: fans can tip.
    expect(await profile(page.slug)).toMatchObject({ is_preview: false, tip_types: ['text'] });
    expect((await placeOrder(testApp.app, page.slug)).statusCode).toBe(201);

    await vi.waitFor(() => expect(receiptsFor(order.order_id)).toHaveLength(1), {
      timeout: 10_000,
    });
    const receipt = readMimeParts(receiptsFor(order.order_id)[0] ?? '');
    expect(receipt.headers).toContain(`To: ${owner.email}`);
    expect(receipt.parts.get('text/plain')).toContain('₹399');
    expect(receipt.parts.get('text/plain')).toContain(
      `https://shabaash.example/dashboard/${page.slug}/plans`,
    );
    // Give any stray second receipt the time to arrive before saying there is none.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiptsFor(order.order_id)).toHaveLength(1);
  });

  it('adds exactly one period of Monthly Hosting for one payment delivered twice', async () => {
    const page = await ownersPage(['base']);
    const before = Date.now();
    const order = await buyPlan(page.slug, 'monthly-hosting');
    const delivery = await sandboxCheckout(testApp.app, order.order_id, 'paid');
    await postWebhook(testApp.app, delivery);
    await postWebhook(testApp.app, delivery);
    const hosting = (await heldPlans(page.id)).find((row) => row.planId === 'monthly-hosting');
    const days = ((hosting?.expiresAt?.getTime() ?? 0) - before) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(HOSTING_PERIOD_DAYS);
    expect(days).toBeLessThan(HOSTING_PERIOD_DAYS + 0.01);
  });

  it('settles a plan order whose webhook was lost through the reconciler, once', async () => {
    const page = await ownersPage([]);
    const order = await buyPlan(page.slug, 'complete-bundle');
    // The buyer paid at the gateway; its webhook never arrived.
    await recordSandboxChoice(db(), order.order_id, 'paid');
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await reconcilePendingOrders(testApp.app.payments, later)).toBeGreaterThanOrEqual(1);
    expect(await reconcilePendingOrders(testApp.app.payments, later)).toBe(0);
    const [purchase] = await db()
      .select()
      .from(planPurchases)
      .where(eq(planPurchases.orderId, order.order_id));
    expect(purchase?.paymentStatus).toBe('success');
    expect(await profile(page.slug)).toMatchObject({
      is_preview: false,
      tip_types: ['text', 'voice', 'hyperemote'],
    });
  });

  it('leaves the plan ungranted when the payment fails, and refuses a plan the page already has', async () => {
    const page = await ownersPage([]);
    const order = await buyPlan(page.slug, 'base');
    await postWebhook(testApp.app, await sandboxCheckout(testApp.app, order.order_id, 'failed'));
    expect(await heldPlans(page.id)).toEqual([]);
    expect((await profile(page.slug)).is_preview).toBe(true);

    const bundled = await ownersPage(['complete-bundle']);
    const again = await request(
      'POST',
      `/api/streamers/${bundled.slug}/plan-orders`,
      ownerHeaders,
      {
        plan_id: 'voice-messages',
        phone: '9876543210',
      },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('plan_already_held');
  });

  it('lets the admin grant and revoke any plan, and lists purchases in the console', async () => {
    const page = await ownersPage(['base']);
    const url = (planId: PlanId) => `/api/admin/streamers/${page.slug}/plans/${planId}`;

    const granted = await request('PUT', url('voice-messages'), adminHeaders);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().tip_types).toEqual(['text', 'voice']);
    expect((await profile(page.slug)).tip_types).toEqual(['text', 'voice']);
    expect(
      (
        await placeOrder(testApp.app, page.slug, {
          type: 'voice',
          voice_upload_id: crypto.randomUUID(),
        })
      ).json().error.code,
    ).not.toBe('tip_type_not_offered');

    const revoked = await request('DELETE', url('voice-messages'), adminHeaders);
    expect(revoked.json().tip_types).toEqual(['text']);
    expect((await request('DELETE', url('voice-messages'), adminHeaders)).statusCode).toBe(404);
    expect((await request('DELETE', url('base'), adminHeaders)).json().is_preview).toBe(true);
    expect((await placeOrder(testApp.app, page.slug)).json().error.code).toBe('page_in_preview');

    // Only site admins grant: the page's own owner cannot.
    expect((await request('PUT', url('base'), ownerHeaders)).statusCode).toBe(403);

    const bought = await buyPlan(page.slug, 'base');
    const list = await request('GET', '/api/admin/plan-purchases', adminHeaders);
    expect(list.json().purchases).toContainEqual(
      expect.objectContaining({
        order_id: bought.order_id,
        streamer_slug: page.slug,
        plan_id: 'base',
        amount_paise: 39_900,
        payment_status: 'pending',
        buyer_email: owner.email,
      }),
    );
  });
});

describe('Monthly Hosting reminder', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('e-mails the page members once, 3 days before the end, and again after a renewal', async () => {
    const db = testApp.database.db;
    const member = await buildUser(db);
    const page = await buildStreamer(db, { memberIds: [member.id], planIds: ['base'] });
    const sent: MailMessage[] = [];
    const mailer: Mailer = { send: async (message) => void sent.push(message), close: () => {} };
    const context = { db, mailer, log: testApp.app.log, publicUrl: 'https://shabaash.example' };

    const start = new Date('2030-01-01T10:00:00Z');
    await grantPlan(db, {
      streamerId: page.id,
      planId: 'monthly-hosting',
      source: 'admin',
      now: start,
    });
    const end = new Date(start.getTime() + HOSTING_PERIOD_DAYS * DAY_MS);
    const reminderAt = end.getTime() - HOSTING_REMINDER_DAYS * DAY_MS;
    const at = (ms: number) => new Date(ms);

    expect(await sendHostingReminders(context, at(reminderAt - 60_000))).toBe(0);
    expect(await sendHostingReminders(context, at(reminderAt + 60_000))).toBe(1);
    expect(await sendHostingReminders(context, at(reminderAt + 3_600_000))).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: member.email,
      subject: `Monthly Hosting for ${page.name} ends soon`,
    });
    expect(sent[0]?.text).toContain('Nothing is charged automatically');

    // Renewed before it ended: one more period from the old end, and one more reminder.
    await grantPlan(db, {
      streamerId: page.id,
      planId: 'monthly-hosting',
      source: 'admin',
      now: at(reminderAt + 7_200_000),
    });
    const newReminderAt = reminderAt + HOSTING_PERIOD_DAYS * DAY_MS;
    expect(await sendHostingReminders(context, at(reminderAt + 10_800_000))).toBe(0);
    expect(await sendHostingReminders(context, at(newReminderAt + 60_000))).toBe(1);
    expect(sent).toHaveLength(2);
  });
});
