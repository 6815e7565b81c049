import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing the fake payment gateways share: a node:http server on a random port of
 * 127.0.0.1 that records every request and can be told to misbehave (an error status, an answer
 * lost after the work was done, or no answer at all) for the next few requests.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
};

export type FakeReply = {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as it is instead of `body` as JSON (an HTML page); set content-type in `headers`. */
  text?: string;
};

type Fault =
  { kind: 'status'; status: number } | { kind: 'lost-answer'; status: number } | { kind: 'hang' };

export type FakeHttpServer = {
  /** Origin, e.g. http://127.0.0.1:41234. */
  url: string;
  requests: RecordedRequest[];
  /** The next `times` requests get `status` and change nothing. */
  failNext(times?: number, status?: number): void;
  /** The next `times` requests do their work, but the answer is replaced by `status`. */
  loseNextAnswer(times?: number, status?: number): void;
  /** The next `times` requests are never answered (the client's time-out must act). */
  hangNext(times?: number): void;
  /** Forgets pending faults, e.g. when a test ends early. */
  clearFaults(): void;
  close(): Promise<void>;
};

export async function startFakeHttpServer(options: {
  handle: (request: RecordedRequest) => FakeReply;
  /** The body an injected error status carries, in the provider's own error shape. */
  errorBody: (status: number) => unknown;
}): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(incoming.url ?? '/', 'http://fake.local');
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        rawBody,
        body: parseBody(rawBody),
      };
      requests.push(request);

      const fault = faults.shift();
      if (fault?.kind === 'hang') return; // keep the socket open; close() ends it
      if (fault?.kind === 'status') {
        return send(outgoing, { status: fault.status, body: options.errorBody(fault.status) });
      }
      let reply: FakeReply;
      try {
        reply = options.handle(request);
      } catch (error) {
        reply = { status: 500, body: { message: String(error) } };
      }
      if (fault?.kind === 'lost-answer') {
        return send(outgoing, { status: fault.status, body: options.errorBody(fault.status) });
      }
      send(outgoing, reply);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listen() on a TCP port gives AddressInfo

  const queue = (fault: Fault, times: number) => {
    for (let i = 0; i < times; i += 1) faults.push(fault);
  };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (times = 1, status = 500) => queue({ kind: 'status', status }, times),
    loseNextAnswer: (times = 1, status = 500) => queue({ kind: 'lost-answer', status }, times),
    hangNext: (times = 1) => queue({ kind: 'hang' }, times),
    clearFaults: () => {
      faults.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(outgoing: http.ServerResponse, reply: FakeReply): void {
  outgoing.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  outgoing.end(reply.text ?? JSON.stringify(reply.body));
}

function parseBody(rawBody: string): unknown {
  if (rawBody === '') return undefined;
  try {
    return JSON.parse(rawBody);
  } catch {
    return undefined;
  }
}

/** A signed webhook as a gateway sends it: the exact body bytes and the headers. */
export type WebhookDelivery = { headers: Record<string, string>; body: string };

/** POSTs a webhook to a URL as the gateway would; resolves with our server's answer. */
export async function deliverWebhook(
  url: string,
  delivery: WebhookDelivery,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    body: delivery.body,
  });
  const text = await response.text();
  return { status: response.status, body: parseBody(text) ?? text };
}

/** Random [0-9A-Za-z] characters, the alphabet gateways use in their ids. */
export function randomId(length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let id = '';
  for (let i = 0; i < length; i += 1) id += alphabet[Math.floor(Math.random() * alphabet.length)];
  return id;
}
