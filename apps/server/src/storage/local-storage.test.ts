import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createFileStorage } from './create-file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('LocalFileStorage', () => {
  const storage = new LocalFileStorage(path.join(root, 'uploads'));

  it('creates its folder on the first write and reads whole files and ranges', async () => {
    await storage.put('voice/a.webm', Buffer.from('0123456789'), { contentType: 'audio/webm' });
    expect(fs.readFileSync(path.join(root, 'uploads/voice/a.webm'), 'utf8')).toBe('0123456789');
    expect(await storage.stat('voice/a.webm')).toEqual({ size: 10 });
    const whole = await storage.get('voice/a.webm');
    expect(whole && (await text(whole))).toBe('0123456789');
    const part = await storage.get('voice/a.webm', { start: 2, end: 5 });
    expect(part && (await text(part))).toBe('2345');
    // Nothing is left half-written beside the file.
    expect(fs.readdirSync(path.join(root, 'uploads/voice'))).toEqual(['a.webm']);
  });

  it('answers null for missing files and deletes idempotently', async () => {
    expect(await storage.get('voice/missing.webm')).toBeNull();
    expect(await storage.stat('voice/missing.webm')).toBeNull();
    await storage.put('voice/b.webm', Buffer.from('x'), { contentType: 'audio/webm' });
    await storage.delete('voice/b.webm');
    await storage.delete('voice/b.webm');
    expect(await storage.stat('voice/b.webm')).toBeNull();
  });

  it.each(['../escape', '/etc/passwd', 'voice/../../x', 'voice\\x', '', 'voice//x', '.hidden'])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'x' })).rejects.toThrow(
        /unsafe storage key/,
      );
    },
  );
});

describe('createFileStorage', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: root, ...env });

  it('uses DATA_DIR/uploads by default, S3 when all four S3 variables are set', () => {
    expect(createFileStorage(config({}))).toBeInstanceOf(LocalFileStorage);
    expect(
      createFileStorage(
        config({
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_BUCKET: 'voices',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
        }),
      ),
    ).toBeInstanceOf(S3FileStorage);
  });

  it('stops on a half-configured S3, naming what is missing', () => {
    expect(() =>
      createFileStorage(config({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'voices' })),
    ).toThrow('S3 storage needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to be set as well');
  });
});
