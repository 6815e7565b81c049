import {
  adminStreamerListSchema,
  adminStreamerResponseSchema,
  adminVideoUrlSchema,
  auditListSchema,
  createdStreamerSchema,
  memberInviteResponseSchema,
} from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('admin API', () => {
  let testApp: TestApp;
  let adminHeaders: Record<string, string>;
  let streamerHeaders: Record<string, string>;
  let ownerEmail: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const admin = await buildUser(db, { role: 'admin' });
    const owner = await buildUser(db);
    ownerEmail = owner.email;
    adminHeaders = (await signIn(testApp.app, admin.email, admin.password)).headers;
    streamerHeaders = (await signIn(testApp.app, owner.email, owner.password)).headers;
  });
  afterAll(() => testApp.close());

  const createStreamer = (payload: object, headers = adminHeaders) =>
    testApp.app.inject({ method: 'POST', url: '/api/admin/streamers', payload, headers });
  /** Accepts an invite link as the signed-in account `headers` belongs to. */
  const accept = (url: string, headers: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/invites/${url.split('/auth/invite/')[1] ?? ''}/accept`,
      payload: {},
      headers,
      remoteAddress: randomTestIp(),
    });

  it('lets an admin create a streamer with an owner, who reaches its dashboard once they accept the invite', async () => {
    const response = await createStreamer({
      slug: 'priya-live',
      name: 'Priya Live',
      owner_email: ownerEmail,
    });
    expect(response.statusCode).toBe(201);
    // Every answer parses with its contract in core (strict: nothing beyond it leaves).
    const { invite } = createdStreamerSchema.parse(response.json());
    expect(invite).toMatchObject({ email: ownerEmail, is_admin: false });
    expect(response.json().streamer).toMatchObject({ slug: 'priya-live', brand_color: '#2563eb' });
    const dashboard = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/priya-live/dashboard',
        headers: streamerHeaders,
      });
    // Having an account with the e-mail is not enough: the invite must be accepted.
    expect((await dashboard()).statusCode).toBe(403);
    expect((await accept(invite?.url ?? '', streamerHeaders)).statusCode).toBe(200);
    expect((await dashboard()).statusCode).toBe(200);
  });

  it.each([
    [{ slug: 'auth', name: 'X' }, 'This slug is reserved. Please choose another.'],
    [
      { slug: 'Bad Slug', name: 'X' },
      'Slug may use lower-case letters, digits and single hyphens only.',
    ],
    [
      { slug: 'fine-slug', name: 'X', brand_color: 'red; background:url(x)' },
      'Brand colour must be a hex colour such as #2563eb.',
    ],
  ])('validates %o', async (payload, message) => {
    const response = await createStreamer(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses a slug clash with 409', async () => {
    const response = await createStreamer({ slug: 'priya-live', name: 'Again' });
    expect(response.statusCode).toBe(409);
  });

  it('keeps non-admins and anonymous callers out', async () => {
    expect((await createStreamer({ slug: 'sneaky', name: 'X' }, streamerHeaders)).statusCode).toBe(
      403,
    );
    expect((await createStreamer({ slug: 'sneaky', name: 'X' }, {})).statusCode).toBe(401);
  });

  it('invites members by e-mail, and removes them', async () => {
    const db = testApp.database.db;
    const mod = await buildUser(db);
    const modHeaders = (await signIn(testApp.app, mod.email, mod.password)).headers;
    const dashboard = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/streamers/priya-live/dashboard',
        headers: modHeaders,
      });
    expect((await dashboard()).statusCode).toBe(403);

    const invited = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/streamers/priya-live/members',
      payload: { email: mod.email.toUpperCase() },
      headers: adminHeaders,
    });
    expect(invited.statusCode).toBe(201);
    const { invite } = memberInviteResponseSchema.parse(invited.json());
    expect(invite.email).toBe(mod.email);
    expect((await dashboard()).statusCode).toBe(403);
    expect((await accept(invite.url, modHeaders)).statusCode).toBe(200);
    expect((await dashboard()).statusCode).toBe(200);

    const remove = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/admin/streamers/priya-live/members/${encodeURIComponent(mod.email)}`,
      headers: adminHeaders,
    });
    expect(remove.statusCode).toBe(204);
    expect((await dashboard()).statusCode).toBe(403);

    // An e-mail without an account gets the same link, to sign up with (invites.routes.test.ts).
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/streamers/priya-live/members',
      payload: { email: 'nobody@example.com' },
      headers: adminHeaders,
    });
    expect(unknown.statusCode).toBe(201);
    memberInviteResponseSchema.parse(unknown.json());
    expect(unknown.json()).toMatchObject({
      status: 'invited',
      invite: { email: 'nobody@example.com', url: expect.stringMatching(/\/auth\/invite\//) },
    });
  });

  it('lists and searches streamers with their members and pending invites', async () => {
    const list = async (query = '') =>
      adminStreamerListSchema.parse(
        (
          await testApp.app.inject({
            method: 'GET',
            url: `/api/admin/streamers?q=${encodeURIComponent(query)}`,
            headers: adminHeaders,
          })
        ).json(),
      ).streamers;
    const all = await list();
    expect(all.map((streamer) => streamer.slug)).toContain('priya-live');
    const priya = all.find((streamer) => streamer.slug === 'priya-live');
    expect(priya?.members).toEqual([{ email: ownerEmail, is_admin: false }]);
    expect(priya?.pending_invites).toEqual([
      expect.objectContaining({ email: 'nobody@example.com', is_admin: false }),
    ]);
    const one = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/streamers/priya-live',
      headers: adminHeaders,
    });
    expect(adminStreamerResponseSchema.parse(one.json()).streamer).toEqual(priya);
    expect((await list('PRIYA')).map((streamer) => streamer.slug)).toEqual(['priya-live']);
    expect((await list(ownerEmail)).map((streamer) => streamer.slug)).toEqual(['priya-live']);
    expect(await list('no-match-at-all')).toEqual([]);
    // LIKE wildcards match literally.
    expect(await list('%')).toEqual([]);
  });

  it('sets the home page video URL (https only), recorded in the audit log', async () => {
    const put = (videoUrl: unknown, headers = adminHeaders) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/admin/site/video-url',
        payload: { video_url: videoUrl },
        headers,
      });
    expect((await put('http://cdn.example.com/v.mp4')).statusCode).toBe(400);
    expect((await put('https://cdn.example.com/v.mp4', streamerHeaders)).statusCode).toBe(403);
    const saved = await put('https://cdn.example.com/v.mp4');
    expect(adminVideoUrlSchema.parse(saved.json())).toEqual({
      video_url: 'https://cdn.example.com/v.mp4',
    });
    const publicAnswer = await testApp.app.inject({ method: 'GET', url: '/api/site/video-url' });
    expect(publicAnswer.json()).toEqual({ videoUrl: 'https://cdn.example.com/v.mp4' });
    expect((await put(null)).json()).toEqual({ video_url: null });

    const audit = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: adminHeaders,
    });
    const videoChanges = auditListSchema
      .parse(audit.json())
      .entries.filter((entry) => entry.field === 'video_url');
    expect(videoChanges).toEqual([
      expect.objectContaining({
        streamer_slug: null,
        old_value: 'https://cdn.example.com/v.mp4',
        new_value: null,
      }),
      expect.objectContaining({ old_value: null, new_value: 'https://cdn.example.com/v.mp4' }),
    ]);
  });

  it('records streamer creation and membership changes', async () => {
    const audit = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit?streamer=priya-live',
      headers: adminHeaders,
    });
    expect(audit.json().entries.map((entry: { field: string }) => entry.field)).toEqual([
      'invite_created',
      'member_removed',
      'invite_accepted',
      'invite_created',
      'invite_accepted',
      'streamer_created',
    ]);
  });

  it.each([
    ['GET', '/api/admin/streamers'],
    ['GET', '/api/admin/streamers/priya-live'],
    ['POST', '/api/admin/streamers/priya-live/members'],
    ['DELETE', '/api/admin/streamers/priya-live/members/x%40example.com'],
    ['DELETE', '/api/admin/streamers/priya-live/invites/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/streamers/priya-live/deactivate'],
    ['POST', '/api/admin/streamers/priya-live/reactivate'],
    ['GET', '/api/admin/site/video-url'],
    ['PUT', '/api/admin/site/video-url'],
    ['GET', '/api/admin/audit'],
  ] as const)('refuses %s %s to a streamer (403) and to nobody (401)', async (method, url) => {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const asStreamer = await testApp.app.inject({ method, url, headers: streamerHeaders, payload });
    expect(asStreamer.statusCode).toBe(403);
    expect((await testApp.app.inject({ method, url, payload })).statusCode).toBe(401);
  });
});
