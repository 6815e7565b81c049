import { and, eq, sql } from 'drizzle-orm';
import type { YoutubeQuotaReport } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { youtubeConnections, youtubeQuotaDays, youtubeQuotaUsage } from '../../db/schema.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';

/** Units per call (integrations.md §F.6); liveChatMessages.insert comes from YOUTUBE_INSERT_COST. */
export const LIST_COST = 1;
/** Every creator may spend at least this many inserts a day, however many creators there are. */
const FLOOR_INSERTS = 5;
/** A constant key for the advisory lock that serialises reservations across instances. */
const LEDGER_LOCK_KEY = 730_030;

const pacificDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Pacific-time day (YYYY-MM-DD) of an instant: YouTube resets quota at midnight there. */
export function pacificDay(at: Date): string {
  return pacificDate.format(at);
}

export type QuotaRefusal = 'quota_exceeded' | 'quota_budget' | 'creator_share';

export type QuotaLedgerOptions = {
  dailyQuota: number;
  /** The share of the quota chat posting may use (YOUTUBE_QUOTA_SHARE). */
  share: number;
  insertCost: number;
  now?: () => Date;
};

/**
 * The per-day quota ledger. Every call is reserved before it is made (YouTube charges failed
 * calls too), under one advisory lock so instances never overspend together: refused when
 * YouTube said quotaExceeded today, when the project budget (quota × share) would be passed,
 * or when the creator would pass their fair share, max(budget ÷ connected creators, 5 posts).
 */
export class QuotaLedger {
  constructor(
    private readonly db: Database,
    private readonly options: QuotaLedgerOptions,
  ) {}

  get budget(): number {
    return Math.floor(this.options.dailyQuota * this.options.share);
  }

  get insertCost(): number {
    return this.options.insertCost;
  }

  today(): string {
    return pacificDay(this.options.now?.() ?? new Date());
  }

  /** The most one creator may use today, given how many creators are connected. */
  async shareUnits(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(youtubeConnections)
      .where(eq(youtubeConnections.status, 'connected'));
    return this.shareFor(row?.count ?? 0);
  }

  /**
   * Reserves `units` for a call; answers null when granted, else why not. `enforce: false`
   * records without refusing (the one-unit channel look-up of connecting).
   */
  async reserve(
    streamerId: string,
    units: number,
    { enforce = true }: { enforce?: boolean } = {},
  ): Promise<QuotaRefusal | null> {
    const day = this.today();
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
      if (enforce) {
        const [exhausted] = await tx
          .select({ day: youtubeQuotaDays.day })
          .from(youtubeQuotaDays)
          .where(eq(youtubeQuotaDays.day, day));
        if (exhausted) return 'quota_exceeded';
        const [totals] = await tx
          .select({
            total: sql<number>`coalesce(sum(${youtubeQuotaUsage.units}), 0)::int`,
            mine: sql<number>`coalesce(sum(${youtubeQuotaUsage.units}) filter (where ${youtubeQuotaUsage.streamerId} = ${streamerId}), 0)::int`,
          })
          .from(youtubeQuotaUsage)
          .where(eq(youtubeQuotaUsage.day, day));
        if ((totals?.total ?? 0) + units > this.budget) return 'quota_budget';
        const [connected] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(youtubeConnections)
          .where(eq(youtubeConnections.status, 'connected'));
        if ((totals?.mine ?? 0) + units > this.shareFor(connected?.count ?? 0)) {
          return 'creator_share';
        }
      }
      await tx
        .insert(youtubeQuotaUsage)
        .values({ day, streamerId, units, calls: 1 })
        .onConflictDoUpdate({
          target: [youtubeQuotaUsage.day, youtubeQuotaUsage.streamerId],
          set: {
            units: sql`${youtubeQuotaUsage.units} + ${units}`,
            calls: sql`${youtubeQuotaUsage.calls} + 1`,
          },
        });
      return null;
    });
  }

  /** YouTube answered quotaExceeded: nothing more is sent until the Pacific day ends. */
  async markExhausted(): Promise<void> {
    await this.db.insert(youtubeQuotaDays).values({ day: this.today() }).onConflictDoNothing();
  }

  /** Units a creator used today. */
  async usedBy(streamerId: string): Promise<number> {
    const [row] = await this.db
      .select({ units: youtubeQuotaUsage.units })
      .from(youtubeQuotaUsage)
      .where(
        and(eq(youtubeQuotaUsage.day, this.today()), eq(youtubeQuotaUsage.streamerId, streamerId)),
      );
    return row?.units ?? 0;
  }

  /** Today's use, per creator, for the admin console. */
  async report(): Promise<YoutubeQuotaReport> {
    const day = this.today();
    const streamers = streamerRowsSubquery(this.db);
    const rows = await this.db
      .select({
        slug: streamers.slug,
        name: streamers.name,
        units: youtubeQuotaUsage.units,
        calls: youtubeQuotaUsage.calls,
      })
      .from(youtubeQuotaUsage)
      .innerJoin(streamers, eq(streamers.id, youtubeQuotaUsage.streamerId))
      .where(eq(youtubeQuotaUsage.day, day))
      .orderBy(sql`${youtubeQuotaUsage.units} desc`, streamers.slug);
    const [exhausted] = await this.db
      .select({ day: youtubeQuotaDays.day })
      .from(youtubeQuotaDays)
      .where(eq(youtubeQuotaDays.day, day));
    return {
      day,
      daily_quota: this.options.dailyQuota,
      budget_units: this.budget,
      used_units: rows.reduce((sum, row) => sum + row.units, 0),
      share_units: await this.shareUnits(),
      is_exhausted: Boolean(exhausted),
      creators: rows,
    };
  }

  private shareFor(connectedCreators: number): number {
    const floor = FLOOR_INSERTS * (this.options.insertCost + LIST_COST);
    return Math.max(Math.floor(this.budget / Math.max(1, connectedCreators)), floor);
  }
}
