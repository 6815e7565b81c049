import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { LeaderboardPeriod } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { supporterTotals } from '../../db/schema.ts';
import { updateStreamerColumns } from '../streamers/streamers.repository.ts';
import type { SupporterRow } from './leaderboard.presenter.ts';

/** The supporter_totals window each leaderboard period reads. */
const PERIOD_WINDOWS: Record<LeaderboardPeriod, 'day' | 'week' | 'month' | 'all'> = {
  today: 'day',
  week: 'week',
  month: 'month',
  all: 'all',
};

/**
 * A streamer's top supporters for one window of the India calendar containing `now`, best
 * first. Reads the trigger-maintained supporter_totals: the inner query is a top-N scan of
 * `supporter_totals_rank_idx` (a few rows however many donations there are), and the rank is
 * computed over that prefix, which is exact because every higher total precedes it. Equal
 * totals share a rank; within a tie the supporter whose latest tip came first is listed first.
 * The window's start comes from `india_period_start`, the SQL function the trigger uses too.
 */
export async function getLeaderboard(
  db: Database,
  streamerId: string,
  period: LeaderboardPeriod,
  options: { limit: number; now?: Date },
): Promise<SupporterRow[]> {
  const window = PERIOD_WINDOWS[period];
  const now = (options.now ?? new Date()).toISOString();
  const top = db
    .select({
      name: supporterTotals.name,
      donorKey: supporterTotals.donorKey,
      amountPaise: supporterTotals.amountPaise,
      tipCount: supporterTotals.tipCount,
      lastTipAt: supporterTotals.lastTipAt,
    })
    .from(supporterTotals)
    .where(
      and(
        eq(supporterTotals.streamerId, streamerId),
        eq(supporterTotals.period, window),
        eq(supporterTotals.periodStart, sql`india_period_start(${window}, ${now}::timestamptz)`),
      ),
    )
    .orderBy(
      desc(supporterTotals.amountPaise),
      asc(supporterTotals.lastTipAt),
      asc(supporterTotals.name),
      asc(supporterTotals.donorKey),
    )
    .limit(options.limit)
    .as('top');
  const rows = await db
    .select({
      rank: sql<number>`(rank() over (order by ${top.amountPaise} desc))::int`,
      name: top.name,
      amountPaise: top.amountPaise,
      tipCount: top.tipCount,
    })
    .from(top)
    .orderBy(desc(top.amountPaise), asc(top.lastTipAt), asc(top.name), asc(top.donorKey));
  return rows.map((row) => ({
    rank: Number(row.rank),
    name: row.name,
    amountPaise: Number(row.amountPaise),
    tipCount: Number(row.tipCount),
  }));
}

/** Turns the donation page's leaderboard on or off; the value it now has. */
export async function setShowLeaderboard(
  db: Database,
  streamerId: string,
  showLeaderboard: boolean,
): Promise<boolean> {
  const updated = await updateStreamerColumns(db, streamerId, { showLeaderboard });
  return updated?.showLeaderboard ?? showLeaderboard;
}

/** Recomputes a streamer's supporter_totals from donations (repairs, benchmarks, tests). */
export async function rebuildSupporterTotals(db: Database, streamerId: string): Promise<void> {
  await db.execute(sql`SELECT rebuild_supporter_totals(${streamerId}::uuid)`);
}
