import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_SHA256, encodeRfc3986, signRequest, signString } from './sigv4.ts';

/** AWS's published example keys (never real credentials). */
const EXAMPLE_CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
};

describe('SigV4 signing', () => {
  it("matches AWS's published S3 example: GET /test.txt with a Range header", () => {
    // Amazon S3 API reference, "Signature Calculations for the Authorization Header:
    // Transferring Payload in a Single Chunk", example GET Object.
    const headers = signRequest(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/test.txt',
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256 },
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      EXAMPLE_CREDENTIALS,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers).not.toHaveProperty('host');
  });

  it("derives the signing key as AWS's signature test suite does", () => {
    // AWS Signature Version 4 test suite (2011 edition): string to sign → signature.
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      '20110909T233600Z',
      '20110909/us-east-1/host/aws4_request',
      'e25f777ba161a0f1baf778a87faf057187cf5987f17953320e3ca399feb5f00d',
    ].join('\n');
    expect(
      signString(
        stringToSign,
        {
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
          region: 'us-east-1',
          service: 'host',
        },
        '20110909',
      ),
    ).toBe('be7148d34ebccdc6423b19085378aa0bee970bdc61d144bd1a8c48c33079ab09');
  });

  it('encodes path segments the RFC 3986 way', () => {
    expect(encodeRfc3986("a b!'()*~._-")).toBe('a%20b%21%27%28%29%2A~._-');
  });
});
