import type { FastifyReply, FastifyRequest } from 'fastify';

/** One open Server-Sent Events response. */
export type SseStream = {
  /** Writes one event; `data` is serialised once here. */
  send(event: { id?: number | string; event: string; data: unknown }): void;
  /** Writes already formatted events (fan-out writes the same bytes to many streams). */
  write(frames: string | Uint8Array): void;
  close(): void;
  readonly isClosed: boolean;
  onClose(listener: () => void): void;
};

/** Formats one SSE frame. */
export function sseFrame(event: { id?: number | string; event: string; data: unknown }): string {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

const HEARTBEAT_MS = 15_000;

/** Every open stream of this instance, so shutdown can end them instead of waiting forever. */
export class SseRegistry {
  private readonly streams = new Set<SseStream>();

  /** Takes over the response and turns it into an event stream. */
  open(request: FastifyRequest, reply: FastifyReply): SseStream {
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
      onClose: (listener) => listeners.push(listener),
    };

    const cleanup = () => {
      if (isClosed) return;
      isClosed = true;
      clearInterval(heartbeat);
      this.streams.delete(stream);
      for (const listener of listeners) listener();
    };
    request.raw.on('close', cleanup);
    raw.on('error', cleanup);
    this.streams.add(stream);
    return stream;
  }

  get size(): number {
    return this.streams.size;
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }
}
