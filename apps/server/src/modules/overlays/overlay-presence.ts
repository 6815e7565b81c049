import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { overlayPresence } from '../../db/schema.ts';

/** An instance that stops refreshing its rows (it died) stops counting after this long. */
const STALE_AFTER_MS = 60_000;
const REFRESH_EVERY_MS = 20_000;

/**
 * Records how many overlay streams this instance holds per streamer, so the connection count a
 * streamer sees adds up every instance behind the load balancer.
 */
export class OverlayPresence {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly instanceId: string,
  ) {
    this.timer = setInterval(() => void this.refresh().catch(() => {}), REFRESH_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Stores this instance's current counts for several streamers in one round trip each for
   * the ones that have overlays and the ones that have none left.
   */
  async setMany(counts: ReadonlyArray<{ streamerId: string; connections: number }>): Promise<void> {
    const gone = counts.filter((entry) => entry.connections === 0).map((entry) => entry.streamerId);
    const present = counts.filter((entry) => entry.connections > 0);
    if (gone.length > 0) {
      await this.db
        .delete(overlayPresence)
        .where(
          and(
            eq(overlayPresence.instanceId, this.instanceId),
            inArray(overlayPresence.streamerId, gone),
          ),
        );
    }
    if (present.length > 0) {
      await this.db
        .insert(overlayPresence)
        .values(present.map((entry) => ({ instanceId: this.instanceId, ...entry })))
        .onConflictDoUpdate({
          target: [overlayPresence.instanceId, overlayPresence.streamerId],
          set: { connections: sql`excluded.connections`, updatedAt: sql`now()` },
        });
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.db.delete(overlayPresence).where(eq(overlayPresence.instanceId, this.instanceId));
  }

  private async refresh(): Promise<void> {
    await this.db
      .update(overlayPresence)
      .set({ updatedAt: sql`now()` })
      .where(eq(overlayPresence.instanceId, this.instanceId));
  }
}

/** Overlay streams open for a streamer right now, across all live instances. */
export async function countOverlayConnections(db: Database, streamerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${overlayPresence.connections}), 0)::int` })
    .from(overlayPresence)
    .where(
      and(
        eq(overlayPresence.streamerId, streamerId),
        gt(overlayPresence.updatedAt, new Date(Date.now() - STALE_AFTER_MS)),
      ),
    );
  return Number(row?.total ?? 0);
}
