import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONSENT_TEXT,
  noticeVersion,
  type DashboardStats,
  type LeaderboardResponse,
  type PaymentStatusResponse,
  type PublicDonation,
  type VoiceMessagesResponse,
} from '@shabaash/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  consentRecords,
  contactMessages,
  donations,
  userSignups,
  users,
} from '../../db/schema.ts';
import { buildStreamer, buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { orderRequest, placeOrder } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadAlerts } from '../alerts/alerts.service.ts';
import { uploadFixture } from '../uploads/voice-upload.test-helper.ts';

const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A fan pays in the sandbox checkout; the gateway's signed webhook does the rest. */
async function pay(app: FastifyInstance, orderId: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${orderId}/complete`,
    payload: { result: 'paid' },
  });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
}

/**
 * Notice and consent (issue 29 part A): each tip keeps the notice version it was made under and
 * a record of what the fan agreed to, from where; the order refuses a fan who does not confirm
 * 18+ or does not consent to being shown; and a withdrawal from the receipt stops every public
 * use of the tip's name, message and voice while its money keeps counting.
 */
describe('notice and consent on tips', () => {
  let testApp: TestApp;
  let dataDir: string;
  let ownerHeaders: Record<string, string>;
  const SLUG = 'consentstream';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-consent-'));
    testApp = await createTestApp({ DATA_DIR: dataDir });
    const db = testApp.database.db;
    const owner = await buildUser(db);
    await buildStreamer(db, { slug: SLUG, moderationMode: 'auto', memberIds: [owner.id] });
    ownerHeaders = (await signIn(testApp.app, owner.email, owner.password)).headers;
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const get = async <T>(url: string, headers: Record<string, string> = {}) => {
    const response = await app().inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const order = async (overrides: Record<string, unknown>, ip = randomTestIp()) => {
    const response = await app().inject({
      method: 'POST',
      url: `/api/streamers/${SLUG}/orders`,
      payload: orderRequest(overrides),
      headers: { 'user-agent': CHROME_ON_ANDROID },
      remoteAddress: ip,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ order_id: string }>().order_id;
  };
  const withdraw = (orderId: string, purpose: string, ip = randomTestIp()) =>
    app().inject({
      method: 'POST',
      url: `/api/orders/${orderId}/consent/withdraw`,
      payload: { purpose },
      headers: { 'user-agent': CHROME_ON_ANDROID },
      remoteAddress: ip,
    });
  const donationOf = async (orderId: string) => {
    const [row] = await db().select().from(donations).where(eq(donations.orderId, orderId));
    if (!row) throw new Error(`no donation ${orderId}`);
    return row;
  };
  const recordsOf = async (donationId: string) =>
    db()
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.donationId, donationId))
      .orderBy(consentRecords.purpose);

  it('keeps the notice version and a record of each consent, with where it came from', async () => {
    const ip = randomTestIp();
    const orderId = await order({ marketing_consent: true }, ip);
    const donation = await donationOf(orderId);
    expect(donation.noticeVersion).toBe(noticeVersion('donation'));
    expect(donation.noticeVersion).toBe('donation@1');

    const records = await recordsOf(donation.id);
    expect(records.map((record) => record.purpose)).toEqual([
      'age_18_plus',
      'marketing',
      'stream_display',
    ]);
    for (const record of records) {
      expect(record).toMatchObject({
        noticeVersion: 'donation@1',
        ipAddress: ip,
        userAgentSummary: 'Chrome 131 on Android',
        withdrawnAt: null,
      });
      expect(record.givenAt).toBeInstanceOf(Date);
    }
    // Marketing is a separate choice: left unticked, no record says it was given.
    const quiet = await donationOf(await order({}));
    expect((await recordsOf(quiet.id)).map((record) => record.purpose)).toEqual([
      'age_18_plus',
      'stream_display',
    ]);
  });

  it('refuses a fan who does not confirm 18+ or does not agree to be shown, and keeps nothing', async () => {
    const before = (await db().select().from(donations)).length;
    for (const overrides of [{ age_confirmed: undefined }, { age_confirmed: false }]) {
      const refused = await placeOrder(app(), SLUG, overrides);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(CONSENT_TEXT.ageRequired);
    }
    for (const overrides of [{ stream_consent: undefined }, { stream_consent: false }]) {
      const refused = await placeOrder(app(), SLUG, overrides);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(CONSENT_TEXT.streamConsentRequired);
    }
    // An anonymous text tip still carries a message to show: it needs the consent too.
    const anonymous = await placeOrder(app(), SLUG, { anonymous: true, stream_consent: false });
    expect(anonymous.statusCode).toBe(400);
    expect((await db().select().from(donations)).length).toBe(before);
  });

  it('withdrawal from the receipt: no name, message or voice anywhere public; the money stays', async () => {
    const uploadId = await uploadFixture(app());
    const orderId = await order({
      name: 'Ravi Consent',
      type: 'voice',
      message: 'Play my voice!',
      voice_upload_id: uploadId,
      amount_paise: 7_700,
    });
    await pay(app(), orderId);
    const donation = await donationOf(orderId);
    const [alert] = await db()
      .select({ id: alerts.id })
      .from(alerts)
      .where(eq(alerts.donationId, donation.id));
    if (!alert) throw new Error('the paid tip has no alert');

    // Before: on every public surface.
    const statsBefore = await get<DashboardStats>(`/api/streamers/${SLUG}/stats`, ownerHeaders);
    expect(
      (await app().inject({ method: 'GET', url: `/media/voice/${uploadId}` })).statusCode,
    ).toBe(200);
    const voicesBefore = await get<VoiceMessagesResponse>(`/api/streamers/${SLUG}/voice-messages`);
    expect(voicesBefore.voice_messages.map((voice) => voice.id)).toContain(donation.id);
    const recentBefore = await get<{ donations: PublicDonation[] }>(
      `/api/streamers/${SLUG}/donations/recent`,
    );
    expect(recentBefore.donations.find((tip) => tip.id === donation.id)).toMatchObject({
      donor_name: 'Ravi Consent',
      sanitized_message: 'Play my voice!',
    });
    expect(await loadAlerts(db(), donation.streamerId, [alert.id])).toHaveLength(1);
    const status = await get<PaymentStatusResponse>(`/api/orders/${orderId}/status`);
    expect(status.consent).toEqual({ stream_display: 'given', marketing: 'not_given' });

    // One click on the receipt.
    const withdrawIp = randomTestIp();
    const withdrawn = await withdraw(orderId, 'stream_display', withdrawIp);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({
      consent: { stream_display: 'withdrawn', marketing: 'not_given' },
    });

    // The voice file is gone for good (410), and neither listed nor queued.
    const voiceFile = await app().inject({ method: 'GET', url: `/media/voice/${uploadId}` });
    expect(voiceFile.statusCode).toBe(410);
    expect(voiceFile.json().error.code).toBe('voice_withdrawn');
    const voicesAfter = await get<VoiceMessagesResponse>(`/api/streamers/${SLUG}/voice-messages`);
    expect(voicesAfter.voice_messages.map((voice) => voice.id)).not.toContain(donation.id);
    // Recent support lists the tip without name or message.
    const recentAfter = await get<{ donations: PublicDonation[] }>(
      `/api/streamers/${SLUG}/donations/recent`,
    );
    expect(recentAfter.donations.find((tip) => tip.id === donation.id)).toMatchObject({
      donor_name: 'Anonymous',
      sanitized_message: '',
      amount_paise: 7_700,
    });
    // The leaderboard keeps the amount under 'Anonymous'.
    const board = await get<LeaderboardResponse>(`/api/streamers/${SLUG}/leaderboard?period=all`);
    expect(board.entries.map((entry) => entry.name)).not.toContain('Ravi Consent');
    expect(board.entries).toContainEqual(
      expect.objectContaining({ name: 'Anonymous', amount_paise: 7_700 }),
    );
    // The overlay neither replays nor re-delivers its alert.
    expect(await loadAlerts(db(), donation.streamerId, [alert.id])).toEqual([]);
    const replay = await app().inject({
      method: 'POST',
      url: `/api/streamers/${SLUG}/stream-control`,
      headers: ownerHeaders,
      payload: { action: 'replay', alert_id: alert.id },
    });
    expect(replay.statusCode).toBe(404);
    expect(replay.json().error.code).toBe('not_replayable');
    // The dashboard keeps the money record, without the words or the voice.
    const list = await get<{ donations: Array<Record<string, unknown>> }>(
      `/api/streamers/${SLUG}/donations`,
      ownerHeaders,
    );
    expect(list.donations.find((tip) => tip.id === donation.id)).toMatchObject({
      name: 'Anonymous',
      message: '',
      voice_url: null,
      amount_paise: 7_700,
      payment_status: 'success',
    });
    expect(await get<DashboardStats>(`/api/streamers/${SLUG}/stats`, ownerHeaders)).toEqual(
      statsBefore,
    );
    // The activity feed and the analytics history (and its search) no longer read the words.
    const activity = await get<{ items: Array<{ id: string; message: string }> }>(
      `/api/streamers/${SLUG}/activity`,
      ownerHeaders,
    );
    expect(activity.items.find((item) => item.id === donation.id)?.message).toBe('');
    const history = await get<{ tips: Array<{ id: string; message: string; name: string }> }>(
      `/api/streamers/${SLUG}/analytics/history`,
      ownerHeaders,
    );
    expect(history.tips.find((tip) => tip.id === donation.id)).toMatchObject({
      name: 'Anonymous',
      message: '',
    });
    const search = await get<{ tips: Array<{ id: string }> }>(
      `/api/streamers/${SLUG}/analytics/history?q=${encodeURIComponent('Play my voice')}`,
      ownerHeaders,
    );
    expect(search.tips.map((tip) => tip.id)).not.toContain(donation.id);

    // Recorded: when and from where; a second click changes nothing.
    const marked = await donationOf(orderId);
    expect(marked.streamConsentWithdrawnAt).toBeInstanceOf(Date);
    const [record] = await db()
      .select()
      .from(consentRecords)
      .where(
        and(
          eq(consentRecords.donationId, donation.id),
          eq(consentRecords.purpose, 'stream_display'),
        ),
      );
    expect(record).toMatchObject({
      withdrawnIpAddress: withdrawIp,
      withdrawnUserAgentSummary: 'Chrome 131 on Android',
    });
    expect(record?.withdrawnAt).toBeInstanceOf(Date);
    const again = await withdraw(orderId, 'stream_display');
    expect(again.statusCode).toBe(200);
    expect((await donationOf(orderId)).streamConsentWithdrawnAt).toEqual(
      marked.streamConsentWithdrawnAt,
    );
    expect((await get<PaymentStatusResponse>(`/api/orders/${orderId}/status`)).consent).toEqual({
      stream_display: 'withdrawn',
      marketing: 'not_given',
    });
  });

  it('keeps the notice version of a creator sign-up, a lead and a contact message', async () => {
    const post = (url: string, payload: Record<string, unknown>) =>
      app().inject({ method: 'POST', url, payload, remoteAddress: randomTestIp() });
    const email = `notice-${Date.now()}@example.com`;
    expect(
      (
        await post('/api/auth/register', {
          age_confirmed: true,
          email,
          password: 'a-long-password-1',
        })
      ).statusCode,
    ).toBe(201);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user?.noticeVersion).toBe('signup@1');
    // The 18+ declaration is a consent record of the account, with where it came from.
    const declarations = await db()
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.userId, user?.id ?? ''));
    expect(declarations).toEqual([
      expect.objectContaining({
        purpose: 'age_18_plus',
        noticeVersion: 'signup@1',
        ipAddress: expect.any(String),
        withdrawnAt: null,
      }),
    ]);

    const leadEmail = `lead-${Date.now()}@example.com`;
    const lead = await post('/api/site/leads', {
      name: 'Priya Sharma',
      mobile_number: '9876543210',
      youtube_channel: 'https://youtube.com/@priyaplays',
      email: leadEmail,
      age_confirmed: true,
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const [leadRow] = await db().select().from(userSignups).where(eq(userSignups.email, leadEmail));
    expect(leadRow?.noticeVersion).toBe('lead@1');

    const contactEmail = `contact-${Date.now()}@example.com`;
    const contact = await post('/api/site/contact', {
      name: 'Rahul',
      email: contactEmail,
      message: 'How do payouts work?',
      age_confirmed: true,
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    const [contactRow] = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, contactEmail));
    expect(contactRow?.noticeVersion).toBe('contact@1');
  });

  it('refuses a sign-up, a lead and a contact message without the 18+ declaration, storing nothing', async () => {
    const post = (url: string, payload: Record<string, unknown>) =>
      app().inject({ method: 'POST', url, payload, remoteAddress: randomTestIp() });
    const stamp = Date.now();
    const forms = [
      {
        url: '/api/auth/register',
        valid: { email: `minor-${stamp}@example.com`, password: 'a-long-password-1' },
        stored: async () =>
          db()
            .select()
            .from(users)
            .where(eq(users.email, `minor-${stamp}@example.com`)),
      },
      {
        url: '/api/site/leads',
        valid: {
          name: 'Priya Sharma',
          mobile_number: '9876543210',
          youtube_channel: 'https://youtube.com/@priyaplays',
          email: `minor-lead-${stamp}@example.com`,
        },
        stored: async () =>
          db()
            .select()
            .from(userSignups)
            .where(eq(userSignups.email, `minor-lead-${stamp}@example.com`)),
      },
      {
        url: '/api/site/contact',
        valid: { name: 'Rahul', email: `minor-contact-${stamp}@example.com`, message: 'Hello' },
        stored: async () =>
          db()
            .select()
            .from(contactMessages)
            .where(eq(contactMessages.email, `minor-contact-${stamp}@example.com`)),
      },
    ];
    for (const form of forms) {
      for (const age of [undefined, false, 'yes']) {
        const response = await post(form.url, { ...form.valid, age_confirmed: age });
        expect(response.statusCode, `${form.url} ${String(age)}`).toBe(400);
        expect(response.json().error).toEqual({
          code: 'validation_error',
          message: CONSENT_TEXT.ageRequired,
        });
      }
      expect(await form.stored()).toEqual([]);
      // The same form with the box ticked goes through.
      const accepted = await post(form.url, { ...form.valid, age_confirmed: true });
      expect(accepted.statusCode, accepted.body).toBeLessThan(300);
      expect(await form.stored()).toHaveLength(1);
    }
  });

  it('withdraws marketing on its own, and answers clearly for a bad purpose or an unknown order', async () => {
    const orderId = await order({ marketing_consent: true });
    const response = await withdraw(orderId, 'marketing');
    expect(response.json()).toEqual({
      consent: { stream_display: 'given', marketing: 'withdrawn' },
    });
    expect((await donationOf(orderId)).streamConsentWithdrawnAt).toBeNull();

    const badPurpose = await withdraw(orderId, 'age_18_plus');
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json().error.message).toBe('Please say which consent to withdraw.');
    const unknown = await withdraw(`${SLUG}_000000000000`, 'stream_display');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('order_not_found');
  });
});
