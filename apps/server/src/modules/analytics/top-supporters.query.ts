import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { ANALYTICS_LIMITS, addDays, type AmountAndCount } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { supporterTotals } from '../../db/schema.ts';

/**
 * The best supporters between two India days (both included), exact, from the leaderboards'
 * supporter_totals (paid and approved tips, one row per supporter per day, week and month).
 *
 * Summing every day row of the period reads ten thousand rows or more on a busy page, so the
 * period is covered by the leaderboard's weeks (short periods) or months (long ones), whose
 * rankings are already sorted, and those rankings are walked together, best first (the
 * threshold algorithm): each supporter read is a candidate whose period total is summed from
 * their own day rows (`supporter_totals_donor_days_idx`, a few dozen entries). Nobody's period
 * total exceeds the sum of their totals in the covering windows, so nobody unread can beat the
 * sum of the lowest totals read so far in each ranking; the walk stops once the Nth best period
 * total does.
 */
export async function listTopSupporters(
  db: Database,
  streamerId: string,
  from: string,
  to: string,
  /** Tests set these to check that both ways, and every step of the walk, agree. */
  options: { candidateBatch?: number; way?: 'sum' | 'walk' } = {},
): Promise<Array<{ rank: number; name: string } & AmountAndCount>> {
  const rows =
    options.way === 'sum'
      ? await sumDayRows(db, streamerId, from, to)
      : await walkWindowRankings(
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
/** Candidates read from each ranking in the walk's first step; each next step reads twice that. */
const CANDIDATE_BATCH = 40;
/** Periods up to two weeks are covered by weeks (at most three rankings), longer ones by months. */
const WEEKS_MAX_DAYS = 14;

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

type Window = 'day' | 'week' | 'month';

/** The first day of the week (Monday) or month `day` is in, as `india_period_start` (0005). */
function windowStart(period: 'week' | 'month', day: string): string {
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const daysSinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -daysSinceMonday);
}

/** The first day of the next week or month. */
function nextWindowStart(period: 'week' | 'month', start: string): string {
  // 31 days after the first of a month is always in the next month.
  return period === 'week' ? addDays(start, 7) : windowStart('month', addDays(start, 31));
}

/** The starts of the weeks or months that overlap `from`..`to`. */
function coveringWindows(period: 'week' | 'month', from: string, to: string): string[] {
  const starts: string[] = [];
  for (let start = windowStart(period, from); start <= to; start = nextWindowStart(period, start)) {
    starts.push(start);
  }
  return starts;
}

/**
 * `from`..`to` cut into the fewest supporter_totals rows per supporter: the whole months inside
 * it, then the whole weeks inside what is left on either side, then single days. Each piece is
 * a range of one window's starts, so a supporter's period total is a few short index ranges.
 */
function periodPieces(
  from: string,
  to: string,
  coarsest: 'week' | 'month' = 'month',
): Array<{ period: Window; first: string; last: string }> {
  const whole = coveringWindows(coarsest, from, to).filter(
    (start) => start >= from && addDays(nextWindowStart(coarsest, start), -1) <= to,
  );
  const first = whole[0];
  const last = whole.at(-1);
  if (!first || !last) {
    if (coarsest === 'week') return [{ period: 'day', first: from, last: to }];
    return periodPieces(from, to, 'week');
  }
  const lastDay = addDays(nextWindowStart(coarsest, last), -1);
  return [
    ...(from < first ? periodPieces(from, addDays(first, -1), 'week') : []),
    { period: coarsest, first, last },
    ...(lastDay < to ? periodPieces(addDays(lastDay, 1), to, 'week') : []),
  ];
}

type CandidateRow = {
  window_start: string;
  window_total: number | string;
  donor_key: string;
  name: string;
  amount: number | string | null;
  count: number | string | null;
  last_tip_at: string | Date | null;
};

async function walkWindowRankings(
  db: Database,
  streamerId: string,
  from: string,
  to: string,
  firstBatch: number,
) {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const ranking = days <= WEEKS_MAX_DAYS ? 'week' : 'month';
  const starts = coveringWindows(ranking, from, to);
  const pieces = sql.join(
    periodPieces(from, to).map(
      (piece) => sql`
        SELECT amount_paise, tip_count, last_tip_at FROM supporter_totals
        WHERE streamer_id = ${streamerId}::uuid AND period = ${piece.period}
          AND donor_key = a.donor_key AND name = a.name
          AND period_start BETWEEN ${piece.first}::date AND ${piece.last}::date`,
    ),
    sql` UNION ALL `,
  );
  const totals = new Map<string, Total>();
  for (let offset = 0, batch = firstBatch; ; offset += batch, batch *= 2) {
    // The next `batch` supporters of each covering window's ranking, with their period totals.
    const result = (await db.execute(sql`
      SELECT w.start::text AS window_start, a.amount_paise AS window_total, a.donor_key, a.name,
        p.amount, p.count, p.last_tip_at
      FROM unnest(${`{${starts.join(',')}}`}::date[]) AS w(start)
      CROSS JOIN LATERAL (
        SELECT donor_key, name, amount_paise FROM supporter_totals
        WHERE streamer_id = ${streamerId}::uuid AND period = ${ranking} AND period_start = w.start
        ORDER BY amount_paise DESC, last_tip_at, name, donor_key
        LIMIT ${batch} OFFSET ${offset}
      ) AS a
      CROSS JOIN LATERAL (
        SELECT sum(d.amount_paise)::bigint AS amount, sum(d.tip_count)::bigint AS count,
          max(d.last_tip_at) AS last_tip_at
        FROM (${pieces}) AS d
      ) AS p
    `)) as unknown as { rows: CandidateRow[] };
    const readPerWindow = new Map<string, { rows: number; lowest: number }>();
    for (const row of result.rows) {
      const windowTotal = Number(row.window_total);
      const read = readPerWindow.get(row.window_start) ?? { rows: 0, lowest: windowTotal };
      readPerWindow.set(row.window_start, {
        rows: read.rows + 1,
        lowest: Math.min(read.lowest, windowTotal),
      });
      if (row.amount === null || row.last_tip_at === null || Number(row.amount) <= 0) continue;
      totals.set(
        `${row.donor_key}\u0000${row.name}`,
        normalise({
          donorKey: row.donor_key,
          name: row.name,
          amount: Number(row.amount),
          count: Number(row.count),
          lastTipAt: row.last_tip_at,
        }),
      );
    }
    const best = [...totals.values()].sort(byRank).slice(0, LIMIT);
    // What a supporter not read yet can at most have: in each window whose ranking goes on,
    // no more than the lowest total read there; nothing in a window whose ranking has ended.
    let unreadBound = 0;
    let isAnyRankingLeft = false;
    for (const read of readPerWindow.values()) {
      if (read.rows < batch) continue;
      isAnyRankingLeft = true;
      unreadBound += read.lowest;
    }
    if (!isAnyRankingLeft) return best;
    // Strictly more keeps ties exact.
    const nth = best[LIMIT - 1];
    if (nth && nth.amount > unreadBound) return best;
  }
}
