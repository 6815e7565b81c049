import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildStreamer, randomTestIp } from '../../test/factories.ts';
import { startFakeTelegram } from '../../test/fakes/fake-telegram.ts';
import { placeOrderId } from '../../test/payments.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { sessions } from '../db/schema.ts';
import { authenticateToken, createSession, revokeSession } from '../modules/auth/auth.service.ts';
import { findDonationByOrderId } from '../modules/donations/donations.service.ts';
import { generateObsToken } from '../modules/overlays/obs-tokens.service.ts';
import { grantMembership } from '../modules/streamers/streamers.service.ts';
import { ROUTE_POLICIES, type RoutePolicy } from './route-policies.ts';

/**
 * The authorization matrix (issue 13, item 1): every route the real app registers has a
 * declared policy, and every route answers each kind of caller the way its policy says. Bodies
 * are empty (`{}`), so callers who are let in get a validation answer at worst; what matters is
 * that the door is checked before anything else, and that nothing answers 500.
 */

/** Paths whose routes must be declared; everything else is the web app's fallback. */
const IN_SCOPE =
  /^\/(?:api|sandbox|media)(?:\/|$)|^\/(?:healthz(?:\/live|\/ready)?|sitemap\.xml|robots\.txt)$/;

const CALLERS = [
  'anonymous',
  'expired session',
  'revoked session',
  'fan',
  "other streamer's owner",
  'owner',
  'site admin',
] as const;
type Caller = (typeof CALLERS)[number];

/** What a caller should hear: a class of answers, not one status. */
type Expected = 'unauthenticated' | 'forbidden' | 'let in' | 'missing token' | 'refused';

const SIGNED_OUT: Caller[] = ['anonymous', 'expired session', 'revoked session'];

function expectedFor(policy: RoutePolicy, caller: Caller): Expected {
  switch (policy) {
    case 'public':
    case 'sandbox-only':
      return 'let in';
    case 'signed-in':
      return SIGNED_OUT.includes(caller) ? 'unauthenticated' : 'let in';
    case 'streamer-member':
      if (SIGNED_OUT.includes(caller)) return 'unauthenticated';
      return caller === 'owner' || caller === 'site admin' ? 'let in' : 'forbidden';
    case 'site-admin':
      if (SIGNED_OUT.includes(caller)) return 'unauthenticated';
      return caller === 'site admin' ? 'let in' : 'forbidden';
    case 'overlay-token':
      return 'missing token'; // a session is no OBS token
    case 'provider-signature':
      return 'refused'; // nor is it a provider's signature
    case 'telegram-secret':
      return 'unauthenticated'; // nor Telegram's secret
    case 'privacy-token':
      return 'unauthenticated'; // nor the rights page's proof
  }
}

/**
 * Let in: the handler ran, so success, a redirect or not-modified, or its own answer to an empty
 * body or a made-up id (400, 404, 409, 406/415 for a missing multipart body, 422).
 */
const LET_IN = new Set([400, 404, 406, 409, 415, 422]);
function matches(expected: Expected, status: number): boolean {
  switch (expected) {
    case 'unauthenticated':
      return status === 401;
    case 'forbidden':
      return status === 403;
    case 'missing token':
      return status === 400;
    case 'refused':
      return [400, 401, 404].includes(status);
    case 'let in':
      return (status >= 200 && status < 400) || LET_IN.has(status);
  }
}

type Answer = { status: number; body: string };

describe('route policies', () => {
  const registered = new Set<string>();
  let app: FastifyInstance;
  let database: TestDatabase;
  let config: Config;
  let baseUrl: string;
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let users: Record<'fan' | 'otherOwner' | 'owner' | 'admin', { id: string }>;
  let expiredToken: string;
  let revokedToken: string;
  let targetId: string;
  let otherId: string;
  let samples: Record<string, string>;
  let adminTargetSlug: string;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent/shabaash-test',
      WEB_DIST_DIR: '/nonexistent/shabaash-web',
      // Both optional route sets on: the sandbox gateway (the default provider) and Telegram's
      // webhook (registered only in webhook mode).
      TELEGRAM_BOT_TOKEN: '123456:TEST-token',
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_WEBHOOK_URL: 'https://shabaash.example/api/telegram/webhook',
      // Event streams go over real HTTP from loopback: the test plays a trusted reverse proxy
      // there, so each stream can come from an address of its own (X-Forwarded-For).
      TRUST_PROXY: '127.0.0.1',
    });
    database = await createTestDatabase();
    const heads = new Set<string>();
    app = await buildApp({
      config,
      database,
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (!IN_SCOPE.test(route.url)) continue;
          (method === 'HEAD' ? heads : registered).add(`${method} ${route.url}`);
        }
      },
    });
    // HEAD follows the GET of the same pattern; a HEAD on its own must be declared.
    for (const head of heads) {
      if (!registered.has(head.replace(/^HEAD /, 'GET '))) registered.add(head);
    }
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

    const db = database.db;
    const [fan, otherOwner, owner, admin] = await Promise.all([
      buildUser(db),
      buildUser(db),
      buildUser(db),
      buildUser(db, { role: 'admin' }),
    ]);
    users = { fan, otherOwner, owner, admin };
    const suffix = crypto.randomBytes(3).toString('hex');
    const target = await buildStreamer(db, { slug: `matrix-${suffix}`, moderationMode: 'review' });
    // The admin console acts on its own streamer, so deactivating it leaves the target alone.
    const adminTarget = await buildStreamer(db, { slug: `matrix-admin-${suffix}` });
    const other = await buildStreamer(db, { slug: `matrix-other-${suffix}` });
    await grantMembership(db, { streamerId: target.id, userId: owner.id, isAdmin: true });
    await grantMembership(db, { streamerId: adminTarget.id, userId: owner.id, isAdmin: true });
    await grantMembership(db, { streamerId: other.id, userId: otherOwner.id, isAdmin: true });
    targetId = target.id;
    otherId = other.id;
    adminTargetSlug = adminTarget.slug;

    // A real paid donation, held for review: the one the moderation routes act on.
    const orderId = await placeOrderId(app, target.slug);
    const paid = await app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result: 'paid' },
    });
    expect(paid.statusCode).toBe(200);
    const donation = await findDonationByOrderId(db, orderId);
    if (!donation) throw new Error('donation not created');

    // The owner's own tokens, once expired and once revoked: neither may open anything.
    expiredToken = await createSession(db, owner.id, { ttlHours: 1 });
    const expiring = await authenticateToken(db, expiredToken, 1);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, expiring!.sessionId));
    revokedToken = await createSession(db, owner.id, { ttlHours: 1 });
    const revoking = await authenticateToken(db, revokedToken, 1);
    await revokeSession(db, revoking!.sessionId);

    // A value for each path parameter; a route with a new one fails until it is added here.
    samples = {
      slug: target.slug,
      id: donation.id,
      orderId,
      tokenId: crypto.randomUUID(),
      alertId: '1',
      provider: 'sandbox',
      code: crypto.randomBytes(24).toString('base64url'),
      email: 'nobody@example.com',
      inviteId: crypto.randomUUID(),
      accountId: crypto.randomUUID(),
      sessionId: crypto.randomUUID(),
      slot: 'avatar',
      kind: 'image',
      mediaId: crypto.randomUUID(),
      file: 'chime.wav',
      uploadId: crypto.randomUUID(),
      clipId: crypto.randomUUID(),
      asset: 'checkout.js',
      planId: 'base',
      requestId: crypto.randomUUID(),
    };
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await telegram?.close();
  });

  it('declares a policy for every route, and no policy for a route that is gone', () => {
    const declared = new Set(Object.keys(ROUTE_POLICIES));
    const undeclared = [...registered].filter((route) => !declared.has(route)).sort();
    const gone = [...declared].filter((route) => !registered.has(route)).sort();
    expect(
      { undeclared, gone },
      'declare each new route in apps/server/src/policies/route-policies.ts',
    ).toEqual({ undeclared: [], gone: [] });
  });

  /** The URL for a route pattern, with its parameters filled in. */
  function urlFor(pattern: string): string {
    return pattern.replace(/:(\w+)/g, (_match, name: string) => {
      if (name === 'slug' && pattern.startsWith('/api/admin/')) return adminTargetSlug;
      const value = samples[name];
      if (value === undefined) {
        throw new Error(`no sample value for :${name} (${pattern}); add one to \`samples\``);
      }
      return encodeURIComponent(value);
    });
  }

  /** A fresh session per call: a route that signs out (logout) spoils no later call. */
  async function headersFor(caller: Caller): Promise<Record<string, string>> {
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const session = (userId: string) =>
      createSession(database.db, userId, { ttlHours: config.SESSION_TTL_HOURS });
    switch (caller) {
      case 'anonymous':
        return {};
      case 'expired session':
        return bearer(expiredToken);
      case 'revoked session':
        return bearer(revokedToken);
      case 'fan':
        return bearer(await session(users.fan.id));
      case "other streamer's owner":
        return bearer(await session(users.otherOwner.id));
      case 'owner':
        return bearer(await session(users.owner.id));
      case 'site admin':
        return bearer(await session(users.admin.id));
    }
  }

  async function call(
    method: string,
    pattern: string,
    headers: Record<string, string>,
    query = '',
  ): Promise<Answer> {
    const url = urlFor(pattern) + query;
    // Event streams never end: real HTTP, read the status, hang up.
    if (method === 'GET' && pattern.endsWith('events')) return streamStatus(url, headers);
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: randomTestIp(), // per-IP limits see a new client every time
      ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
    });
    return { status: response.statusCode, body: response.body.slice(0, 200) };
  }

  async function streamStatus(url: string, headers: Record<string, string>): Promise<Answer> {
    const hangUp = new AbortController();
    try {
      const response = await fetch(baseUrl + url, {
        headers: { ...headers, 'x-forwarded-for': randomTestIp() },
        signal: AbortSignal.any([hangUp.signal, AbortSignal.timeout(5_000)]),
      });
      const isStream = response.headers.get('content-type')?.startsWith('text/event-stream');
      const body = isStream ? '(event stream)' : (await response.text()).slice(0, 200);
      return { status: response.status, body };
    } finally {
      hangUp.abort();
    }
  }

  const describeAnswer = (answer: Answer) => `${answer.status} ${answer.body}`;

  for (const [route, policy] of Object.entries(ROUTE_POLICIES)) {
    it(`${route}: ${policy}`, async (context) => {
      if (!registered.has(route)) return context.skip(); // the first test reports it
      const [method = '', pattern = ''] = route.split(' ');
      const wrong: string[] = [];
      const check = (who: string, expected: Expected, answer: Answer) => {
        if (answer.status >= 500 || !matches(expected, answer.status)) {
          wrong.push(`${who}: expected ${expected}, got ${describeAnswer(answer)}`);
        }
      };

      for (const caller of CALLERS) {
        const answer = await call(method, pattern, await headersFor(caller));
        check(caller, expectedFor(policy, caller), answer);
      }

      if (policy === 'overlay-token') {
        const { token: otherToken } = await generateObsToken(database.db, otherId);
        const { token } = await generateObsToken(database.db, targetId);
        const made = crypto.randomBytes(24).toString('base64url');
        check(
          'made-up token',
          'unauthenticated',
          await call(method, pattern, {}, `?token=${made}`),
        );
        check(
          "other streamer's token",
          'unauthenticated',
          await call(method, pattern, {}, `?token=${otherToken}`),
        );
        check('own token', 'let in', await call(method, pattern, {}, `?token=${token}`));
      }
      if (policy === 'telegram-secret') {
        const forged = { 'x-telegram-bot-api-secret-token': 'not-the-secret' };
        check('wrong secret', 'unauthenticated', await call(method, pattern, forged));
      }

      expect(wrong, `${route} (${policy})`).toEqual([]);
    });
  }
});
