import { describe, expect, it, vi } from 'vitest';

import { refetchUntil } from './refetch-until';

describe('refetchUntil', () => {
  it('stops as soon as the value is there', async () => {
    const load = vi.fn().mockResolvedValueOnce('old').mockResolvedValueOnce('new');
    const wait = vi.fn(() => Promise.resolve());
    await expect(
      refetchUntil(load, (value) => value === 'new', [500, 1000, 1500], wait),
    ).resolves.toBe('new');
    expect(load).toHaveBeenCalledTimes(2);
    expect(wait.mock.calls).toEqual([[500]]);
  });

  it('re-fetches at most 3 times, waiting 500, 1000 and 1500 ms', async () => {
    const load = vi.fn().mockResolvedValue('old');
    const wait = vi.fn(() => Promise.resolve());
    await expect(refetchUntil(load, () => false, undefined, wait)).resolves.toBe('old');
    expect(load).toHaveBeenCalledTimes(4);
    expect(wait.mock.calls).toEqual([[500], [1000], [1500]]);
  });
});
