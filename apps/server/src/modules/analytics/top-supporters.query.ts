import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { ANALYTICS_LIMITS, type AmountAndCount } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { supporterTotals } from '../../db/schema.ts';

/**
 * The best supporters between two India days (both included), exact, from the leaderboards'
 * supporter_totals (paid and approved tips, one row per supporter per day).
 *
 * Summing every day row of 90 days reads a couple of hundred thousand rows on a busy page, so
 * long periods walk the all-time ranking instead: nobody's total in a period exceeds their
 * all-time total, so candidates are taken best all-time first, each one's period total summed
 * from their own day rows (`supporter_totals_donor_days_idx`, a few dozen entries), and the
 * walk stops once the Nth best period total beats every all-time total not yet read. Short
 * periods, where that bound is loose, sum the day rows directly.
 */
export async function listTopSupporters(
  db: Database,
  streamerId: string,
  from: string,
  to: string,
  days: number,
  /** Tests set these to check that both ways, and every step of the walk, agree. */
  options: { candidateBatch?: number; way?: 'sum' | 'walk' } = {},
): Promise<Array<{ rank: number; name: string } & AmountAndCount>> {
  const way = options.way ?? (days <= DIRECT_SUM_MAX_DAYS ? 'sum' : 'walk');
  const rows =
    way === 'sum'
      ? await sumDayRows(db, streamerId, from, to)
      : await walkAllTimeRanking(
          db,
          streamerId,
          from,
          to,
          options.candidateBatch ?? CANDIDATE_BATCH,
        );
  // Equal totals share a rank, as on the leaderboards.
  let rank = 0;
  let previous: number | null = null;
  return rows.map((row, position) => {
    if (row.amount !== previous) rank = position + 1;
    previous = row.amount;
    return { rank, name: row.name, amount_paise: row.amount, count: row.count };
  });
}

const LIMIT = ANALYTICS_LIMITS.topSupporters;
/** Up to a week, summing the day rows is cheaper than walking the all-time ranking. */
const DIRECT_SUM_MAX_DAYS = 7;
/** Candidates read per step of the walk. */
const CANDIDATE_BATCH = 200;

type Total = { donorKey: string; name: string; amount: number; count: number; lastTipAt: string };

/** Best first; among equal totals, whoever got there first (as on the leaderboards). */
function byRank(a: Total, b: Total): number {
  return (
    b.amount - a.amount ||
    a.lastTipAt.localeCompare(b.lastTipAt) ||
    a.name.localeCompare(b.name) ||
    a.donorKey.localeCompare(b.donorKey)
  );
}

async function sumDayRows(db: Database, streamerId: string, from: string, to: string) {
  const total = sql<number>`sum(${supporterTotals.amountPaise})::bigint`;
  const lastTipAt = sql<string>`max(${supporterTotals.lastTipAt})`;
  const rows = await db
    .select({
      donorKey: supporterTotals.donorKey,
      name: supporterTotals.name,
      amount: total,
      count: sql<number>`sum(${supporterTotals.tipCount})::bigint`,
      lastTipAt,
    })
    .from(supporterTotals)
    .where(
      and(
        eq(supporterTotals.streamerId, streamerId),
        eq(supporterTotals.period, 'day'),
        gte(supporterTotals.periodStart, from),
        lte(supporterTotals.periodStart, to),
      ),
    )
    .groupBy(supporterTotals.donorKey, supporterTotals.name)
    .orderBy(desc(total), asc(lastTipAt), asc(supporterTotals.name), asc(supporterTotals.donorKey))
    .limit(LIMIT);
  return rows.map(normalise);
}

function normalise(row: {
  donorKey: string;
  name: string;
  amount: number;
  count: number;
  lastTipAt: string | Date;
}): Total {
  const lastTipAt = row.lastTipAt instanceof Date ? row.lastTipAt : new Date(row.lastTipAt);
  return {
    donorKey: row.donorKey,
    name: row.name,
    amount: Number(row.amount),
    count: Number(row.count),
    lastTipAt: lastTipAt.toISOString(),
  };
}

type CandidateRow = {
  donor_key: string;
  name: string;
  all_time: number | string;
  amount: number | string | null;
  count: number | string | null;
  last_tip_at: string | Date | null;
};

async function walkAllTimeRanking(
  db: Database,
  streamerId: string,
  from: string,
  to: string,
  batch: number,
) {
  const best: Total[] = [];
  for (let offset = 0; ; offset += batch) {
    const result = (await db.execute(sql`
      SELECT a.donor_key, a.name, a.amount_paise AS all_time, p.amount, p.count, p.last_tip_at
      FROM (
        SELECT donor_key, name, amount_paise, last_tip_at FROM supporter_totals
        WHERE streamer_id = ${streamerId}::uuid AND period = 'all'
          AND period_start = DATE '1970-01-01'
        ORDER BY amount_paise DESC, last_tip_at, name, donor_key
        LIMIT ${batch} OFFSET ${offset}
      ) AS a
      CROSS JOIN LATERAL (
        SELECT sum(d.amount_paise)::bigint AS amount, sum(d.tip_count)::bigint AS count,
          max(d.last_tip_at) AS last_tip_at
        FROM supporter_totals d
        WHERE d.streamer_id = ${streamerId}::uuid AND d.period = 'day'
          AND d.donor_key = a.donor_key AND d.name = a.name
          AND d.period_start BETWEEN ${from}::date AND ${to}::date
      ) AS p
      ORDER BY a.amount_paise DESC, a.last_tip_at, a.name, a.donor_key
    `)) as unknown as { rows: CandidateRow[] };
    const candidates = result.rows;
    for (const row of candidates) {
      if (row.amount === null || row.last_tip_at === null || Number(row.amount) <= 0) continue;
      best.push(
        normalise({
          donorKey: row.donor_key,
          name: row.name,
          amount: Number(row.amount),
          count: Number(row.count),
          lastTipAt: row.last_tip_at,
        }),
      );
    }
    best.sort(byRank);
    best.splice(LIMIT);
    const lowestAllTime = candidates.at(-1);
    if (candidates.length < batch || !lowestAllTime) return best;
    // Nobody unread can reach more than this in the period; strictly more keeps ties exact.
    const nth = best[LIMIT - 1];
    if (nth && nth.amount > Number(lowestAllTime.all_time)) return best;
  }
}
