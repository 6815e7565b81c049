import crypto from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { OverlayAlert, StreamControlAction } from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { openPool, type Database, type DatabaseConnection } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { BusTransport } from './bus-transports.ts';

/**
 * Events carry ids only; subscribers load the rows they need, so NOTIFY payloads stay far below
 * PostgreSQL's 8000-byte limit and nothing private travels between instances.
 */
export type StreamerEvent =
  /**
   * `alert` is set by the instance that wrote the alert, for its own overlays only (they need
   * not read it back); it never travels to other instances, which load it by id.
   */
  | { kind: 'alert'; streamerId: string; alertId: number; alert?: OverlayAlert }
  | { kind: 'donation_changed'; streamerId: string; donationId: string }
  | { kind: 'token_deactivated'; streamerId: string; tokenId: string }
  | { kind: 'presence_changed'; streamerId: string }
  /** A streamer's page, alert or moderation settings (or active state) changed. */
  | { kind: 'settings_changed'; streamerId: string }
  /** A stream control for every overlay of the streamer (modules/stream-control). */
  | StreamControlEvent
  /** Pause, mute, or what an overlay is playing changed: dashboards reload the state. */
  | { kind: 'playback_changed'; streamerId: string }
  /** A fan started a tip (payment pending): the activity feed lists it at once. */
  | { kind: 'donation_created'; streamerId: string };

/** A replay names its alert and a fresh id per press; the other controls are bare actions. */
export type StreamControlEvent =
  | {
      kind: 'stream_control';
      streamerId: string;
      action: 'replay';
      alertId: number;
      replayId: string;
    }
  | {
      kind: 'stream_control';
      streamerId: string;
      action: Exclude<StreamControlAction, 'replay'>;
    };

/**
 * Someone lost the right to see live data: the streams it opened close on every instance
 * (SseRegistry), and the page's reconnect is refused.
 */
export type AccessRevokedEvent =
  /** A session ended (logout). */
  | { kind: 'session_revoked'; sessionId: string }
  /** A user stopped being a member of a streamer. */
  | { kind: 'member_removed'; streamerId: string; userId: string };

export type BusEvent = StreamerEvent | AccessRevokedEvent;

export type BusHandler = (event: StreamerEvent) => void;
export type AccessRevokedHandler = (event: AccessRevokedEvent) => void;

/** Stay well under NOTIFY's 8000-byte payload limit when batching. */
const MAX_PAYLOAD_BYTES = 7000;
/** Connections of the delivery pool: subscribers read one batch at a time. */
const DELIVERY_POOL_SIZE = 2;

/**
 * Publishes events after commit. Subscribers on this instance get them at once, in process;
 * other instances get them through the transport (PostgreSQL LISTEN/NOTIFY, or Redis: see
 * bus-transports.ts), batched once per tick and sent outside any insert transaction, so
 * NOTIFY's commit-time lock never sits on the hot path. With the embedded database and no
 * Redis there is only one instance (no transport), so local delivery is the whole job.
 */
export class EventBus {
  readonly instanceId = crypto.randomBytes(8).toString('hex');
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private readonly accessHandlers = new Set<AccessRevokedHandler>();
  private outbox: BusEvent[] = [];
  private flushScheduled = false;
  private closed = false;
  private deliveryPool: pg.Pool | null;
  /**
   * Where subscribers read the rows an event names. On PostgreSQL a small pool of its own, so
   * delivering an alert never queues behind the request traffic (webhooks waiting on commit)
   * that fills the main pool under load.
   */
  readonly deliveryDb: Database;

  constructor(
    database: DatabaseConnection,
    private readonly log: FastifyBaseLogger,
    private readonly transport: BusTransport | null,
  ) {
    this.deliveryPool = database.pool
      ? openPool({ ...database.pool.options, max: DELIVERY_POOL_SIZE }, database.prepareStatements)
      : null;
    this.deliveryDb = this.deliveryPool
      ? (drizzle({ client: this.deliveryPool, schema }) as unknown as Database) // same surface
      : database.db;
  }

  /** Starts listening for other instances' events (when there is a transport). */
  async start(): Promise<void> {
    await this.transport?.listen((payload) => this.receive(payload));
  }

  /** Subscribes to one streamer's events; returns the unsubscribe function. */
  subscribe(streamerId: string, handler: BusHandler): () => void {
    let set = this.handlers.get(streamerId);
    if (!set) {
      set = new Set();
      this.handlers.set(streamerId, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(streamerId);
    };
  }

  /** Hears every revocation of access, whichever the streamer; returns the unsubscribe. */
  subscribeToRevocations(handler: AccessRevokedHandler): () => void {
    this.accessHandlers.add(handler);
    return () => this.accessHandlers.delete(handler);
  }

  /** Call after the transaction that caused the event has committed. */
  publish(event: BusEvent): void {
    this.deliverLocally(event);
    if (!this.transport || this.closed) return;
    this.outbox.push(event.kind === 'alert' ? { ...event, alert: undefined } : event);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    await this.transport?.close();
    // close() may run twice (a test closes the bus before the app does); a pool ends once.
    const deliveryPool = this.deliveryPool;
    this.deliveryPool = null;
    await deliveryPool?.end();
  }

  private deliverLocally(event: BusEvent): void {
    if (isAccessRevoked(event)) {
      for (const handler of [...this.accessHandlers]) this.run(() => handler(event), event);
      return;
    }
    const set = this.handlers.get(event.streamerId);
    if (!set) return;
    for (const handler of [...set]) this.run(() => handler(event), event);
  }

  /** A failing subscriber is logged; the others still hear the event. */
  private run(handle: () => void, event: BusEvent): void {
    try {
      handle();
    } catch (error) {
      this.log.error({ err: error, event }, 'event handler failed');
    }
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const events = this.outbox;
    this.outbox = [];
    const transport = this.transport;
    if (!transport || events.length === 0) return;
    for (const payload of packPayloads(this.instanceId, events)) {
      try {
        await transport.send(payload);
      } catch (error) {
        this.log.error(
          { err: error },
          'events not sent to other instances; they miss them until replay',
        );
      }
    }
  }

  private receive(payload: string): void {
    let batch: { from: string; events: BusEvent[] };
    try {
      batch = JSON.parse(payload) as { from: string; events: BusEvent[] };
    } catch {
      return;
    }
    if (batch.from === this.instanceId) return; // already delivered locally
    for (const event of batch.events) this.deliverLocally(event);
  }
}

function isAccessRevoked(event: BusEvent): event is AccessRevokedEvent {
  return event.kind === 'session_revoked' || event.kind === 'member_removed';
}

/**
 * Sends events to every instance listening on the database, from a process that runs no bus
 * (the admin command line, whose revocations must close streams on running servers).
 */
export async function notifyInstances(
  transport: BusTransport,
  from: string,
  events: BusEvent[],
): Promise<void> {
  for (const payload of packPayloads(from, events)) await transport.send(payload);
}

/** Splits events into NOTIFY payloads that each stay under the size limit (ids are ASCII). */
export function packPayloads(instanceId: string, events: BusEvent[]): string[] {
  const head = `{"from":${JSON.stringify(instanceId)},"events":[`;
  const tail = ']}';
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = head.length + tail.length;
  for (const event of events) {
    const encoded = JSON.stringify(event);
    const added = encoded.length + (parts.length > 0 ? 1 : 0);
    if (parts.length > 0 && size + added > MAX_PAYLOAD_BYTES) {
      payloads.push(head + parts.join(',') + tail);
      parts = [];
      size = head.length + tail.length;
    }
    size += encoded.length + (parts.length > 0 ? 1 : 0);
    parts.push(encoded);
  }
  if (parts.length > 0) payloads.push(head + parts.join(',') + tail);
  return payloads;
}
