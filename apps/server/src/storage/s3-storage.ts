import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { assertSafeKey, type ByteRange, type FileStorage } from './file-storage.ts';
import { EMPTY_PAYLOAD_SHA256, encodeRfc3986, sha256Hex, signRequest } from './sigv4.ts';

/** An object found by `list`: its key and its size in bytes. */
export type StoredObject = { key: string; size: number };

export type S3Options = {
  /** e.g. https://s3.ap-south-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Defaults to the region in an AWS endpoint's host name, else us-east-1. */
  region?: string;
  fetch?: typeof fetch;
};

/**
 * How long we wait for the store to start answering: an upload's answer comes after its body
 * (up to 10 MB) has gone out; a download's body may take longer than this once it has begun.
 */
const RESPONSE_TIMEOUT_MS = { upload: 60_000, other: 15_000 };

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, Backblaze B2…), by path-style
 * requests (`<endpoint>/<bucket>/<key>`) signed with SigV4: path style works with every one of
 * them, custom endpoints included, without DNS per bucket.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  private readonly endpoint: URL;
  private readonly region: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: S3Options) {
    this.endpoint = new URL(options.endpoint);
    this.region = options.region ?? regionFromEndpoint(this.endpoint.hostname);
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async put(key: string, body: Buffer, { contentType }: { contentType: string }): Promise<void> {
    assertSafeKey(key);
    const response = await this.send('PUT', this.objectPath(key), {
      headers: { 'content-type': contentType },
      body,
    });
    await expectOk(response, 'PUT', key);
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    assertSafeKey(key);
    const headers: Record<string, string> = {};
    if (range) headers.range = `bytes=${range.start}-${range.end}`;
    const response = await this.send('GET', this.objectPath(key), { headers });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    await expectOk(response, 'GET', key);
    if (!response.body) return Readable.from([]);
    // fetch's body is a web ReadableStream; node:stream/web names the same class.
    return Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    const response = await this.send('HEAD', this.objectPath(key), {});
    if (response.status === 404) return null;
    await expectOk(response, 'HEAD', key);
    return { size: Number(response.headers.get('content-length') ?? 0) };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.deleteObject(key);
  }

  /**
   * Every object whose key starts with `prefix`, in key order (ListObjectsV2, one request per
   * page of at most `pageSize` keys, 1000 by S3's default). Keys are the bucket's own, so they
   * may hold characters our keys never do (spaces, accents): copy and deleteUnder accept them.
   */
  async list(prefix: string, { pageSize }: { pageSize?: number } = {}): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let continuationToken: string | null = null;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix };
      if (pageSize) query['max-keys'] = String(pageSize);
      if (continuationToken) query['continuation-token'] = continuationToken;
      const response = await this.send('GET', this.bucketPath(), { query });
      await expectOk(response, 'LIST', prefix);
      const page = parseListPage(await response.text());
      objects.push(...page.objects);
      continuationToken = page.nextContinuationToken;
    } while (continuationToken);
    return objects;
  }

  /**
   * Copies an object inside the bucket without downloading it (CopyObject): true when copied,
   * false when there is no object `from` (deleted since it was listed).
   */
  async copy(from: string, to: string): Promise<boolean> {
    assertAddressableKey(from);
    assertAddressableKey(to);
    const response = await this.send('PUT', this.objectPath(to), {
      // The source is URL-encoded like a request path: S3 decodes it once.
      headers: { 'x-amz-copy-source': `${encodeRfc3986(this.options.bucket)}/${encodeKey(from)}` },
    });
    const detail = await response.text().catch(() => '');
    if (response.status === 404 && xmlText(detail, 'Code') === 'NoSuchKey') return false;
    // S3 may answer 200 and still fail a copy: the error is then in the body instead.
    if (!response.ok || !detail.includes('<CopyObjectResult')) {
      throw new Error(
        `S3 COPY ${from} to ${to} failed with HTTP ${response.status}: ${detail.slice(0, 300)}`,
      );
    }
    return true;
  }

  /** Deletes every object whose key starts with `prefix`; returns how many there were. */
  async deleteUnder(prefix: string): Promise<number> {
    // An empty prefix would empty the whole bucket: never what a caller means.
    if (prefix === '') throw new Error('S3 deleteUnder needs a prefix');
    const objects = await this.list(prefix);
    for (const { key } of objects) await this.deleteObject(key);
    return objects.length;
  }

  private async deleteObject(key: string): Promise<void> {
    assertAddressableKey(key);
    const response = await this.send('DELETE', this.objectPath(key), {});
    if (response.status === 404) return;
    await expectOk(response, 'DELETE', key);
  }

  /** `<base path>/<bucket>`, percent-encoded as sent. */
  private bucketPath(): string {
    const basePath = this.endpoint.pathname.replace(/\/+$/, '');
    return `${basePath}/${encodeRfc3986(this.options.bucket)}`;
  }

  private objectPath(key: string): string {
    return `${this.bucketPath()}/${encodeKey(key)}`;
  }

  private async send(
    method: 'PUT' | 'GET' | 'HEAD' | 'DELETE',
    path: string,
    {
      headers = {},
      body,
      query = {},
    }: { headers?: Record<string, string>; body?: Buffer; query?: Record<string, string> },
  ): Promise<Response> {
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256;
    const signed = signRequest(
      {
        method,
        host: this.endpoint.host,
        path,
        query,
        headers: { ...headers, 'x-amz-content-sha256': payloadHash },
        payloadHash,
      },
      {
        accessKeyId: this.options.accessKeyId,
        secretAccessKey: this.options.secretAccessKey,
        region: this.region,
        service: 's3',
      },
    );
    const url = new URL(path, this.endpoint.origin);
    url.search = Object.entries(query)
      .map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`)
      .join('&');
    const controller = new AbortController();
    const timeoutMs = method === 'PUT' ? RESPONSE_TIMEOUT_MS.upload : RESPONSE_TIMEOUT_MS.other;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await this.fetch(url, {
        method,
        headers: signed,
        body: body ? new Uint8Array(body) : undefined,
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }
}

async function expectOk(response: Response, method: string, key: string): Promise<void> {
  if (response.ok) return;
  const detail = (await response.text().catch(() => '')).slice(0, 300);
  throw new Error(`S3 ${method} ${key} failed with HTTP ${response.status}: ${detail}`);
}

/** s3.ap-south-1.amazonaws.com → ap-south-1; other stores accept us-east-1. */
export function regionFromEndpoint(hostname: string): string {
  const match = /(?:^|\.)s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(hostname);
  return match?.[1] ?? 'us-east-1';
}

/** A key's request path: each segment percent-encoded once, the slashes kept. */
function encodeKey(key: string): string {
  return key.split('/').map(encodeRfc3986).join('/');
}

/**
 * Whether a request path can name the key exactly: URL parsing resolves `.` and `..`
 * segments (even percent-encoded), so such a key would address another object.
 */
export function isAddressableKey(key: string): boolean {
  return key !== '' && !key.split('/').some((segment) => segment === '.' || segment === '..');
}

function assertAddressableKey(key: string): void {
  if (!isAddressableKey(key)) {
    throw new Error(`S3 key cannot be addressed by path: ${JSON.stringify(key)}`);
  }
}

/** One page of a ListObjectsV2 answer (a ListBucketResult document). */
function parseListPage(xml: string): {
  objects: StoredObject[];
  nextContinuationToken: string | null;
} {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(
    ([, contents = '']) => ({
      key: xmlText(contents, 'Key') ?? '',
      size: Number(xmlText(contents, 'Size') ?? 0),
    }),
  );
  const isTruncated = xmlText(xml, 'IsTruncated') === 'true';
  const nextContinuationToken = xmlText(xml, 'NextContinuationToken');
  // Without a token a truncated list cannot go on; stopping would silently miss objects.
  if (isTruncated && !nextContinuationToken) {
    throw new Error('S3 LIST answered a truncated page without a NextContinuationToken');
  }
  return { objects, nextContinuationToken: isTruncated ? nextContinuationToken : null };
}

/** The unescaped text of the first `<tag>` element, or null when there is none. */
function xmlText(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return match ? unescapeXml(match[1] ?? '') : null;
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (entity, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return XML_ENTITIES[name] ?? entity;
  });
}
