import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  SETTINGS_MESSAGES,
  UPLOAD_MESSAGES,
  alertMediaSchema,
  streamerSettingsSchema,
} from '@shabaash/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomTestIp } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { audioFixture, multipartBody } from '../uploads/voice-upload.test-helper.ts';
import { sniffImage, sniffSound } from './media-sniff.ts';
import { auditOf, buildSettingsCast, patchSettings, type Headers } from './settings.test-helper.ts';

const SLUG = 'media-star';
const OTHER = 'media-other';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ff5500' } })
    .png()
    .toBuffer();

describe('settings uploads', () => {
  let testApp: TestApp;
  let dataDir: string;
  let ownerHeaders: Headers;
  let strangerHeaders: Headers;
  let adminHeaders: Headers;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-settings-'));
    testApp = await createTestApp({ DATA_DIR: dataDir });
    ({ ownerHeaders, strangerHeaders, adminHeaders } = await buildSettingsCast(
      testApp,
      SLUG,
      OTHER,
    ));
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function upload(
    url: string,
    file: Buffer,
    options: { filename?: string; contentType?: string; headers?: Headers } = {},
  ) {
    const body = multipartBody(file, {
      filename: options.filename ?? 'picture.png',
      contentType: options.contentType ?? 'image/png',
    });
    return testApp.app.inject({
      method: url.includes('/images/') ? 'PUT' : 'POST',
      url,
      headers: { ...(options.headers ?? ownerHeaders), 'content-type': body.contentType },
      payload: body.payload,
    });
  }
  const storedFiles = () =>
    fs.existsSync(path.join(dataDir, 'uploads', 'media'))
      ? fs.readdirSync(path.join(dataDir, 'uploads', 'media'), { recursive: true })
      : [];

  it('resizes an avatar server-side and serves it by an unguessable id', async () => {
    const response = await upload(
      `/api/streamers/${SLUG}/settings/images/avatar`,
      await pngOf(1200, 800),
    );
    expect(response.statusCode).toBe(200);
    const url = streamerSettingsSchema.parse(response.json()).page.avatar_url ?? '';
    expect(url).toMatch(/^\/media\/files\/[0-9a-f-]{36}$/);

    const served = await testApp.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([256, 256]);

    const publicProfile = await testApp.app.inject({
      method: 'GET',
      url: `/api/streamers/${SLUG}`,
    });
    expect(publicProfile.json().avatar_url).toBe(url);
    const [latest] = await auditOf(testApp.app, SLUG, adminHeaders);
    expect(latest).toMatchObject({ field: 'avatar_url', old_value: null, new_value: url });
  });

  it('replaces the old file when a new avatar arrives, and removes it on delete', async () => {
    const before = storedFiles().length;
    const first = (
      await upload(`/api/streamers/${SLUG}/settings/images/avatar`, await pngOf(300, 300))
    ).json().page.avatar_url as string;
    expect(storedFiles()).toHaveLength(before); // one in, one out
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/streamers/${SLUG}/settings/images/avatar`,
      headers: ownerHeaders,
    });
    expect(removed.json().page.avatar_url).toBeNull();
    expect((await testApp.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('keeps a cover image within 1600×900', async () => {
    const response = await upload(
      `/api/streamers/${SLUG}/settings/images/cover`,
      await pngOf(3200, 1000),
    );
    expect(response.statusCode).toBe(200);
    const served = await testApp.app.inject({
      method: 'GET',
      url: response.json().page.cover_image_url,
    });
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([1600, 500]);
  });

  it('refuses a 5 MB avatar with 413', async () => {
    const huge = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const response = await upload(`/api/streamers/${SLUG}/settings/images/avatar`, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(SETTINGS_MESSAGES.imageTooLarge);
  });

  it('refuses a non-image renamed .png, and a file that only starts like a PNG', async () => {
    const text = Buffer.from('just some text pretending to be a picture\n'.repeat(20));
    const renamed = await upload(`/api/streamers/${SLUG}/settings/images/avatar`, text, {
      filename: 'avatar.png',
      contentType: 'image/png',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toEqual({
      code: 'not_an_image',
      message: SETTINGS_MESSAGES.imageNotImage,
    });
    const fake = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(2000, 7)]);
    const corrupt = await upload(`/api/streamers/${SLUG}/settings/images/avatar`, fake);
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().error.message).toBe(SETTINGS_MESSAGES.imageNotImage);
  });

  it('refuses a request without a file part', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/streamers/${SLUG}/settings/images/avatar`,
      headers: { ...ownerHeaders, 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(SETTINGS_MESSAGES.missingFile);
  });

  it('answers a multipart body cut off before its end with the same 400 on every upload route', async () => {
    const before = storedFiles().length;
    const cutOff = (file: Buffer) => {
      const body = multipartBody(file);
      // The closing boundary never arrives: the client went away mid-upload.
      return { ...body, payload: body.payload.subarray(0, body.payload.length - 20) };
    };
    const image = cutOff(await pngOf(64, 64));
    const voice = cutOff(audioFixture('voice-2s.ogg'));
    const answers = [
      await testApp.app.inject({
        method: 'PUT',
        url: `/api/streamers/${SLUG}/settings/images/avatar`,
        headers: { ...ownerHeaders, 'content-type': image.contentType },
        payload: image.payload,
      }),
      await testApp.app.inject({
        method: 'POST',
        url: `/api/streamers/${SLUG}/settings/alert-media/sound`,
        headers: { ...ownerHeaders, 'content-type': voice.contentType },
        payload: voice.payload,
      }),
      await testApp.app.inject({
        method: 'POST',
        url: '/api/uploads/voice',
        headers: { 'content-type': voice.contentType },
        payload: voice.payload,
        remoteAddress: randomTestIp(),
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toEqual({
        code: 'malformed_multipart',
        message: UPLOAD_MESSAGES.malformed,
      });
    }
    expect(storedFiles()).toHaveLength(before);
  });

  it('keeps other streamers and anonymous callers from uploading', async () => {
    const png = await pngOf(100, 100);
    const url = `/api/streamers/${SLUG}/settings/images/avatar`;
    expect((await upload(url, png, { headers: strangerHeaders })).statusCode).toBe(403);
    expect((await upload(url, png, { headers: {} })).statusCode).toBe(401);
    expect((await upload(url, png, { headers: adminHeaders })).statusCode).toBe(200);
  });

  describe('alert media', () => {
    const soundUrl = `/api/streamers/${SLUG}/settings/alert-media/sound`;
    const imageUrl = `/api/streamers/${SLUG}/settings/alert-media/image`;

    it('accepts an mp3 and an ogg by their bytes, and a GIF', async () => {
      for (const [fixture, type] of [
        ['voice-2s.mp3', 'audio/mpeg'],
        ['voice-2s.ogg', 'audio/ogg'],
      ] as const) {
        const response = await upload(soundUrl, audioFixture(fixture), {
          filename: 'sound.bin',
          contentType: 'application/octet-stream',
        });
        expect(response.statusCode).toBe(201);
        alertMediaSchema.parse(response.json());
        expect(response.json()).toMatchObject({ kind: 'alert_sound', content_type: type });
        const served = await testApp.app.inject({ method: 'GET', url: response.json().url });
        expect(served.headers['content-type']).toBe(type);
      }
      const gif = await sharp({
        create: { width: 900, height: 300, channels: 4, background: '#00ff00' },
      })
        .gif()
        .toBuffer();
      const image = await upload(imageUrl, gif, {
        filename: 'party.gif',
        contentType: 'image/gif',
      });
      expect(image.statusCode).toBe(201);
      expect(image.json()).toMatchObject({ kind: 'alert_image', content_type: 'image/webp' });
    });

    it('refuses sounds over 1 MB, webm and pictures posing as sounds', async () => {
      const big = Buffer.concat([audioFixture('voice-2s.mp3'), Buffer.alloc(1024 * 1024)]);
      const tooBig = await upload(soundUrl, big, {
        filename: 'big.mp3',
        contentType: 'audio/mpeg',
      });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().error.message).toBe(SETTINGS_MESSAGES.soundTooLarge);
      for (const file of [audioFixture('voice-3s-chrome.webm'), await pngOf(10, 10)]) {
        const response = await upload(soundUrl, file, {
          filename: 'x.mp3',
          contentType: 'audio/mpeg',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toBe(SETTINGS_MESSAGES.soundNotAudio);
      }
    });

    it('lets a variation use the streamer’s own uploads only, and keeps used files', async () => {
      const sound = (await upload(soundUrl, audioFixture('voice-2s.mp3'))).json();
      const image = (await upload(imageUrl, await pngOf(64, 64))).json();
      const variation = {
        id: 'with-media',
        donation_type: 'voice',
        min_amount_paise: 0,
        duration_ms: null,
        sound: { kind: 'upload', media_id: sound.id },
        image_media_id: image.id,
        template: '{name} sent a voice note',
        sound_min_amount_paise: 0,
      };
      const saved = await patchSettings(
        testApp.app,
        SLUG,
        { alerts: { variations: [variation] } },
        ownerHeaders,
      );
      expect(saved.statusCode).toBe(200);
      expect(
        streamerSettingsSchema.parse(saved.json()).alert_media.map((media) => media.id),
      ).toEqual(expect.arrayContaining([sound.id, image.id]));

      // Another streamer cannot point at these files.
      const foreign = await patchSettings(
        testApp.app,
        OTHER,
        { alerts: { variations: [variation] } },
        strangerHeaders,
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.message).toBe(SETTINGS_MESSAGES.mediaUnknown);

      const inUse = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/streamers/${SLUG}/settings/alert-media/${sound.id}`,
        headers: ownerHeaders,
      });
      expect(inUse.statusCode).toBe(409);
      await patchSettings(testApp.app, SLUG, { alerts: { variations: [] } }, ownerHeaders);
      const deleted = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/streamers/${SLUG}/settings/alert-media/${sound.id}`,
        headers: ownerHeaders,
      });
      expect(deleted.statusCode).toBe(204);
      expect((await testApp.app.inject({ method: 'GET', url: sound.url })).statusCode).toBe(404);
    });
  });

  it('sniffs formats by their first bytes', () => {
    expect(sniffImage(Buffer.from('GIF89a......'))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffSound(Buffer.from('OggS\0\x02 not audio at all'))).toBeNull();
    expect(sniffSound(audioFixture('voice-2s-plain.mp3'))?.extension).toBe('mp3');
  });
});
