import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ApiError } from '../../../lib/api';
import { DashboardStream, type LiveStatus } from './dashboard-stream';
import type { SseMessage } from './sse-parser';

/** A response whose event stream the test writes to and ends. */
function openStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (frame: string) => controller.enqueue(encoder.encode(frame)),
    end: () => controller.close(),
  };
}

function jsonError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error: { code, message } }), { status, headers });
}

function setup(responses: Array<() => Response | Promise<Response>>) {
  const statuses: LiveStatus[] = [];
  const messages: SseMessage[] = [];
  const refused: ApiError[] = [];
  const requests: RequestInit[] = [];
  const fetchMock = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
    requests.push(init ?? {});
    const next = responses.shift();
    if (!next) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(next());
  });
  const stream = new DashboardStream({
    url: '/api/streamers/demo/events',
    token: 'session-token',
    onStatus: (status) => statuses.push(status),
    onMessage: (message) => messages.push(message),
    onRefused: (error) => refused.push(error),
    fetch: fetchMock as unknown as typeof fetch,
    idleTimeoutMs: 45_000,
  });
  return { stream, statuses, messages, refused, requests, fetchMock };
}

describe('DashboardStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the bearer token, goes live on ready and passes events on', async () => {
    const server = openStream();
    const { stream, statuses, messages, requests } = setup([() => server.response]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(new Headers(requests[0]?.headers).get('Authorization')).toBe('Bearer session-token');
    expect(statuses).toEqual(['connecting']);

    server.send('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    server.send('event: donation\ndata: {"donation_id":"d1"}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['connecting', 'live']);
    expect(messages.map((message) => message.event)).toEqual(['ready', 'donation']);
    stream.stop();
  });

  it('retries a failing connection 3 times (2 s, 4 s, 8 s), then stays offline', async () => {
    const { stream, statuses, fetchMock } = setup([]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(8000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(statuses.at(-1)).toBe('offline');

    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    stream.stop();
  });

  it('reconnects on demand with a fresh retry budget', async () => {
    const server = openStream();
    const { stream, statuses, fetchMock } = setup([
      () => Promise.reject(new TypeError('offline')),
      () => Promise.reject(new TypeError('offline')),
      () => Promise.reject(new TypeError('offline')),
      () => Promise.reject(new TypeError('offline')),
      () => server.response,
    ]);
    stream.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(statuses.at(-1)).toBe('offline');

    stream.reconnect();
    server.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(statuses.at(-1)).toBe('live');
    stream.stop();
  });

  it('starts the count over after each ready, so a long-lived stream keeps reconnecting', async () => {
    const servers = [openStream(), openStream(), openStream(), openStream(), openStream()];
    const { stream, statuses, fetchMock } = setup(servers.map((server) => () => server.response));
    stream.start();
    for (const server of servers.slice(0, 4)) {
      await vi.advanceTimersByTimeAsync(0);
      server.send('event: ready\ndata: {}\n\n');
      await vi.advanceTimersByTimeAsync(0);
      server.end();
      await vi.advanceTimersByTimeAsync(2000);
    }
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(statuses).not.toContain('offline');
    stream.stop();
  });

  it('treats a silent stream as dropped', async () => {
    const first = openStream();
    const second = openStream();
    const { stream, fetchMock } = setup([() => first.response, () => second.response]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    first.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(30_000);
    first.send(': ping\n\n');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(15_000 + 2000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stream.stop();
  });

  it('stops for good when the server refuses the session', async () => {
    const { stream, statuses, refused, fetchMock } = setup([
      () => jsonError(401, 'unauthorized', 'Please log in.'),
    ]);
    stream.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe('offline');
    expect(refused.map((error) => [error.status, error.code])).toEqual([[401, 'unauthorized']]);
  });

  it('waits as long as a server at its stream cap asks, longer each time, and never gives up', async () => {
    const server = openStream();
    const busy = () =>
      jsonError(429, 'too_many_streams', 'Too many live dashboards are open in this session.', {
        'retry-after': '20',
      });
    const { stream, statuses, refused, fetchMock } = setup([
      busy,
      busy,
      busy,
      busy,
      busy,
      busy,
      () => server.response,
    ]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (const [delay, calls] of [
      [1, 2], // 20 s, as asked
      [40_000, 3],
      [80_000, 4],
      [160_000, 5],
      [300_000, 6], // at most 5 minutes
      [300_000, 7],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay);
      expect(fetchMock).toHaveBeenCalledTimes(calls);
    }
    expect(statuses).not.toContain('offline');
    server.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('live');
    expect(refused).toEqual([]);
    stream.stop();
  });

  it('waits 30 s when a refusal at the stream cap does not say how long', async () => {
    const server = openStream();
    const { stream, statuses, fetchMock } = setup([
      () => jsonError(429, 'too_many_streams', 'The server has too many live connections.'),
      () => server.response,
    ]);
    stream.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    server.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('live');
    stream.stop();
  });

  it('retries server errors', async () => {
    const server = openStream();
    const { stream, statuses } = setup([
      () => jsonError(503, 'unavailable', 'Try later.'),
      () => server.response,
    ]);
    stream.start();
    await vi.advanceTimersByTimeAsync(2000);
    server.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('live');
    stream.stop();
  });
});
