import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetTokens } from '../../db/schema.ts';
import { buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { findLink } from '../mail/mime.test-helper.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../site/fake-smtp-server.test-helper.ts';

describe('passwords: forgot, reset, change; sessions', () => {
  let smtp: FakeSmtpServer;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    testApp = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://shabaash.example',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const request = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    testApp.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers,
      remoteAddress: randomTestIp(),
    });
  const forgot = (email: string) => request('POST', '/api/auth/password-reset/request', { email });
  const confirm = (token: string, password: string) =>
    request('POST', '/api/auth/password-reset/confirm', { token, password });
  const isSignedIn = async (headers: Record<string, string>) =>
    (await request('GET', '/api/auth/session', undefined, headers)).statusCode === 200;

  /** Waits for the reset mail to `email` and returns the token in its link. */
  async function resetTokenMailedTo(email: string): Promise<string> {
    const mail = await vi.waitFor(
      () => {
        const found = smtp.messages.find((raw) => raw.includes(`To: ${email}`));
        if (!found) throw new Error('no mail yet');
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    const link = new URL(findLink(mail, '/auth/reset?token='));
    expect(link.origin).toBe('https://shabaash.example');
    return link.searchParams.get('token') ?? '';
  }

  it('e-mails a single-use link, stored only hashed, that sets the password and signs out every session', async () => {
    const user = await buildUser(testApp.database.db);
    const laptop = await signIn(testApp.app, user.email, user.password);
    const phone = await signIn(testApp.app, user.email, user.password);

    const asked = await forgot(user.email.toUpperCase());
    expect(asked.statusCode).toBe(202);
    const token = await resetTokenMailedTo(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await testApp.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await confirm(token, 'brand-new-pass')).statusCode).toBe(204);
    expect(await isSignedIn(laptop.headers)).toBe(false);
    expect(await isSignedIn(phone.headers)).toBe(false);
    await expect(signIn(testApp.app, user.email, user.password)).rejects.toThrow(/login failed/);
    await signIn(testApp.app, user.email, 'brand-new-pass');

    const reused = await confirm(token, 'another-pass');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('reset_link_invalid');
    await signIn(testApp.app, user.email, 'brand-new-pass');
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(testApp.database.db);
    await forgot(user.email);
    const token = await resetTokenMailedTo(user.email);
    await testApp.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));

    const response = await confirm(token, 'brand-new-pass');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('reset_link_invalid');
    await signIn(testApp.app, user.email, user.password);
  });

  it('answers an unknown e-mail exactly as a known one, and mails nobody', async () => {
    const user = await buildUser(testApp.database.db);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await resetTokenMailedTo(user.email);
    expect(smtp.messages.some((raw) => raw.includes('nobody-here@example.com'))).toBe(false);
  });

  it('limits reset requests per e-mail, whatever the address', async () => {
    const email = 'flooded@example.com';
    for (let i = 0; i < 3; i += 1) expect((await forgot(email)).statusCode).toBe(202);
    const refused = await forgot(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await forgot('someone-else@example.com')).statusCode).toBe(202);
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const user = await buildUser(testApp.database.db);
    const here = await signIn(testApp.app, user.email, user.password);
    const elsewhere = await signIn(testApp.app, user.email, user.password);
    const change = (current: string) =>
      request(
        'POST',
        '/api/auth/password',
        { current_password: current, new_password: 'changed-pass' },
        here.headers,
      );

    const wrong = await change('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('current_password_wrong');
    expect(await isSignedIn(elsewhere.headers)).toBe(true);

    expect((await change(user.password)).statusCode).toBe(204);
    expect(await isSignedIn(here.headers)).toBe(true);
    expect(await isSignedIn(elsewhere.headers)).toBe(false);
    await signIn(testApp.app, user.email, 'changed-pass');
  });

  it('lists sessions and signs out one of them, or all the others', async () => {
    const user = await buildUser(testApp.database.db);
    const other = await buildUser(testApp.database.db);
    const here = await signIn(testApp.app, user.email, user.password);
    const second = await signIn(testApp.app, user.email, user.password);
    const third = await signIn(testApp.app, user.email, user.password);
    const stranger = await signIn(testApp.app, other.email, other.password);
    const list = async () =>
      (await request('GET', '/api/auth/sessions', undefined, here.headers)).json().sessions as {
        id: string;
        current: boolean;
      }[];

    const sessions = await list();
    expect(sessions).toHaveLength(3);
    const secondId = (await request('GET', '/api/auth/sessions', undefined, second.headers))
      .json()
      .sessions.find((session: { current: boolean }) => session.current).id as string;

    // Someone else's session is not theirs to end.
    const foreign = await request(
      'DELETE',
      `/api/auth/sessions/${secondId}`,
      undefined,
      stranger.headers,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await isSignedIn(second.headers)).toBe(true);

    const ended = await request(
      'DELETE',
      `/api/auth/sessions/${secondId}`,
      undefined,
      here.headers,
    );
    expect(ended.statusCode).toBe(204);
    expect(await isSignedIn(second.headers)).toBe(false);
    expect(await list()).toHaveLength(2);

    const others = await request(
      'POST',
      '/api/auth/sessions/revoke-others',
      undefined,
      here.headers,
    );
    expect(others.json()).toEqual({ revoked: 1 });
    expect(await isSignedIn(third.headers)).toBe(false);
    expect(await isSignedIn(here.headers)).toBe(true);
    expect(await isSignedIn(stranger.headers)).toBe(true);
    expect((await list()).map((session) => session.current)).toEqual([true]);
  });
});
