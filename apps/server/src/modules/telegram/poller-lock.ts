import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseConnection } from '../../db/client.ts';

/**
 * The right to long-poll one bot's updates. Telegram serves getUpdates to one caller at a time
 * (a second one gets 409 Conflict), so with several instances on one database only the holder
 * of this lock polls; the others wait and take over when it goes.
 */
export type PollerLock = {
  /** Resolves if the lock is lost without release() (the database connection dropped). */
  lost: Promise<void>;
  release(): Promise<void>;
};

/** Names taken on each embedded database (PGlite is one process's database, see pglite-lock.ts). */
const pgliteLocks = new WeakMap<PGlite, Set<string>>();

/**
 * Takes the lock called `name` if no one holds it; null when another instance does. On
 * PostgreSQL it is a session advisory lock on a connection of its own, which the server frees
 * when this process dies or its connection drops, so a standby instance can take over.
 */
export async function tryTakePollerLock(
  database: DatabaseConnection,
  name: string,
): Promise<PollerLock | null> {
  if (database.pool) return tryTakeAdvisoryLock(database.pool.options, name);
  if (database.pglite) return takeInProcessLock(database.pglite, name);
  throw new Error('no database to hold the Telegram poller lock');
}

async function tryTakeAdvisoryLock(
  options: pg.ClientConfig,
  name: string,
): Promise<PollerLock | null> {
  const client = new pg.Client({ ...options, keepAlive: true });
  let isReleased = false;
  let markLost = () => {};
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  const onGone = () => {
    if (!isReleased) markLost();
  };
  // A dropped connection must not crash the process: it only means the lock is gone.
  client.on('error', onGone);
  client.on('end', onGone);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      [name],
    );
    if (rows[0]?.locked !== true) {
      isReleased = true;
      await client.end();
      return null;
    }
  } catch (error) {
    isReleased = true;
    await client.end().catch(() => {});
    throw error;
  }
  return {
    lost,
    release: async () => {
      isReleased = true;
      // Ending the session frees its advisory locks.
      await client.end().catch(() => {});
    },
  };
}

function takeInProcessLock(pglite: PGlite, name: string): PollerLock | null {
  const taken = pgliteLocks.get(pglite) ?? new Set<string>();
  pgliteLocks.set(pglite, taken);
  if (taken.has(name)) return null;
  taken.add(name);
  return {
    lost: new Promise<void>(() => {}), // nothing outside this process can take it away
    release: async () => {
      taken.delete(name);
    },
  };
}
