import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailVerificationTokens } from '../../db/schema.ts';
import { buildStreamer, buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { findLink } from '../mail/mime.test-helper.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../site/fake-smtp-server.test-helper.ts';

/*
 * Issue 22 item 2: sign-up mails a verification link (hashed, single use, 24 hours, resend
 * limited); an unverified account signs in but cannot own or join a page. Item 6: an invited
 * member is mailed the invite.
 */
describe('verified accounts', () => {
  let smtp: FakeSmtpServer;
  let testApp: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    testApp = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://shabaash.example',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    const adminUser = await buildUser(testApp.database.db, { role: 'admin' });
    admin = await signIn(testApp.app, adminUser.email, adminUser.password);
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const request = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
    remoteAddress = randomTestIp(),
  ) =>
    testApp.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers,
      remoteAddress,
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  let nextEmail = 0;
  const newEmail = () => `creator-${Date.now()}-${(nextEmail += 1)}@example.com`;

  /** Signs up through the API as the form does: signed in at once, unverified. */
  async function signUp(email = newEmail()) {
    const response = await request('POST', '/api/auth/register', {
      age_confirmed: true,
      email,
      password: 'correct-horse-9',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    return { email, id: body.user.id as string, headers: bearer(body.session.access_token) };
  }

  /** The newest mail to `to` carrying a link to `path`, waiting for it (sent after replying). */
  async function linkMailedTo(to: string, path: string, skip = 0): Promise<URL> {
    const mail = await vi.waitFor(
      () => {
        const found = smtp.messages.filter(
          (raw) => raw.includes(`To: ${to}`) && raw.includes(path),
        );
        const chosen = found[skip];
        if (!chosen) throw new Error('no mail yet');
        return chosen;
      },
      { timeout: 10_000, interval: 20 },
    );
    const link = new URL(findLink(mail, path));
    expect(link.origin).toBe('https://shabaash.example');
    return link;
  }
  const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';
  const verify = (token: string) => request('POST', '/api/auth/verify-email', { token });
  const createPage = (headers: Record<string, string>, slug: string) =>
    request('POST', '/api/me/streamers', { slug, name: `Page ${slug}` }, headers);
  const uniqueSlug = () => `page-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  it('mails a single-use link, stored only hashed, that verifies the address', async () => {
    const creator = await signUp();
    const session = await request('GET', '/api/auth/session', undefined, creator.headers);
    expect(session.json().user.email_verified).toBe(false);

    const link = await linkMailedTo(creator.email, '/auth/verify?token=');
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await testApp.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, creator.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    // 24 hours, give or take the test's own run time.
    const ttl = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(Math.abs(ttl - 24 * 3_600_000)).toBeLessThan(60_000);

    // No session needed: the link may open in another browser.
    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: creator.email, email_verified: true });
    const after = await request('GET', '/api/auth/session', undefined, creator.headers);
    expect(after.json().user.email_verified).toBe(true);

    const reused = await verify(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('verification_link_invalid');
  });

  it('refuses an expired or made-up link', async () => {
    const creator = await signUp();
    const token = tokenOf(await linkMailedTo(creator.email, '/auth/verify?token='));
    await testApp.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, creator.id));
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('verification_link_invalid');
    expect((await verify('A'.repeat(43))).statusCode).toBe(400);
    const session = await request('GET', '/api/auth/session', undefined, creator.headers);
    expect(session.json().user.email_verified).toBe(false);
  });

  it('resends on request, a few times an hour per account, and a new link spends the old ones', async () => {
    const creator = await signUp();
    await linkMailedTo(creator.email, '/auth/verify?token=');
    for (let i = 0; i < 3; i += 1) {
      const resent = await request('POST', '/api/auth/verify-email/resend', {}, creator.headers);
      expect(resent.statusCode).toBe(202);
    }
    const refused = await request('POST', '/api/auth/verify-email/resend', {}, creator.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/Too many verification e-mails/);

    // Four links in all; using the last spends the first, unused until now.
    const first = tokenOf(await linkMailedTo(creator.email, '/auth/verify?token=', 0));
    const last = tokenOf(await linkMailedTo(creator.email, '/auth/verify?token=', 3));
    expect((await verify(last)).statusCode).toBe(200);
    expect((await verify(first)).statusCode).toBe(400);

    const again = await request('POST', '/api/auth/verify-email/resend', {}, creator.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_verified');
  });

  it('lets an unverified account sign in, but not create a page or join one by invite', async () => {
    const creator = await signUp();
    const again = await signIn(testApp.app, creator.email, 'correct-horse-9');
    expect((await request('GET', '/api/auth/session', undefined, again.headers)).statusCode).toBe(
      200,
    );

    const slug = uniqueSlug();
    const refused = await createPage(creator.headers, slug);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'email_unverified',
      message: expect.stringMatching(/verify your e-mail address/),
    });

    const streamer = await buildStreamer(testApp.database.db);
    const invited = await request(
      'POST',
      `/api/admin/streamers/${streamer.slug}/members`,
      { email: creator.email },
      admin.headers,
    );
    expect(invited.statusCode).toBe(201);
    const code = new URL(invited.json().invite.url).pathname.split('/').pop() ?? '';
    const joinRefused = await request('POST', `/api/invites/${code}/accept`, {}, creator.headers);
    expect(joinRefused.statusCode).toBe(403);
    expect(joinRefused.json().error.code).toBe('email_unverified');
    const mine = await request('GET', '/api/me/streamers', undefined, creator.headers);
    expect(mine.json().streamers).toEqual([]);

    // Verified, the same account does both.
    expect(
      (await verify(tokenOf(await linkMailedTo(creator.email, '/auth/verify?token=')))).statusCode,
    ).toBe(200);
    expect(
      (await request('POST', `/api/invites/${code}/accept`, {}, creator.headers)).statusCode,
    ).toBe(200);
    expect((await createPage(creator.headers, slug)).statusCode).toBe(201);
    const after = await request('GET', '/api/me/streamers', undefined, creator.headers);
    expect(
      after
        .json()
        .streamers.map((row: { streamer_slug: string }) => row.streamer_slug)
        .sort(),
    ).toEqual([slug, streamer.slug].sort());
  });

  it('mails an invited member the link, and a sign-up through it is verified by it', async () => {
    const email = newEmail();
    const streamer = await buildStreamer(testApp.database.db, { name: 'Invite Mail Stream' });
    const invited = await request(
      'POST',
      `/api/admin/streamers/${streamer.slug}/members`,
      { email },
      admin.headers,
    );
    expect(invited.statusCode).toBe(201);
    const link = await linkMailedTo(email, '/auth/invite/');
    expect(link.href).toBe(invited.json().invite.url);
    const mail = smtp.messages.find((raw) => raw.includes(`To: ${email}`)) ?? '';
    expect(mail).toContain('Subject: You are invited to Invite Mail Stream on Shabaash');

    const code = link.pathname.split('/').pop() ?? '';
    const joined = await request('POST', `/api/invites/${code}/accept`, {
      password: 'correct-horse-9',
      age_confirmed: true,
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().user.email_verified).toBe(true);
  });

  it("mails a new streamer's owner the invite the admin console makes", async () => {
    const email = newEmail();
    const slug = uniqueSlug();
    const created = await request(
      'POST',
      '/api/admin/streamers',
      { slug, name: 'Owner Mail Stream', owner_email: email },
      admin.headers,
    );
    expect(created.statusCode).toBe(201);
    expect((await linkMailedTo(email, '/auth/invite/')).href).toBe(created.json().invite.url);
  });

  it('limits sign-ups per client address', async () => {
    const address = randomTestIp();
    const signUpFrom = () =>
      request(
        'POST',
        '/api/auth/register',
        { age_confirmed: true, email: newEmail(), password: 'pass-word-1' },
        {},
        address,
      );
    // The same per-address count as login: 10 a minute, whatever the e-mail.
    for (let i = 0; i < 10; i += 1) expect((await signUpFrom()).statusCode).toBe(201);
    expect((await signUpFrom()).statusCode).toBe(429);
    expect(
      (
        await request('POST', '/api/auth/register', {
          age_confirmed: true,
          email: newEmail(),
          password: 'pass-word-1',
        })
      ).statusCode,
    ).toBe(201);
  });
});
