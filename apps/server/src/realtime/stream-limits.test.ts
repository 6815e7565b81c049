import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { ConfigError, loadConfig } from '../config.ts';
import {
  addressKey,
  configuredStreamCaps,
  readOpenFilesLimit,
  streamCapFor,
  StreamLimits,
} from './stream-limits.ts';

const PROC_LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            4096                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the overall stream cap', () => {
  it('reads the soft open-files limit, and nothing where it cannot', () => {
    expect(readOpenFilesLimit(() => PROC_LIMITS)).toBe(4096);
    expect(readOpenFilesLimit(() => PROC_LIMITS.replace('4096 ', 'unlimited'))).toBeNull();
    expect(
      readOpenFilesLimit(() => {
        throw new Error('ENOENT: no /proc here');
      }),
    ).toBeNull();
  });

  it('is half the open-files limit, 1024 assumed when unknown, MAX_STREAMS when set', () => {
    expect(streamCapFor(1024)).toBe(512);
    expect(streamCapFor(20_001)).toBe(10_000);
    expect(configuredStreamCaps({}, 4096).total).toBe(2048);
    expect(configuredStreamCaps({}, null).total).toBe(512);
    expect(configuredStreamCaps({ MAX_STREAMS: 300 }, 4096).total).toBe(300);
    expect(configuredStreamCaps({ MAX_STREAMS_PER_ADDRESS: 7 }, 4096).perAddress).toBe(7);
    expect(configuredStreamCaps({}, 4096)).toMatchObject({
      perAddress: 100,
      perToken: 50,
      perSession: 10,
    });
  });

  it('refuses MAX_STREAMS and MAX_STREAMS_PER_ADDRESS that are not whole numbers of at least 1', () => {
    expect(loadConfig({ MAX_STREAMS: '5000', MAX_STREAMS_PER_ADDRESS: '20' })).toMatchObject({
      MAX_STREAMS: 5000,
      MAX_STREAMS_PER_ADDRESS: 20,
    });
    for (const env of [
      { MAX_STREAMS: '0' },
      { MAX_STREAMS: 'lots' },
      { MAX_STREAMS_PER_ADDRESS: '2.5' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(`Invalid environment variable ${Object.keys(env)[0]}`);
    }
  });
});

describe('StreamLimits', () => {
  const caps = { total: 4, perAddress: 2, perToken: 2, perSession: 1 };

  function refusal(run: () => unknown): AppError {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  }

  it('refuses past each cap with a 429 that says which, and takes a place back on release', () => {
    const limits = new StreamLimits(caps);
    const first = limits.acquire({ address: '203.0.113.1', sessionId: 's1' });
    const perSession = refusal(() => limits.acquire({ address: '203.0.113.2', sessionId: 's1' }));
    expect(perSession).toMatchObject({ statusCode: 429, code: 'too_many_streams' });
    expect(perSession.message).toMatch(/dashboards .* session/);

    limits.acquire({ address: '203.0.113.1', obsTokenId: 't1' });
    expect(refusal(() => limits.acquire({ address: '203.0.113.1' })).message).toMatch(
      /from your network/,
    );
    limits.acquire({ address: '203.0.113.3', obsTokenId: 't1' });
    expect(
      refusal(() => limits.acquire({ address: '203.0.113.4', obsTokenId: 't1' })).message,
    ).toMatch(/OBS token/);
    limits.acquire({ address: '203.0.113.5' });
    expect(limits.size).toBe(4);
    expect(refusal(() => limits.acquire({ address: '203.0.113.6' })).message).toMatch(
      /too many live connections right now/,
    );

    first();
    first(); // a second release changes nothing
    expect(limits.size).toBe(3);
    limits.acquire({ address: '203.0.113.1', sessionId: 's1' });
    expect(refusal(() => limits.acquire({ address: '203.0.113.7' })).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64 network, and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('2001:db8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:0db8:0000:0012:ffff:1:2:3')).toBe('2001:db8:0:12::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');

    const limits = new StreamLimits(caps);
    limits.acquire({ address: '2001:db8:0:12::1' });
    limits.acquire({ address: '2001:db8:0:12:ffff::2' });
    expect(refusal(() => limits.acquire({ address: '2001:db8:0:12::3' })).statusCode).toBe(429);
    expect(() => limits.acquire({ address: '2001:db8:0:13::1' })).not.toThrow();
  });
});
