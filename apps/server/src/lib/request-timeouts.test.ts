import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createSession } from '../modules/auth/auth.service.ts';
import { buildStreamer, buildUser } from '../../test/factories.ts';
import { openSse } from '../../test/sse-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

/** A raw connection that sends a request by hand, and what the server wrote back. */
function rawClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {}); // a reset after the server's answer ends the test's read too
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    send: (text: string) => socket.write(text),
    received: () => received,
    /** Resolves once the server has closed the connection; fails if it keeps it. */
    closed: () =>
      Promise.race([
        closed,
        new Promise<void>((_, reject) =>
          setTimeout(() => reject(new Error('the server kept the connection open')), 5000),
        ),
      ]),
    /** Resolves with the answer once one has fully arrived. */
    answer: () =>
      new Promise<string>((resolve) => {
        const check = () => {
          if (/\r\n\r\n[\s\S]*\}$/.test(received)) resolve(received);
        };
        socket.on('data', check);
        check();
      }),
    end: () => socket.destroy(),
  };
}

/**
 * Sends JSON headers and then one byte at a time, slower than any body limit allows, until the
 * server closes the connection; returns what it answered.
 */
async function trickleJson(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const client = rawClient(baseUrl);
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  client.send(
    `PATCH ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: 400\r\n${head.join('')}\r\n{`,
  );
  const trickle = setInterval(() => client.send(' '), 50);
  try {
    await client.closed();
  } finally {
    clearInterval(trickle);
  }
  return client.received();
}

describe('request timeouts', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  let ownerHeaders: Record<string, string>;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent/shabaash-test',
    WEB_DIST_DIR: '/nonexistent/shabaash-web',
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    // A short body time, and uploads that may take far longer.
    app = await buildApp({
      config,
      database,
      timeouts: { bodyMs: 300, uploadMs: 60_000, checkEveryMs: 50 },
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await buildUser(database.db);
    await buildStreamer(database.db, { slug: 'slowpoke', memberIds: [owner.id] });
    const session = await createSession(database.db, owner.id, { ttlHours: 1 });
    ownerHeaders = { authorization: `Bearer ${session}` };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('cuts off a trickled body with a 408 in the API error shape', async () => {
    const answer = await trickleJson(baseUrl, '/api/streamers/slowpoke/settings', ownerHeaders);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('"code":"request_timeout"');
    // On a path no route answers, too.
    expect(await trickleJson(baseUrl, '/api/nothing-here')).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('never cuts an event stream, which has no body', async () => {
    const stream = await openSse(`${baseUrl}/api/streamers/slowpoke/profile-events`);
    await stream.waitFor((event) => event.event === 'ready');
    // The body time has now passed since the stream opened.
    await trickleJson(baseUrl, '/api/streamers/slowpoke/settings', ownerHeaders);

    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/streamers/slowpoke/settings',
      headers: ownerHeaders,
      payload: { moderation: { moderation_mode: 'auto' } },
    });
    expect(changed.statusCode).toBe(200);
    await stream.waitFor((event) => event.event === 'streamer');
    stream.close();
  });

  it('gives a file upload longer than the body time', async () => {
    const boundary = 'slowupload';
    const part =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.webm"\r\n` +
      `Content-Type: audio/webm\r\n\r\nnot really audio\r\n--${boundary}--\r\n`;
    const upload = rawClient(baseUrl);
    upload.send(
      `POST /api/uploads/voice HTTP/1.1\r\nHost: localhost\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${String(Buffer.byteLength(part))}\r\n\r\n${part.slice(0, 20)}`,
    );
    // The body time has now passed since the upload began; the rest arrives only now.
    await trickleJson(baseUrl, '/api/streamers/slowpoke/settings', ownerHeaders);
    upload.send(part.slice(20));
    const answer = await upload.answer();
    upload.end();
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /); // not audio: refused, but read to the end
    expect(answer).not.toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"error":{"code":');
  });

  it('cuts off an upload slower than the upload time', async () => {
    const strict = await buildApp({
      config,
      database,
      timeouts: { bodyMs: 200, uploadMs: 300, checkEveryMs: 50 },
    });
    const strictUrl = await strict.listen({ port: 0, host: '127.0.0.1' });
    try {
      const upload = rawClient(strictUrl);
      upload.send(
        `POST /api/uploads/voice HTTP/1.1\r\nHost: localhost\r\n` +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x`,
      );
      const trickle = setInterval(() => upload.send('-'), 50);
      await upload.closed().finally(() => clearInterval(trickle));
      expect(upload.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    } finally {
      await strict.close();
    }
  });
});
