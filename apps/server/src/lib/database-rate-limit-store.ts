import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedOnce } from '../db/prepared.ts';
import { rateLimitCounters } from '../db/schema.ts';

/** Every this many counted requests, an instance also deletes the windows that have ended. */
const SWEEP_EVERY = 1000;

/** Starts a window or adds one to the current one; answers the count and the time left. */
const countHit = preparedOnce((db) => {
  const hasEnded = sql`${rateLimitCounters.resetsAt} <= now()`;
  return db
    .insert(rateLimitCounters)
    .values({
      key: sql.placeholder('key'),
      hits: 1,
      resetsAt: sql`now() + ${sql.placeholder('windowMs')}::integer * interval '1 ms'`,
    })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${hasEnded} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        resetsAt: sql`CASE WHEN ${hasEnded} THEN excluded.resets_at ELSE ${rateLimitCounters.resetsAt} END`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      msLeft: sql<number>`ceil(extract(epoch FROM ${rateLimitCounters.resetsAt} - now()) * 1000)::integer`,
    });
});

/**
 * A @fastify/rate-limit store on the `rate_limit_counters` table, so that several instances on
 * one PostgreSQL database count against the same window. One statement per counted request:
 * it starts a window, or adds one to the current one, and answers the count and the time left,
 * both by the database's clock (instances' clocks never disagree about a window).
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let countedSinceSweep = 0;

  async function count(key: string, windowMs: number) {
    const [row] = await countHit(db, { key, windowMs });
    if (!row) throw new Error(`rate limit counter ${key} was not written`);

    countedSinceSweep += 1;
    if (countedSinceSweep >= SWEEP_EVERY) {
      countedSinceSweep = 0;
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetsAt, sql`now()`));
    }
    return { current: row.hits, ttl: row.msLeft };
  }

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Every limit shares the one table; its keys already start with the limit's name. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
