import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signRequest } from './sigv4.ts';

export type FakeS3 = {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request received: method, path (with its query) and headers. */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
};

/**
 * A tiny S3 stand-in for tests: path-style PUT/GET (with Range)/HEAD/DELETE on one bucket,
 * ListObjectsV2 and CopyObject. It checks each request's SigV4 signature over the headers and
 * query as they arrived and the body hash, and answers 403 SignatureDoesNotMatch as S3 does
 * when either is wrong.
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
      const url = request.url ?? '/';
      fake.requests.push({ method: request.method ?? '', path: url, headers: request.headers });
      const [path = '/', search = ''] = url.split('?');
      const query = Object.fromEntries(new URLSearchParams(search));
      if (!isSignedCorrectly(request, path, query, body, fake)) {
        sendError(response, 403, 'SignatureDoesNotMatch');
        return;
      }
      if ((path === `/${fake.bucket}` || path === `/${fake.bucket}/`) && request.method === 'GET') {
        listObjects(fake, query, response);
        return;
      }
      const prefix = `/${fake.bucket}/`;
      if (!path.startsWith(prefix)) {
        sendError(response, 404, 'NoSuchBucket');
        return;
      }
      const key = decodeURIComponent(path.slice(prefix.length));
      const object = fake.objects.get(key);
      const copySource = request.headers['x-amz-copy-source'];
      switch (request.method) {
        case 'PUT':
          if (typeof copySource === 'string') {
            copyObject(fake, copySource, key, response);
            return;
          }
          fake.objects.set(key, {
            body,
            contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          });
          response.writeHead(200, { etag: etagOf(body) }).end();
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

/**
 * ListObjectsV2 (`GET /<bucket>?list-type=2`): keys in UTF-8 byte order, at most `max-keys`
 * (and never more than 1000) a page, the next page named by an opaque continuation token.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html
 */
function listObjects(
  fake: { bucket: string; objects: FakeS3['objects'] },
  query: Record<string, string>,
  response: http.ServerResponse,
): void {
  if (query['list-type'] !== '2') {
    sendError(response, 400, 'InvalidArgument'); // ListObjects (v1) is not needed here
    return;
  }
  const maxKeys = query['max-keys'] === undefined ? MAX_KEYS : Number(query['max-keys']);
  if (!Number.isInteger(maxKeys) || maxKeys < 0) {
    sendError(response, 400, 'InvalidArgument');
    return;
  }
  const prefix = query.prefix ?? '';
  const token = query['continuation-token'];
  // Our token is the last key of the page before, encoded; S3's is opaque too.
  const after = token === undefined ? null : Buffer.from(token, 'base64url').toString('utf8');
  if (token !== undefined && (!after || Buffer.from(after).toString('base64url') !== token)) {
    sendError(response, 400, 'InvalidArgument');
    return;
  }
  const matching = [...fake.objects.keys()]
    .filter((key) => key.startsWith(prefix))
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .filter((key) => after === null || Buffer.compare(Buffer.from(key), Buffer.from(after)) > 0);
  const page = matching.slice(0, Math.min(maxKeys, MAX_KEYS));
  const isTruncated = matching.length > page.length;
  const lastKey = page.at(-1);
  const contents = page
    .map((key) => {
      const object = fake.objects.get(key);
      return `<Contents><Key>${escapeXml(key)}</Key><Size>${object?.body.length ?? 0}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${fake.bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${isTruncated}</IsTruncated>${contents}${
      token === undefined ? '' : `<ContinuationToken>${token}</ContinuationToken>`
    }${
      isTruncated && lastKey !== undefined
        ? `<NextContinuationToken>${Buffer.from(lastKey).toString('base64url')}</NextContinuationToken>`
        : ''
    }</ListBucketResult>`,
  );
}

/**
 * CopyObject (`PUT /<bucket>/<key>` with `x-amz-copy-source: <bucket>/<url-encoded key>`): the
 * body and content type are copied; a missing source is 404 NoSuchKey, another bucket 404
 * NoSuchBucket, and a copy onto itself 400 InvalidRequest, as S3 answers.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/API_CopyObject.html
 */
function copyObject(
  fake: { bucket: string; objects: FakeS3['objects'] },
  copySource: string,
  key: string,
  response: http.ServerResponse,
): void {
  const source = copySource.replace(/^\//, '');
  const slash = source.indexOf('/');
  if (slash < 1 || source.slice(0, slash) !== fake.bucket) {
    sendError(response, 404, 'NoSuchBucket');
    return;
  }
  const sourceKey = decodeURIComponent(source.slice(slash + 1));
  const object = fake.objects.get(sourceKey);
  if (!object) {
    sendError(response, 404, 'NoSuchKey');
    return;
  }
  if (sourceKey === key) {
    sendError(response, 400, 'InvalidRequest');
    return;
  }
  fake.objects.set(key, { body: Buffer.from(object.body), contentType: object.contentType });
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><LastModified>${new Date().toISOString()}</LastModified><ETag>${escapeXml(etagOf(object.body))}</ETag></CopyObjectResult>`,
  );
}

/** S3's cap on one page of a listing. */
const MAX_KEYS = 1000;

function etagOf(body: Buffer): string {
  return `"${sha256Hex(body).slice(0, 32)}"`;
}

function sendError(response: http.ServerResponse, status: number, code: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<Error><Code>${code}</Code></Error>`);
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function isSignedCorrectly(
  request: http.IncomingMessage,
  path: string,
  query: Record<string, string>,
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
    {
      method: request.method ?? '',
      host: request.headers.host ?? '',
      path,
      query,
      headers,
      payloadHash,
    },
    { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey, region, service: 's3' },
    new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    ),
  );
  return expected.authorization === authorization;
}
