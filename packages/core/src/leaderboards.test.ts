import { describe, expect, it } from 'vitest';
import { GOAL_MESSAGES, goalPercent, widgetPath } from './leaderboards.ts';
import {
  goalCreateSchema,
  leaderboardQuerySchema,
  widgetLeaderboardQuerySchema,
} from './leaderboards.schema.ts';

describe('leaderboard and goal contracts', () => {
  it('defaults the period to today and the widget to five rows', () => {
    expect(leaderboardQuerySchema.parse({})).toEqual({ period: 'today' });
    expect(widgetLeaderboardQuerySchema.parse({ period: 'all' })).toEqual({
      period: 'all',
      limit: 5,
    });
    expect(widgetLeaderboardQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });

  it('takes an end date with an offset or Z, or none', () => {
    const base = { title: 'Mic', target_paise: 10_000 };
    expect(goalCreateSchema.parse(base).ends_at).toBeNull();
    expect(goalCreateSchema.parse({ ...base, ends_at: '2099-01-01T00:00:00+05:30' }).ends_at).toBe(
      '2099-01-01T00:00:00+05:30',
    );
    expect(
      goalCreateSchema.safeParse({ ...base, ends_at: '2099-01-01T00:00:00.000Z' }).success,
    ).toBe(true);
    expect(
      goalCreateSchema.safeParse({ ...base, ends_at: '1 Jan' }).error?.issues[0]?.message,
    ).toBe(GOAL_MESSAGES.invalidEndDate);
  });

  it('rounds progress down until the target is reached', () => {
    expect(goalPercent({ raised_paise: 14_999, target_paise: 15_000 })).toBe(99);
    expect(goalPercent({ raised_paise: 15_000, target_paise: 15_000 })).toBe(100);
  });

  it('builds widget paths with the token escaped', () => {
    expect(widgetPath('chiaa', 'goal', 'obs_a+b')).toBe('/chiaa/widgets/goal?token=obs_a%2Bb');
  });
});
