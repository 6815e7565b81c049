import http from 'node:http';
import { NO_ANSWER, type SoakHttp } from './soak-http.ts';

/** One alert frame as an overlay received it, on which of its connections. */
export type OverlayFrame = {
  connection: number;
  alertId: number;
  kind: 'donation' | 'test';
  donationId: string | null;
  /** Date.now() when it arrived. */
  at: number;
};

/**
 * When each alert was acknowledged (the server answered 204 to `/shown`), shared by a
 * streamer's overlays: once acknowledged and older than a reconnect's Last-Event-ID, an alert
 * must never be sent again.
 */
export class AckLedger {
  private readonly ackedAt = new Map<number, number>();

  record(alertId: number, at: number): void {
    if (!this.ackedAt.has(alertId)) this.ackedAt.set(alertId, at);
  }

  ackedBefore(alertId: number, time: number): boolean {
    const at = this.ackedAt.get(alertId);
    return at !== undefined && at < time;
  }
}

/** One connection of an overlay; times are Date.now(), comparable with the database's. */
export type OverlayConnectionRecord = {
  number: number;
  /** What the overlay asked to resume after (null on a first connect). */
  lastEventId: number | null;
  openedAt: number;
  readyAt: number | null;
  closedAt: number | null;
};

type Connection = OverlayConnectionRecord & { receivedIds: Set<number> };

export type SoakOverlayOptions = {
  http: SoakHttp;
  slug: string;
  token: string;
  acks: AckLedger;
  /** How long "playing" an alert takes before it is acknowledged (compressed from seconds). */
  playMs: () => number;
};

const RECONNECT_AFTER_SERVER_CLOSE_MS = 250;
const STATUS_ROUTE = 'GET /api/overlay/:slug/events';
const ACK_ROUTE = 'POST /api/overlay/:slug/alerts/:id/shown';

/**
 * An OBS overlay as the server sees it, behaving like the real page (apps/web obs-overlay):
 * listens to the SSE stream, resumes after the highest alert id it received or the position
 * `ready` gave (alternately with
 * the `Last-Event-ID` header, as EventSource does, and the `last_event_id` query, as our page
 * does), plays each alert id once, one at a time, and acknowledges it when played. It keeps a
 * log of every frame on every connection for the soak's exactly-once check, and notes protocol
 * violations as they happen.
 */
export class SoakOverlay {
  readonly frames: OverlayFrame[] = [];
  /** Server-side guarantees broken, as they were seen. */
  readonly violations: string[] = [];
  readonly played = new Set<number>();
  readonly connections: OverlayConnectionRecord[] = [];
  connectCount = 0;
  private lastEventId: number | null = null;
  private current: Connection | null = null;
  private request: http.ClientRequest | null = null;
  private isReady = false;
  private isClosed = false;
  private readonly queue: number[] = [];
  private isPlaying = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readyWaiters: Array<() => void> = [];

  constructor(private readonly options: SoakOverlayOptions) {}

  /** Opens the stream; resolves once the server has sent `ready`. */
  connect(): Promise<void> {
    this.open();
    return this.whenReady();
  }

  whenReady(): Promise<void> {
    if (this.isReady) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Drops the connection as a network blip would, and reconnects after `delayMs`. */
  drop(delayMs: number): void {
    if (this.isClosed) return;
    this.abortCurrent();
    this.scheduleReconnect(delayMs);
  }

  /** Connected, ready, and nothing left to play or acknowledge. */
  get isSettled(): boolean {
    return this.isReady && !this.isPlaying && this.queue.length === 0;
  }

  close(): void {
    this.isClosed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.abortCurrent();
  }

  private open(): void {
    if (this.isClosed) return;
    this.connectCount += 1;
    const viaHeader = this.connectCount % 2 === 0;
    const query = new URLSearchParams({ token: this.options.token });
    if (this.lastEventId !== null && !viaHeader)
      query.set('last_event_id', String(this.lastEventId));
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.lastEventId !== null && viaHeader) headers['last-event-id'] = String(this.lastEventId);
    const connection: Connection = {
      number: this.connectCount,
      lastEventId: this.lastEventId,
      openedAt: Date.now(),
      readyAt: null,
      closedAt: null,
      receivedIds: new Set(),
    };
    this.connections.push(connection);
    this.current = connection;
    this.isReady = false;
    const url = `${this.options.http.baseUrl}/api/overlay/${this.options.slug}/events?${query.toString()}`;
    const request = http.get(url, { agent: false, headers });
    this.request = request;
    const isCurrent = () => this.current === connection;

    request.on('error', () => {
      if (!isCurrent()) return;
      this.options.http.counts.record(STATUS_ROUTE, NO_ANSWER);
      this.afterServerClose();
    });
    request.on('response', (response) => {
      if (!isCurrent()) {
        response.destroy();
        return;
      }
      this.options.http.counts.record(STATUS_ROUTE, response.statusCode ?? 0);
      if (response.statusCode !== 200) {
        response.resume();
        this.afterServerClose();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        if (!isCurrent()) return;
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          this.handleFrame(connection, buffer.slice(0, boundary));
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
        }
      });
      response.on('error', () => {});
      response.on('close', () => {
        if (isCurrent()) this.afterServerClose();
      });
    });
  }

  private handleFrame(connection: Connection, frame: string): void {
    const event = /^event: (.*)$/m.exec(frame)?.[1];
    if (event === 'ready') {
      // Like the page: `ready` carries the stream's position, resumed from after a drop.
      const position = Number(/^id: (\d+)$/m.exec(frame)?.[1] ?? Number.NaN);
      if (Number.isSafeInteger(position))
        this.lastEventId = Math.max(this.lastEventId ?? 0, position);
      connection.readyAt = Date.now();
      this.isReady = true;
      for (const resolve of this.readyWaiters.splice(0)) resolve();
      return;
    }
    if (event !== 'alert') return;
    const data = /^data: (.*)$/m.exec(frame)?.[1];
    if (!data) return;
    // The server's OverlayAlert; only the ids are read.
    const alert = JSON.parse(data) as {
      alert_id: number;
      kind: 'donation' | 'test';
      donation: { id: string | null };
    };
    const alertId = alert.alert_id;
    this.frames.push({
      connection: connection.number,
      alertId,
      kind: alert.kind,
      donationId: alert.donation.id,
      at: Date.now(),
    });
    if (connection.receivedIds.has(alertId)) {
      this.violations.push(`alert ${String(alertId)} sent twice on one connection`);
    }
    connection.receivedIds.add(alertId);
    const resumedAfter = connection.lastEventId;
    if (
      resumedAfter !== null &&
      alertId <= resumedAfter &&
      this.options.acks.ackedBefore(alertId, connection.openedAt)
    ) {
      this.violations.push(
        `alert ${String(alertId)} sent again after a reconnect from ${String(resumedAfter)}, although it had been acknowledged`,
      );
    }
    this.lastEventId = Math.max(this.lastEventId ?? 0, alertId);
    // Like the page's player: an id already played (or queued) is never played again.
    if (this.played.has(alertId)) return;
    this.played.add(alertId);
    this.queue.push(alertId);
    void this.playQueue();
  }

  private async playQueue(): Promise<void> {
    if (this.isPlaying) return;
    this.isPlaying = true;
    try {
      for (let alertId = this.queue.shift(); alertId !== undefined; alertId = this.queue.shift()) {
        await new Promise((resolve) => setTimeout(resolve, this.options.playMs()));
        await this.acknowledge(alertId);
      }
    } finally {
      this.isPlaying = false;
    }
  }

  private async acknowledge(alertId: number): Promise<void> {
    const { http: client, slug, token } = this.options;
    try {
      const response = await client.request(
        ACK_ROUTE,
        'POST',
        `/api/overlay/${slug}/alerts/${String(alertId)}/shown?token=${encodeURIComponent(token)}`,
      );
      if (response.status === 204) this.options.acks.record(alertId, Date.now());
    } catch {
      // Counted as no answer; the alert stays unshown on the server and may be replayed.
    }
  }

  private afterServerClose(): void {
    this.abortCurrent();
    if (!this.isClosed) this.scheduleReconnect(RECONNECT_AFTER_SERVER_CLOSE_MS);
  }

  private abortCurrent(): void {
    if (this.current) this.current.closedAt = Date.now();
    this.current = null;
    this.isReady = false;
    this.request?.destroy();
    this.request = null;
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delayMs);
  }
}
