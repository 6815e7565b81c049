import { describe, expect, it } from 'vitest';
import { SingleFlightCache } from './single-flight-cache.ts';

describe('SingleFlightCache', () => {
  it('shares one load among callers that arrive while it runs and within the window after', async () => {
    let clock = 1_000;
    const cache = new SingleFlightCache<number>(5_000, () => clock);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };

    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    clock += 4_999;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2); // another key loads on its own
    clock += 1;
    expect(await cache.get('a', load)).toBe(3); // the window has passed: asked again
    expect(loads).toBe(3);
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    const cache = new SingleFlightCache<string>(5_000, () => 0);
    const failing = cache.get('a', () => Promise.reject(new Error('provider down')));
    const waiting = cache.get('a', () => Promise.resolve('not asked'));
    await expect(failing).rejects.toThrow('provider down');
    await expect(waiting).rejects.toThrow('provider down');
    expect(await cache.get('a', () => Promise.resolve('asked again'))).toBe('asked again');
  });
});
