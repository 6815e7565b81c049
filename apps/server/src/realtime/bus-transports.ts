import { once } from 'node:events';
import { createClient } from '@redis/client';
import type pg from 'pg';

/** Where a transport reports a lost connection (the server's logger, or the CLI's console). */
type WarnLog = { warn(details: object, message: string): void };

/** The channel every instance listens on, in PostgreSQL and in Redis alike. */
export const BUS_CHANNEL = 'shabaash_events';
/** Wait before a lost listening connection is opened again. */
const RECONNECT_MS = 1000;
/** Longest an event waits for a Redis connection being made before it is refused. */
const SEND_WAIT_MS = 2000;

/**
 * How an event bus reaches the other instances (EVENT_BUS): PostgreSQL LISTEN/NOTIFY on the
 * database they share (the default), or Redis PUBLISH/SUBSCRIBE when one PostgreSQL should only
 * store (README, "How far one PostgreSQL carries the instances"). Both carry the same payloads
 * (event-bus.ts, packPayloads), and both hand a payload to every listener, the sender included.
 */
export interface BusTransport {
  readonly name: 'postgres' | 'redis';
  /** Starts hearing payloads; a lost connection is opened again without the caller's help. */
  listen(onPayload: (payload: string) => void): Promise<void>;
  send(payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The configured transport: Redis with EVENT_BUS=redis, else PostgreSQL's when the database is
 * PostgreSQL, else none (the embedded database serves one instance, so nothing need travel).
 */
export function busTransportFor(
  config: { EVENT_BUS: 'postgres' | 'redis'; REDIS_URL?: string | undefined },
  pool: pg.Pool | undefined,
  log: WarnLog,
): BusTransport | null {
  if (config.EVENT_BUS === 'redis') {
    if (!config.REDIS_URL) throw new Error('EVENT_BUS=redis needs REDIS_URL');
    return redisTransport(config.REDIS_URL, log);
  }
  return pool ? postgresTransport(pool, log) : null;
}

/** LISTEN on one connection of the pool; NOTIFY from any. */
export function postgresTransport(pool: pg.Pool, log: WarnLog): BusTransport {
  let listener: pg.PoolClient | null = null;
  let closed = false;

  async function connect(onPayload: (payload: string) => void): Promise<void> {
    if (closed) return;
    try {
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === BUS_CHANNEL && message.payload) onPayload(message.payload);
      });
      client.on('error', (error) => {
        log.warn({ err: error }, 'LISTEN connection lost; reconnecting');
        if (listener === client) listener = null;
        releaseQuietly(client);
        if (!closed) setTimeout(() => void connect(onPayload), RECONNECT_MS).unref();
      });
      await client.query(`LISTEN ${BUS_CHANNEL}`);
      listener = client;
    } catch (error) {
      log.warn({ err: error }, 'could not LISTEN; retrying');
      setTimeout(() => void connect(onPayload), RECONNECT_MS).unref();
    }
  }

  return {
    name: 'postgres',
    listen: connect,
    async send(payload) {
      await pool.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, payload]);
    },
    async close() {
      closed = true;
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners('notification');
        releaseQuietly(client);
      }
    },
  };
}

/**
 * Gives a broken or finished LISTEN connection back to the pool, destroyed. A connection the
 * server ends reports twice (its FATAL message, then the closed socket); a second release would
 * throw outside any handler and stop the process, so later reports are swallowed.
 */
function releaseQuietly(client: pg.PoolClient): void {
  client.removeAllListeners('error');
  client.on('error', () => {});
  client.release(true);
}

/**
 * PUBLISH on one Redis connection, SUBSCRIBE on a second (a subscribed connection takes no
 * other commands). Connecting never holds up the server: both connect in the background, the
 * client reconnects by itself and subscribes again, and an event sent while Redis is away is
 * refused at once (logged by the bus) rather than queued; other instances then miss it until
 * their overlays' replay, as with a lost LISTEN.
 */
export function redisTransport(url: string, log: WarnLog): BusTransport {
  const options = {
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => RECONNECT_MS, connectTimeout: 5000 },
  };
  const publisher = createClient(options);
  const subscriber = createClient(options);
  for (const client of [publisher, subscriber]) {
    // Logged without the URL, which may carry a password.
    client.on('error', (error: Error) => log.warn({ err: error.message }, 'Redis event bus error'));
  }
  /** Connects (or subscribes) in the background; a failure is logged, never thrown. */
  const start = (task: Promise<unknown>) => {
    task.catch((error: unknown) => log.warn({ err: String(error) }, 'Redis event bus not started'));
  };

  return {
    name: 'redis',
    async listen(onPayload) {
      start(publisher.connect());
      start(
        subscriber
          .connect()
          .then(() => subscriber.subscribe(BUS_CHANNEL, (message: string) => onPayload(message))),
      );
    },
    async send(payload) {
      if (!publisher.isOpen) start(publisher.connect());
      // A moment for a connection being made (the admin command line sends right after start).
      if (!publisher.isReady) {
        await once(publisher, 'ready', { signal: AbortSignal.timeout(SEND_WAIT_MS) }).catch(
          () => {},
        );
      }
      if (!publisher.isReady) throw new Error('Redis is not connected');
      await publisher.publish(BUS_CHANNEL, payload);
    },
    async close() {
      for (const client of [publisher, subscriber]) {
        // Also stops a connection attempt still retrying; a client never opened has nothing to end.
        if (client.isOpen) client.destroy();
      }
    },
  };
}
