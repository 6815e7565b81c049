import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3-server.test-helper.ts';
import { regionFromEndpoint, S3FileStorage } from './s3-storage.ts';

describe('S3FileStorage (against a signature-checking fake S3)', () => {
  let fake: FakeS3;
  let storage: S3FileStorage;

  beforeAll(async () => {
    fake = await startFakeS3();
    storage = new S3FileStorage({
      endpoint: fake.url,
      bucket: fake.bucket,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
    });
  });
  afterAll(() => fake.close());

  it('puts, stats, gets (whole and by range) and deletes with path-style signed requests', async () => {
    await storage.put('voice/a.webm', Buffer.from('0123456789'), { contentType: 'audio/webm' });
    expect(fake.objects.get('voice/a.webm')).toEqual({
      body: Buffer.from('0123456789'),
      contentType: 'audio/webm',
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/voices/voice/a.webm' });

    expect(await storage.stat('voice/a.webm')).toEqual({ size: 10 });
    const whole = await storage.get('voice/a.webm');
    expect(whole && (await text(whole))).toBe('0123456789');
    const part = await storage.get('voice/a.webm', { start: 3, end: 6 });
    expect(part && (await text(part))).toBe('3456');
    expect(fake.requests.at(-1)?.headers.range).toBe('bytes=3-6');

    await storage.delete('voice/a.webm');
    expect(fake.objects.has('voice/a.webm')).toBe(false);
    expect(await storage.get('voice/a.webm')).toBeNull();
    expect(await storage.stat('voice/a.webm')).toBeNull();
    await storage.delete('voice/a.webm');
  });

  it('reports a refused signature as an error naming the call', async () => {
    const wrong = new S3FileStorage({
      endpoint: fake.url,
      bucket: fake.bucket,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    await expect(
      wrong.put('voice/b.webm', Buffer.from('x'), { contentType: 'audio/webm' }),
    ).rejects.toThrow(/S3 PUT voice\/b\.webm failed with HTTP 403: .*SignatureDoesNotMatch/);
  });

  it('reads the region from AWS host names, and uses us-east-1 elsewhere', () => {
    expect(regionFromEndpoint('s3.ap-south-1.amazonaws.com')).toBe('ap-south-1');
    expect(regionFromEndpoint('bucket.s3-eu-west-1.amazonaws.com')).toBe('eu-west-1');
    expect(regionFromEndpoint('abc.r2.cloudflarestorage.com')).toBe('us-east-1');
  });
});
