import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessRevokedEvent, EventBus } from './event-bus.ts';
import { STREAM_RETRY_AFTER_SECONDS, type StreamLimits } from './stream-limits.ts';

/** One open Server-Sent Events response. */
export type SseStream = {
  /** Writes one event; `data` is serialised once here. */
  send(event: { id?: number | string; event: string; data: unknown }): void;
  /** Writes already formatted events (fan-out writes the same bytes to many streams). */
  write(frames: string | Uint8Array): void;
  close(): void;
  readonly isClosed: boolean;
  /** Calls `listener` once the stream ends (at once if it already has). */
  onClose(listener: () => void): void;
};

/** Formats one SSE frame. */
export function sseFrame(event: { id?: number | string; event: string; data: unknown }): string {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

const HEARTBEAT_MS = 15_000;

/**
 * Whose stream it is, besides its client address: the OBS token of an overlay or widget, the
 * session and member behind a dashboard. It decides the caps that apply and which revocations
 * end the stream.
 */
export type StreamOwner =
  | { obsTokenId: string }
  | { sessionId: string; userId: string; streamerId: string }
  | Record<string, never>;

/**
 * Every open stream of this instance: counted against the caps (StreamLimits) as it opens,
 * ended when its owner loses access (on any instance: the bus carries revocations), and ended
 * at shutdown instead of being waited for.
 */
export class SseRegistry {
  private readonly streams = new Map<SseStream, StreamOwner>();

  constructor(
    private readonly limits: StreamLimits,
    bus: EventBus,
  ) {
    bus.subscribeToRevocations((event) => this.closeRevoked(event));
  }

  /**
   * Takes over the response and turns it into an event stream; past a cap, throws a 429 (with
   * Retry-After) that the error handler answers instead.
   */
  open(request: FastifyRequest, reply: FastifyReply, owner: StreamOwner = {}): SseStream {
    let release: () => void;
    try {
      release = this.limits.acquire({
        address: request.ip,
        obsTokenId: 'obsTokenId' in owner ? owner.obsTokenId : undefined,
        sessionId: 'sessionId' in owner ? owner.sessionId : undefined,
      });
    } catch (error) {
      reply.header('retry-after', String(STREAM_RETRY_AFTER_SECONDS));
      throw error;
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx must not buffer the stream.
      'x-accel-buffering': 'no',
    });
    // Browsers retry a dropped EventSource after this many milliseconds. It goes out with the
    // headers and the first event, in one write: a thousand overlays connecting at once cost a
    // thousand socket writes, not three thousand.
    let preamble: string | null = 'retry: 3000\n\n';

    const listeners: Array<() => void> = [];
    let isClosed = false;
    let wroteSinceHeartbeat = false;
    const writeRaw = (frames: string | Uint8Array) => {
      wroteSinceHeartbeat = true;
      if (preamble === null) {
        raw.write(frames);
        return;
      }
      raw.write(
        typeof frames === 'string'
          ? preamble + frames
          : Buffer.concat([Buffer.from(preamble), frames]),
      );
      preamble = null;
    };
    // Idle proxies and load balancers close silent connections; a comment keeps them open. A
    // stream that carried events since the last beat is not silent and needs none.
    const heartbeat = setInterval(() => {
      if (!wroteSinceHeartbeat) writeRaw(': ping\n\n');
      wroteSinceHeartbeat = false;
    }, HEARTBEAT_MS);
    heartbeat.unref();

    const stream: SseStream = {
      send: (event) => stream.write(sseFrame(event)),
      write: (frames) => {
        if (!isClosed) writeRaw(frames);
      },
      close: () => {
        if (isClosed) return;
        cleanup();
        raw.end(preamble ?? undefined);
      },
      get isClosed() {
        return isClosed;
      },
      onClose: (listener) => {
        // A stream that ended before its route finished setting it up still tells the route.
        if (isClosed) listener();
        else listeners.push(listener);
      },
    };

    const cleanup = () => {
      if (isClosed) return;
      isClosed = true;
      clearInterval(heartbeat);
      release();
      this.streams.delete(stream);
      for (const listener of listeners) listener();
    };
    request.raw.on('close', cleanup);
    raw.on('error', cleanup);
    this.streams.set(stream, owner);
    // The client may have left while the route was reading the database: its 'close' has been
    // and gone, so the stream ends now instead of holding its place forever.
    if (request.raw.socket.destroyed) cleanup();
    return stream;
  }

  get size(): number {
    return this.streams.size;
  }

  /** Open streams by whose they are: an OBS token's (overlays, widgets) or a dashboard's. */
  countByKind(): { overlay: number; dashboard: number; other: number } {
    const counts = { overlay: 0, dashboard: 0, other: 0 };
    for (const owner of this.streams.values()) {
      if ('obsTokenId' in owner) counts.overlay += 1;
      else if ('sessionId' in owner) counts.dashboard += 1;
      else counts.other += 1;
    }
    return counts;
  }

  closeAll(): void {
    for (const stream of [...this.streams.keys()]) stream.close();
  }

  /** Ends the streams a revoked session or removed member opened; their reconnect is refused. */
  private closeRevoked(event: AccessRevokedEvent): void {
    for (const [stream, owner] of [...this.streams]) {
      if (!('sessionId' in owner)) continue;
      const isRevoked =
        event.kind === 'session_revoked'
          ? owner.sessionId === event.sessionId
          : owner.userId === event.userId && owner.streamerId === event.streamerId;
      if (isRevoked) stream.close();
    }
  }
}
