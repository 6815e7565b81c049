import { MAX_OWN_PAGES } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSlugAlias,
  buildStreamer,
  buildUser,
  randomTestIp,
  signIn,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * Issue 22 item 4: "Create your page". The address is checked live against the slug rules
 * (format, reserved words) and the pages that exist; a verified creator makes a page and owns it.
 */
describe('create your page', () => {
  let testApp: TestApp;
  let creator: { headers: Record<string, string> };
  beforeAll(async () => {
    testApp = await createTestApp();
    const user = await buildUser(testApp.database.db);
    creator = await signIn(testApp.app, user.email, user.password);
  });
  afterAll(() => testApp.close());

  const uniqueSlug = () => `mine-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const check = (slug: string, headers = creator.headers) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/slug-availability?slug=${encodeURIComponent(slug)}`,
      headers,
      remoteAddress: randomTestIp(),
    });
  const create = (payload: object, headers: Record<string, string> = creator.headers) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/me/streamers',
      payload,
      headers,
      remoteAddress: randomTestIp(),
    });

  it('says whether an address is free, and why not', async () => {
    const taken = await buildStreamer(testApp.database.db);
    await buildSlugAlias(testApp.database.db, taken.id, `${taken.slug}-old`);
    const free = uniqueSlug();

    const answers = await Promise.all(
      [free, taken.slug, `${taken.slug}-old`, 'dashboard', 'create', 'Bad Slug!', 'ab'].map(
        async (slug) => (await check(slug)).json(),
      ),
    );
    expect(answers).toEqual([
      { slug: free, available: true, reason: null },
      {
        slug: taken.slug,
        available: false,
        reason: 'This address is taken. Please choose another.',
      },
      {
        slug: `${taken.slug}-old`,
        available: false,
        reason: 'This address is taken. Please choose another.',
      },
      {
        slug: 'dashboard',
        available: false,
        reason: 'This slug is reserved. Please choose another.',
      },
      { slug: 'create', available: false, reason: 'This slug is reserved. Please choose another.' },
      {
        slug: 'Bad Slug!',
        available: false,
        reason: 'Slug may use lower-case letters, digits and single hyphens only.',
      },
      { slug: 'ab', available: false, reason: 'Slug must be at least 3 characters.' },
    ]);
    expect((await check(free, {})).statusCode).toBe(401);
  });

  it('creates the page with the creator as its owner, at once', async () => {
    const slug = uniqueSlug();
    const created = await create({ slug, name: '  Priya Plays ', brand_color: '#E11D48' });
    expect(created.statusCode).toBe(201);
    expect(created.json().streamer).toEqual({
      id: expect.any(String),
      slug,
      name: 'Priya Plays',
      brand_color: '#e11d48',
    });

    const mine = await testApp.app.inject({
      method: 'GET',
      url: '/api/me/streamers',
      headers: creator.headers,
    });
    expect(mine.json().streamers).toContainEqual(
      expect.objectContaining({ streamer_slug: slug, streamer_name: 'Priya Plays' }),
    );
    const dashboard = await testApp.app.inject({
      method: 'GET',
      url: `/api/streamers/${slug}/dashboard`,
      headers: creator.headers,
    });
    expect(dashboard.statusCode).toBe(200);
    // Its public page answers at once (preview until a plan is bought, issue 22 item 5).
    const publicPage = await testApp.app.inject({ method: 'GET', url: `/api/streamers/${slug}` });
    expect(publicPage.statusCode).toBe(200);
    expect((await check(slug)).json().available).toBe(false);
  });

  it('refuses a taken or reserved address, and a caller who is not signed in', async () => {
    const taken = await buildStreamer(testApp.database.db);
    const duplicate = await create({ slug: taken.slug, name: 'Copycat' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('slug_taken');

    const reserved = await create({ slug: 'admin', name: 'Sneaky' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error.message).toMatch(/reserved/);

    expect((await create({ slug: uniqueSlug(), name: 'Nobody' }, {})).statusCode).toBe(401);
  });

  it(`lets one account create at most ${MAX_OWN_PAGES} pages`, async () => {
    const user = await buildUser(testApp.database.db);
    const busy = await signIn(testApp.app, user.email, user.password);
    const results = await Promise.all(
      Array.from({ length: MAX_OWN_PAGES + 2 }, () =>
        create({ slug: uniqueSlug(), name: 'Many' }, busy.headers),
      ),
    );
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([...Array.from({ length: MAX_OWN_PAGES }, () => 201), 403, 403]);
    const refused = results.find((result) => result.statusCode === 403);
    expect(refused?.json().error.code).toBe('too_many_pages');
  });
});
