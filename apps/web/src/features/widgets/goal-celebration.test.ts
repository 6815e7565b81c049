import type { Goal } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { hasJustReached, sightingOf } from './goal-celebration';

const goal = (raised: number, id = 'g1'): Goal => ({
  id,
  title: 'Mic',
  target_paise: 10_000,
  raised_paise: raised,
  starts_at: '2026-01-01T00:00:00.000Z',
  ends_at: null,
  status: 'active',
});

describe('goal celebration', () => {
  it('celebrates the reading that crosses the target, once', () => {
    expect(hasJustReached(sightingOf(goal(9_000)), sightingOf(goal(10_000)))).toBe(true);
    expect(hasJustReached(sightingOf(goal(5_000)), sightingOf(goal(25_000)))).toBe(true);
    expect(hasJustReached(sightingOf(goal(10_000)), sightingOf(goal(12_000)))).toBe(false);
    expect(hasJustReached(sightingOf(goal(1_000)), sightingOf(goal(9_999)))).toBe(false);
  });

  it('does not celebrate a goal already reached when the widget opens, or a new goal', () => {
    expect(hasJustReached(null, sightingOf(goal(10_000)))).toBe(false);
    expect(hasJustReached(sightingOf(goal(0, 'old')), sightingOf(goal(10_000, 'new')))).toBe(false);
    expect(hasJustReached(sightingOf(goal(9_000)), null)).toBe(false);
  });
});
