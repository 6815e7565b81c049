import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../../test/factories.ts';
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

  it('lets an admin create a streamer with an owner, who then reaches its dashboard', async () => {
    const response = await createStreamer({
      slug: 'priya-live',
      name: 'Priya Live',
      owner_email: ownerEmail,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().streamer).toMatchObject({ slug: 'priya-live', brand_color: '#2563eb' });
    const dashboard = await testApp.app.inject({
      method: 'GET',
      url: '/api/streamers/priya-live/dashboard',
      headers: streamerHeaders,
    });
    expect(dashboard.statusCode).toBe(200);
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

  it('grants and removes members by e-mail', async () => {
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

    const grant = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/streamers/priya-live/members',
      payload: { email: mod.email.toUpperCase() },
      headers: adminHeaders,
    });
    expect(grant.statusCode).toBe(204);
    expect((await dashboard()).statusCode).toBe(200);

    const remove = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/admin/streamers/priya-live/members/${encodeURIComponent(mod.email)}`,
      headers: adminHeaders,
    });
    expect(remove.statusCode).toBe(204);
    expect((await dashboard()).statusCode).toBe(403);

    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/streamers/priya-live/members',
      payload: { email: 'nobody@example.com' },
      headers: adminHeaders,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
