import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VOICE_LIMITS } from '@shabaash/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceUploads } from '../../src/db/schema.ts';
import {
  audioFixture,
  multipartBody,
  uploadVoice,
} from '../../src/modules/uploads/voice-upload.test-helper.ts';
import { randomTestIp } from '../factories.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { brokenJsonBody, countRows, expectRefusal, FEW_RUNS, RUNS } from './hostile-input.ts';

const URL = '/api/uploads/voice';
const FIXTURES = ['voice-3s-chrome.webm', 'voice-2s.ogg', 'voice-2s.m4a', 'voice-2s.mp3'];

/** Every file under a folder, however deep: voice files must appear only with their row. */
function filesUnder(folder: string): number {
  if (!fs.existsSync(folder)) return 0;
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile()).length;
}

/** Names and declared types a client may claim for its file; the server trusts neither. */
const claimedFile = fc.record({
  filename: fc.constantFrom(
    'voice-message.webm',
    '../../etc/passwd',
    'voice\u202egpj.exe',
    'voice\u0000.webm',
    '🎤.ogg',
    '',
  ),
  contentType: fc.constantFrom(
    'audio/webm',
    'audio/ogg',
    'text/html',
    'image/svg+xml',
    'application/octet-stream',
  ),
});

describe('POST /api/uploads/voice under hostile input', () => {
  let testApp: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-hostile-voice-'));
    testApp = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = async () => ({
    ...(await countRows(testApp.database.db, { voiceUploads })),
    files: filesUnder(dataDir),
  });
  const send = (payload: string | Buffer, contentType: string) =>
    testApp.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': contentType },
      payload,
      // Ten uploads a minute per address: every case is a new visitor.
      remoteAddress: randomTestIp(),
    });

  it('refuses random bytes as a recording, whatever name and type they claim, storing nothing', async () => {
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), claimedFile, async (bytes, claimed) => {
        const response = await uploadVoice(testApp.app, Buffer.from(bytes), claimed);
        expectRefusal(response, [400]);
      }),
      RUNS,
    );
    expect(await stored()).toEqual(before);
  });

  it('never fails on a cut or corrupted recording: a row and a file exactly when accepted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIXTURES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
        async (fixture, keep, corruptions) => {
          const original = audioFixture(fixture);
          const bytes = Buffer.from(original.subarray(0, Math.floor(original.length * keep)));
          for (const [at, value] of corruptions) {
            if (bytes.length > 0) bytes[at % bytes.length] = value;
          }
          const before = await stored();
          const response = await uploadVoice(testApp.app, bytes);
          const after = await stored();
          if (response.statusCode === 201) {
            expect(after).toEqual({
              voiceUploads: before.voiceUploads + 1,
              files: before.files + 1,
            });
          } else {
            expectRefusal(response, [400]);
            expect(after).toEqual(before);
          }
        },
      ),
      FEW_RUNS,
    );
  });

  it('refuses a body that is not multipart with a file part, in the error shape', async () => {
    const before = await stored();
    const recording = audioFixture('voice-2s.ogg');
    const cases: Array<[string | Buffer, string]> = [
      [JSON.stringify({ file: recording.toString('base64') }), 'application/json'],
      ['file=abc', 'application/x-www-form-urlencoded'],
      [recording, 'audio/ogg'],
      [recording, 'application/octet-stream'],
      [recording.toString('latin1'), 'text/plain'],
      [recording, 'multipart/form-data'],
      [recording, 'multipart/form-data; boundary=nothing-like-this'],
      [
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
        'multipart/form-data; boundary=x',
      ],
      ['--x--\r\n', 'multipart/form-data; boundary=x'],
      ['', 'multipart/form-data; boundary=x'],
      [multipartBody(recording, { field: 'audio' }).payload, multipartBody(recording).contentType],
    ];
    for (const [payload, contentType] of cases) {
      expectRefusal(await send(payload, contentType), [400, 415]);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses malformed multipart bodies in the error shape, storing nothing', async () => {
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(brokenJsonBody, fc.string({ unit: 'binary', maxLength: 400 })),
        async (garbage) => {
          expectRefusal(
            await send(`--x\r\n${garbage}`, 'multipart/form-data; boundary=x'),
            [400, 413],
          );
        },
      ),
      RUNS,
    );
    expect(await stored()).toEqual(before);
  });

  it('answers 413 in the error shape past the 10 MB bound, and to a large non-multipart body', async () => {
    const before = await stored();
    const recording = audioFixture('voice-3s-chrome.webm');
    const justOver = Buffer.concat([
      recording,
      Buffer.alloc(VOICE_LIMITS.maxBytes - recording.length + 1),
    ]);
    const tooLarge = expectRefusal(await uploadVoice(testApp.app, justOver), [413]);
    expect(tooLarge.code).toBe('file_too_large');
    const json = JSON.stringify({ file: 'x'.repeat(128 * 1024) });
    expectRefusal(await send(json, 'application/json'), [413]);
    expect(await stored()).toEqual(before);
  });

  it('still accepts a real recording after all that', async () => {
    const response = await uploadVoice(testApp.app, audioFixture('voice-2s.ogg'));
    expect(response.statusCode, response.body).toBe(201);
  });
});
