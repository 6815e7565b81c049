import { describe, expect, it } from 'vitest';
import { pageEncoding } from './compressed-page.ts';

describe('pageEncoding', () => {
  it('picks brotli, then gzip, from what the browser accepts', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('GZIP;q=0.5')).toBe('gzip');
  });

  it('sends the page as it is when nothing of ours is accepted', () => {
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding('')).toBeNull();
    expect(pageEncoding('identity, deflate')).toBeNull();
  });

  it('takes q=0 as a refusal', () => {
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('br; q=0.0, gzip;q=0')).toBeNull();
  });
});
