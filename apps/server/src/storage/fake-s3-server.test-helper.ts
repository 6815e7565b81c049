import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signRequest } from './sigv4.ts';

export type FakeS3 = {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request received: method, path and headers. */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
};

/**
 * A tiny S3 stand-in for tests: path-style PUT/GET (with Range)/HEAD/DELETE on one bucket. It
 * checks each request's SigV4 signature over the headers as they arrived and the body hash,
 * and answers 403 SignatureDoesNotMatch as S3 does when either is wrong.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const fake = {
    bucket: 'voices',
    accessKeyId: 'FAKEACCESSKEY',
    secretAccessKey: 'fake/secret/key',
    objects: new Map<string, { body: Buffer; contentType: string }>(),
    requests: [] as FakeS3['requests'],
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '/';
      fake.requests.push({ method: request.method ?? '', path, headers: request.headers });
      if (!isSignedCorrectly(request, path, body, fake)) {
        response.writeHead(403, { 'content-type': 'application/xml' });
        response.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const prefix = `/${fake.bucket}/`;
      if (!path.startsWith(prefix)) {
        response.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      const key = decodeURIComponent(path.slice(prefix.length));
      const object = fake.objects.get(key);
      switch (request.method) {
        case 'PUT':
          fake.objects.set(key, {
            body,
            contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          });
          response.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` }).end();
          return;
        case 'DELETE':
          fake.objects.delete(key);
          response.writeHead(204).end();
          return;
        case 'GET':
        case 'HEAD': {
          if (!object) {
            response.writeHead(404, { 'content-type': 'application/xml' });
            response.end(request.method === 'GET' ? '<Error><Code>NoSuchKey</Code></Error>' : '');
            return;
          }
          const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
          const start = match ? Number(match[1]) : 0;
          const end = match
            ? Math.min(Number(match[2]), object.body.length - 1)
            : object.body.length - 1;
          const slice = object.body.subarray(start, end + 1);
          response.writeHead(match ? 206 : 200, {
            'content-type': object.contentType,
            'content-length': String(request.method === 'HEAD' ? object.body.length : slice.length),
            ...(match ? { 'content-range': `bytes ${start}-${end}/${object.body.length}` } : {}),
          });
          response.end(request.method === 'GET' ? slice : undefined);
          return;
        }
        default:
          response.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function isSignedCorrectly(
  request: http.IncomingMessage,
  path: string,
  body: Buffer,
  fake: { accessKeyId: string; secretAccessKey: string },
): boolean {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return false;
  const [, accessKeyId, , region = '', signedHeaders = ''] = match;
  if (accessKeyId !== fake.accessKeyId) return false;
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256Hex(body)) return false;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    if (name !== 'host' && name !== 'x-amz-date')
      headers[name] = String(request.headers[name] ?? '');
  }
  const expected = signRequest(
    { method: request.method ?? '', host: request.headers.host ?? '', path, headers, payloadHash },
    { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey, region, service: 's3' },
    new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    ),
  );
  return expected.authorization === authorization;
}
