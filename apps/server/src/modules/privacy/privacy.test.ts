import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildStreamer, buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fakes/fake-twilio.ts';
import { placeOrder } from '../../../test/payments.ts';
import { controllableSpeechProvider } from '../../../test/fakes/fake-speech.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import {
  alerts,
  consentRecords,
  contactMessages,
  donations,
  sessions,
  userSignups,
  users,
  speechClips,
  speechJobs,
  voiceUploads,
  privacyCodes,
  privacyRequests,
  retentionRuns,
  settingsAudit,
} from '../../db/schema.ts';
import { createTwilioSender, smsOutboxDirOf } from '../sms/sms-sender.ts';
import { writeBackup } from '../../db/backup.ts';
import { sealLegacyPhones, sealLegacySitePhones } from './personal-data.ts';
import { erasedEmailOf } from './rights-account.service.ts';
import { listStreamerMembers } from '../streamers/streamers.repository.ts';
import { runRetention } from './retention.service.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';

let testApp: TestApp;
let dataDir: string;
const SLUG = 'privacy-live';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-privacy-'));
  // Speech renders at once: eSpeak NG's lowest-priority renders could lag for seconds here.
  testApp = await createTestApp(
    { DATA_DIR: dataDir },
    { speechProvider: controllableSpeechProvider().provider },
  );
  await buildStreamer(testApp.database.db, {
    slug: SLUG,
    name: 'Privacy Live',
    moderationMode: 'auto',
  });
});

afterAll(async () => {
  await testApp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A paid tip from `phone`, the way the donation page and sandbox checkout make one. */
async function paidTip(phone: string, name = 'Asha', message = 'Great stream!') {
  const order = await placeOrder(testApp.app, SLUG, {
    phone,
    name,
    message,
    // PART A's 18+ and on-stream consent (the order schema asks for them).
    age_confirmed: true,
    stream_consent: true,
  });
  expect(order.statusCode).toBe(201);
  const orderId = order.json<{ order_id: string }>().order_id;
  const paid = await testApp.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${orderId}/complete`,
    payload: { result: 'paid' },
  });
  expect(paid.statusCode).toBe(200);
  return orderId;
}

/** The alert a paid order made. */
async function alertOf(orderId: string) {
  const [row] = await testApp.database.db
    .select({ id: alerts.id, streamerId: alerts.streamerId })
    .from(alerts)
    .innerJoin(donations, eq(donations.id, alerts.donationId))
    .where(eq(donations.orderId, orderId));
  return row!;
}

/**
 * Waits until the order's alert has its speech job and no job is left to render: clips are
 * rendered in the background, and one finished mid-test would change what a test set up (a
 * job's clip) or counts (retention's deletions).
 */
async function speechSettled(orderId: string) {
  const { id } = await alertOf(orderId);
  await vi.waitFor(
    async () => {
      const jobs = await testApp.database.db
        .select({ alertId: speechJobs.alertId, status: speechJobs.status })
        .from(speechJobs);
      expect(jobs.map((job) => job.alertId)).toContain(id);
      expect(jobs.filter((job) => job.status === 'pending')).toEqual([]);
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** The code in the newest outbox SMS to `phone`, waiting for it: it is sent after the reply. */
function codeFromOutbox(phone: string): Promise<string> {
  return vi.waitFor(
    () => {
      const dir = smsOutboxDirOf(dataDir);
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
      for (const file of files) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        const code = /(\d{6}) is your Shabaash code/.exec(text)?.[1];
        if (text.startsWith(`To: +91${phone}\n`) && code) return code;
      }
      throw new Error(`no SMS to ${phone} in the outbox`);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** Outbox files holding a code for `phone`. */
function smsCountTo(phone: string): number {
  const dir = smsOutboxDirOf(dataDir);
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((file) => fs.readFileSync(path.join(dir, file), 'utf8').startsWith(`To: +91${phone}\n`))
    .length;
}

async function askCode(phone: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/privacy/codes',
    payload: { phone },
    remoteAddress: randomTestIp(),
  });
}

async function prove(phone: string, code: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/privacy/sessions',
    payload: { phone, code },
    remoteAddress: randomTestIp(),
  });
}

describe('personal data (issue 29)', () => {
  it('keeps phone numbers sealed: the clear number is absent from the database dump', async () => {
    const phone = '9812345601';
    await paidTip(phone);
    // The operator's own backup is the database dump an attacker would get.
    const dumpFile = path.join(dataDir, 'dump.sql');
    await writeBackup(testApp.database.db, dumpFile, testApp.database.kind);
    const dump = fs.readFileSync(dumpFile, 'utf8');
    expect(dump).not.toContain(phone);
    expect(dump).toContain('98••••••01');
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.phoneMasked, '98••••••01'));
    expect(row?.phone).toBeNull();
    expect(row?.phoneEnc).toMatch(/^v1\./);
    expect(testApp.app.personalData.openPhone(row!.phoneEnc!, row!.orderId)).toBe(phone);
  });

  it('seals the numbers stored in clear before issue 29, once', async () => {
    const orderId = await paidTip('9812345608');
    // As an old row was: the number in clear, nothing sealed.
    await testApp.database.db
      .update(donations)
      .set({ phone: '9812345608', phoneEnc: null, phoneHash: null, phoneMasked: null })
      .where(eq(donations.orderId, orderId));
    const { personalData, log } = testApp.app;
    expect(await sealLegacyPhones(testApp.database.db, personalData, log)).toBe(1);
    expect(await sealLegacyPhones(testApp.database.db, personalData, log)).toBe(0);
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row).toMatchObject({
      phone: null,
      phoneHash: personalData.phoneIndex('9812345608'),
      phoneMasked: '98••••••08',
    });
    expect(personalData.openPhone(row!.phoneEnc!, orderId)).toBe('9812345608');
  });

  it('proves a phone number with a one-time code and downloads what we hold', async () => {
    const phone = '9812345602';
    const orderId = await paidTip(phone, 'Ravi', 'Namaste!');
    expect((await askCode(phone)).statusCode).toBe(202);
    const code = await codeFromOutbox(phone);
    // Only a keyed hash of the code is stored.
    const stored = await testApp.database.db.select().from(privacyCodes);
    expect(JSON.stringify(stored)).not.toContain(code);

    const session = await prove(phone, code);
    expect(session.statusCode).toBe(201);
    const headers = { 'x-privacy-token': session.json<{ token: string }>().token };
    const summary = await testApp.app.inject({
      method: 'GET',
      url: '/api/privacy/my-data',
      headers,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().tips).toMatchObject([
      {
        order_id: orderId,
        name: 'Ravi',
        message: 'Namaste!',
        creator: 'Privacy Live',
        phone_kept: true,
      },
    ]);
    expect(
      summary.json().shared_with.map((entry: { recipient: string }) => entry.recipient),
    ).toContain('The payment gateway');

    const download = await testApp.app.inject({
      method: 'GET',
      url: '/api/privacy/my-data/download',
      headers,
    });
    expect(download.headers['content-disposition']).toContain('attachment');
    const data = download.json();
    expect(data.tips[0]).toMatchObject({
      order_id: orderId,
      phone,
      name: 'Ravi',
      payment_status: 'success',
      consents: { stream_display: 'given', marketing: 'not_given' },
    });
    // A used code does not work twice.
    expect((await prove(phone, code)).json().error.code).toBe('code_expired');
    const kinds = (await testApp.database.db.select().from(privacyRequests)).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(['access', 'download']));
  });

  it('refuses an expired code, and locks a code after five wrong tries', async () => {
    const phone = '9812345603';
    await paidTip(phone);
    await askCode(phone);
    const code = await codeFromOutbox(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const answer = await prove(phone, wrong);
      expect(answer.json().error).toMatchObject({
        code: 'code_invalid',
        message: `That code is not right. ${5 - i} tries left.`,
      });
    }
    expect((await prove(phone, wrong)).json().error.code).toBe('code_locked');
    // Even the right code no longer works once locked.
    expect((await prove(phone, code)).json().error.code).toBe('code_locked');

    const sentBefore = smsCountTo(phone);
    await askCode(phone);
    await vi.waitFor(() => expect(smsCountTo(phone)).toBe(sentBefore + 1));
    const fresh = await codeFromOutbox(phone);
    await testApp.database.db
      .update(privacyCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`used_at is null`);
    expect((await prove(phone, fresh)).json().error.code).toBe('code_expired');
  });

  it('sends no SMS to a number that never tipped, and answers the same', async () => {
    const tipper = '9812345610';
    await paidTip(tipper);
    const stranger = '9000000009';
    const answer = await askCode(stranger);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual((await askCode(tipper)).json());
    // Sent after the stranger's look-up finished (the tasks start in order; its is one query).
    await codeFromOutbox(tipper);
    expect(smsCountTo(stranger)).toBe(0);
    const strangerCodes = await testApp.database.db
      .select()
      .from(privacyCodes)
      .where(eq(privacyCodes.phoneHash, testApp.app.personalData.phoneIndex(stranger)));
    expect(strangerCodes).toEqual([]);
  });

  it('rate-limits codes per phone number', async () => {
    const phone = '9812345604';
    await paidTip(phone);
    for (let i = 0; i < 3; i += 1) expect((await askCode(phone)).statusCode).toBe(202);
    expect((await askCode(phone)).statusCode).toBe(429);
  });

  it('corrects the name and erases a tip through the receipt link, keeping the money record', async () => {
    const phone = '9812345605';
    const orderId = await paidTip(phone, 'Meera', 'Hello from Pune');
    const session = await testApp.app.inject({
      method: 'POST',
      url: '/api/privacy/sessions',
      payload: { order_id: orderId },
      remoteAddress: randomTestIp(),
    });
    const headers = { 'x-privacy-token': session.json<{ token: string }>().token };
    const renamed = await testApp.app.inject({
      method: 'PUT',
      url: '/api/privacy/my-data/name',
      headers,
      payload: { name: 'Meera K' },
    });
    expect(renamed.json()).toEqual({ tips: 1 });
    // Its alert was read aloud with a clip another tip's alert shares (the speech cache).
    const db = testApp.database.db;
    const otherOrder = await paidTip('9812345609', 'Kiran', 'Same stream');
    // No render in flight may overwrite the jobs set below.
    await speechSettled(otherOrder);
    const [clip] = await db
      .insert(speechClips)
      .values({
        cacheKey: `erasure-${orderId}`,
        provider: 'espeak',
        voice: 'en',
        storageKey: `speech/erasure-${orderId}.wav`,
        contentType: 'audio/wav',
        sizeBytes: 44,
      })
      .returning();
    for (const order of [orderId, otherOrder]) {
      const alert = await alertOf(order);
      await db
        .insert(speechJobs)
        .values({
          alertId: alert.id,
          streamerId: alert.streamerId,
          status: 'ready',
          clipId: clip!.id,
        })
        .onConflictDoUpdate({
          target: speechJobs.alertId,
          set: { status: 'ready', clipId: clip!.id },
        });
    }
    const erased = await testApp.app.inject({
      method: 'POST',
      url: '/api/privacy/my-data/erasure',
      headers,
    });
    expect(erased.json()).toEqual({ tips: 1 });
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row).toMatchObject({
      name: 'Anonymous',
      message: '',
      phone: null,
      phoneEnc: null,
      phoneHash: null,
      phoneMasked: null,
      amountPaise: 5100,
      paymentStatus: 'success',
    });
    expect(row?.erasedAt).toBeInstanceOf(Date);
    // The clip is gone; the erased tip's job too, and the other tip's job renders again.
    expect(await db.select().from(speechClips).where(eq(speechClips.id, clip!.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(speechJobs)
        .where(eq(speechJobs.alertId, (await alertOf(orderId)).id)),
    ).toEqual([]);
    const [otherJob] = await db
      .select()
      .from(speechJobs)
      .where(eq(speechJobs.alertId, (await alertOf(otherOrder)).id));
    expect(otherJob).toMatchObject({ status: 'pending', clipId: null });
    const recent = await testApp.app.inject({
      method: 'GET',
      url: `/api/streamers/${SLUG}/donations/recent`,
    });
    expect(recent.body).not.toContain('Meera');
    expect(recent.body).not.toContain('Hello from Pune');
    expect((await testApp.database.db.select().from(privacyRequests)).map((r) => r.kind)).toContain(
      'erasure',
    );
  });

  it('runs retention idempotently: phones masked after a year, the second run changes nothing', async () => {
    const phone = '9812345606';
    const orderId = await paidTip(phone);
    await speechSettled(orderId);
    const context = {
      db: testApp.database.db,
      storage: createFileStorage(testApp.config),
      log: testApp.app.log,
      instanceId: 'test',
    };
    // A voice message kept with the tip: deleted (row and file) 30 days after payment.
    const [tipRow] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    const storageKey = `voice/retention-${orderId}.webm`;
    await context.storage.put(storageKey, Buffer.from('voice'), { contentType: 'audio/webm' });
    await testApp.database.db.insert(voiceUploads).values({
      storageKey,
      contentType: 'audio/webm',
      sizeBytes: 5,
      durationMs: 1000,
      orderId,
      donationId: tipRow!.id,
    });
    const month = await runRetention(context, new Date(Date.now() + 31 * 86_400_000));
    // At least this voice file; tips read aloud (rendered in the background) count here too.
    expect(month.counts.voiceAndMedia).toBeGreaterThanOrEqual(1);
    expect(month.counts.fanPhone).toBe(0);
    expect(await context.storage.stat(storageKey)).toBeNull();
    expect(
      await testApp.database.db
        .select()
        .from(voiceUploads)
        .where(eq(voiceUploads.storageKey, storageKey)),
    ).toEqual([]);
    const later = new Date(Date.now() + 366 * 86_400_000);
    const first = await runRetention(context, later);
    expect(first.counts.fanPhone).toBeGreaterThanOrEqual(1);
    const [row] = await testApp.database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    expect(row).toMatchObject({ phoneEnc: null, phoneHash: null, phoneMasked: '98••••••06' });
    // The consent records' addresses: only the network stays after a year; the rest stays.
    expect(month.counts.consentAddress).toBe(0);
    expect(first.counts.consentAddress).toBeGreaterThanOrEqual(1);
    const consents = await testApp.database.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.donationId, row!.id));
    expect(consents.length).toBeGreaterThanOrEqual(2);
    for (const consent of consents) {
      expect(consent.ipAddress).toMatch(/^(\d+\.\d+\.\d+\.0\/24|[0-9a-f:]+::\/48)$/);
      expect(consent.userAgentSummary).not.toBeNull();
      expect(consent.noticeVersion).toBe('donation@1');
    }
    const second = await runRetention(context, later);
    expect(Object.entries(second.counts).filter(([, count]) => count !== 0)).toEqual([]);
    const runs = await testApp.database.db.select().from(retentionRuns);
    expect(runs.filter((run) => run.status === 'completed').length).toBeGreaterThanOrEqual(2);
  });

  it('writes an audit entry when an admin views personal data', async () => {
    const admin = await buildUser(testApp.database.db, { role: 'admin' });
    const { headers } = await signIn(testApp.app, admin.email, admin.password);
    for (const url of ['/api/admin/leads', '/api/admin/contact-messages', '/api/admin/privacy']) {
      expect((await testApp.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    }
    const entries = await testApp.database.db
      .select()
      .from(settingsAudit)
      .where(eq(settingsAudit.section, 'personal_data'));
    expect(entries.map((entry) => entry.field)).toEqual(
      expect.arrayContaining([
        'viewed:leads',
        'viewed:contact_messages',
        'viewed:privacy_requests',
      ]),
    );
    expect(entries.every((entry) => entry.actorEmail === admin.email)).toBe(true);
  });

  it("keeps leads' and contact messages' phone numbers sealed; the admin inbox opens them, audited", async () => {
    const post = (url: string, payload: object) =>
      testApp.app.inject({ method: 'POST', url, payload, remoteAddress: randomTestIp() });
    const leadPhone = '9812345677';
    const contactPhone = '+91 98123 45688';
    const leadEmail = `sealed-lead-${Date.now()}@example.com`;
    const contactEmail = `sealed-contact-${Date.now()}@example.com`;
    const lead = await post('/api/site/leads', {
      name: 'Sealed Lead',
      mobile_number: leadPhone,
      youtube_channel: 'https://youtube.com/@sealed',
      email: leadEmail,
      age_confirmed: true,
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const contact = await post('/api/site/contact', {
      name: 'Sealed Contact',
      email: contactEmail,
      phone: contactPhone,
      message: 'Call me',
      age_confirmed: true,
    });
    expect(contact.statusCode, contact.body).toBe(201);

    const dumpFile = path.join(dataDir, 'dump-site.sql');
    await writeBackup(testApp.database.db, dumpFile, testApp.database.kind);
    const dump = fs.readFileSync(dumpFile, 'utf8');
    expect(dump).not.toContain(leadPhone);
    expect(dump).not.toContain(contactPhone);
    const [leadRow] = await testApp.database.db
      .select()
      .from(userSignups)
      .where(eq(userSignups.email, leadEmail));
    expect(leadRow).toMatchObject({
      mobileNumber: null,
      mobileNumberEnc: expect.stringMatching(/^v1\./),
    });

    const admin = await buildUser(testApp.database.db, { role: 'admin' });
    const { headers } = await signIn(testApp.app, admin.email, admin.password);
    const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers });
    const leads = (await get('/api/admin/leads')).json().leads as { email: string }[];
    expect(leads.find((row) => row.email === leadEmail)).toMatchObject({
      mobile_number: leadPhone,
    });
    const messages = (await get('/api/admin/contact-messages')).json().messages as {
      email: string;
    }[];
    expect(messages.find((row) => row.email === contactEmail)).toMatchObject({
      phone: contactPhone,
    });
    expect((await get('/api/admin/leads.csv')).body).toContain(leadPhone);
    const views = await testApp.database.db
      .select()
      .from(settingsAudit)
      .where(eq(settingsAudit.actorEmail, admin.email));
    expect(views.map((entry) => entry.field)).toEqual(
      expect.arrayContaining(['viewed:leads', 'viewed:contact_messages', 'viewed:leads_csv']),
    );

    // Rows stored in clear before the change are sealed once, at start-up.
    await testApp.database.db
      .update(userSignups)
      .set({ mobileNumber: leadPhone, mobileNumberEnc: null })
      .where(eq(userSignups.email, leadEmail));
    await testApp.database.db
      .update(contactMessages)
      .set({ phone: contactPhone, phoneEnc: null })
      .where(eq(contactMessages.email, contactEmail));
    const { personalData, log } = testApp.app;
    expect(await sealLegacySitePhones(testApp.database.db, personalData, log)).toBe(2);
    expect(await sealLegacySitePhones(testApp.database.db, personalData, log)).toBe(0);
    const [contactRow] = await testApp.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, contactEmail));
    expect(contactRow).toMatchObject({ phone: null, phoneEnc: expect.stringMatching(/^v1\./) });
    const again = (await get('/api/admin/leads')).json().leads as { email: string }[];
    expect(again.find((row) => row.email === leadEmail)).toMatchObject({
      mobile_number: leadPhone,
    });
  });

  it("erases a creator's account from the admin console: personal data gone, money kept, audited", async () => {
    const db = testApp.database.db;
    const creator = await buildUser(db);
    const page = await buildStreamer(db, {
      slug: `erase-me-${Date.now()}`.slice(0, 30),
      name: 'Erase Me',
      memberIds: [creator.id],
    });
    const creatorSession = await signIn(testApp.app, creator.email, creator.password);
    const asked = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/erasure',
      headers: creatorSession.headers,
    });
    expect(asked.statusCode).toBe(202);
    const requestId = asked.json().request.id as string;
    const tipsBefore = await db.select().from(donations);

    const admin = await buildUser(db, { role: 'admin' });
    const adminHeaders = (await signIn(testApp.app, admin.email, admin.password)).headers;
    const erase = (headers: Record<string, string>) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/admin/privacy/requests/${requestId}/erase`,
        headers,
      });
    // Only a site admin may, and the tab shows whose account it is first.
    expect((await erase(creatorSession.headers)).statusCode).toBe(403);
    const listed = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/privacy',
      headers: adminHeaders,
    });
    expect(
      listed.json().requests.find((row: { id: string }) => row.id === requestId),
    ).toMatchObject({ status: 'open', account_email: creator.email });

    const done = await erase(adminHeaders);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request).toMatchObject({
      id: requestId,
      status: 'completed',
      completed_at: expect.any(String),
      detail: { account_found: true, memberships: 1, sign_ins: expect.any(Number) },
    });

    const [account] = await db.select().from(users).where(eq(users.id, creator.id));
    expect(account).toMatchObject({
      email: erasedEmailOf(creator.id),
      username: 'erased',
      emailVerifiedAt: null,
      erasedAt: expect.any(Date),
    });
    expect(JSON.stringify(account)).not.toContain(creator.email);
    expect(await db.select().from(sessions).where(eq(sessions.userId, creator.id))).toEqual([]);
    expect(await listStreamerMembers(db, [page.id])).toEqual([]);
    // Neither the old session nor the old password signs in.
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: creatorSession.headers,
    });
    expect(session.statusCode).toBe(401);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: creator.email, password: creator.password },
      remoteAddress: randomTestIp(),
    });
    expect(login.statusCode).toBe(401);
    // The page and every money record stay.
    expect((await db.select().from(donations)).length).toBe(tipsBefore.length);
    const [request] = await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, requestId));
    expect(request).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
    const audit = await db
      .select()
      .from(settingsAudit)
      .where(eq(settingsAudit.field, 'erased:account'));
    expect(audit).toEqual([
      expect.objectContaining({
        actorEmail: admin.email,
        section: 'personal_data',
        oldValue: { user_id: creator.id },
      }),
    ]);

    // Once only; an unknown request is a clear 404.
    const twice = await erase(adminHeaders);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('privacy_request_done');
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/privacy/requests/${crypto.randomUUID()}/erase`,
      headers: adminHeaders,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets a creator download their account data and request erasure', async () => {
    const user = await buildUser(testApp.database.db);
    const { headers } = await signIn(testApp.app, user.email, user.password);
    const download = await testApp.app.inject({
      method: 'GET',
      url: '/api/account/my-data',
      headers,
    });
    expect(download.json().account.email).toBe(user.email);
    const asked = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/erasure',
      headers,
    });
    expect(asked.statusCode).toBe(202);
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/erasure',
      headers,
    });
    expect(again.json().request.id).toBe(asked.json().request.id);
  });
});

describe('SMS and grievance officer configuration', () => {
  it('refuses SMS_PROVIDER=twilio without its keys, and shows the officer the operator names', async () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to be set',
    );
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/privacy/contact' });
    expect(answer.json().grievance_officer).toEqual({ name: null, email: null, phone: null });
    const named = await createTestApp({
      GRIEVANCE_OFFICER_NAME: 'Asha Rao',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@example.com',
    });
    try {
      const contact = await named.app.inject({ method: 'GET', url: '/api/privacy/contact' });
      expect(contact.json()).toMatchObject({
        grievance_officer: { name: 'Asha Rao', email: 'grievance@example.com', phone: null },
        answer_days: 30,
      });
    } finally {
      await named.close();
    }
  });
});

describe('Twilio SMS sender', () => {
  let twilio: FakeTwilio;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
  });
  afterAll(() => twilio.close());

  it('sends through the Messages API with Basic auth, and reports a refusal', async () => {
    const sender = createTwilioSender({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+15005550006',
      apiBase: twilio.url,
    });
    await sender.send({ to: '9812345607', text: '123456 is your code' });
    expect(twilio.sent).toEqual([
      { to: '+919812345607', from: '+15005550006', body: '123456 is your code' },
    ]);
    const wrongKey = createTwilioSender({
      accountSid: twilio.accountSid,
      authToken: 'wrong',
      from: '+15005550006',
      apiBase: twilio.url,
    });
    await expect(wrongKey.send({ to: '9812345607', text: 'x' })).rejects.toThrow('code 20003');
  });
});
