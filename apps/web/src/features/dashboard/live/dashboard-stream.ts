import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../lib/api';
import { busyRetryDelay, dashboardRetryDelay } from './live-retry-policy';
import { SseParser, type SseMessage } from './sse-parser';

/** The header badge: Live once the server said `ready`, Connecting while trying, else Offline. */
export type LiveStatus = 'connecting' | 'live' | 'offline';

export type DashboardStreamOptions = {
  url: string;
  /** The session token, sent as a bearer token (the reason this is not an EventSource). */
  token: string;
  onStatus(status: LiveStatus): void;
  onMessage(message: SseMessage): void;
  /** The server refused the stream for good: 401 (signed out), 403 (no access) or 404. */
  onRefused(error: ApiError): void;
  fetch?: typeof fetch;
  /** A stream silent this long counts as dropped; the server sends a ping every 15 s. */
  idleTimeoutMs?: number;
};

const DEFAULT_IDLE_TIMEOUT_MS = 45_000;
const REFUSAL_STATUSES = new Set([401, 403, 404]);
/** The server is at a cap of live streams: try again later, as it says. */
const BUSY_STATUS = 429;

/**
 * The dashboard's live stream (`GET /api/streamers/:slug/events`), read with fetch and a
 * ReadableStream so it can carry the bearer token. A failed or dropped connection is retried up
 * to 3 times (2 s, 4 s, 8 s; spec 02 §4 'Dashboard alerts'), then it stays offline until
 * `reconnect()`. Each `ready` from the server resets the count. A server at its cap of live
 * streams (429) is asked again after the wait it names, for as long as it takes.
 */
export class DashboardStream {
  private controller: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  /** 429s in a row: each doubles the wait the server asked for. */
  private refusals = 0;
  private isStopped = true;

  constructor(private readonly options: DashboardStreamOptions) {}

  start(): void {
    if (!this.isStopped) return;
    this.isStopped = false;
    this.failures = 0;
    this.refusals = 0;
    void this.connect();
  }

  stop(): void {
    this.isStopped = true;
    this.clearRetryTimer();
    this.abort();
  }

  /** Starts over at once with a fresh retry budget (the manual Reconnect button). */
  reconnect(): void {
    this.stop();
    this.start();
  }

  private async connect(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    this.options.onStatus('connecting');
    try {
      const fetchFn = this.options.fetch ?? fetch;
      const response = await fetchFn(this.options.url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${this.options.token}` },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === BUSY_STATUS) {
        if (controller === this.controller) this.waitForRoom(response);
        return;
      }
      if (!response.ok) {
        const error = await readApiError(response);
        if (REFUSAL_STATUSES.has(response.status)) {
          if (controller === this.controller) this.refuse(error);
          return;
        }
        throw error;
      }
      if (!response.body) throw new Error('The live stream has no body.');
      await this.read(response.body, controller);
    } catch {
      // A network failure, an abort or a server error: all end in the retry below.
    }
    // Stopped, or replaced by a newer connection: nothing to retry.
    if (this.isStopped || controller !== this.controller) return;
    this.scheduleRetry();
  }

  private async read(body: ReadableStream<Uint8Array>, controller: AbortController) {
    const parser = new SseParser((message) => {
      if (controller === this.controller) this.handleMessage(message);
    });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    // Ends the read below on stop, reconnect or a silent stream, whatever the body does.
    controller.signal.addEventListener('abort', () => {
      reader.cancel().catch(() => {});
    });
    try {
      for (;;) {
        this.armIdleTimer(controller);
        const { value, done } = await reader.read();
        if (done || controller.signal.aborted) return;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      if (controller === this.controller) this.clearIdleTimer();
    }
  }

  private handleMessage(message: SseMessage): void {
    if (message.event === 'ready') {
      this.failures = 0;
      this.refusals = 0;
      this.options.onStatus('live');
    }
    this.options.onMessage(message);
  }

  private scheduleRetry(): void {
    this.controller = null;
    this.failures += 1;
    const delay = dashboardRetryDelay(this.failures);
    if (delay === null) {
      this.options.onStatus('offline');
      return;
    }
    this.options.onStatus('connecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.isStopped) void this.connect();
    }, delay);
  }

  /** Waits as the busy server asked (longer each time in a row), still connecting. */
  private waitForRoom(response: Response): void {
    this.controller = null;
    this.refusals += 1;
    const retryAfter = Number(response.headers.get('retry-after') ?? '');
    const delay = busyRetryDelay(this.refusals, Number.isFinite(retryAfter) ? retryAfter : null);
    this.options.onStatus('connecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.isStopped) void this.connect();
    }, delay);
  }

  private refuse(error: ApiError): void {
    this.stop();
    this.options.onStatus('offline');
    this.options.onRefused(error);
  }

  private armIdleTimer(controller: AbortController): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(
      () => controller.abort(),
      this.options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    );
  }

  private clearIdleTimer(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private clearRetryTimer(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private abort(): void {
    this.clearIdleTimer();
    this.controller?.abort();
    this.controller = null;
  }
}

/** The API's `{ error: { code, message } }` from a refused stream request. */
async function readApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    if (typeof code === 'string' && typeof message === 'string') {
      return new ApiError(response.status, code, message);
    }
  } catch {
    // Not JSON: fall through to the generic error.
  }
  return new ApiError(response.status, 'http_error', GENERIC_ERROR_MESSAGE);
}
