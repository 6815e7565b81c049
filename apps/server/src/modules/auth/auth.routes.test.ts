import { eq } from 'drizzle-orm';
import { myStreamersResponseSchema, streamerDashboardSummarySchema } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, sessions, users } from '../../db/schema.ts';
import { buildStreamer, buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { FREE_FAILURES, loginDelayMs } from './login-throttle.ts';
import { HASHING_BUSY_MESSAGE, passwordHashing } from './password.ts';

describe('auth API', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: randomTestIp(),
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('registers a user, trims and lower-cases the e-mail, and answers user + token', async () => {
    const response = await post('/api/auth/register', {
      age_confirmed: true,
      email: '  Fan.One@Example.COM ',
      password: 'secret1',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'fan.one@example.com',
      username: 'fan.one',
      role: 'streamer',
      email_verified: false,
      locale: 'en',
    });
    expect(body.session.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toMatch(/secret1|password/i);

    const session = await get('/api/auth/session', {
      authorization: `Bearer ${body.session.access_token}`,
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('fan.one@example.com');
  });

  it('stores the e-mail language of a sign-up, and refuses one it does not write in', async () => {
    const hindi = await post('/api/auth/register', {
      age_confirmed: true,
      email: 'hindi.fan@example.com',
      password: 'secret1',
      locale: 'hi',
    });
    expect(hindi.statusCode).toBe(201);
    expect(hindi.json().user.locale).toBe('hi');
    const [stored] = await testApp.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.email, 'hindi.fan@example.com'));
    expect(stored?.locale).toBe('hi');

    const tamil = await post('/api/auth/register', {
      age_confirmed: true,
      email: 'tamil.fan@example.com',
      password: 'secret1',
      locale: 'ta',
    });
    expect(tamil.statusCode).toBe(400);
    expect(tamil.json().error).toEqual({
      code: 'validation_error',
      message: 'E-mail language must be English (en) or Hindi (hi).',
    });
  });

  it("changes the account's e-mail language; refuses an unknown one, and anonymous callers", async () => {
    const user = await buildUser(testApp.database.db);
    const { headers } = await signIn(testApp.app, user.email, user.password);
    const put = (payload: object, putHeaders: Record<string, string>) =>
      testApp.app.inject({ method: 'PUT', url: '/api/auth/locale', payload, headers: putHeaders });

    const changed = await put({ locale: 'hi' }, headers);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ id: user.id, email: user.email, locale: 'hi' });
    const session = await get('/api/auth/session', headers);
    expect(session.json().user.locale).toBe('hi');

    const unknown = await put({ locale: 'fr' }, headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({
      code: 'validation_error',
      message: 'E-mail language must be English (en) or Hindi (hi).',
    });
    expect((await put({}, headers)).statusCode).toBe(400);

    const anonymous = await put({ locale: 'en' }, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
    // Neither refusal changed it.
    expect((await get('/api/auth/session', headers)).json().user.locale).toBe('hi');

    const back = await put({ locale: 'en' }, headers);
    expect(back.json().user.locale).toBe('en');
  });

  it('refuses a second registration of the same e-mail in any case with 409', async () => {
    await post('/api/auth/register', {
      age_confirmed: true,
      email: 'dup@example.com',
      password: 'secret1',
    });
    const response = await post('/api/auth/register', {
      age_confirmed: true,
      email: 'DUP@example.com ',
      password: 'another1',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'email_taken',
      message: 'An account with this email already exists. Please log in instead.',
    });
  });

  it.each([
    [
      { email: 'a@example.com', password: '12345', age_confirmed: true },
      'Password must be at least 6 characters long.',
    ],
    [{ email: 'a@example.com', age_confirmed: true }, 'Please fill in all fields.'],
    [
      { email: 'not-an-email', password: 'secret1', age_confirmed: true },
      'Please enter a valid email address.',
    ],
    [
      { email: '', password: 'secret1', age_confirmed: true },
      'Please enter both email and password.',
    ],
    [
      { email: 'a@example.com', password: 'secret1' },
      'Please confirm you are 18 or older. We do not collect personal data from anyone younger.',
    ],
  ])('validates registration on the server: %o', async (payload, message) => {
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('logs in with the right password and refuses a wrong one or an unknown e-mail alike', async () => {
    const user = await buildUser(testApp.database.db, { email: 'streamer@example.com' });
    const ok = await post('/api/auth/login', {
      email: 'Streamer@Example.com',
      password: user.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(user.id);

    const wrong = await post('/api/auth/login', { email: user.email, password: 'nope-nope' });
    const unknown = await post('/api/auth/login', { email: 'ghost@example.com', password: 'x' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('Invalid email or password.');
    }
    const missing = await post('/api/auth/login', { email: user.email });
    expect(missing.json().error.message).toBe('Please enter both email and password.');
  });

  it('answers 401 for a missing, garbage or expired token, and slides a live one', async () => {
    const user = await buildUser(testApp.database.db);
    const { token, headers } = await signIn(testApp.app, user.email, user.password);
    expect((await get('/api/auth/session')).statusCode).toBe(401);
    expect((await get('/api/auth/session', { authorization: 'Bearer nonsense' })).statusCode).toBe(
      401,
    );

    // A session last used two minutes ago gets its expiry pushed forward on use.
    const db = testApp.database.db;
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await db
      .update(sessions)
      .set({ lastSeenAt: twoMinutesAgo, expiresAt: new Date(Date.now() + 60_000) });
    expect((await get('/api/auth/session', headers)).statusCode).toBe(200);
    const [slid] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(JSON.stringify(slid)).not.toContain(token);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await get('/api/auth/session', headers)).statusCode).toBe(401);
  });

  it('revokes the session on logout, and lists only live sessions', async () => {
    const user = await buildUser(testApp.database.db);
    const first = await signIn(testApp.app, user.email, user.password);
    const second = await signIn(testApp.app, user.email, user.password);

    const listed = await get('/api/auth/sessions', first.headers);
    expect(listed.json().sessions).toHaveLength(2);
    expect(listed.json().sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    expect((await post('/api/auth/logout', {}, first.headers)).statusCode).toBe(204);
    expect((await get('/api/auth/session', first.headers)).statusCode).toBe(401);
    expect((await get('/api/auth/session', second.headers)).statusCode).toBe(200);
    expect((await get('/api/auth/sessions', second.headers)).json().sessions).toHaveLength(1);
  });

  describe('streamer-scoped access', () => {
    it('lets members and admins in, and keeps everyone else out', async () => {
      const db = testApp.database.db;
      const owner = await buildUser(db);
      const other = await buildUser(db);
      const admin = await buildUser(db, { role: 'admin' });
      const mine = await buildStreamer(db, { memberIds: [owner.id] });
      await buildStreamer(db, { memberIds: [other.id] });
      const orphan = await buildStreamer(db);
      const url = (slug: string) => `/api/streamers/${slug}/dashboard`;

      const asOwner = (await signIn(testApp.app, owner.email, owner.password)).headers;
      const asOther = (await signIn(testApp.app, other.email, other.password)).headers;
      const asAdmin = (await signIn(testApp.app, admin.email, admin.password)).headers;

      const ownerView = await get(url(mine.slug), asOwner);
      expect(ownerView.statusCode).toBe(200);
      expect(streamerDashboardSummarySchema.parse(ownerView.json()).streamer).toMatchObject({
        slug: mine.slug,
        name: mine.name,
      });

      const otherView = await get(url(mine.slug), asOther);
      expect(otherView.statusCode).toBe(403);
      expect(otherView.json().error.message).toBe(
        "You don't have permission to view this dashboard.",
      );

      expect((await get(url(mine.slug), asAdmin)).json().viewer.is_admin).toBe(true);
      expect((await get(url(mine.slug))).statusCode).toBe(401);
      // No members at all: admins only.
      expect((await get(url(orphan.slug), asOwner)).statusCode).toBe(403);
      expect((await get(url(orphan.slug), asAdmin)).statusCode).toBe(200);
      expect((await get(url('no-such-streamer'), asOwner)).statusCode).toBe(404);

      const chooser = await get('/api/me/streamers', asOwner);
      expect(myStreamersResponseSchema.parse(chooser.json()).streamers).toEqual([
        {
          streamer_slug: mine.slug,
          streamer_name: mine.name,
          brand_color: '#2563eb',
          is_admin: false,
        },
      ]);
      const adminChooser = (await get('/api/me/streamers', asAdmin)).json().streamers;
      expect(adminChooser.map((s: { streamer_slug: string }) => s.streamer_slug)).toContain(
        orphan.slug,
      );
    });
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('never locks the owner out: failures from other addresses leave the right password working', async () => {
    const admin = await buildUser(testApp.database.db, { role: 'admin' });
    // One attacker address past its limits, and more addresses one guess each.
    const attacker = [];
    for (let i = 0; i < 12; i += 1) {
      attacker.push((await login(admin.email, 'guess-guess', '198.51.100.66')).statusCode);
    }
    expect(attacker.slice(0, FREE_FAILURES).every((status) => status === 401)).toBe(true);
    expect(attacker.slice(FREE_FAILURES).every((status) => status === 429)).toBe(true);
    for (let i = 0; i < 6; i += 1) {
      expect((await login(admin.email, 'guess-guess', randomTestIp())).statusCode).toBe(401);
    }

    const owner = await login(admin.email, admin.password, '203.0.113.66');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.role).toBe('admin');
  });

  it('makes a failing e-mail and address wait, longer after each further failure', async () => {
    const user = await buildUser(testApp.database.db);
    const address = '198.51.100.67';
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      expect((await login(user.email, 'wrong-password', address)).statusCode).toBe(401);
    }
    // Waiting: not even the right password is checked from this address.
    const firstWait = await login(user.email, user.password, address);
    expect(firstWait.statusCode).toBe(429);
    expect(firstWait.json().error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^Too many wrong passwords\. Please wait \d+ seconds and try again\.$/,
      ),
    });
    const firstSeconds = Number(firstWait.headers['retry-after']);
    expect(firstSeconds).toBeGreaterThan(0);
    expect(firstSeconds).toBeLessThanOrEqual(15);
    expect(firstWait.headers['ratelimit-remaining']).toBe('0');
    expect(firstWait.headers['ratelimit-reset']).toBe(String(firstSeconds));

    // The wait is over; one more wrong password earns twice the wait.
    const waitIsOver = () =>
      testApp.database.db
        .update(loginFailures)
        .set({ blockedUntil: new Date(Date.now() - 1000) })
        .where(eq(loginFailures.email, user.email));
    await waitIsOver();
    expect((await login(user.email, 'wrong-password', address)).statusCode).toBe(401);
    const secondWait = await login(user.email, user.password, address);
    expect(secondWait.statusCode).toBe(429);
    expect(Number(secondWait.headers['retry-after'])).toBeGreaterThan(15);
    expect(Number(secondWait.headers['retry-after'])).toBeLessThanOrEqual(30);

    // After that wait the right password logs in and the slate is clean.
    await waitIsOver();
    expect((await login(user.email, user.password, address)).statusCode).toBe(200);
    const left = await testApp.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, user.email));
    expect(left).toEqual([]);
  });

  it('doubles the wait with each failure past the free ones, up to an hour', () => {
    const waits = [1, 4, 5, 6, 7, 12, 13, 40].map(loginDelayMs);
    expect(waits).toEqual([0, 0, 15_000, 30_000, 60_000, 1_920_000, 3_600_000, 3_600_000]);
  });

  it('hashes at most two passwords at once; a flood waits in a short queue or hears 503', async () => {
    const user = await buildUser(testApp.database.db);
    const flood = Array.from({ length: 40 }, () =>
      login(user.email, 'wrong-password', randomTestIp()),
    );
    const health = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    const answers = await Promise.all(flood);

    expect(health.statusCode).toBe(200);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    const checked = answers.filter((answer) => answer.statusCode === 401);
    expect(busy.length + checked.length).toBe(answers.length);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.json()).toEqual({
      error: { code: 'server_busy', message: HASHING_BUSY_MESSAGE },
    });
    expect(passwordHashing.peakRunning).toBeLessThanOrEqual(passwordHashing.maxRunning);
    expect(passwordHashing.maxRunning).toBe(2);
    expect([passwordHashing.running, passwordHashing.waiting]).toEqual([0, 0]);
  });

  it('rate-limits login attempts per IP across e-mails', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `someone${i}@example.com`, password: 'whatever' },
        remoteAddress: '192.0.2.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
