import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { UPLOAD_MESSAGES, VOICE_MESSAGES } from '@shabaash/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { voiceUploads } from '../../db/schema.ts';
import { spoolDirOf, UPLOADS_IN_PROGRESS_PER_ADDRESS } from '../../lib/upload-reader.ts';
import { randomTestIp } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  audioFixture,
  multipartBody,
  uploadFixture,
  uploadVoice,
} from './voice-upload.test-helper.ts';

describe('POST /api/uploads/voice', () => {
  let testApp: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-uploads-'));
    // A small cap on unclaimed uploads: the tests here store well under 1 MB of recordings.
    testApp = await createTestApp({ DATA_DIR: dataDir, UNCLAIMED_UPLOADS_MAX_MB: '5' });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rowOf = async (id: string) =>
    (await testApp.database.db.select().from(voiceUploads).where(eq(voiceUploads.id, id)))[0];
  const countUploads = async () => (await testApp.database.db.select().from(voiceUploads)).length;

  it.each([
    ['voice-3s-chrome.webm', 'audio/webm', 'webm', 3000],
    ['voice-2s.ogg', 'audio/ogg', 'ogg', 2000],
    ['voice-2s.m4a', 'audio/mp4', 'm4a', 2046],
    ['voice-2s-fragmented.m4a', 'audio/mp4', 'm4a', 2046],
    ['voice-2s.mp3', 'audio/mpeg', 'mp3', 2064],
  ])('accepts %s as %s and answers its duration', async (name, contentType, extension, ms) => {
    const data = audioFixture(name);
    const response = await uploadVoice(testApp.app, data);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ upload_id: expect.any(String), duration_ms: ms });
    const row = await rowOf(body.upload_id);
    expect(row).toMatchObject({
      contentType,
      sizeBytes: data.length,
      durationMs: ms,
      orderId: null,
      donationId: null,
      storageKey: `voice/${body.upload_id}.${extension}`,
    });
    const stored = path.join(dataDir, 'uploads', 'voice', `${body.upload_id}.${extension}`);
    expect(fs.readFileSync(stored).equals(data)).toBe(true);
  });

  it('judges the content, not the name or the declared type', async () => {
    const response = await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'), {
      filename: 'clip.webm',
      contentType: 'audio/webm',
    });
    expect(response.statusCode).toBe(201);
    expect((await rowOf(response.json().upload_id))?.contentType).toBe('audio/ogg');
  });

  it.each([
    ['a text file renamed .webm', Buffer.from('Not a recording.\n'.repeat(100)), 'x.webm'],
    ['an empty file', Buffer.alloc(0), 'voice-message.webm'],
    ['a WebM header with its body cut off', audioFixture('voice-3s-chrome.webm').subarray(0, 40)],
  ])('refuses %s with a clear 400', async (_label, data, filename = 'clip.webm') => {
    const before = await countUploads();
    const response = await uploadVoice(testApp.app, data, { filename });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'unsupported_audio',
      message: 'This file is not a supported audio recording.',
    });
    expect(await countUploads()).toBe(before);
  });

  it.each([
    ['a 61 s clip', 'voice-61s-chrome.webm', 'voice_too_long', VOICE_MESSAGES.tooLong],
    ['a 0 s clip', 'voice-0s.webm', 'voice_too_short', VOICE_MESSAGES.tooShort],
    ['a half-second clip', 'voice-0.5s.ogg', 'voice_too_short', VOICE_MESSAGES.tooShort],
  ])('refuses %s', async (_label, fixture, code, message) => {
    const before = await countUploads();
    const response = await uploadVoice(testApp.app, audioFixture(fixture));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code, message });
    expect(message).toMatch(/^Voice messages (can be at most 60|must be at least 1) seconds? /);
    expect(await countUploads()).toBe(before);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'voice'))).toHaveLength(before);
  });

  it('refuses a 12 MB file with 413 from its declared length, before parsing it', async () => {
    const response = await uploadVoice(
      testApp.app,
      Buffer.concat([audioFixture('voice-3s-chrome.webm'), Buffer.alloc(12 * 1024 * 1024)]),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'file_too_large',
      message: 'Voice files can be at most 10 MB.',
    });
  });

  it('answers a declared 100 MB upload at once and hangs up without reading it', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/voice',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(100 * 1024 * 1024),
      },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
  });

  it('lets a browser sending 12 MB over a real socket see the 413', async () => {
    const body = multipartBody(Buffer.alloc(12 * 1024 * 1024, 1));
    const outcome = await sendOverSocket(body, { chunked: false });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.text).error.message).toBe('Voice files can be at most 10 MB.');
  });

  it('cuts off an endless streamed upload (no length) instead of reading it all', async () => {
    const body = multipartBody(Buffer.alloc(64 * 1024 * 1024, 1));
    const outcome = await sendOverSocket(body, { chunked: true });
    // Past 10 MB kept and 20 MB dropped the server answers 413 and hangs up; the client sees
    // the answer or, still sending, a closed connection. Either way it never got 64 MB in.
    if (outcome.status !== null) expect(outcome.status).toBe(413);
    else expect(outcome.error).toMatch(/EPIPE|ECONNRESET/);
    expect(outcome.sent).toBeLessThan(48 * 1024 * 1024);
  });

  it('refuses a 2 s MP3 padded with 9 MB of junk: far more bytes than 2 s of audio can take', async () => {
    const before = await countUploads();
    const padded = Buffer.concat([
      audioFixture('voice-2s.mp3'),
      Buffer.alloc(9 * 1024 * 1024, 0x55),
    ]);
    const response = await uploadVoice(testApp.app, padded);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'voice_too_large_for_duration',
      message: VOICE_MESSAGES.tooLargeForDuration,
    });
    expect(await countUploads()).toBe(before);
    // A little trailing padding, as some encoders leave, is still fine.
    const tidy = Buffer.concat([audioFixture('voice-2s.ogg'), Buffer.alloc(16 * 1024)]);
    expect((await uploadVoice(testApp.app, tidy)).statusCode).toBe(201);
  });

  it('writes uploads to disk as they arrive and refuses one too many from an address unread', async () => {
    const ip = randomTestIp();
    const body = multipartBody(audioFixture('voice-2s.ogg'));
    const half = Math.floor(body.payload.length / 2);
    const streams = Array.from({ length: UPLOADS_IN_PROGRESS_PER_ADDRESS }, () => {
      const stream = new PassThrough();
      stream.write(body.payload.subarray(0, half));
      return stream;
    });
    const uploads = streams.map((stream) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/uploads/voice',
        headers: { 'content-type': body.contentType },
        payload: stream,
        remoteAddress: ip,
      }),
    );
    // Half of every body has arrived: each is already a file on disk, not a buffer in memory.
    const spooled = () => {
      const folder = spoolDirOf(dataDir);
      if (!fs.existsSync(folder)) return [];
      return fs.readdirSync(folder).map((name) => fs.statSync(path.join(folder, name)).size);
    };
    await vi.waitFor(() => {
      const sizes = spooled();
      expect(sizes).toHaveLength(UPLOADS_IN_PROGRESS_PER_ADDRESS);
      for (const size of sizes) expect(size).toBeGreaterThan(0);
    }, 10_000);

    // One more from the same address is refused before its body is read; another address is not.
    const before = await countUploads();
    const refused = await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'uploads_in_progress',
      message: UPLOAD_MESSAGES.tooManyInProgress,
    });
    expect(await countUploads()).toBe(before);
    expect((await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'))).statusCode).toBe(201);

    for (const stream of streams) stream.end(body.payload.subarray(half));
    for (const response of await Promise.all(uploads)) expect(response.statusCode).toBe(201);
    expect(spooled()).toEqual([]);
    // Finished uploads free their places.
    const next = await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'), { ip });
    expect(next.statusCode).toBe(201);
  });

  it('refuses new uploads with 503 while unclaimed uploads fill UNCLAIMED_UPLOADS_MAX_MB', async () => {
    const db = testApp.database.db;
    const fiveMb = 5 * 1024 * 1024;
    const row = (name: string, donationId: string | null) => ({
      storageKey: `voice/${name}.webm`,
      contentType: 'audio/webm',
      sizeBytes: fiveMb,
      durationMs: 60_000,
      donationId,
    });
    // A paid donation's voice message is claimed: it does not count against the cap.
    const [claimed] = await db
      .insert(voiceUploads)
      .values(row('claimed-big', crypto.randomUUID()))
      .returning();
    expect((await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'))).statusCode).toBe(201);

    const [unclaimed] = await db
      .insert(voiceUploads)
      .values(row('unclaimed-big', null))
      .returning();
    const before = await countUploads();
    const refused = await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'));
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toEqual({
      code: 'uploads_full',
      message: VOICE_MESSAGES.uploadsFull,
    });
    expect(await countUploads()).toBe(before);

    const inserted = [claimed?.id ?? '', unclaimed?.id ?? ''];
    await db.delete(voiceUploads).where(inArray(voiceUploads.id, inserted));
    expect((await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'))).statusCode).toBe(201);
  });

  /**
   * Sends a multipart body over a real connection in 64 KB pieces, as a slow client would;
   * resolves with the answer (or the connection error) and how much had been sent by then.
   */
  async function sendOverSocket(
    body: { payload: Buffer; contentType: string },
    { chunked }: { chunked: boolean },
  ) {
    const address = await listening();
    return new Promise<{ status: number | null; text: string; error: string; sent: number }>(
      (resolve) => {
        let sent = 0;
        let settled = false;
        const settle = (outcome: { status: number | null; text: string; error: string }) => {
          if (settled) return;
          settled = true;
          resolve({ ...outcome, sent });
        };
        const request = http.request(`${address}/api/uploads/voice`, {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': body.contentType,
            ...(chunked
              ? { 'transfer-encoding': 'chunked' }
              : { 'content-length': String(body.payload.length) }),
          },
        });
        request.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => settle({ status: response.statusCode ?? 0, text, error: '' }));
        });
        request.on('error', (error: NodeJS.ErrnoException) =>
          settle({ status: null, text: '', error: error.code ?? error.message }),
        );
        const piece = 64 * 1024;
        const pump = () => {
          while (sent < body.payload.length && !request.destroyed) {
            const chunk = body.payload.subarray(sent, sent + piece);
            sent += chunk.length;
            if (!request.write(chunk)) return void request.once('drain', pump);
          }
          request.end();
        };
        pump();
      },
    );
  }

  let address: string | null = null;
  async function listening(): Promise<string> {
    address ??= await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  }

  it('asks for the file when the request is not multipart or names another field', async () => {
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/voice',
      payload: { file: 'base64…' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toEqual({
      code: 'missing_file',
      message: VOICE_MESSAGES.missingFile,
    });
    const wrongField = await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'), {
      field: 'audio',
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.code).toBe('missing_file');
  });

  it('limits uploads per address', async () => {
    const ip = '10.200.0.1';
    const data = audioFixture('voice-2s.ogg');
    for (let index = 0; index < 10; index += 1) {
      expect((await uploadVoice(testApp.app, data, { ip })).statusCode).toBe(201);
    }
    const limited = await uploadVoice(testApp.app, data, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limited',
      message: VOICE_MESSAGES.tooManyUploads,
    });
    expect((await uploadVoice(testApp.app, data, { ip: '10.200.0.2' })).statusCode).toBe(201);
  });

  it('does not serve an upload that no paid donation owns yet', async () => {
    const uploadId = await uploadFixture(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: `/media/voice/${uploadId}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('voice_not_found');
    for (const url of ['/media/voice/not-a-uuid', '/media/voice/../../etc/passwd']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
