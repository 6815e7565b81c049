import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_MEDIA_TIP_SETTINGS,
  MEDIA_TIP_MESSAGES,
  type MediaTipSettings,
} from '@shabaash/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, donations, mediaUploads } from '../../db/schema.ts';
import { startFakeTelegram } from '../../../test/fakes/fake-telegram.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { placeOrder, placeOrderId } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { loadAlerts } from '../alerts/alerts.service.ts';
import { deleteExpiredMedia } from './media-tips.service.ts';
import { makeGif, makeVideo, uploadMedia } from './media-fixtures.test-helper.ts';

const DAY_MS = 24 * 3_600_000;
const MODERATOR_ID = 5_000_000_002;

const isWebp = (data: Buffer) =>
  data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP';
const isMp4 = (data: Buffer) => data.toString('latin1', 4, 8) === 'ftyp';

/** ffprobe's view of a stored output: its streams and tags. */
function probe(data: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-probe-'));
  const file = path.join(dir, 'out.mp4');
  fs.writeFileSync(file, data);
  try {
    return JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_format',
        '-show_streams',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as {
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
      format: { duration: string; tags?: Record<string, string> };
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Video encodes on a busy 2-core machine take seconds each.
describe('media tips', { timeout: 120_000 }, () => {
  let testApp: TestApp;
  let dataDir: string;
  let owner: Record<string, string>;
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let gif: Buffer;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-media-'));
    testApp = await createTestApp({
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: '123456:TEST-token',
      TELEGRAM_API_ROOT: telegram.apiRoot,
    });
    await testApp.app.telegram!.bot.init();
    const db = testApp.database.db;
    const user = await buildUser(db);
    // Auto-approve pages: media tips must still wait for review by default.
    await buildStreamer(db, { slug: 'gifpage', moderationMode: 'auto', memberIds: [user.id] });
    await buildStreamer(db, { slug: 'openpage', moderationMode: 'auto', memberIds: [user.id] });
    await buildStreamer(db, {
      slug: 'baseonly',
      moderationMode: 'auto',
      memberIds: [user.id],
      planIds: ['base'],
    });
    owner = (await signIn(testApp.app, user.email, user.password)).headers;
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/streamers/gifpage/moderators',
      headers: owner,
      payload: { telegram_user_id: String(MODERATOR_ID) },
    });
    await putSettings('gifpage', { enabled: true, min_amount_paise: 2_000 });
    await putSettings('openpage', { enabled: true, hold_for_review: false, allow_audio: true });
    gif = await makeGif();
  });
  afterAll(async () => {
    await testApp.close();
    await telegram.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => testApp.database.db;
  const storedFile = (storageKey: string) =>
    fs.readFileSync(path.join(dataDir, 'uploads', storageKey));
  const uploadRow = async (id: string) =>
    (await db().select().from(mediaUploads).where(eq(mediaUploads.id, id)))[0];
  const donationRow = async (orderId: string) =>
    (await db().select().from(donations).where(eq(donations.orderId, orderId)))[0]!;

  async function putSettings(slug: string, change: Partial<MediaTipSettings>) {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/streamers/${slug}/media-tips/settings`,
      headers: owner,
      payload: { ...DEFAULT_MEDIA_TIP_SETTINGS, ...change },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json();
  }

  async function uploadId(slug: string, file: Buffer, filename = 'tip.gif') {
    const response = await uploadMedia(testApp.app, slug, file, { filename });
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
    return response.json().upload_id as string;
  }

  async function paidMediaTip(slug: string, id: string, amountPaise = 5_000) {
    const orderId = await placeOrderId(testApp.app, slug, {
      type: 'media',
      media_upload_id: id,
      message: 'lol',
      amount_paise: amountPaise,
    });
    await testApp.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    return donationRow(orderId);
  }

  describe('settings and the page', () => {
    it('are off by default, and the page offers "media" only when on and in the plan', async () => {
      const fresh = await testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/baseonly/media-tips/settings',
        headers: owner,
      });
      expect(fresh.json()).toEqual({ settings: DEFAULT_MEDIA_TIP_SETTINGS, video_available: true });
      expect(DEFAULT_MEDIA_TIP_SETTINGS.hold_for_review).toBe(true);

      const profile = async (slug: string) =>
        (await testApp.app.inject({ method: 'GET', url: `/api/streamers/${slug}` })).json();
      expect((await profile('gifpage')).tip_types).toContain('media');
      // The Base Plan does not include media tips, even when the streamer turns them on.
      await putSettings('baseonly', { enabled: true });
      expect((await profile('baseonly')).tip_types).not.toContain('media');
      const refused = await placeOrder(testApp.app, 'baseonly', {
        type: 'media',
        media_upload_id: '0b7e3c1a-2f4d-4e5b-9c6a-7d8e9f0a1b2c',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(MEDIA_TIP_MESSAGES.notOffered);
      expect((await uploadMedia(testApp.app, 'baseonly', gif)).statusCode).toBe(404);
    });

    it('validates the settings and is for the page’s members only', async () => {
      const bad = await testApp.app.inject({
        method: 'PUT',
        url: '/api/streamers/gifpage/media-tips/settings',
        headers: owner,
        payload: { ...DEFAULT_MEDIA_TIP_SETTINGS, max_bytes: 60 * 1024 * 1024 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('at most 50 MB');
      const anonymous = await testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/gifpage/media-tips/settings',
      });
      expect(anonymous.statusCode).toBe(401);
      const limits = await testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/gifpage/media-tips',
      });
      expect(limits.json()).toMatchObject({ min_amount_paise: 2_000, video_available: true });
    });
  });

  describe('uploads are re-encoded', () => {
    it('turns a GIF into an animated WebP, stored, not served before payment', async () => {
      const response = await uploadMedia(testApp.app, 'gifpage', gif);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ kind: 'image', duration_ms: 1_500 });
      const row = await uploadRow(response.json().upload_id);
      expect(row).toMatchObject({ kind: 'image', contentType: 'image/webp', donationId: null });
      expect(isWebp(storedFile(row!.storageKey))).toBe(true);
      const served = await testApp.app.inject({ method: 'GET', url: `/media/tips/${row!.id}` });
      expect(served.statusCode).toBe(404);
    });

    it('turns MP4 and WebM into MP4/H.264 at most 720p, metadata and (by default) audio gone', async () => {
      for (const format of ['mp4', 'webm'] as const) {
        const video = makeVideo(format, { size: '960x800', seconds: 1 });
        const response = await uploadMedia(testApp.app, 'gifpage', video, {
          filename: `clip.${format}`,
          contentType: `video/${format}`,
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json().kind).toBe('video');
        const row = await uploadRow(response.json().upload_id);
        const output = storedFile(row!.storageKey);
        expect(isMp4(output)).toBe(true);
        const info = probe(output);
        expect(info.streams.map((stream) => stream.codec_name)).toEqual(['h264']);
        expect(info.streams[0]).toMatchObject({ width: 864, height: 720 });
        expect(JSON.stringify(info.format.tags ?? {})).not.toContain('SECRET-METADATA');
        expect(row!.hasAudio).toBe(false);
      }
    });

    it('keeps the sound as AAC when the streamer allows audio', async () => {
      const response = await uploadMedia(testApp.app, 'openpage', makeVideo('mp4'), {
        filename: 'clip.mp4',
      });
      expect(response.statusCode).toBe(201);
      const row = await uploadRow(response.json().upload_id);
      expect(row!.hasAudio).toBe(true);
      const codecs = probe(storedFile(row!.storageKey)).streams.map((stream) => stream.codec_name);
      expect(codecs).toEqual(['h264', 'aac']);
    });
  });

  describe('limits', () => {
    it('refuses a file over the streamer’s size limit with 413 and says the limit', async () => {
      await putSettings('openpage', {
        enabled: true,
        hold_for_review: false,
        max_bytes: 1024 * 1024,
      });
      const big = Buffer.concat([gif, Buffer.alloc(1024 * 1024 + 10)]);
      const response = await uploadMedia(testApp.app, 'openpage', big);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe(MEDIA_TIP_MESSAGES.tooLarge(1024 * 1024));
      await putSettings('openpage', { enabled: true, hold_for_review: false, allow_audio: true });
    });

    it('refuses a GIF and a video longer than the streamer’s maximum', async () => {
      const longGif = await makeGif({ frames: 12, delayMs: 1_000 }); // 12 s > 10 s
      const gifResponse = await uploadMedia(testApp.app, 'gifpage', longGif);
      expect(gifResponse.statusCode).toBe(400);
      expect(gifResponse.json().error).toEqual({
        code: 'media_too_long',
        message: MEDIA_TIP_MESSAGES.tooLong(10_000),
      });
      const longVideo = makeVideo('mp4', { seconds: 12, size: '160x120', audio: false });
      const videoResponse = await uploadMedia(testApp.app, 'gifpage', longVideo, {
        filename: 'a.mp4',
      });
      expect(videoResponse.statusCode).toBe(400);
      expect(videoResponse.json().error.code).toBe('media_too_long');
    });
  });

  describe('a hostile corpus', () => {
    /** Nothing unconverted is ever stored: every stored file is WebP or MP4 we wrote. */
    async function expectOnlyReencodedStored() {
      for (const row of await db().select().from(mediaUploads)) {
        const data = storedFile(row.storageKey);
        expect(isWebp(data) || isMp4(data)).toBe(true);
        expect(data.includes('<script')).toBe(false);
        expect(data.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
      }
    }

    it('refuses what is not GIF, WebP, MP4 or WebM, whatever its name says', async () => {
      const secret = path.join(dataDir, 'secret.txt');
      fs.writeFileSync(secret, 'TOP-SECRET-SERVER-FILE');
      const hostile: [string, Buffer, string][] = [
        [
          'svg',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'a.gif',
        ],
        ['html', Buffer.from('<!doctype html><script>alert(1)</script>'), 'a.webp'],
        ['png', await makePng(), 'a.gif'],
        [
          'hls playlist',
          Buffer.from(
            `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\nfile://${secret}\n#EXT-X-ENDLIST\n`,
          ),
          'clip.mp4',
        ],
        ['ffconcat list', Buffer.from(`ffconcat version 1.0\nfile '${secret}'\n`), 'clip.mp4'],
        ['avi', Buffer.concat([Buffer.from('RIFF\0\0\0\0AVI LIST'), Buffer.alloc(64)]), 'clip.mp4'],
        [
          'plain matroska',
          Buffer.concat([
            Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]),
            Buffer.from('matroska'),
            Buffer.alloc(32),
          ]),
          'a.webm',
        ],
        ['empty', Buffer.alloc(0), 'a.gif'],
      ];
      for (const [label, file, filename] of hostile) {
        const response = await uploadMedia(testApp.app, 'gifpage', file, { filename });
        expect([400], label).toContain(response.statusCode);
        expect(response.json().error.code, label).toMatch(/unsupported_media|missing_file/);
      }
      await expectOnlyReencodedStored();
    });

    it('an MP4-looking file that is really a playlist or concat list reads no server file', async () => {
      const secret = path.join(dataDir, 'secret.txt');
      fs.writeFileSync(secret, 'TOP-SECRET-SERVER-FILE');
      const ftyp = Buffer.from('0000001866747970697336f6d0000020069736f6d6d703432', 'hex');
      ftyp.write('isom', 8, 'latin1');
      for (const body of [
        `#EXTM3U\n#EXTINF:1,\nfile://${secret}\n#EXT-X-ENDLIST\n`,
        `ffconcat version 1.0\nfile '${secret}'\n`,
      ]) {
        const response = await uploadMedia(
          testApp.app,
          'gifpage',
          Buffer.concat([ftyp, Buffer.from(body)]),
          {
            filename: 'clip.mp4',
          },
        );
        expect(response.statusCode).toBe(400);
      }
      for (const row of await db().select().from(mediaUploads)) {
        expect(storedFile(row.storageKey).includes('TOP-SECRET')).toBe(false);
      }
    });

    it('neutralises polyglots: GIF+HTML and MP4+ZIP are re-encoded, the payload dropped', async () => {
      const zip = Buffer.concat([
        Buffer.from('PK\x03\x04', 'latin1'),
        Buffer.alloc(40, 1),
        Buffer.from('PK\x05\x06', 'latin1'),
        Buffer.alloc(18),
      ]);
      for (const [file, filename] of [
        [
          Buffer.concat([gif, Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
          'a.html',
        ],
        [Buffer.concat([makeVideo('mp4', { audio: false }), zip]), 'a.zip'],
      ] as const) {
        const response = await uploadMedia(testApp.app, 'gifpage', file, { filename });
        expect(response.statusCode, response.body).toBe(201);
      }
      await expectOnlyReencodedStored();
    });

    it('refuses decompression bombs and truncated files without a 500', async () => {
      // A GIF whose frame claims 60000×60000 (3.6 gigapixels) over a few bytes of data.
      const hugeGif = Buffer.from(gif);
      hugeGif.writeUInt16LE(60_000, 6);
      hugeGif.writeUInt16LE(60_000, 8);
      const frame = firstImageDescriptor(hugeGif);
      hugeGif.writeUInt16LE(60_000, frame + 5);
      hugeGif.writeUInt16LE(60_000, frame + 7);
      const manyFrames = await makeGif({ frames: 700, delayMs: 10, width: 8, height: 8 });
      const hugeVideo = makeVideo('mp4', { size: '4400x240', seconds: 1, audio: false });
      const cases: [string, Buffer, string][] = [
        ['huge dimensions', hugeGif, 'a.gif'],
        ['many frames', manyFrames, 'a.gif'],
        ['huge video', hugeVideo, 'a.mp4'],
        ['truncated gif', gif.subarray(0, 40), 'a.gif'],
        ['truncated mp4', makeVideo('mp4').subarray(0, 600), 'a.mp4'],
      ];
      for (const [label, file, filename] of cases) {
        const response = await uploadMedia(testApp.app, 'gifpage', file, { filename });
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(response.json().error.code, label).toMatch(/media_too_big|unsupported_media/);
      }
    });

    it('neutralises a GIF whose screen claims 60000×60000 around small frames', async () => {
      const screenOnly = Buffer.from(gif);
      screenOnly.writeUInt16LE(60_000, 6);
      screenOnly.writeUInt16LE(60_000, 8);
      const response = await uploadMedia(testApp.app, 'gifpage', screenOnly);
      if (response.statusCode === 201) {
        const row = await uploadRow(response.json().upload_id);
        const output = storedFile(row!.storageKey);
        expect(isWebp(output)).toBe(true);
        expect(output.length).toBeLessThan(50_000);
      } else {
        expect(response.statusCode).toBe(400);
      }
    });

    it('sniffs by bytes: a GIF named .mp4 with a video type is taken as an image', async () => {
      const response = await uploadMedia(testApp.app, 'gifpage', gif, {
        filename: 'clip.mp4',
        contentType: 'video/mp4',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().kind).toBe('image');
    });
  });

  describe('the life of a media tip', () => {
    it('applies the media minimum and claims the upload once', async () => {
      const id = await uploadId('gifpage', gif);
      const cheap = await placeOrder(testApp.app, 'gifpage', {
        type: 'media',
        media_upload_id: id,
        amount_paise: 1_000,
      });
      expect(cheap.statusCode).toBe(400);
      expect(cheap.json().error.message).toBe(MEDIA_TIP_MESSAGES.belowMinimum(2_000));
      expect((await uploadRow(id))!.orderId).toBeNull();
      const missing = await placeOrder(testApp.app, 'gifpage', {
        type: 'media',
        amount_paise: 5_000,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain(MEDIA_TIP_MESSAGES.mediaRequired);
      await placeOrderId(testApp.app, 'gifpage', {
        type: 'media',
        media_upload_id: id,
        amount_paise: 5_000,
      });
      const second = await placeOrder(testApp.app, 'gifpage', {
        type: 'media',
        media_upload_id: id,
        amount_paise: 5_000,
      });
      expect(second.statusCode).toBe(409);
      // Another page cannot claim this page's upload (its limits were applied).
      const other = await placeOrder(testApp.app, 'openpage', {
        type: 'media',
        media_upload_id: await uploadId('gifpage', gif),
        amount_paise: 5_000,
      });
      expect(other.json().error.code).toBe('media_upload_wrong_page');
    });

    it('is held for review on an auto-approve page; approving shows it on stream', async () => {
      const id = await uploadId('gifpage', gif);
      const donation = await paidMediaTip('gifpage', id);
      expect(donation).toMatchObject({ paymentStatus: 'success', moderationStatus: 'pending' });
      expect(await db().select().from(alerts).where(eq(alerts.donationId, donation.id))).toEqual(
        [],
      );

      // The dashboard's review list shows the media itself, and it is served (re-encoded).
      const pending = await testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/gifpage/donations?status=pending',
        headers: owner,
      });
      const listed = pending.json().donations.find((row: { id: string }) => row.id === donation.id);
      expect(listed).toMatchObject({
        type: 'media',
        media_url: `/media/tips/${id}`,
        media_kind: 'image',
      });
      const served = await testApp.app.inject({ method: 'GET', url: `/media/tips/${id}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(isWebp(served.rawPayload)).toBe(true);

      const approved = await testApp.app.inject({
        method: 'POST',
        url: `/api/donations/${donation.id}/approve`,
        headers: owner,
      });
      expect(approved.statusCode).toBe(200);
      const [alert] = await db().select().from(alerts).where(eq(alerts.donationId, donation.id));
      const [overlay] = await loadAlerts(db(), donation.streamerId, [alert!.id]);
      expect(overlay?.donation).toMatchObject({
        type: 'media',
        media_url: `/media/tips/${id}`,
        media_kind: 'image',
        media_duration_ms: 1_500,
        media_has_audio: false,
      });
    });

    it('stops serving the media once its fan withdraws stream consent (issue 29)', async () => {
      const id = await uploadId('gifpage', gif);
      const donation = await paidMediaTip('gifpage', id);
      const served = await testApp.app.inject({ method: 'GET', url: `/media/tips/${id}` });
      expect(served.statusCode).toBe(200);
      // Caches must ask again each time, so a withdrawal is not outlived by a cached copy.
      expect(served.headers['cache-control']).toBe('public, no-cache');
      const revalidated = await testApp.app.inject({
        method: 'GET',
        url: `/media/tips/${id}`,
        headers: { 'if-none-match': String(served.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);

      const withdrawn = await testApp.app.inject({
        method: 'POST',
        url: `/api/orders/${donation.orderId}/consent/withdraw`,
        payload: { purpose: 'stream_display' },
      });
      expect(withdrawn.statusCode).toBe(200);
      for (const headers of [{}, { 'if-none-match': String(served.headers.etag) }]) {
        const after = await testApp.app.inject({
          method: 'GET',
          url: `/media/tips/${id}`,
          headers,
        });
        expect(after.statusCode).toBe(410);
        expect(after.json().error.code).toBe('media_withdrawn');
      }
    });

    it('sends the review request with the media as an animation (GIF) or a video', async () => {
      await testApp.app.telegram!.idle();
      const before = telegram.calls.length;
      await paidMediaTip('gifpage', await uploadId('gifpage', gif));
      await paidMediaTip('gifpage', await uploadId('gifpage', makeVideo('mp4'), 'clip.mp4'));
      await testApp.app.telegram!.idle();
      const sent = telegram.calls.slice(before);
      const animation = sent.find((call) => call.method === 'sendAnimation');
      expect(animation?.params.chat_id).toBe(String(MODERATOR_ID));
      expect(animation?.files?.animation?.bytes.toString('latin1', 0, 6)).toBe('GIF89a');
      const video = sent.find((call) => call.method === 'sendVideo');
      expect(isMp4(video!.files!.video!.bytes)).toBe(true);
      const review = sent.filter((call) => call.method === 'sendMessage');
      expect(String(review[0]?.params.text)).toContain('GIF / video attached');
    });

    it('deletes a rejected tip’s media at once', async () => {
      const id = await uploadId('gifpage', gif);
      const donation = await paidMediaTip('gifpage', id);
      const row = await uploadRow(id);
      const rejected = await testApp.app.inject({
        method: 'POST',
        url: `/api/donations/${donation.id}/reject`,
        headers: owner,
      });
      expect(rejected.statusCode).toBe(200);
      expect(await uploadRow(id)).toBeUndefined();
      expect(fs.existsSync(path.join(dataDir, 'uploads', row!.storageKey))).toBe(false);
      expect(
        (await testApp.app.inject({ method: 'GET', url: `/media/tips/${id}` })).statusCode,
      ).toBe(404);
    });

    it('goes on stream at once when the streamer turned review off (auto-approve page)', async () => {
      const id = await uploadId('openpage', gif);
      const donation = await paidMediaTip('openpage', id);
      expect(donation.moderationStatus).toBe('auto_approved');
      const [alert] = await db().select().from(alerts).where(eq(alerts.donationId, donation.id));
      const [overlay] = await loadAlerts(db(), donation.streamerId, [alert!.id]);
      expect(overlay?.donation.media_url).toBe(`/media/tips/${id}`);
    });

    it('deletes unpaid uploads after 24 h, keeping paid ones and fresh ones', async () => {
      const unpaid = await uploadId('gifpage', gif);
      const fresh = await uploadId('gifpage', gif);
      const paid = await uploadId('openpage', gif);
      await paidMediaTip('openpage', paid);
      const old = new Date(Date.now() - DAY_MS - 60_000);
      for (const id of [unpaid, paid]) {
        await db().update(mediaUploads).set({ createdAt: old }).where(eq(mediaUploads.id, id));
      }
      const key = (await uploadRow(unpaid))!.storageKey;
      await deleteExpiredMedia({ db: db(), storage: createFileStorage(testApp.app.config) });
      expect(await uploadRow(unpaid)).toBeUndefined();
      expect(fs.existsSync(path.join(dataDir, 'uploads', key))).toBe(false);
      expect(await uploadRow(fresh)).toBeDefined();
      expect(await uploadRow(paid)).toBeDefined();
    });
  });
});

async function makePng() {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
}

describe('media tips without ffmpeg', () => {
  let testApp: TestApp;
  let dataDir: string;
  let owner: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-media-noffmpeg-'));
    testApp = await createTestApp({
      DATA_DIR: dataDir,
      FFMPEG_PATH: path.join(dataDir, 'no-ffmpeg'),
    });
    const user = await buildUser(testApp.database.db);
    await buildStreamer(testApp.database.db, { slug: 'noffmpeg', memberIds: [user.id] });
    owner = (await signIn(testApp.app, user.email, user.password)).headers;
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/streamers/noffmpeg/media-tips/settings',
      headers: owner,
      payload: { ...DEFAULT_MEDIA_TIP_SETTINGS, enabled: true },
    });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says so to the streamer and the page, refuses videos clearly, and still takes GIFs', async () => {
    const settings = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/noffmpeg/media-tips/settings',
      headers: owner,
    });
    expect(settings.json().video_available).toBe(false);
    const limits = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/noffmpeg/media-tips',
    });
    expect(limits.json().video_available).toBe(false);

    const video = await uploadMedia(testApp.app, 'noffmpeg', makeVideo('mp4'), {
      filename: 'a.mp4',
    });
    expect(video.statusCode).toBe(400);
    expect(video.json().error).toEqual({
      code: 'video_unavailable',
      message: MEDIA_TIP_MESSAGES.videoUnavailable,
    });
    const gif = await uploadMedia(testApp.app, 'noffmpeg', await makeGif());
    expect(gif.statusCode).toBe(201);
    expect(gif.json().kind).toBe('image');
  });
});

/** Where a GIF's first image descriptor (0x2C) starts: past the header, colour table, extensions. */
function firstImageDescriptor(gif: Buffer): number {
  const packed = gif[10]!;
  let offset = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  while (gif[offset] === 0x21) {
    offset += 2;
    while (gif[offset]! !== 0) offset += gif[offset]! + 1;
    offset += 1;
  }
  if (gif[offset] !== 0x2c) throw new Error('no image descriptor');
  return offset;
}
