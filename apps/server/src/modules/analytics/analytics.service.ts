import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_LIMITS,
  DONATION_TYPES,
  addDays,
  indiaDay,
  indiaDayStart,
  type AnalyticsPeriod,
  type ChartsResponse,
  type DayPoint,
  type DonationType,
  type HistoryFilterInput,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { donations, tipDayTotals, tipHourTotals } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { HistoryRow } from './analytics.presenter.ts';
import { listTopSupporters } from './top-supporters.query.ts';

/**
 * The creator's numbers (issue 28): the tip history with its filter, count and total, the
 * charts, and the rows of the CSV export. Reads only; the roll-ups it reads (tip_day_totals,
 * tip_hour_totals, supporter_totals) are kept by triggers in the transactions that change tips.
 */

/** Whose tips the donor line shows: one fan key and name, or one tip when it has no fan key. */
export type Donor = { tipId: string; fanKey: string | null; name: string };

/** The donor of one of this streamer's tips; 404 when the tip is not theirs. */
export async function findDonor(db: Database, streamerId: string, tipId: string): Promise<Donor> {
  const [row] = await db
    .select({ id: donations.id, fanKey: donations.fanKey, name: donations.name })
    .from(donations)
    .where(and(eq(donations.id, tipId), eq(donations.streamerId, streamerId)));
  if (!row) throw notFound('This donor does not exist.', 'donor_not_found');
  return { tipId: row.id, fanKey: row.fanKey, name: row.name };
}

/**
 * A tip's message as the creator may still use it: empty once the fan withdrew stream consent
 * (issue 29), so neither the history, the CSV nor a search reads it.
 */
const consentedMessage = sql<string>`(case when ${donations.streamConsentWithdrawnAt} is null then ${donations.message} else '' end)`;

/** `%text%` for ILIKE, with the pattern characters in the text matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The filter as conditions on donations (the search expression is the trigram index's). */
function historyConditions(
  streamerId: string,
  filter: HistoryFilterInput,
  donor: Donor | null,
): SQL[] {
  const conditions: SQL[] = [eq(donations.streamerId, streamerId)];
  if (filter.type !== 'all') conditions.push(eq(donations.type, filter.type));
  if (filter.payment !== 'all') conditions.push(eq(donations.paymentStatus, filter.payment));
  if (filter.moderation !== 'all') {
    conditions.push(eq(donations.moderationStatus, filter.moderation));
  }
  if (filter.from) conditions.push(gte(donations.createdAt, indiaDayStart(filter.from)));
  if (filter.to) conditions.push(lt(donations.createdAt, indiaDayStart(addDays(filter.to, 1))));
  if (filter.q) {
    conditions.push(
      // The index's expression, then a withdrawn message (issue 29) no longer matches.
      sql`(${donations.name} || ' ' || ${donations.message}) ILIKE ${containsPattern(filter.q)}
        AND (${donations.streamConsentWithdrawnAt} IS NULL OR ${donations.name} ILIKE ${containsPattern(filter.q)})`,
    );
  }
  if (donor) {
    conditions.push(
      donor.fanKey === null
        ? eq(donations.id, donor.tipId)
        : and(eq(donations.fanKey, donor.fanKey), eq(donations.name, donor.name))!,
    );
  }
  return conditions;
}

/** Tips older than the cursor tip, in the (created_at, id) order pages are read in. */
function olderThan(streamerId: string, cursorId: string): SQL {
  const cursor = cursorTip(streamerId, cursorId);
  return and(
    lte(donations.createdAt, sql`(SELECT created_at FROM ${cursor})`),
    or(
      lt(donations.createdAt, sql`(SELECT created_at FROM ${cursor})`),
      lt(donations.id, sql`(SELECT id FROM ${cursor})`),
    ),
  )!;
}

/** The cursor tip as a one-row derived table (must be this streamer's). */
function cursorTip(streamerId: string, cursorId: string): SQL {
  return sql`(SELECT created_at, id FROM ${donations} WHERE id = ${cursorId}::uuid AND streamer_id = ${streamerId}::uuid) AS cursor_tip`;
}

const tipColumns = {
  id: donations.id,
  createdAt: donations.createdAt,
  name: donations.name,
  type: donations.type,
  amountPaise: donations.amountPaise,
  message: consentedMessage,
  paymentStatus: donations.paymentStatus,
  moderationStatus: donations.moderationStatus,
  orderId: donations.orderId,
};

/**
 * One page of the history, newest first: `limit` tips older than the `cursor` tip. Returns the
 * page and the id to pass for the next one (null on the last page).
 */
export async function listHistoryPage(
  db: Database,
  streamerId: string,
  filter: HistoryFilterInput,
  options: { donor: Donor | null; cursor?: string | undefined; limit: number },
): Promise<{ rows: HistoryRow[]; nextCursor: string | null }> {
  const conditions = historyConditions(streamerId, filter, options.donor);
  if (options.cursor) conditions.push(olderThan(streamerId, options.cursor));
  const rows = await db
    .select(tipColumns)
    .from(donations)
    .where(and(...conditions))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(options.limit + 1);
  return toPage(rows, options.limit);
}

/** The first `limit` rows, and the id to continue after when a row more was read. */
function toPage(rows: HistoryRow[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? last.id : null };
}

export type HistorySummary = { count: number; totalPaise: number };

/**
 * One history request: a page, and on the first page (no cursor) the count and total of every
 * tip the filter matches. Without a search or a donor the page walks the time index and the
 * count and total come from the daily roll-up. With one, every match has to be read for the
 * count anyway (through the trigram or donor index), so a single query reads them once and
 * gives both the page and the count and total (window aggregates over all the matches).
 */
export async function readHistory(
  db: Database,
  streamerId: string,
  filter: HistoryFilterInput,
  options: { donor: Donor | null; cursor?: string | undefined; limit: number },
): Promise<{ rows: HistoryRow[]; nextCursor: string | null; summary: HistorySummary | null }> {
  if (options.cursor) {
    return { ...(await listHistoryPage(db, streamerId, filter, options)), summary: null };
  }
  if (!filter.q && !options.donor) {
    const page = await listHistoryPage(db, streamerId, filter, options);
    return { ...page, summary: await summarizeFromRollUp(db, streamerId, filter) };
  }
  const rows = await db
    .select({
      ...tipColumns,
      matchCount: sql<number>`count(*) OVER ()`,
      matchTotal: sql<number>`sum(${donations.amountPaise}) OVER ()`,
    })
    .from(donations)
    .where(and(...historyConditions(streamerId, filter, options.donor)))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(options.limit + 1);
  const first = rows[0];
  const summary = first
    ? { count: Number(first.matchCount), totalPaise: Number(first.matchTotal) }
    : { count: 0, totalPaise: 0 };
  const tips = rows.map(({ matchCount: _count, matchTotal: _total, ...tip }) => tip);
  return { ...toPage(tips, options.limit), summary };
}

/** Count and sum of the tips a filter without search or donor matches, from tip_day_totals. */
async function summarizeFromRollUp(
  db: Database,
  streamerId: string,
  filter: HistoryFilterInput,
): Promise<HistorySummary> {
  const conditions: SQL[] = [eq(tipDayTotals.streamerId, streamerId)];
  if (filter.type !== 'all') conditions.push(eq(tipDayTotals.type, filter.type));
  if (filter.payment !== 'all') conditions.push(eq(tipDayTotals.paymentStatus, filter.payment));
  if (filter.moderation !== 'all') {
    conditions.push(eq(tipDayTotals.moderationStatus, filter.moderation));
  }
  if (filter.from) conditions.push(gte(tipDayTotals.day, filter.from));
  if (filter.to) conditions.push(lte(tipDayTotals.day, filter.to));
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(${tipDayTotals.tipCount}), 0)::bigint`,
      total: sql<number>`coalesce(sum(${tipDayTotals.amountPaise}), 0)::bigint`,
    })
    .from(tipDayTotals)
    .where(and(...conditions));
  return { count: Number(row?.count ?? 0), totalPaise: Number(row?.total ?? 0) };
}

/**
 * Every tip the filter matches, newest first, read in batches of `batchSize` by the same
 * keyset as the history's pages: a CSV export of a million tips holds one batch in memory.
 */
export async function* streamHistoryRows(
  db: Database,
  streamerId: string,
  filter: HistoryFilterInput,
  donor: Donor | null,
  batchSize: number = ANALYTICS_LIMITS.exportBatch,
): AsyncGenerator<HistoryRow> {
  let cursor: string | undefined;
  for (;;) {
    const { rows, nextCursor } = await listHistoryPage(db, streamerId, filter, {
      donor,
      cursor,
      limit: batchSize,
    });
    yield* rows;
    if (!nextCursor) return;
    cursor = nextCursor;
  }
}

// ── charts ────────────────────────────────────────────────────────────────────────────────────

const emptyByType = (): Record<DonationType, number> => ({
  text: 0,
  voice: 0,
  hyperemote: 0,
  media: 0,
});

/** 0 for Monday to 6 for Sunday, as the charts number weekdays. */
function mondayBasedWeekday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The charts for the last `days` India days ending today, and the `days` before for
 * comparison: paid tips per day (split by type), per hour and weekday, and the top supporters.
 * Revenue is every paid tip, as on the stat cards; top supporters follow the leaderboard's rule
 * (paid and approved), read from its daily supporter_totals rows.
 */
export async function getCharts(
  db: Database,
  streamerId: string,
  days: AnalyticsPeriod,
  now = new Date(),
): Promise<ChartsResponse> {
  const today = indiaDay(now);
  const start = addDays(today, -(days - 1));
  const previousStart = addDays(start, -days);

  const dayRows = await db
    .select({
      day: tipDayTotals.day,
      type: tipDayTotals.type,
      count: sql<number>`sum(${tipDayTotals.tipCount})::bigint`,
      amount: sql<number>`sum(${tipDayTotals.amountPaise})::bigint`,
    })
    .from(tipDayTotals)
    .where(
      and(
        eq(tipDayTotals.streamerId, streamerId),
        eq(tipDayTotals.paymentStatus, 'success'),
        gte(tipDayTotals.day, previousStart),
        lte(tipDayTotals.day, today),
      ),
    )
    .groupBy(tipDayTotals.day, tipDayTotals.type);

  const series: DayPoint[] = [];
  const index = new Map<string, DayPoint>();
  for (let offset = 0; offset < days; offset += 1) {
    const point: DayPoint = {
      day: addDays(start, offset),
      amount_paise: 0,
      count: 0,
      previous_amount_paise: 0,
      previous_count: 0,
      by_type: emptyByType(),
    };
    series.push(point);
    index.set(point.day, point);
  }
  const byType = new Map(DONATION_TYPES.map((type) => [type, { amount_paise: 0, count: 0 }]));
  const totals = {
    current: { amount_paise: 0, count: 0 },
    previous: { amount_paise: 0, count: 0 },
  };
  for (const row of dayRows) {
    const amount = Number(row.amount);
    const count = Number(row.count);
    const current = index.get(row.day);
    if (current) {
      current.amount_paise += amount;
      current.count += count;
      const type = row.type as DonationType;
      current.by_type[type] = (current.by_type[type] ?? 0) + amount;
      const typeTotal = byType.get(type);
      if (typeTotal) {
        typeTotal.amount_paise += amount;
        typeTotal.count += count;
      }
      totals.current.amount_paise += amount;
      totals.current.count += count;
    } else {
      const samePosition = index.get(addDays(row.day, days));
      if (samePosition) {
        samePosition.previous_amount_paise += amount;
        samePosition.previous_count += count;
      }
      totals.previous.amount_paise += amount;
      totals.previous.count += count;
    }
  }

  const [hourRows, topRows] = await Promise.all([
    db
      .select({
        hour: tipHourTotals.hour,
        count: sql<number>`sum(${tipHourTotals.tipCount})::bigint`,
        amount: sql<number>`sum(${tipHourTotals.amountPaise})::bigint`,
      })
      .from(tipHourTotals)
      .where(
        and(
          eq(tipHourTotals.streamerId, streamerId),
          gte(tipHourTotals.day, start),
          lte(tipHourTotals.day, today),
        ),
      )
      .groupBy(tipHourTotals.hour),
    listTopSupporters(db, streamerId, start, today),
  ]);
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, amount_paise: 0, count: 0 }));
  for (const row of hourRows) {
    const slot = hours[row.hour];
    if (slot) Object.assign(slot, { amount_paise: Number(row.amount), count: Number(row.count) });
  }
  // The weekdays sum the period's days (paid tips by India day, as the hour rows count them).
  const weekdays = Array.from({ length: 7 }, (_, day) => ({
    weekday: day,
    amount_paise: 0,
    count: 0,
  }));
  for (const point of series) {
    const slot = weekdays[mondayBasedWeekday(point.day)];
    if (!slot) continue;
    slot.amount_paise += point.amount_paise;
    slot.count += point.count;
  }

  return {
    days,
    series,
    totals,
    by_type: DONATION_TYPES.map((type) => ({ type, ...byType.get(type)! })),
    hours,
    weekdays,
    top_supporters: topRows,
  };
}
