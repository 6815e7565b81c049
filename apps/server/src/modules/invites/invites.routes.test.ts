import { CONSENT_TEXT, SETTINGS_MESSAGES } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** One-time sign-up links: from a lead to an account that owns its streamer. */
describe('invites', () => {
  let testApp: TestApp;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp({
      PUBLIC_URL: 'https://shabaash.example',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    const admin = await buildUser(testApp.database.db, { role: 'admin' });
    adminHeaders = (await signIn(testApp.app, admin.email, admin.password)).headers;
  });
  afterAll(() => testApp.close());

  const codeOf = (url: string) => url.split('/auth/invite/')[1] ?? '';
  const details = (code: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/invites/${code}`,
      remoteAddress: randomTestIp(),
    });
  const accept = (code: string, payload: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/invites/${code}/accept`,
      payload,
      headers,
      remoteAddress: randomTestIp(),
    });

  it('creates the streamer with a sign-up link for an owner without an account; the link makes both', async () => {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/streamers',
      payload: { slug: 'lead-star', name: 'Lead Star', owner_email: 'Lead@Example.com' },
      headers: adminHeaders,
    });
    expect(created.statusCode).toBe(201);
    const invite = created.json().invite;
    expect(invite).toMatchObject({ email: 'lead@example.com', is_admin: false });
    expect(invite.url).toMatch(/^https:\/\/shabaash\.example\/auth\/invite\/[A-Za-z0-9_-]{32}$/);
    const code = codeOf(invite.url);

    const shown = await details(code);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      email: 'lead@example.com',
      streamer: { slug: 'lead-star', name: 'Lead Star' },
      has_account: false,
    });

    expect((await accept(code, {})).statusCode).toBe(400); // a password is needed
    expect((await accept(code, { password: '123' })).statusCode).toBe(400);
    // A new account needs the sign-up's 18+ declaration (issue 29); the refusal uses nothing up.
    const minor = await accept(code, { password: 'a-good-password' });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().error).toEqual({
      code: 'age_not_confirmed',
      message: CONSENT_TEXT.ageRequired,
    });
    expect(
      (await accept(code, { password: 'a-good-password', age_confirmed: false })).statusCode,
    ).toBe(400);
    const accepted = await accept(code, {
      password: 'a-good-password',
      locale: 'hi',
      age_confirmed: true,
    });
    expect(accepted.statusCode).toBe(201);
    const body = accepted.json();
    expect(body).toMatchObject({
      // The browser's language, sent as at sign-up, becomes the account's e-mail language.
      user: { email: 'lead@example.com', role: 'streamer', locale: 'hi' },
      streamer_slug: 'lead-star',
    });

    const dashboard = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/lead-star/dashboard',
      headers: { authorization: `Bearer ${body.session.access_token}` },
    });
    expect(dashboard.statusCode).toBe(200);

    // Once only.
    const again = await accept(code, { password: 'another-password', age_confirmed: true });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(SETTINGS_MESSAGES.inviteInvalid);
    expect((await details(code)).statusCode).toBe(404);

    const audit = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit?streamer=lead-star',
      headers: adminHeaders,
    });
    expect(audit.json().entries[0]).toMatchObject({
      field: 'invite_accepted',
      actor_email: 'lead@example.com',
    });
  });

  it('lets a signed-in invitee with the same e-mail join; refuses another account', async () => {
    const db = testApp.database.db;
    const invitee = await buildUser(db);
    const other = await buildUser(db);
    // The account appears only after the invite was sent.
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/streamers/lead-star/members',
      payload: { email: 'later@example.com', is_admin: true },
      headers: adminHeaders,
    });
    expect(sent.statusCode).toBe(201);
    const code = codeOf(sent.json().invite.url);

    const otherHeaders = (await signIn(testApp.app, other.email, other.password)).headers;
    const wrong = await accept(code, {}, otherHeaders);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(SETTINGS_MESSAGES.inviteWrongAccount);

    const later = await buildUser(db, { email: 'later@example.com' });
    expect((await details(code)).json().has_account).toBe(true);
    const withoutLogin = await accept(code, { password: 'whatever-123', age_confirmed: true });
    expect(withoutLogin.statusCode).toBe(409);
    expect(withoutLogin.json().error.message).toBe(SETTINGS_MESSAGES.inviteAccountExists);

    const laterHeaders = (await signIn(testApp.app, later.email, later.password)).headers;
    const joined = await accept(code, {}, laterHeaders);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ session: null, streamer_slug: 'lead-star' });
    const summary = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/streamers/lead-star',
      headers: adminHeaders,
    });
    expect(summary.json().streamer.members).toContainEqual({
      email: 'later@example.com',
      is_admin: true,
    });
    expect(invitee.email).not.toBe('later@example.com');
  });

  it("gives an account registered in advance with a creator's e-mail nothing until it accepts the invite signed in", async () => {
    const db = testApp.database.db;
    // Someone signs up with the creator's e-mail before the admin adds the creator.
    const squatter = await buildUser(db, { email: 'creator@example.com' });
    const squatterHeaders = (await signIn(testApp.app, squatter.email, squatter.password)).headers;
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/streamers',
      payload: { slug: 'creator-star', name: 'Creator Star', owner_email: 'creator@example.com' },
      headers: adminHeaders,
    });
    expect(created.statusCode).toBe(201);
    const code = codeOf(created.json().invite.url);

    // Without the link the account is no member: it cannot open the dashboard or rewrite the page.
    const dashboard = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/creator-star/dashboard',
        headers: squatterHeaders,
      });
    expect((await dashboard()).statusCode).toBe(403);
    const rewrite = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/streamers/creator-star/settings',
      payload: { page: { name: 'Pay me instead' } },
      headers: squatterHeaders,
    });
    expect(rewrite.statusCode).toBe(403);
    const summary = async () =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/admin/streamers/creator-star',
          headers: adminHeaders,
        })
      ).json().streamer;
    expect(await summary()).toMatchObject({
      members: [],
      pending_invites: [expect.objectContaining({ email: 'creator@example.com' })],
    });

    // Another signed-in account cannot use the link, nor can anyone without a session.
    const other = await buildUser(db);
    const otherHeaders = (await signIn(testApp.app, other.email, other.password)).headers;
    expect((await accept(code, {}, otherHeaders)).statusCode).toBe(403);
    expect(
      (await accept(code, { password: 'a-new-password', age_confirmed: true })).statusCode,
    ).toBe(409);
    expect((await dashboard()).statusCode).toBe(403);

    // Only the account with the address, signed in, holding the link, becomes a member.
    expect((await accept(code, {}, squatterHeaders)).statusCode).toBe(200);
    expect((await dashboard()).statusCode).toBe(200);
    expect(await summary()).toMatchObject({
      members: [{ email: 'creator@example.com', is_admin: false }],
      pending_invites: [],
    });
  });

  it('keeps only the newest link for an e-mail, and lets an admin withdraw it', async () => {
    const invite = async () =>
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/admin/streamers/lead-star/members',
          payload: { email: 'twice@example.com' },
          headers: adminHeaders,
        })
      ).json().invite;
    const first = await invite();
    const second = await invite();
    expect((await details(codeOf(first.url))).statusCode).toBe(404);
    expect((await details(codeOf(second.url))).statusCode).toBe(200);

    const withdrawn = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/admin/streamers/lead-star/invites/${second.id}`,
      headers: adminHeaders,
    });
    expect(withdrawn.statusCode).toBe(204);
    expect((await details(codeOf(second.url))).statusCode).toBe(404);
  });

  it('answers a malformed code as an unknown one: 404 invite_invalid, which the page words', async () => {
    for (const code of ['short', 'a'.repeat(32)]) {
      const answer = await details(code);
      expect(answer.statusCode, code).toBe(404);
      expect(answer.json<{ error: { code: string } }>().error.code, code).toBe('invite_invalid');
    }
    const accepted = await accept('short', { password: 'correct-horse-9', age_confirmed: true });
    expect(accepted.statusCode).toBe(404);
    expect(accepted.json<{ error: { code: string } }>().error.code).toBe('invite_invalid');
  });
});
