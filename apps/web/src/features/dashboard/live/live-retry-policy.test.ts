import { describe, expect, it } from 'vitest';

import { dashboardRetryDelay } from './live-retry-policy';

describe('dashboardRetryDelay', () => {
  it('waits 2 s, 4 s, 8 s, then gives up', () => {
    expect([1, 2, 3, 4].map(dashboardRetryDelay)).toEqual([2000, 4000, 8000, null]);
  });
});
