import { describe, expect, it } from 'vitest';

import { ApiError } from './api';
import { PageReads, retryUnlessRefused } from './page-reads';

const options = { staleTime: 30_000, retry: () => false };

describe('PageReads (the public pages’ read cache)', () => {
  it('reads a key once however many components ask while it is fresh', async () => {
    const reads = new PageReads();
    let calls = 0;
    const fetcher = async () => ++calls;
    reads.ensure('k', fetcher, options);
    reads.ensure('k', fetcher, options);
    await reads.fetch('k'); // settles the read under way (none is started twice)
    await Promise.resolve();
    reads.ensure('k', fetcher, options);
    expect(calls).toBe(1);
    expect(reads.snapshot('k').read).toEqual({ status: 'success', data: 1, error: null });
  });

  it('keeps the error and the last value when a read fails', async () => {
    const reads = new PageReads();
    reads.set('k', 'old');
    const failure = new ApiError(404, 'streamer_not_found', 'no');
    reads.ensure('k', () => Promise.reject(failure), { staleTime: 0, retry: retryUnlessRefused });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.snapshot('k').read).toEqual({ status: 'error', data: 'old', error: failure });
  });

  it('reads again on invalidation only the keys on screen, and marks the others', async () => {
    const reads = new PageReads();
    let calls = 0;
    reads.ensure('a/1', async () => ++calls, options);
    reads.ensure('a/2', async () => ++calls, options);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const stop = reads.subscribe('a/1', () => undefined);
    await reads.invalidate('a/');
    stop();
    expect(calls).toBe(3);
    expect(reads.isInvalidated('a/1')).toBe(false);
    expect(reads.isInvalidated('a/2')).toBe(true);
  });

  it('retries transport and server failures twice, never a refusal', () => {
    expect(retryUnlessRefused(0, new ApiError(500, 'internal_error', 'x'))).toBe(true);
    expect(retryUnlessRefused(1, new TypeError('network'))).toBe(true);
    expect(retryUnlessRefused(2, new TypeError('network'))).toBe(false);
    expect(retryUnlessRefused(0, new ApiError(404, 'streamer_not_found', 'x'))).toBe(false);
  });
});
