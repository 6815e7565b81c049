import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VOICE_MESSAGES, type VoiceMessagesResponse } from '@shabaash/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, voiceUploads } from '../../db/schema.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { startFakeS3, type FakeS3 } from '../../storage/fake-s3-server.test-helper.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { placeOrder, placeOrderId } from '../../../test/payments.ts';
import { openSse, type SseEvent } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { deleteExpiredVoiceUploads } from './uploads.service.ts';
import { audioFixture, uploadFixture } from './voice-upload.test-helper.ts';

const DAY_MS = 24 * 3_600_000;

/** A fan pays (or fails) in the sandbox checkout; the gateway's signed webhook does the rest. */
async function checkout(app: FastifyInstance, orderId: string, result: 'paid' | 'failed') {
  const response = await app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${orderId}/complete`,
    payload: { result },
  });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
}

const voiceOrder = (uploadId: string, overrides: Record<string, unknown> = {}) => ({
  type: 'voice',
  message: '',
  voice_upload_id: uploadId,
  ...overrides,
});

describe('voice donations', () => {
  let testApp: TestApp;
  let dataDir: string;
  let baseUrl: string;
  let ownerHeaders: Record<string, string>;
  let obsToken: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-voice-'));
    testApp = await createTestApp({ DATA_DIR: dataDir });
    const db = testApp.database.db;
    const owner = await buildUser(db);
    await buildStreamer(db, { slug: 'techgamer', moderationMode: 'auto', memberIds: [owner.id] });
    await buildStreamer(db, { slug: 'chiaa', moderationMode: 'review', memberIds: [owner.id] });
    ownerHeaders = (await signIn(testApp.app, owner.email, owner.password)).headers;
    const token = await testApp.app.inject({
      method: 'POST',
      url: '/api/streamers/techgamer/obs-tokens',
      headers: ownerHeaders,
    });
    obsToken = token.json().token;
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => testApp.database.db;
  const uploadRow = async (id: string) =>
    (await db().select().from(voiceUploads).where(eq(voiceUploads.id, id)))[0];
  const donationRow = async (orderId: string) =>
    (await db().select().from(donations).where(eq(donations.orderId, orderId)))[0];
  const makeOld = (id: string) =>
    db()
      .update(voiceUploads)
      .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) })
      .where(eq(voiceUploads.id, id));
  const listVoiceMessages = async (slug: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/streamers/${slug}/voice-messages`,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as VoiceMessagesResponse;
  };

  describe('claiming an upload at order time', () => {
    it('a voice order takes its upload; a second order naming it is refused', async () => {
      const uploadId = await uploadFixture(testApp.app);
      const orderId = await placeOrderId(testApp.app, 'techgamer', voiceOrder(uploadId));
      expect(await uploadRow(uploadId)).toMatchObject({ orderId, donationId: null });
      expect(await donationRow(orderId)).toMatchObject({ type: 'voice', voiceUploadId: uploadId });

      const before = (await db().select().from(donations)).length;
      const second = await placeOrder(testApp.app, 'techgamer', voiceOrder(uploadId));
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toEqual({
        code: 'voice_upload_claimed',
        message: VOICE_MESSAGES.uploadClaimed,
      });
      expect((await db().select().from(donations)).length).toBe(before);
      expect((await uploadRow(uploadId))?.orderId).toBe(orderId);
    });

    it('lets exactly one of two orders racing for the same upload win', async () => {
      const uploadId = await uploadFixture(testApp.app);
      const responses = await Promise.all(
        [1, 2, 3].map(() => placeOrder(testApp.app, 'techgamer', voiceOrder(uploadId))),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it('refuses an unknown upload id and a malformed one with clear messages', async () => {
      const unknown = await placeOrder(
        testApp.app,
        'techgamer',
        voiceOrder('0b7e3c1a-2f4d-4e5b-9c6a-7d8e9f0a1b2c'),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toEqual({
        code: 'voice_upload_not_found',
        message: VOICE_MESSAGES.uploadNotFound,
      });
      const malformed = await placeOrder(testApp.app, 'techgamer', voiceOrder('not-an-id'));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe(
        'Please record a voice message for your donation.',
      );
    });

    it('refuses an upload older than 24 hours', async () => {
      const uploadId = await uploadFixture(testApp.app);
      await makeOld(uploadId);
      const response = await placeOrder(testApp.app, 'techgamer', voiceOrder(uploadId));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'voice_upload_expired',
        message: VOICE_MESSAGES.uploadExpired,
      });
      expect((await uploadRow(uploadId))?.orderId).toBeNull();
    });

    it('a text order naming an upload neither takes it nor carries it', async () => {
      const uploadId = await uploadFixture(testApp.app);
      const orderId = await placeOrderId(testApp.app, 'techgamer', {
        type: 'text',
        voice_upload_id: uploadId,
      });
      expect((await donationRow(orderId))?.voiceUploadId).toBeNull();
      expect((await uploadRow(uploadId))?.orderId).toBeNull();
    });
  });

  describe('on payment', () => {
    let uploadId: string;
    let orderId: string;

    it('attaches the upload and the overlay alert carries the voice', async () => {
      const overlay = await openSse(
        `${baseUrl}/api/overlay/techgamer/events?token=${encodeURIComponent(obsToken)}`,
      );
      uploadId = await uploadFixture(testApp.app, 'voice-3s-chrome.webm');
      orderId = await placeOrderId(
        testApp.app,
        'techgamer',
        voiceOrder(uploadId, { name: 'Meera' }),
      );
      await checkout(testApp.app, orderId, 'paid');

      const donation = await donationRow(orderId);
      expect(donation).toMatchObject({
        paymentStatus: 'success',
        moderationStatus: 'auto_approved',
      });
      expect(await uploadRow(uploadId)).toMatchObject({ orderId, donationId: donation?.id });

      const alert = await overlay.waitFor(
        (event) => event.event === 'alert' && hasDonationName(event, 'Meera'),
      );
      expect(alert.data).toMatchObject({
        kind: 'donation',
        donation: {
          type: 'voice',
          voice_url: `/media/voice/${uploadId}`,
          voice_duration_ms: 3000,
        },
      });
      overlay.close();

      // The live alert was presented from the rows the payment just wrote; an overlay that
      // reconnects reads the stored alert back, and gets exactly the same one.
      const alertId = (alert.data as { alert_id: number }).alert_id;
      const reconnected = await openSse(
        `${baseUrl}/api/overlay/techgamer/events?token=${encodeURIComponent(obsToken)}`,
        { 'last-event-id': String(alertId - 1) },
      );
      const replayed = await reconnected.waitFor(
        (event) => event.event === 'alert' && event.id === String(alertId),
      );
      expect(replayed.data).toEqual(alert.data);
      reconnected.close();
    });

    it('an upload that became a donation cannot be named by another order', async () => {
      const again = await placeOrder(testApp.app, 'techgamer', voiceOrder(uploadId));
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('voice_upload_claimed');
    });

    it('serves the file with its type, revalidated caching, an ETag and byte ranges', async () => {
      const file = audioFixture('voice-3s-chrome.webm');
      const url = `/media/voice/${uploadId}`;
      const whole = await testApp.app.inject({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(file)).toBe(true);
      expect(whole.headers).toMatchObject({
        'content-type': 'audio/webm',
        'accept-ranges': 'bytes',
        'content-length': String(file.length),
        'cache-control': 'public, no-cache',
        etag: `"${uploadId}"`,
        'x-content-type-options': 'nosniff',
      });

      const ranged = async (range: string, extra: Record<string, string> = {}) =>
        testApp.app.inject({ method: 'GET', url, headers: { range, ...extra } });
      const first = await ranged('bytes=0-99');
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-99/${file.length}`);
      expect(first.headers['content-length']).toBe('100');
      expect(first.rawPayload.equals(file.subarray(0, 100))).toBe(true);

      const tail = await ranged('bytes=-500');
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(file.subarray(file.length - 500))).toBe(true);

      const rest = await ranged(`bytes=${file.length - 10}-`);
      expect(rest.headers['content-range']).toBe(
        `bytes ${file.length - 10}-${file.length - 1}/${file.length}`,
      );

      const beyond = await ranged(`bytes=${file.length}-`);
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${file.length}`);

      const staleIfRange = await ranged('bytes=0-9', { 'if-range': '"something-else"' });
      expect(staleIfRange.statusCode).toBe(200);

      const cached = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': `"${uploadId}"` },
      });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');

      const head = await testApp.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(file.length));
    });

    it('the audio player lists paid, approved voice messages oldest first, without private data', async () => {
      const secondUpload = await uploadFixture(testApp.app, 'voice-2s.ogg');
      const secondOrder = await placeOrderId(
        testApp.app,
        'techgamer',
        voiceOrder(secondUpload, { name: 'Ravi', message: 'Play this <b>loud</b>' }),
      );
      await checkout(testApp.app, secondOrder, 'paid');
      // Pending and failed voice orders never appear.
      await placeOrderId(testApp.app, 'techgamer', voiceOrder(await uploadFixture(testApp.app)));
      const failed = await placeOrderId(
        testApp.app,
        'techgamer',
        voiceOrder(await uploadFixture(testApp.app)),
      );
      await checkout(testApp.app, failed, 'failed');

      const body = await listVoiceMessages('techgamer');
      expect(body.streamer).toEqual({ slug: 'techgamer', name: 'Streamer techgamer' });
      expect(body.voice_messages.map((message) => message.name)).toEqual(['Meera', 'Ravi']);
      expect(body.voice_messages[1]).toEqual({
        id: (await donationRow(secondOrder))?.id,
        name: 'Ravi',
        amount_paise: 5100,
        message: 'Play this <b>loud</b>',
        voice_url: `/media/voice/${secondUpload}`,
        duration_ms: 2000,
        created_at: expect.any(String),
      });
      expect(JSON.stringify(body)).not.toContain('9876543210');
      expect(JSON.stringify(body)).not.toContain(secondOrder);
    });
  });

  describe('the audio player stream', () => {
    const isVoiceEvent = (event: SseEvent) => event.event === 'voice_message';

    it('announces a voice donation when it is paid and auto-approved, and nothing else', async () => {
      const stream = await openSse(`${baseUrl}/api/streamers/techgamer/voice-messages/events`);
      expect(stream.status).toBe(200);
      await stream.waitFor((event) => event.event === 'ready');

      const textOrder = await placeOrderId(testApp.app, 'techgamer', { name: 'Texty' });
      await checkout(testApp.app, textOrder, 'paid');
      const orderId = await placeOrderId(
        testApp.app,
        'techgamer',
        voiceOrder(await uploadFixture(testApp.app)),
      );
      await checkout(testApp.app, orderId, 'paid');
      const donation = await donationRow(orderId);

      const announced = await stream.waitFor(isVoiceEvent);
      expect(announced.data).toEqual({ donation_id: donation?.id, on_overlay: false });

      // The payment's donation_changed and its alert both arrive; it is announced once. The
      // stream checks events one after another, so a second voice tip's announcement comes
      // after anything more the first one could have caused.
      const sentinelOrder = await placeOrderId(
        testApp.app,
        'techgamer',
        voiceOrder(await uploadFixture(testApp.app), { name: 'Sentinel' }),
      );
      await checkout(testApp.app, sentinelOrder, 'paid');
      const sentinel = await donationRow(sentinelOrder);
      await stream.waitFor(
        (event) =>
          isVoiceEvent(event) &&
          (event.data as { donation_id: string }).donation_id === sentinel?.id,
      );
      expect(stream.events.filter(isVoiceEvent).map((event) => event.data)).toEqual([
        { donation_id: donation?.id, on_overlay: false },
        { donation_id: sentinel?.id, on_overlay: false },
      ]);
      stream.close();
    });

    it('in review mode, lists and announces a voice donation only once it is approved', async () => {
      const stream = await openSse(`${baseUrl}/api/streamers/chiaa/voice-messages/events`);
      await stream.waitFor((event) => event.event === 'ready');
      const orderId = await placeOrderId(
        testApp.app,
        'chiaa',
        voiceOrder(await uploadFixture(testApp.app), { name: 'Held' }),
      );
      await checkout(testApp.app, orderId, 'paid');
      const donation = await donationRow(orderId);
      expect(donation?.moderationStatus).toBe('pending');
      expect((await listVoiceMessages('chiaa')).voice_messages).toEqual([]);

      const approved = await testApp.app.inject({
        method: 'POST',
        url: `/api/donations/${donation?.id}/approve`,
        headers: ownerHeaders,
      });
      expect(approved.statusCode).toBe(200);
      const announced = await stream.waitFor(isVoiceEvent);
      expect(announced.data).toEqual({ donation_id: donation?.id, on_overlay: false });
      expect((await listVoiceMessages('chiaa')).voice_messages.map((m) => m.name)).toEqual([
        'Held',
      ]);
      stream.close();
    });

    it('answers 404 for an unknown streamer', async () => {
      for (const url of [
        '/api/streamers/nobody-here/voice-messages',
        '/api/streamers/nobody-here/voice-messages/events',
      ]) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('streamer_not_found');
      }
    });
  });

  describe('cleanup of unpaid uploads', () => {
    it('deletes uploads never paid for after 24 hours (row and file), and keeps the rest', async () => {
      const storage = createFileStorage(testApp.config);
      const fresh = await uploadFixture(testApp.app);
      const abandoned = await uploadFixture(testApp.app);
      const waiting = await uploadFixture(testApp.app);
      const failedUpload = await uploadFixture(testApp.app);
      const paidUpload = await uploadFixture(testApp.app);
      await placeOrderId(testApp.app, 'techgamer', voiceOrder(waiting));
      const failedOrder = await placeOrderId(testApp.app, 'techgamer', voiceOrder(failedUpload));
      await checkout(testApp.app, failedOrder, 'failed');
      const paidOrder = await placeOrderId(testApp.app, 'techgamer', voiceOrder(paidUpload));
      await checkout(testApp.app, paidOrder, 'paid');
      for (const id of [abandoned, waiting, failedUpload, paidUpload]) await makeOld(id);
      const fileOf = (id: string) => path.join(dataDir, 'uploads', 'voice', `${id}.webm`);
      expect(fs.existsSync(fileOf(abandoned))).toBe(true);

      // Other old, unpaid uploads from earlier tests go too; these five are what we check.
      await deleteExpiredVoiceUploads({ db: db(), storage });
      for (const gone of [abandoned, failedUpload]) {
        expect(await uploadRow(gone)).toBeUndefined();
        expect(fs.existsSync(fileOf(gone))).toBe(false);
      }
      for (const kept of [fresh, waiting, paidUpload]) {
        expect(await uploadRow(kept)).toBeDefined();
        expect(fs.existsSync(fileOf(kept))).toBe(true);
      }
      expect(await deleteExpiredVoiceUploads({ db: db(), storage })).toBe(0);
    });
  });
});

describe('voice files in S3-compatible storage', () => {
  let fake: FakeS3;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeS3();
    testApp = await createTestApp({
      S3_ENDPOINT: fake.url,
      S3_BUCKET: fake.bucket,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
    });
    await buildStreamer(testApp.database.db, { slug: 'techgamer', moderationMode: 'auto' });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('stores the upload in the bucket and serves ranges from it once paid', async () => {
    const file = audioFixture('voice-2s.mp3');
    const uploadId = await uploadFixture(testApp.app, 'voice-2s.mp3');
    expect(fake.objects.get(`voice/${uploadId}.mp3`)).toEqual({
      body: file,
      contentType: 'audio/mpeg',
    });
    const orderId = await placeOrderId(testApp.app, 'techgamer', voiceOrder(uploadId));
    await checkout(testApp.app, orderId, 'paid');

    const ranged = await testApp.app.inject({
      method: 'GET',
      url: `/media/voice/${uploadId}`,
      headers: { range: 'bytes=10-19' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('audio/mpeg');
    expect(ranged.rawPayload.equals(file.subarray(10, 20))).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/${fake.bucket}/voice/${uploadId}.mp3`,
    });
  });

  it('the cleanup deletes expired files from the bucket', async () => {
    const uploadId = await uploadFixture(testApp.app, 'voice-2s.ogg');
    await testApp.database.db
      .update(voiceUploads)
      .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) })
      .where(eq(voiceUploads.id, uploadId));
    const deleted = await deleteExpiredVoiceUploads({
      db: testApp.database.db,
      storage: createFileStorage(testApp.config),
    });
    expect(deleted).toBe(1);
    expect(fake.objects.has(`voice/${uploadId}.ogg`)).toBe(false);
  });
});

function hasDonationName(event: SseEvent, name: string): boolean {
  return (event.data as { donation?: { name?: string } }).donation?.name === name;
}
