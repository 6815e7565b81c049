import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import {
  alerts,
  donations,
  youtubeChatJobs,
  youtubeConnections,
  youtubeOauthStates,
} from '../../db/schema.ts';
import { secretBoxOf } from '../../lib/secrets.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { startFakeYoutube, type FakeYoutube } from '../../../test/fakes/fake-youtube.ts';
import { placeOrderId, postWebhook, sandboxCheckout } from '../../../test/payments.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { CHAT_MAX_ATTEMPTS } from './youtube-chat-jobs.ts';

const SECRETS_KEY = crypto.randomBytes(32).toString('base64');

type Creator = { slug: string; streamerId: string; authorization: string };

/** The app on a fresh database, with YouTube pointed at the fake; log lines are kept. */
async function startApp(fake: FakeYoutube | null, env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const logLines: string[] = [];
  const config = loadConfig({
    LOG_LEVEL: 'info',
    DATA_DIR: '/nonexistent/shabaash-test',
    WEB_DIST_DIR: '/nonexistent/shabaash-web',
    PUBLIC_URL: 'http://shabaash.test',
    ...(fake
      ? {
          GOOGLE_CLIENT_ID: fake.clientId,
          GOOGLE_CLIENT_SECRET: fake.clientSecret,
          GOOGLE_OAUTH_BASE: fake.url,
          YOUTUBE_API_BASE: fake.url,
          SECRETS_KEY,
        }
      : {}),
    ...env,
  });
  const app = await buildApp({ config, database, logStream: { write: (l) => logLines.push(l) } });
  return { app, database, logLines };
}

async function newCreator(app: FastifyInstance, database: TestDatabase, extra = {}) {
  const user = await buildUser(database.db, { password: 'youtube-pass-1' });
  const streamer = await buildStreamer(database.db, {
    moderationMode: 'auto',
    memberIds: [user.id],
    ...extra,
  });
  const { headers } = await signIn(app, user.email, 'youtube-pass-1');
  return {
    slug: streamer.slug,
    streamerId: streamer.id,
    authorization: headers.authorization,
    email: user.email,
  };
}

/** A fan's paid tip through the sandbox's signed webhook; answers the donation id. */
async function paidTip(app: FastifyInstance, slug: string, overrides: Record<string, unknown>) {
  const orderId = await placeOrderId(app, slug, overrides);
  const response = await postWebhook(app, await sandboxCheckout(app, orderId, 'paid'));
  expect(response.statusCode).toBe(200);
  const [row] = await app.database.db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.orderId, orderId));
  if (!row) throw new Error('no donation');
  return row.id;
}

/** Connects the creator's channel as the browser would: consent page, Allow, callback, complete. */
async function connect(app: FastifyInstance, creator: Creator) {
  const started = await app.inject({
    method: 'POST',
    url: `/api/streamers/${creator.slug}/youtube/connect`,
    headers: { authorization: creator.authorization },
  });
  expect(started.statusCode).toBe(200);
  const consentUrl = new URL(started.json().authorization_url as string);
  const consent = await (await fetch(consentUrl)).text();
  const allow = /id="allow" href="([^"]+)"/.exec(consent)?.[1]?.replaceAll('&#38;', '&');
  if (!allow) throw new Error(`no Allow button: ${consent}`);
  const callback = new URL(allow);
  expect(callback.origin + callback.pathname).toBe(
    'http://shabaash.test/api/youtube/oauth/callback',
  );
  const forwarded = await app.inject({ url: `${callback.pathname}${callback.search}` });
  expect(forwarded.statusCode).toBe(303);
  const dashboard = new URL(String(forwarded.headers.location), 'http://shabaash.test');
  expect(dashboard.pathname).toBe(`/dashboard/${creator.slug}`);
  return {
    consentUrl,
    complete: (authorization = creator.authorization) =>
      app.inject({
        method: 'POST',
        url: `/api/streamers/${creator.slug}/youtube/connect/complete`,
        headers: { authorization },
        payload: {
          code: dashboard.searchParams.get('youtube_code'),
          state: dashboard.searchParams.get('youtube_state'),
        },
      }),
  };
}

describe('YouTube chat when the operator has not set it up', () => {
  it('says so, and refuses to connect', async () => {
    const { app, database } = await startApp(null);
    try {
      const creator = await newCreator(app, database);
      const status = await app.inject({
        url: `/api/streamers/${creator.slug}/youtube`,
        headers: { authorization: creator.authorization },
      });
      expect(status.json()).toMatchObject({
        available: false,
        unavailable_reason: 'not_configured',
        connection: null,
      });
      const connect = await app.inject({
        method: 'POST',
        url: `/api/streamers/${creator.slug}/youtube/connect`,
        headers: { authorization: creator.authorization },
      });
      expect(connect.statusCode).toBe(409);
      expect(connect.json().error.code).toBe('youtube_unavailable');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('without SECRETS_KEY, a Google client alone is not enough (tokens are kept encrypted)', async () => {
    const fake = await startFakeYoutube();
    const { app, database } = await startApp(fake, { SECRETS_KEY: '' });
    try {
      const creator = await newCreator(app, database);
      const status = await app.inject({
        url: `/api/streamers/${creator.slug}/youtube`,
        headers: { authorization: creator.authorization },
      });
      expect(status.json()).toMatchObject({
        available: false,
        unavailable_reason: 'no_secrets_key',
      });
    } finally {
      await app.close();
      await database.close();
      await fake.close();
    }
  });
});

describe('YouTube chat against the fake Google and YouTube (issue 30)', () => {
  let fake: FakeYoutube;
  let app: FastifyInstance;
  let database: TestDatabase;
  let logLines: string[];
  let creator: Awaited<ReturnType<typeof newCreator>>;
  const answers: string[] = [];

  const api = async (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url: `/api/streamers/${creator.slug}${path}`,
      headers: { authorization: creator.authorization },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    answers.push(response.body);
    return response;
  };
  const status = async () => (await api('GET', '/youtube')).json();
  const inserts = () =>
    fake.requests.filter((request) => request.path === '/youtube/v3/liveChat/messages');
  const lists = () =>
    fake.requests.filter((request) => request.path === '/youtube/v3/liveBroadcasts');
  const chatTexts = () => fake.chat.map((message) => message.text);
  const runner = () => app.youtube.runner;
  const jobOf = async (donationId: string) => {
    const [job] = await database.db
      .select({ status: youtubeChatJobs.status, lastError: youtubeChatJobs.lastError })
      .from(youtubeChatJobs)
      .innerJoin(alerts, eq(alerts.id, youtubeChatJobs.alertId))
      .where(eq(alerts.donationId, donationId));
    return job ?? null;
  };
  /** Due retries are due now (the back-off is the runner's business, not the test's wait). */
  const makeRetriesDue = () =>
    database.db.update(youtubeChatJobs).set({ nextAttemptAt: sql`now() - interval '1 second'` });

  beforeAll(async () => {
    fake = await startFakeYoutube({
      redirectUris: ['http://shabaash.test/api/youtube/oauth/callback'],
    });
    ({ app, database, logLines } = await startApp(fake));
    creator = await newCreator(app, database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });
  afterEach(() => fake.clearFaults());

  it('connects a channel with PKCE, bound to the session that started it', async () => {
    const flow = await connect(app, creator);
    expect(flow.consentUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(flow.consentUrl.searchParams.get('scope')).toBe(
      'https://www.googleapis.com/auth/youtube.force-ssl',
    );
    // Another session of the same account cannot finish what this one started.
    const otherSession = await signIn(app, creator.email, 'youtube-pass-1');
    const stolen = await flow.complete(otherSession.headers.authorization);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('youtube_invalid_state');

    const second = await connect(app, creator);
    const done = await second.complete();
    answers.push(done.body);
    expect(done.statusCode).toBe(200);
    expect(done.json().connection).toMatchObject({
      status: 'connected',
      channel_title: fake.channel.title,
      channel_id: fake.channel.id,
    });
    // The fake checked the verifier against the challenge on the token request.
    const exchange = fake.requests.find(
      (request) =>
        request.path === '/token' &&
        new URLSearchParams(request.rawBody).get('grant_type') === 'authorization_code',
    );
    expect(new URLSearchParams(exchange?.rawBody).get('code_verifier')).toMatch(/^[\w-]{43,}$/);
    // A state is used once.
    expect((await second.complete()).json().error.code).toBe('youtube_invalid_state');
  });

  it('sends a creator who cancels on Google back to their section with the reason', async () => {
    const started = await app.inject({
      method: 'POST',
      url: `/api/streamers/${creator.slug}/youtube/connect`,
      headers: { authorization: creator.authorization },
    });
    const consent = await (await fetch(started.json().authorization_url as string)).text();
    const cancel = /id="cancel" href="([^"]+)"/.exec(consent)?.[1]?.replaceAll('&#38;', '&');
    const callback = new URL(cancel ?? '');
    const forwarded = await app.inject({ url: `${callback.pathname}${callback.search}` });
    const dashboard = new URL(String(forwarded.headers.location), 'http://shabaash.test');
    expect(dashboard.pathname).toBe(`/dashboard/${creator.slug}`);
    expect(dashboard.searchParams.get('youtube_error')).toBe('access_denied');
    expect(dashboard.searchParams.has('youtube_code')).toBe(false);
    // A made-up state leads nowhere in particular.
    const forged = await app.inject({ url: '/api/youtube/oauth/callback?state=forged&code=x' });
    expect(forged.headers.location).toBe('/dashboard?youtube_error=invalid_state');
  });

  it('refuses a sign-in whose PKCE verifier does not match its challenge', async () => {
    const other = await newCreator(app, database);
    const flow = await connect(app, other);
    // Swap the stored verifier for another: Google (the fake) must refuse the exchange.
    const box = secretBoxOf(SECRETS_KEY);
    const [pending] = await database.db
      .select()
      .from(youtubeOauthStates)
      .where(eq(youtubeOauthStates.streamerId, other.streamerId));
    if (!box || !pending) throw new Error('no pending sign-in');
    await database.db
      .update(youtubeOauthStates)
      .set({ codeVerifierEnc: box.seal('x'.repeat(64), `youtube-oauth:${pending.stateHash}`) });
    const refused = await flow.complete();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('youtube_exchange_failed');
    const [connection] = await database.db
      .select()
      .from(youtubeConnections)
      .where(eq(youtubeConnections.streamerId, other.streamerId));
    expect(connection).toBeUndefined();
  });

  it('posts a paid tip at or above the minimum to the live chat, never one below', async () => {
    fake.goLive();
    const listsBefore = lists().length;
    await paidTip(app, creator.slug, {
      name: 'Rahul',
      amount_paise: 50_000,
      message: 'Shabaash bhai!',
    });
    const below = await paidTip(app, creator.slug, { name: 'Asha', amount_paise: 5_000 });
    await paidTip(app, creator.slug, {
      name: 'Vikram',
      amount_paise: 1_00_000_00,
      message: 'Jai ho',
    });
    await runner().drain();
    expect(chatTexts()).toEqual([
      '💸 ₹500 from Rahul: Shabaash bhai!',
      '💸 ₹1,00,000 from Vikram: Jai ho',
    ]);
    expect(await jobOf(below)).toMatchObject({ status: 'skipped', lastError: 'below_minimum' });
    // The live chat was looked up once and kept for the next tip.
    expect(lists().length - listsBefore).toBe(1);
    expect((await status()).quota.used_units).toBeGreaterThan(0);
  });

  it('follows the creator’s minimum, template and on/off switch', async () => {
    const current = (await status()).settings;
    const saved = await api('PUT', '/youtube/settings', {
      ...current,
      min_amount_paise: 2_000,
      templates: { ...current.templates, en: '🎉 {name} tipped {amount} — {message}' },
    });
    expect(saved.statusCode).toBe(200);
    await paidTip(app, creator.slug, { name: 'Asha', amount_paise: 5_000, message: 'hi there' });
    await runner().drain();
    expect(chatTexts().at(-1)).toBe('🎉 Asha tipped ₹50 — hi there');

    await api('PUT', '/youtube/settings', { ...current, enabled: false });
    const off = await paidTip(app, creator.slug, { name: 'Off', amount_paise: 50_000 });
    await runner().drain();
    expect(await jobOf(off)).toMatchObject({ status: 'skipped', lastError: 'disabled' });
    await api('PUT', '/youtube/settings', current);
    const invalid = await api('PUT', '/youtube/settings', {
      ...current,
      templates: { ...current.templates, en: 'no amount here' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('never posts a held tip; posts it once approved, cleaned and without blocked words', async () => {
    const moderation = (body: Record<string, unknown>) =>
      app.inject({
        method: 'PATCH',
        url: `/api/streamers/${creator.slug}/settings`,
        headers: { authorization: creator.authorization },
        payload: { moderation: body },
      });
    expect(
      (await moderation({ moderation_mode: 'review', blocked_words: ['ullu'] })).statusCode,
    ).toBe(200);
    const before = fake.chat.length;
    const held = await paidTip(app, creator.slug, {
      name: 'Raj',
      amount_paise: 20_000,
      message: 'tu ullu hai [excited] bhai\n\nmast',
    });
    const rejected = await paidTip(app, creator.slug, { name: 'Nope', amount_paise: 20_000 });
    await runner().drain();
    expect(fake.chat.length).toBe(before);

    const approve = await app.inject({
      method: 'POST',
      url: `/api/donations/${held}/approve`,
      headers: { authorization: creator.authorization },
    });
    expect(approve.statusCode).toBe(200);
    const reject = await app.inject({
      method: 'POST',
      url: `/api/donations/${rejected}/reject`,
      headers: { authorization: creator.authorization },
    });
    expect(reject.statusCode).toBe(200);
    await runner().drain();
    expect(chatTexts().slice(before)).toEqual(['💸 ₹200 from Raj: tu hai bhai mast']);
    expect((await moderation({ moderation_mode: 'auto', blocked_words: [] })).statusCode).toBe(200);
  });

  it('refreshes an expired access token and posts with the new one', async () => {
    fake.expireAccessTokens();
    const refreshesBefore = fake.requests.filter((r) => r.rawBody.includes('refresh_token')).length;
    await paidTip(app, creator.slug, { name: 'Late', amount_paise: 30_000, message: 'ok' });
    await runner().drain();
    expect(chatTexts().at(-1)).toBe('💸 ₹300 from Late: ok');
    const refreshes = fake.requests.filter((r) => r.rawBody.includes('grant_type=refresh_token'));
    expect(refreshes.length).toBeGreaterThan(refreshesBefore);
  });

  it('retries a rate-limited post a bounded number of times, then gives up', async () => {
    fake.failNextInsert('rateLimitExceeded');
    const once = await paidTip(app, creator.slug, { name: 'Slow', amount_paise: 30_000 });
    await runner().drain();
    expect(await jobOf(once)).toMatchObject({ status: 'pending', lastError: 'rate_limited' });
    expect((await status()).last_error.code).toBe('rate_limited');
    await makeRetriesDue();
    await runner().drain();
    expect(await jobOf(once)).toMatchObject({ status: 'posted' });
    expect(chatTexts().at(-1)).toBe('💸 ₹300 from Slow: Great stream!');
    // A success clears the problem shown to the creator.
    expect((await status()).last_error).toBeNull();

    const insertsBefore = inserts().length;
    for (let i = 0; i < CHAT_MAX_ATTEMPTS + 2; i += 1) fake.failNextInsert('rateLimitExceeded');
    const never = await paidTip(app, creator.slug, { name: 'Never', amount_paise: 30_000 });
    for (let i = 0; i < CHAT_MAX_ATTEMPTS + 2; i += 1) {
      await runner().drain();
      await makeRetriesDue();
    }
    expect(await jobOf(never)).toMatchObject({ status: 'failed', lastError: 'rate_limited' });
    expect(inserts().length - insertsBefore).toBe(CHAT_MAX_ATTEMPTS);
  });

  it.each([
    ['liveChatDisabled', 'live_chat_disabled'],
    ['forbidden', 'forbidden'],
  ] as const)('%s: no retry, and the creator is told', async (reason, code) => {
    fake.failNextInsert(reason);
    const insertsBefore = inserts().length;
    const tip = await paidTip(app, creator.slug, { name: 'Err', amount_paise: 30_000 });
    await runner().drain();
    await makeRetriesDue();
    await runner().drain();
    expect(await jobOf(tip)).toMatchObject({ status: 'failed', lastError: code });
    expect(inserts().length - insertsBefore).toBe(1);
    expect((await status()).last_error.code).toBe(code);
  });

  it('liveChatEnded: the tip is not posted, and the next tip looks for a new stream', async () => {
    fake.endLive();
    const ended = await paidTip(app, creator.slug, { name: 'End', amount_paise: 30_000 });
    await runner().drain();
    expect(await jobOf(ended)).toMatchObject({ status: 'failed', lastError: 'live_chat_ended' });
    expect((await status()).last_error.code).toBe('live_chat_ended');

    const offline = await paidTip(app, creator.slug, { name: 'Offline', amount_paise: 30_000 });
    await runner().drain();
    expect(await jobOf(offline)).toMatchObject({ status: 'skipped', lastError: 'not_live' });

    fake.goLive();
    await database.db.update(youtubeConnections).set({ liveCheckedAt: null });
    await paidTip(app, creator.slug, { name: 'Back', amount_paise: 30_000 });
    await runner().drain();
    expect(chatTexts().at(-1)).toBe('💸 ₹300 from Back: Great stream!');
  });

  it('quotaExceeded stops every post until the Pacific day ends', async () => {
    fake.failNextInsert('quotaExceeded');
    await paidTip(app, creator.slug, { name: 'Q1', amount_paise: 30_000 });
    await runner().drain();
    const insertsBefore = inserts().length;
    const after = await paidTip(app, creator.slug, { name: 'Q2', amount_paise: 30_000 });
    await runner().drain();
    expect(inserts().length).toBe(insertsBefore);
    expect(await jobOf(after)).toMatchObject({ status: 'failed', lastError: 'quota_exceeded' });
    expect((await status()).last_error.code).toBe('quota_exceeded');

    const admin = await buildUser(database.db, { role: 'admin', password: 'admin-pass-1' });
    const { headers } = await signIn(app, admin.email, 'admin-pass-1');
    const report = await app.inject({ url: '/api/admin/youtube-quota', headers });
    answers.push(report.body);
    expect(report.json()).toMatchObject({ is_exhausted: true, daily_quota: 10_000 });
    expect(report.json().creators).toEqual([
      expect.objectContaining({ slug: creator.slug, units: expect.any(Number) }),
    ]);
    // Tests after this one post again on a fresh day.
    await database.db.execute(sql`delete from youtube_quota_days`);
  });

  it('a revoked grant (invalid_grant) disconnects the channel and tells the creator', async () => {
    fake.revokeAccess();
    fake.expireAccessTokens();
    const tip = await paidTip(app, creator.slug, { name: 'Gone', amount_paise: 30_000 });
    await runner().drain();
    expect(await jobOf(tip)).toMatchObject({ status: 'failed', lastError: 'revoked' });
    const answer = await status();
    expect(answer.connection.status).toBe('revoked');
    expect(answer.last_error.code).toBe('revoked');
    const [row] = await database.db.select().from(youtubeConnections);
    expect(row).toMatchObject({ accessTokenEnc: null, refreshTokenEnc: null });
  });

  it('disconnects: the grant is revoked at Google and tips are no longer posted', async () => {
    const flow = await connect(app, creator);
    expect((await flow.complete()).statusCode).toBe(200);
    const removed = await api('DELETE', '/youtube');
    expect(removed.json().connection).toBeNull();
    const revoke = fake.requests.filter((request) => request.path === '/revoke').at(-1);
    expect(fake.revokedTokens.has(new URLSearchParams(revoke?.rawBody).get('token') ?? '')).toBe(
      true,
    );
    const insertsBefore = inserts().length;
    await paidTip(app, creator.slug, { name: 'After', amount_paise: 30_000 });
    await runner().drain();
    expect(inserts().length).toBe(insertsBefore);
  });

  it('keeps tokens encrypted in the database, and out of every answer and log line', async () => {
    // Connected again, so the table holds live tokens.
    const flow = await connect(app, creator);
    const done = await flow.complete();
    answers.push(done.body);
    expect(done.statusCode).toBe(200);
    const rows = JSON.stringify(await database.db.select().from(youtubeConnections));
    expect(fake.issuedTokens.length).toBeGreaterThan(3);
    const places = { database: rows, answers: answers.join('\n'), logs: logLines.join('\n') };
    for (const [place, text] of Object.entries(places)) {
      for (const token of fake.issuedTokens) {
        expect(text.includes(token), `a token in the ${place}`).toBe(false);
      }
    }
    const [row] = await database.db.select().from(youtubeConnections);
    expect(row?.accessTokenEnc).toMatch(/^v1\./);
    expect(logLines.length).toBeGreaterThan(10);
  });
});

describe('the quota budget', () => {
  it('stops posting at the configured share of the daily quota', async () => {
    const fake = await startFakeYoutube();
    // 120 units, all of them usable: one look-up (1) and two posts (50 each) fit, a third not.
    const { app, database } = await startApp(fake, {
      YOUTUBE_DAILY_QUOTA: '120',
      YOUTUBE_QUOTA_SHARE: '1',
      YOUTUBE_INSERT_COST: '50',
    });
    try {
      const creator = await newCreator(app, database);
      expect((await (await connect(app, creator)).complete()).statusCode).toBe(200);
      fake.goLive();
      for (const name of ['One', 'Two', 'Three']) {
        await paidTip(app, creator.slug, { name, amount_paise: 20_000 });
      }
      await app.youtube.runner.drain();
      expect(fake.chat.map((message) => message.text)).toEqual([
        '💸 ₹200 from One: Great stream!',
        '💸 ₹200 from Two: Great stream!',
      ]);
      const status = await app.inject({
        url: `/api/streamers/${creator.slug}/youtube`,
        headers: { authorization: creator.authorization },
      });
      expect(status.json().last_error.code).toBe('quota_budget');
      // The channel look-up at connect (1), the live look-up (1) and two posts.
      expect(status.json().quota.used_units).toBe(102);

      // The sweep's cursor moves past alerts old enough to be settled, never past newer ones.
      const cursor = async () =>
        (
          await database.db.select({ at: youtubeConnections.alertCursor }).from(youtubeConnections)
        )[0]?.at;
      const before = await cursor();
      await app.youtube.runner.sweep();
      expect(await cursor()).toBe(before);
      await database.db.update(alerts).set({ createdAt: sql`now() - interval '2 minutes'` });
      await app.youtube.runner.sweep();
      const [newest] = await database.db
        .select({ id: sql<number>`max(${alerts.id})` })
        .from(alerts);
      expect(await cursor()).toBe(Number(newest?.id));
    } finally {
      await app.close();
      await database.close();
      await fake.close();
    }
  });
});
