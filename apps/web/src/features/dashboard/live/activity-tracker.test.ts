import { describe, expect, it } from 'vitest';

import { ActivityTracker } from './activity-tracker';

describe('ActivityTracker', () => {
  it('announces a donation the first time it is listed, once', () => {
    const tracker = new ActivityTracker();
    tracker.seed(['a', 'b']);
    expect(tracker.isNew('c', new Set(['a', 'b', 'c']))).toBe(true);
    expect(tracker.isNew('c', new Set(['a', 'b', 'c']))).toBe(false);
  });

  it('does not announce changes to donations already on screen, or unlisted ones', () => {
    const tracker = new ActivityTracker();
    tracker.seed(['a']);
    expect(tracker.isNew('a', new Set(['a']))).toBe(false);
    expect(tracker.isNew('failed-payment', new Set(['a']))).toBe(false);
  });

  it('announces both of two donations even when the first reload lists the second', () => {
    const tracker = new ActivityTracker();
    tracker.seed([]);
    const both = new Set(['x', 'y']);
    expect(tracker.isNew('x', both)).toBe(true);
    expect(tracker.isNew('y', both)).toBe(true);
  });

  it('stays quiet until seeded, and about remembered donations', () => {
    const tracker = new ActivityTracker();
    expect(tracker.isNew('early', new Set(['early']))).toBe(false);
    tracker.seed(['a']);
    // Only the first lists count as already seen.
    tracker.seed(['z']);
    tracker.remember(['missed-while-offline']);
    expect(tracker.isNew('z', new Set(['z']))).toBe(true);
    expect(tracker.isNew('missed-while-offline', new Set(['missed-while-offline']))).toBe(false);
  });
});
