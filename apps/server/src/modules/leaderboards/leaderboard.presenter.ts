import {
  sanitizeText,
  type DashboardLeaderboardEntry,
  type Goal,
  type LeaderboardEntry,
} from '@shabaash/core';
import type { goals } from '../../db/schema.ts';

/** One supporter's place on a leaderboard, as the leaderboards service reads it. */
export type SupporterRow = {
  rank: number;
  name: string;
  amountPaise: number;
  tipCount: number;
};

/**
 * The only shapes in which leaderboards and goals leave the server. A supporter is shown by
 * name and total only: the fan key that tells two supporters apart never leaves. Anonymous
 * tips are stored under the name 'Anonymous', so their rows read 'Anonymous' here too.
 */

export function presentLeaderboardEntry(row: SupporterRow): LeaderboardEntry {
  return { rank: row.rank, name: sanitizeText(row.name), amount_paise: row.amountPaise };
}

export function presentDashboardLeaderboardEntry(row: SupporterRow): DashboardLeaderboardEntry {
  return { ...presentLeaderboardEntry(row), tip_count: row.tipCount };
}

export function presentGoal(
  goal: typeof goals.$inferSelect,
  raisedPaise: number,
  now = new Date(),
): Goal {
  const hasEnded = goal.endsAt !== null && goal.endsAt.getTime() <= now.getTime();
  return {
    id: goal.id,
    title: sanitizeText(goal.title),
    target_paise: goal.targetPaise,
    raised_paise: raisedPaise,
    starts_at: goal.startsAt.toISOString(),
    ends_at: goal.endsAt?.toISOString() ?? null,
    status: hasEnded ? 'ended' : 'active',
  };
}
