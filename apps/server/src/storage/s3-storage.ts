import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { assertSafeKey, type ByteRange, type FileStorage } from './file-storage.ts';
import { EMPTY_PAYLOAD_SHA256, encodeRfc3986, sha256Hex, signRequest } from './sigv4.ts';

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
    const response = await this.send('PUT', key, {
      headers: { 'content-type': contentType },
      body,
    });
    await expectOk(response, 'PUT', key);
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const headers: Record<string, string> = {};
    if (range) headers.range = `bytes=${range.start}-${range.end}`;
    const response = await this.send('GET', key, { headers });
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
    const response = await this.send('HEAD', key, {});
    if (response.status === 404) return null;
    await expectOk(response, 'HEAD', key);
    return { size: Number(response.headers.get('content-length') ?? 0) };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key, {});
    if (response.status === 404) return;
    await expectOk(response, 'DELETE', key);
  }

  private async send(
    method: 'PUT' | 'GET' | 'HEAD' | 'DELETE',
    key: string,
    { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer },
  ): Promise<Response> {
    assertSafeKey(key);
    const basePath = this.endpoint.pathname.replace(/\/+$/, '');
    const path = `${basePath}/${encodeRfc3986(this.options.bucket)}/${key
      .split('/')
      .map(encodeRfc3986)
      .join('/')}`;
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256;
    const signed = signRequest(
      {
        method,
        host: this.endpoint.host,
        path,
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
    const controller = new AbortController();
    const timeoutMs = method === 'PUT' ? RESPONSE_TIMEOUT_MS.upload : RESPONSE_TIMEOUT_MS.other;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await this.fetch(new URL(path, this.endpoint.origin), {
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
