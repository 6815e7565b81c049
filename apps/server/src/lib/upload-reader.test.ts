import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { UPLOAD_MESSAGES } from '@shabaash/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../modules/uploads/voice-upload.test-helper.ts';
import { AppError } from '../errors.ts';
import { UploadReader } from './upload-reader.ts';

/** The reader on a bare Fastify app: one route that answers the size it received. */
describe('UploadReader', () => {
  let app: FastifyInstance;
  let spoolDir: string;
  let reader: UploadReader;

  beforeAll(async () => {
    spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-spool-'));
    reader = new UploadReader(spoolDir, { perAddress: 5, total: 2 });
    app = Fastify();
    await app.register(fastifyMultipart);
    app.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof AppError)) return reply.status(500).send({ error: 'internal' });
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: error.message } });
    });
    const rules = {
      maxBytes: 1024,
      tooLarge: () => new AppError(413, 'file_too_large', 'Too large.'),
      missingFile: 'No file.',
    };
    app.post('/upload', (request, reply) =>
      reader.receive(request, reply, rules, async (file) => {
        if ((await file.read()).toString() === 'fail') throw new Error('checking failed');
        return { size: file.sizeBytes };
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });

  const send = (payload: Buffer | PassThrough, contentType: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': contentType },
      payload,
      remoteAddress,
    });

  it('refuses an upload past the instance-wide cap with 503, from any address', async () => {
    const body = multipartBody(Buffer.from('a small file'));
    // The part's headers and the file's first bytes arrive; the rest is held back.
    const split = body.payload.indexOf('a small file') + 'a small'.length;
    const streams = [new PassThrough(), new PassThrough()];
    const running = streams.map((stream, index) => {
      stream.write(body.payload.subarray(0, split));
      return send(stream, body.contentType, `10.9.0.${index + 1}`);
    });
    await vi.waitFor(() => expect(fs.readdirSync(spoolDir)).toHaveLength(2), {
      timeout: 10_000,
    });

    const refused = await send(body.payload, body.contentType, '10.9.0.3');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toEqual({
      code: 'uploads_busy',
      message: UPLOAD_MESSAGES.serverBusy,
    });

    for (const stream of streams) stream.end(body.payload.subarray(split));
    for (const response of await Promise.all(running)) {
      expect(response.json()).toEqual({ size: 'a small file'.length });
    }
    expect((await send(body.payload, body.contentType, '10.9.0.3')).statusCode).toBe(200);
  });

  it('deletes the temporary file whatever the check does with it', async () => {
    const body = multipartBody(Buffer.from('fail'));
    expect((await send(body.payload, body.contentType, '10.9.1.1')).statusCode).toBe(500);
    expect(fs.readdirSync(spoolDir)).toEqual([]);
  });

  it('cuts a file off at the limit with 413 and keeps nothing of it', async () => {
    const body = multipartBody(Buffer.alloc(1025, 1));
    const response = await send(body.payload, body.contentType, '10.9.1.2');
    expect(response.statusCode).toBe(413);
    expect(fs.readdirSync(spoolDir)).toEqual([]);
  });

  it('removes files a crashed instance left behind, and only old ones', async () => {
    const old = path.join(spoolDir, 'old.part');
    const fresh = path.join(spoolDir, 'fresh.part');
    fs.writeFileSync(old, 'left by a crash');
    fs.writeFileSync(fresh, 'still arriving');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    await reader.removeLeftovers();
    expect(fs.readdirSync(spoolDir)).toEqual(['fresh.part']);
    fs.rmSync(fresh);
  });
});
