/**
 * The floor the realtime benchmarks compare the server with: a bare Server-Sent Events
 * broadcaster on plain `node:http`, with no database and no framework. `GET /events` opens a
 * stream (answered with `ready` at once); `POST /broadcast` with `{ "name": "…" }` formats one
 * alert shaped like the server's, serialises it once, answers 204 and writes the same bytes to
 * every open stream on the next turn of the event loop, together with any other events that
 * arrived in the same turn (one write per stream per turn: the cheapest way to broadcast, and
 * the way the server's overlay hub does it). Run as a child process; talks to the parent over IPC like the
 * server under test (alert-bench-protocol.ts).
 */
import http from 'node:http';
import type { TargetReady, TargetRequest, TargetResponse } from './alert-bench-protocol.ts';
import { processMemory } from './process-memory.ts';

const streams = new Set<http.ServerResponse>();
let nextEventId = 1;
/** Events that arrived since the last broadcast; each stream gets them in one write. */
let pending: Buffer[] = [];

function broadcast(): void {
  const frames = Buffer.concat(pending);
  pending = [];
  for (const stream of streams) stream.write(frames);
}

/** The same fields and roughly the same size as the server's OverlayAlert for a text tip. */
function alertFrame(name: string): Buffer {
  const id = nextEventId++;
  const alert = {
    alert_id: id,
    created_at: new Date().toISOString(),
    kind: 'donation',
    donation: {
      id: '00000000-0000-4000-8000-000000000000',
      name,
      amount_paise: 5100,
      type: 'text',
      message: 'bench',
      hyperemote_id: null,
      voice_url: null,
      voice_duration_ms: null,
      is_sandbox: false,
    },
  };
  return Buffer.from(`id: ${String(id)}\nevent: alert\ndata: ${JSON.stringify(alert)}\n\n`);
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url?.startsWith('/events')) {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    });
    response.write('retry: 3000\n\nevent: ready\ndata: {"replayed":0}\n\n');
    streams.add(response);
    request.on('close', () => streams.delete(response));
    return;
  }
  if (request.method === 'POST' && request.url === '/broadcast') {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const { name } = JSON.parse(body) as { name: string };
      pending.push(alertFrame(name));
      if (pending.length === 1) setImmediate(broadcast);
      response.writeHead(204).end();
    });
    return;
  }
  response.writeHead(404).end();
});
server.keepAliveTimeout = 60_000;
// One shared heartbeat, as cheap as keeping idle proxies happy can be.
setInterval(() => {
  for (const stream of streams) stream.write(': ping\n\n');
}, 15_000).unref();

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('did not listen');
  process.send?.({
    type: 'ready',
    url: `http://127.0.0.1:${String(address.port)}`,
  } satisfies TargetReady);
});

process.on('message', (message: TargetRequest) => {
  if (message.type === 'stop') {
    for (const stream of streams) stream.end();
    server.close(() => process.exit(0));
    server.closeAllConnections();
    return;
  }
  const response: TargetResponse =
    message.type === 'memory'
      ? { requestId: message.requestId, memory: processMemory(streams.size) }
      : { requestId: message.requestId, error: `${message.type} is not a broadcaster request` };
  process.send?.(response);
});
process.on('disconnect', () => process.exit(0));
