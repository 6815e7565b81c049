import crypto from 'node:crypto';

/**
 * AWS Signature Version 4 with node:crypto, enough for an S3-compatible store: header
 * signing of path-style requests. Written here instead of pulling in an SDK for four calls.
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
 */

export type SigningCredentials = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
};

export type RequestToSign = {
  method: string;
  /** Host (with a non-default port), as the request will send it. */
  host: string;
  /** The path exactly as sent: already percent-encoded once (S3 does not encode it again). */
  path: string;
  /** Query parameters, unencoded. */
  query?: Record<string, string>;
  /** Headers to sign besides host and x-amz-date. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (or 'UNSIGNED-PAYLOAD'). */
  payloadHash: string;
};

export const EMPTY_PAYLOAD_SHA256 =
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** Returns the request's headers plus x-amz-date and Authorization. */
export function signRequest(
  request: RequestToSign,
  credentials: SigningCredentials,
  now: Date = new Date(),
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const date = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  }
  headers.host = request.host;
  headers['x-amz-date'] = amzDate;

  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.path,
    canonicalQuery(request.query ?? {}),
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');

  const scope = `${date}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = signString(stringToSign, credentials, date);
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** The hex signature of a string to sign, with the key derived for that day, region and service. */
export function signString(
  stringToSign: string,
  credentials: Pick<SigningCredentials, 'secretAccessKey' | 'region' | 'service'>,
  date: string,
): string {
  const dateKey = hmac(`AWS4${credentials.secretAccessKey}`, date);
  const regionKey = hmac(dateKey, credentials.region);
  const serviceKey = hmac(regionKey, credentials.service);
  const signingKey = hmac(serviceKey, 'aws4_request');
  return crypto.createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
}

export function sha256Hex(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** RFC 3986 encoding as SigV4 wants it: everything but A–Z a–z 0–9 - . _ ~ is escaped. */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return crypto.createHmac('sha256', key).update(data, 'utf8').digest();
}
