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

  it('lists a prefix page by page with continuation tokens, keys of any characters included', async () => {
    const keys = ['list/a.webm', 'list/b c.webm', 'list/namasté.webm', 'list/x&y<z>.webm'];
    for (const [index, key] of keys.entries()) {
      // Keys with spaces or accents cannot be put through our API: the bucket may hold them.
      fake.objects.set(key, { body: Buffer.alloc(index + 1), contentType: 'audio/webm' });
    }
    fake.objects.set('listed-not/a.webm', { body: Buffer.from('x'), contentType: 'audio/webm' });
    const before = fake.requests.length;

    const listed = await storage.list('list/', { pageSize: 3 });
    expect(listed).toEqual(keys.map((key, index) => ({ key, size: index + 1 })));
    const listings = fake.requests.slice(before);
    expect(listings).toHaveLength(2);
    expect(listings[0]?.path).toContain('max-keys=3');
    expect(listings[0]?.path).not.toContain('continuation-token');
    expect(listings[1]?.path).toContain('continuation-token=');

    expect(await storage.list('list/', { pageSize: 2 })).toHaveLength(4); // two full pages
    expect(await storage.list('nothing-here/')).toEqual([]);
    for (const key of [...keys, 'listed-not/a.webm']) fake.objects.delete(key);
  });

  it('copies inside the bucket with an encoded x-amz-copy-source, never downloading', async () => {
    const source = 'voice/namasté tip+1.webm';
    fake.objects.set(source, { body: Buffer.from('voice bytes'), contentType: 'audio/webm' });
    const before = fake.requests.length;

    expect(await storage.copy(source, `backups/day.uploads/${source}`)).toBe(true);
    expect(fake.objects.get(`backups/day.uploads/${source}`)).toEqual({
      body: Buffer.from('voice bytes'),
      contentType: 'audio/webm',
    });
    const [request, ...others] = fake.requests.slice(before);
    expect(others).toEqual([]);
    expect(request).toMatchObject({
      method: 'PUT',
      path: '/voices/backups/day.uploads/voice/namast%C3%A9%20tip%2B1.webm',
    });
    expect(request?.headers['x-amz-copy-source']).toBe('voices/voice/namast%C3%A9%20tip%2B1.webm');

    expect(await storage.deleteUnder('backups/day.uploads/')).toBe(1);
    expect(fake.objects.has(`backups/day.uploads/${source}`)).toBe(false);
    expect(fake.objects.has(source)).toBe(true);
    fake.objects.delete(source);
  });

  it('reports a missing copy source as false and refuses keys a path cannot name', async () => {
    expect(await storage.copy('voice/gone.webm', 'backups/day.uploads/voice/gone.webm')).toBe(
      false,
    );
    expect(fake.objects.has('backups/day.uploads/voice/gone.webm')).toBe(false);
    await expect(storage.copy('voice/../secret', 'backups/x')).rejects.toThrow(
      /cannot be addressed/,
    );
    await expect(storage.deleteUnder('')).rejects.toThrow(/needs a prefix/);
  });

  it('fails a copy that S3 answers 200 with an error in the body', async () => {
    // S3 documents this: a copy can fail after the 200 status has gone out.
    const failing = new S3FileStorage({
      endpoint: fake.url,
      bucket: fake.bucket,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
      fetch: async () =>
        new Response('<Error><Code>InternalError</Code></Error>', {
          status: 200,
          headers: { 'content-type': 'application/xml' },
        }),
    });
    await expect(failing.copy('voice/a.webm', 'backups/a.webm')).rejects.toThrow(
      /S3 COPY voice\/a\.webm to backups\/a\.webm failed with HTTP 200: .*InternalError/,
    );
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
    await expect(wrong.list('voice/')).rejects.toThrow(
      /S3 LIST voice\/ failed with HTTP 403: .*SignatureDoesNotMatch/,
    );
  });

  it('reads the region from AWS host names, and uses us-east-1 elsewhere', () => {
    expect(regionFromEndpoint('s3.ap-south-1.amazonaws.com')).toBe('ap-south-1');
    expect(regionFromEndpoint('bucket.s3-eu-west-1.amazonaws.com')).toBe('eu-west-1');
    expect(regionFromEndpoint('abc.r2.cloudflarestorage.com')).toBe('us-east-1');
  });
});
