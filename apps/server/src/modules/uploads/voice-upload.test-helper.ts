import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { randomTestIp } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/audio');

/** A committed audio fixture (see test/fixtures/audio/README.md for how each was made). */
export function audioFixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartBody(
  file: Buffer,
  { filename = 'voice-message.webm', contentType = 'audio/webm', field = 'file' } = {},
) {
  const boundary = `----shabaash${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads bytes to POST /api/uploads/voice from a fresh address (no rate limit in the way). */
export function uploadVoice(
  app: FastifyInstance,
  file: Buffer,
  options: { filename?: string; contentType?: string; field?: string; ip?: string } = {},
) {
  const body = multipartBody(file, options);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/voice',
    headers: { 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: options.ip ?? randomTestIp(),
  });
}

/** Uploads a fixture that must be accepted; returns its upload id. */
export async function uploadFixture(app: FastifyInstance, name = 'voice-3s-chrome.webm') {
  const response = await uploadVoice(app, audioFixture(name));
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().upload_id as string;
}
