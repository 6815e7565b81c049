import { eq } from 'drizzle-orm';
import {
  DEFAULT_STREAMER_SETTING_KEY,
  SETTINGS_MESSAGES,
  SOCIAL_LINKS_SETTING_KEY,
  auditListSchema,
  siteConfigSchema,
} from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * The site settings of issue 20: the default streamer the status page falls back to (spec 02
 * §2) and the footer's social links (spec 01 §2), set in the admin console and read by anyone
 * through GET /api/site/config.
 */

const YOUTUBE = 'https://youtube.com/@shabaash';
const INSTAGRAM = 'https://instagram.com/shabaash';

describe('site config API', () => {
  let testApp: TestApp;
  let adminHeaders: Record<string, string>;
  let streamerHeaders: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    await buildStreamer(db, { slug: 'chiaa' });
    await buildStreamer(db, { slug: 'techgamer' });
    const admin = await buildUser(db, { role: 'admin' });
    const owner = await buildUser(db);
    adminHeaders = (await signIn(testApp.app, admin.email, admin.password)).headers;
    streamerHeaders = (await signIn(testApp.app, owner.email, owner.password)).headers;
  });
  afterAll(() => testApp.close());

  const put = (payload: unknown, headers = adminHeaders) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/site/config',
      payload: payload as object,
      headers,
    });
  const publicConfig = async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/site/config' });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const siteAudit = async (field: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: adminHeaders,
    });
    return auditListSchema.parse(response.json()).entries.filter((entry) => entry.field === field);
  };

  it('answers no default streamer and no links until an admin sets them', async () => {
    expect((await publicConfig()).json()).toEqual({
      default_streamer: null,
      social_links: {},
      support: {},
    });
  });

  it('sets the default streamer to an existing streamer, audited, and anyone reads it', async () => {
    const saved = await put({ default_streamer: ' Chiaa ', social_links: {} });
    expect(saved.statusCode).toBe(200);
    expect(siteConfigSchema.parse(saved.json())).toEqual({
      default_streamer: 'chiaa',
      social_links: {},
      support: {},
    });
    expect((await publicConfig()).json()).toEqual({
      default_streamer: 'chiaa',
      social_links: {},
      support: {},
    });

    // Saving the same value again records nothing new.
    await put({ default_streamer: 'chiaa', social_links: {} });
    expect(await siteAudit('default_streamer')).toEqual([
      expect.objectContaining({ streamer_slug: null, old_value: null, new_value: 'chiaa' }),
    ]);
  });

  it.each([
    ['an unknown slug', 'no-such-streamer'],
    ['an empty slug', ''],
    ['a slug that is not one', 'not a slug at all'],
  ])('refuses %s as the default streamer with a clear message', async (_label, slug) => {
    const response = await put({ default_streamer: slug, social_links: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(SETTINGS_MESSAGES.defaultStreamerUnknown);
    expect((await publicConfig()).json().default_streamer).toBe('chiaa');
  });

  it('sets and clears the social links (https only, at most 300 characters), audited', async () => {
    const links = { youtube: YOUTUBE, instagram: INSTAGRAM };
    const saved = await put({ default_streamer: 'chiaa', social_links: links });
    expect(saved.json()).toEqual({ default_streamer: 'chiaa', social_links: links, support: {} });
    expect((await publicConfig()).json().social_links).toEqual(links);

    // Leaving a network out hides it; leaving them all out clears the setting.
    await put({ default_streamer: 'chiaa', social_links: { instagram: INSTAGRAM } });
    expect((await publicConfig()).json().social_links).toEqual({ instagram: INSTAGRAM });
    await put({ default_streamer: 'chiaa', social_links: {} });
    expect((await publicConfig()).json().social_links).toEqual({});
    const stored = await testApp.database.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, SOCIAL_LINKS_SETTING_KEY));
    expect(stored).toEqual([]);

    expect((await siteAudit('social_links')).map((entry) => entry.new_value)).toEqual([
      null,
      { instagram: INSTAGRAM },
      links,
    ]);
  });

  it.each([
    ['http', { youtube: 'http://youtube.com/@shabaash' }, SETTINGS_MESSAGES.linkNotHttps],
    ['a script', { x: 'javascript:alert(1)' }, SETTINGS_MESSAGES.linkNotHttps],
    ['an empty link', { x: '' }, SETTINGS_MESSAGES.linkNotHttps],
    [
      'a link over 300 characters',
      { facebook: `https://facebook.com/${'a'.repeat(290)}` },
      SETTINGS_MESSAGES.linkTooLong,
    ],
  ])('refuses %s as a social link', async (_label, socialLinks, message) => {
    const response = await put({ default_streamer: 'chiaa', social_links: socialLinks });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses a network it does not know and fields it does not take', async () => {
    const unknownNetwork = await put({
      default_streamer: 'chiaa',
      social_links: { myspace: 'https://myspace.com/shabaash' },
    });
    expect(unknownNetwork.statusCode).toBe(400);
    expect((await put({ default_streamer: 'chiaa' })).statusCode).toBe(400);
    expect(
      (await put({ default_streamer: 'chiaa', social_links: {}, video_url: null })).statusCode,
    ).toBe(400);
  });

  it('answers a default streamer who no longer exists as none, so the back link goes home', async () => {
    await put({ default_streamer: 'techgamer', social_links: {} });
    expect((await publicConfig()).json().default_streamer).toBe('techgamer');
    // As if the streamer had since been removed from the database.
    await testApp.database.db
      .update(siteSettings)
      .set({ value: 'removed-streamer' })
      .where(eq(siteSettings.key, DEFAULT_STREAMER_SETTING_KEY));
    expect((await publicConfig()).json().default_streamer).toBeNull();

    expect((await put({ default_streamer: null, social_links: {} })).json()).toEqual({
      default_streamer: null,
      social_links: {},
      support: {},
    });
  });

  it('sets the support contact details, shows only the ones set, and clears them', async () => {
    const support = {
      email: 'help@shabaash.example',
      phone: '+91 98765 43210',
      hours: 'Mon–Fri 10am–6pm IST',
      chat_url: 'https://wa.me/919876543210',
    };
    const saved = await put({ default_streamer: 'chiaa', social_links: {}, support });
    expect(saved.statusCode).toBe(200);
    expect((await publicConfig()).json().support).toEqual(support);
    // No chat link: the contact page offers no chat.
    await put({ default_streamer: 'chiaa', social_links: {}, support: { email: support.email } });
    expect((await publicConfig()).json().support).toEqual({ email: support.email });
    expect((await siteAudit('support')).at(0)?.new_value).toEqual({ email: support.email });
    await put({ default_streamer: 'chiaa', social_links: {}, support: {} });
    expect((await publicConfig()).json().support).toEqual({});
  });

  it.each([
    ['a phone with letters', { phone: 'call me maybe' }, SETTINGS_MESSAGES.supportPhoneInvalid],
    ['hours over two lines', { hours: 'Mon-Fri\n10-6' }, SETTINGS_MESSAGES.supportHoursTooLong],
    ['an http chat link', { chat_url: 'http://wa.me/91' }, SETTINGS_MESSAGES.linkNotHttps],
  ])('refuses %s as a support detail', async (_label, support, message) => {
    const response = await put({ default_streamer: 'chiaa', social_links: {}, support });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('shows the public only these settings, in their expected shape', async () => {
    const db = testApp.database.db;
    await put({ default_streamer: 'chiaa', social_links: { youtube: YOUTUBE } });
    // Other site settings (the sandbox gateway's webhook secret among them) and a link stored
    // in a shape the API would refuse stay out of the public answer.
    await db
      .insert(siteSettings)
      .values({ key: 'sandbox_webhook_secret', value: 'top-secret' })
      .onConflictDoNothing();
    const [secret] = await db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, 'sandbox_webhook_secret'));
    await db
      .update(siteSettings)
      .set({ value: { youtube: YOUTUBE, x: 'javascript:alert(1)', myspace: 'https://m.example' } })
      .where(eq(siteSettings.key, SOCIAL_LINKS_SETTING_KEY));

    const response = await publicConfig();
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(siteConfigSchema.parse(response.json())).toEqual({
      default_streamer: 'chiaa',
      social_links: { youtube: YOUTUBE },
      support: {},
    });
    expect(response.body).not.toContain(String(secret?.value));
  });

  it.each([
    ['GET', '/api/admin/site/config'],
    ['PUT', '/api/admin/site/config'],
  ] as const)('refuses %s %s to a streamer (403) and to nobody (401)', async (method, url) => {
    const payload = method === 'PUT' ? { default_streamer: null, social_links: {} } : undefined;
    const asStreamer = await testApp.app.inject({ method, url, headers: streamerHeaders, payload });
    expect(asStreamer.statusCode).toBe(403);
    expect((await testApp.app.inject({ method, url, payload })).statusCode).toBe(401);
  });
});
