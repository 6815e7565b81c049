import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { runAdminCommand } from '../cli/admin.ts';
import { loadConfig } from '../config.ts';
import { createSession } from '../modules/auth/auth.service.ts';
import { grantMembership } from '../modules/streamers/streamers.service.ts';
import { busTransportFor } from './bus-transports.ts';
import { notifyInstances, type BusEvent } from './event-bus.ts';
import { buildStreamer, buildUser } from '../../test/factories.ts';
import { openSse, type SseClient } from '../../test/sse-client.ts';
import {
  createTestDatabase,
  TEST_DB_BACKEND,
  type TestDatabase,
} from '../../test/test-database.ts';

/** One HTTP answer to a stream request, made from a chosen loopback address. */
type Connection = {
  status: number;
  retryAfter: string | undefined;
  /** The answer's body, for a refusal; a stream's body never ends by itself. */
  json(): Promise<{ error: { code: string; message: string } }>;
  close(): void;
};

const connections = new Set<Connection>();

/**
 * Asks for `path` from `from` (any 127.x address reaches a loopback server, and the server sees
 * it as the client address), so each test's clients are told apart without trusting a header.
 */
function connect(
  baseUrl: string,
  path: string,
  from: string,
  headers: Record<string, string> = {},
): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(path, baseUrl),
      { localAddress: from, headers: { accept: 'text/event-stream', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        const body = new Promise<string>((done) => {
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(Buffer.concat(chunks).toString()));
        });
        const connection: Connection = {
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          json: async () => JSON.parse(await body) as Awaited<ReturnType<Connection['json']>>,
          close: () => {
            connections.delete(connection);
            request.destroy();
          },
        };
        connections.add(connection);
        resolve(connection);
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed || error.message !== 'socket hang up') reject(error);
    });
  });
}

/** Resolves when the server has ended the stream; fails the test if it stays open. */
function ends(stream: SseClient): Promise<void> {
  return Promise.race([
    stream.ended,
    new Promise<void>((_, reject) =>
      setTimeout(() => reject(new Error('the stream stayed open')), 5000),
    ),
  ]);
}

describe('live streams: caps and the right to see them', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  let token: string;
  let streamerId: string;
  let member: Awaited<ReturnType<typeof buildUser>>;
  let adminHeaders: Record<string, string>;
  const caps = { total: 8, perAddress: 4, perToken: 2, perSession: 1 };
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent/shabaash-test',
    WEB_DIST_DIR: '/nonexistent/shabaash-web',
  });

  /** A fresh login session of `user`, made as the login route makes them. */
  async function signIn(user: { id: string }) {
    const sessionToken = await createSession(database.db, user.id, { ttlHours: 1 });
    return { headers: { authorization: `Bearer ${sessionToken}` } };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config, database, streamCaps: caps });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    member = await buildUser(database.db);
    const admin = await buildUser(database.db, { role: 'admin' });
    streamerId = (await buildStreamer(database.db, { slug: 'capped', memberIds: [member.id] })).id;
    adminHeaders = (await signIn(admin)).headers;
    const created = await app.inject({
      method: 'POST',
      url: '/api/streamers/capped/obs-tokens',
      headers: adminHeaders,
    });
    token = created.json().token;
  });
  afterEach(async () => {
    for (const connection of [...connections]) connection.close();
    await vi.waitFor(() => expect(app.realtime.sse.size).toBe(0));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const profile = '/api/streamers/capped/profile-events';
  const voice = '/api/streamers/capped/voice-messages/events';
  const overlay = () => `/api/overlay/capped/events?token=${token}`;
  const widget = () => `/api/overlay/capped/events?token=${token}&client=widget`;
  const dashboard = '/api/streamers/capped/events';

  /** The server has taken back the places of streams whose clients left. */
  const released = (open: number) => vi.waitFor(() => expect(app.realtime.sse.size).toBe(open));

  async function expectRefused(connection: Connection, message: RegExp) {
    expect(connection.status).toBe(429);
    expect(connection.retryAfter).toBe('30');
    const { error } = await connection.json();
    expect(error.code).toBe('too_many_streams');
    expect(error.message).toMatch(message);
  }

  async function expectHealthy(from: string) {
    const health = await connect(baseUrl, '/healthz', from);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  }

  it('caps the streams of one address, public ones included, and frees a place when one closes', async () => {
    const opened = [
      await connect(baseUrl, profile, '127.0.0.21'),
      await connect(baseUrl, voice, '127.0.0.21'),
      await connect(baseUrl, profile, '127.0.0.21'),
      await connect(baseUrl, overlay(), '127.0.0.21'),
    ];
    expect(opened.map((connection) => connection.status)).toEqual([200, 200, 200, 200]);

    await expectRefused(await connect(baseUrl, voice, '127.0.0.21'), /from your network/);
    await expectHealthy('127.0.0.21');
    expect((await connect(baseUrl, profile, '127.0.0.22')).status).toBe(200);

    opened[0]?.close();
    await released(4);
    expect((await connect(baseUrl, voice, '127.0.0.21')).status).toBe(200);
  });

  it('caps the overlays and widgets of one OBS token, wherever they connect from', async () => {
    expect((await connect(baseUrl, overlay(), '127.0.0.31')).status).toBe(200);
    const second = await connect(baseUrl, widget(), '127.0.0.32');
    expect(second.status).toBe(200);
    await expectRefused(await connect(baseUrl, overlay(), '127.0.0.33'), /OBS token/);

    second.close();
    await released(1);
    expect((await connect(baseUrl, overlay(), '127.0.0.33')).status).toBe(200);
  });

  it("caps one session's dashboard streams; another session has its own", async () => {
    const first = await signIn(member);
    const second = await signIn(member);
    expect((await connect(baseUrl, dashboard, '127.0.0.41', first.headers)).status).toBe(200);
    await expectRefused(
      await connect(baseUrl, dashboard, '127.0.0.42', first.headers),
      /dashboards .* session/,
    );
    expect((await connect(baseUrl, dashboard, '127.0.0.42', second.headers)).status).toBe(200);
  });

  it('caps all streams of the instance together, and health checks still answer', async () => {
    for (const from of ['127.0.0.51', '127.0.0.52']) {
      for (let index = 0; index < caps.perAddress; index += 1) {
        expect((await connect(baseUrl, profile, from)).status).toBe(200);
      }
    }
    const refused = await connect(baseUrl, profile, '127.0.0.53');
    await expectRefused(refused, /too many live connections right now/);
    await expectHealthy('127.0.0.53');

    [...connections][0]?.close();
    await released(caps.total - 1);
    expect((await connect(baseUrl, profile, '127.0.0.53')).status).toBe(200);
  });

  it("logging out closes that session's dashboard streams, and only those", async () => {
    const leaving = await signIn(member);
    const staying = await signIn(member);
    const closing = await openSse(`${baseUrl}${dashboard}`, leaving.headers);
    const open = await openSse(`${baseUrl}${dashboard}`, staying.headers);
    await Promise.all([closing, open].map((stream) => stream.waitFor((e) => e.event === 'ready')));

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: leaving.headers,
    });
    expect(logout.statusCode).toBe(204);
    await ends(closing);
    expect((await openSse(`${baseUrl}${dashboard}`, leaving.headers)).status).toBe(401);

    // The other session's stream still hears what happens: an overlay connecting.
    const overlayStream = await openSse(`${baseUrl}${overlay()}`);
    await open.waitFor(
      (event) =>
        event.event === 'overlays' &&
        (event.data as { active_connections: number }).active_connections === 1,
    );
    overlayStream.close();
    open.close();
  });

  it('signing out the other sessions on the account page closes their dashboard streams', async () => {
    const here = await signIn(member);
    const elsewhere = await signIn(member);
    const closing = await openSse(`${baseUrl}${dashboard}`, elsewhere.headers);
    const open = await openSse(`${baseUrl}${dashboard}`, here.headers);
    await Promise.all([closing, open].map((stream) => stream.waitFor((e) => e.event === 'ready')));

    const revoked = await app.inject({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      headers: here.headers,
    });
    expect(revoked.statusCode).toBe(200);
    await ends(closing);
    expect((await openSse(`${baseUrl}${dashboard}`, elsewhere.headers)).status).toBe(401);
    open.close();
  });

  it('removing a member closes their dashboard streams of that streamer', async () => {
    const removed = await buildUser(database.db);
    await grantMembership(database.db, { streamerId, userId: removed.id, isAdmin: false });
    const { headers } = await signIn(removed);
    const stream = await openSse(`${baseUrl}${dashboard}`, headers);
    await stream.waitFor((event) => event.event === 'ready');

    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/admin/streamers/capped/members/${encodeURIComponent(removed.email)}`,
      headers: adminHeaders,
    });
    expect(removal.statusCode).toBe(204);
    await ends(stream);
    expect((await openSse(`${baseUrl}${dashboard}`, headers)).status).toBe(403);
  });

  it.runIf(TEST_DB_BACKEND === 'postgres')(
    'closes the streams on another instance sharing the database too',
    async () => {
      const other = await buildApp({ config, database });
      const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      try {
        const signedOut = await signIn(member);
        const removed = await buildUser(database.db);
        await grantMembership(database.db, { streamerId, userId: removed.id, isAdmin: false });
        const removedSession = await signIn(removed);
        const streams = [
          await openSse(`${otherUrl}${dashboard}`, signedOut.headers),
          await openSse(`${otherUrl}${dashboard}`, removedSession.headers),
        ];
        await Promise.all(streams.map((stream) => stream.waitFor((e) => e.event === 'ready')));

        await app.inject({ method: 'POST', url: '/api/auth/logout', headers: signedOut.headers });
        await ends(streams[0]!);
        await app.inject({
          method: 'DELETE',
          url: `/api/admin/streamers/capped/members/${encodeURIComponent(removed.email)}`,
          headers: adminHeaders,
        });
        await ends(streams[1]!);
      } finally {
        await other.close();
      }
    },
  );

  it.runIf(TEST_DB_BACKEND === 'postgres')(
    "closes the streams that the admin command line's revoke and reset-password end",
    async () => {
      const removed = await buildUser(database.db);
      await grantMembership(database.db, { streamerId, userId: removed.id, isAdmin: false });
      const reset = await buildUser(database.db);
      await grantMembership(database.db, { streamerId, userId: reset.id, isAdmin: false });
      const streams = [
        await openSse(`${baseUrl}${dashboard}`, (await signIn(removed)).headers),
        await openSse(`${baseUrl}${dashboard}`, (await signIn(reset)).headers),
      ];
      await Promise.all(streams.map((stream) => stream.waitFor((e) => e.event === 'ready')));

      // As `npm run admin` does it: a separate process, with the database and no event bus.
      const revocations: BusEvent[] = [];
      const context = {
        databaseKind: database.kind,
        filesLocation: 'uploads',
        publish: (event: BusEvent) => revocations.push(event),
      };
      await runAdminCommand(database.db, ['revoke', 'capped', removed.email], context);
      await runAdminCommand(database.db, ['reset-password', reset.email], context);
      const transport = busTransportFor(config, database.pool, console)!;
      await notifyInstances(transport, 'admin-cli', revocations);
      await transport.close();
      await Promise.all(streams.map((stream) => ends(stream)));
    },
  );
});
