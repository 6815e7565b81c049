import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_TEXT,
  GUIDE_SLUGS,
  PUBLIC_PAGES,
  SITE_MESSAGES,
  VIDEO_URL_SETTING_KEY,
} from '@shabaash/core';
import { contactMessages, siteSettings, userSignups } from '../../db/schema.ts';
import { buildStreamer, randomTestIp } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  findClosedPort,
  startFakeSmtpServer,
  type FakeSmtpServer,
} from './fake-smtp-server.test-helper.ts';

const validLead = {
  name: 'Priya Sharma',
  mobile_number: '9876543210',
  youtube_channel: 'https://youtube.com/@priyaplays',
  email: 'priya@example.com',
  instagram_handle: '@priyaplays',
  age_confirmed: true,
};

const validContact = {
  name: 'Rahul',
  email: 'rahul@example.com',
  phone: '+91 98765 43210',
  message: 'How do payouts work for the Base Plan?',
  age_confirmed: true,
};

const tenKilobytes = 'x'.repeat(10 * 1024);

describe('site API', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      PUBLIC_URL: 'https://shabaash.example',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: unknown, remoteAddress = randomTestIp()) =>
    testApp.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  describe('GET /api/site/video-url', () => {
    it('answers null until an admin sets a video, then the URL', async () => {
      expect((await get('/api/site/video-url')).json()).toEqual({ videoUrl: null });

      await testApp.database.db
        .insert(siteSettings)
        .values({ key: VIDEO_URL_SETTING_KEY, value: 'https://cdn.example.com/hero.mp4' });
      const response = await get('/api/site/video-url');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ videoUrl: 'https://cdn.example.com/hero.mp4' });
    });

    it('ignores a setting that is not an http(s) URL', async () => {
      await testApp.database.db
        .update(siteSettings)
        .set({ value: 'javascript:alert(1)' })
        .where(eq(siteSettings.key, VIDEO_URL_SETTING_KEY));
      expect((await get('/api/site/video-url')).json()).toEqual({ videoUrl: null });
      await testApp.database.db
        .update(siteSettings)
        .set({ value: { url: 'https://cdn.example.com/x.mp4' } })
        .where(eq(siteSettings.key, VIDEO_URL_SETTING_KEY));
      expect((await get('/api/site/video-url')).json()).toEqual({ videoUrl: null });
    });
  });

  describe('POST /api/site/leads', () => {
    it('stores a lead with the e-mail trimmed and lower-cased and a blank handle as null', async () => {
      const response = await post('/api/site/leads', {
        ...validLead,
        email: '  Lead.One@Example.COM ',
        instagram_handle: '   ',
        plan: 'complete-bundle',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.any(String) });

      const [row] = await testApp.database.db
        .select()
        .from(userSignups)
        .where(eq(userSignups.id, response.json().id));
      expect(row).toMatchObject({
        name: 'Priya Sharma',
        // Sealed at rest (issue 29); the admin inbox opens it (privacy.test.ts).
        mobileNumber: null,
        mobileNumberEnc: expect.not.stringContaining('9876543210'),
        youtubeChannel: 'https://youtube.com/@priyaplays',
        email: 'lead.one@example.com',
        instagramHandle: null,
        plan: 'complete-bundle',
      });
    });

    it('takes a lead without a plan or Instagram handle', async () => {
      const { instagram_handle: _unused, ...withoutHandle } = validLead;
      const response = await post('/api/site/leads', {
        ...withoutHandle,
        email: 'noplan@example.com',
      });
      expect(response.statusCode).toBe(201);
    });

    it('answers 409 for an e-mail already registered in another case', async () => {
      await post('/api/site/leads', { ...validLead, email: 'twice@example.com' });
      const response = await post('/api/site/leads', { ...validLead, email: 'TWICE@Example.com' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'email_already_registered',
        message: 'This email is already registered',
      });
      const rows = await testApp.database.db
        .select()
        .from(userSignups)
        .where(eq(userSignups.email, 'twice@example.com'));
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['name "A"', { name: 'A' }, 'Name must be at least 2 characters.'],
      ['a 10 kB name', { name: tenKilobytes }, 'Name must be at most 100 characters.'],
      ['a missing name', { name: undefined }, 'Name must be at least 2 characters.'],
      ['mobile "12345"', { mobile_number: '12345' }, 'Please enter a valid mobile number.'],
      ['an empty YouTube link', { youtube_channel: '' }, 'YouTube channel link is required.'],
      ['a blank YouTube link', { youtube_channel: '   ' }, 'YouTube channel link is required.'],
      ['e-mail "a@"', { email: 'a@' }, 'Please enter a valid email address.'],
      ['a number as e-mail', { email: 42 }, 'Please enter a valid email address.'],
      ['an unknown plan', { plan: 'platinum' }, 'Please choose one of the listed plans.'],
      ['an unticked 18+ box', { age_confirmed: false }, CONSENT_TEXT.ageRequired],
      ['no 18+ declaration', { age_confirmed: undefined }, CONSENT_TEXT.ageRequired],
    ])('refuses %s with the form message', async (_label, change, message) => {
      const response = await post('/api/site/leads', {
        ...validLead,
        email: `bad-${crypto.randomUUID()}@example.com`,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'validation_error', message });
    });

    it('refuses a body that is not JSON', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/site/leads',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
        remoteAddress: randomTestIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_json');
    });

    it('rate-limits lead posts per IP', async () => {
      const ip = randomTestIp();
      const statuses = [];
      for (let i = 0; i < 11; i += 1) {
        const response = await post('/api/site/leads', { ...validLead, name: 'A' }, ip);
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Another address is not affected.
      const other = await post('/api/site/leads', { ...validLead, email: 'other-ip@example.com' });
      expect(other.statusCode).toBe(201);
    });
  });

  describe('POST /api/site/contact', () => {
    it('stores the message (phone optional) and answers 201 without SMTP configured', async () => {
      const response = await post('/api/site/contact', { ...validContact, phone: '' });
      expect(response.statusCode).toBe(201);
      const [row] = await testApp.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, response.json().id));
      expect(row).toMatchObject({
        name: 'Rahul',
        email: 'rahul@example.com',
        phone: null,
        phoneEnc: null,
        message: 'How do payouts work for the Base Plan?',
        emailedAt: null,
      });
    });

    it.each([
      ['a missing name', { name: undefined }, SITE_MESSAGES.contactNameRequired],
      ['a blank name', { name: '  ' }, SITE_MESSAGES.contactNameRequired],
      ['a missing e-mail', { email: undefined }, SITE_MESSAGES.invalidEmail],
      ['an invalid e-mail', { email: 'rahul@' }, SITE_MESSAGES.invalidEmail],
      ['a missing message', { message: undefined }, SITE_MESSAGES.contactMessageRequired],
      ['an empty message', { message: '' }, SITE_MESSAGES.contactMessageRequired],
      ['a 10 kB message', { message: tenKilobytes }, SITE_MESSAGES.contactMessageTooLong],
      ['a 10 kB phone number', { phone: tenKilobytes }, SITE_MESSAGES.contactPhoneInvalid],
      ['an unticked 18+ box', { age_confirmed: false }, CONSENT_TEXT.ageRequired],
      ['no 18+ declaration', { age_confirmed: undefined }, CONSENT_TEXT.ageRequired],
    ])('refuses %s', async (_label, change, message) => {
      const response = await post('/api/site/contact', { ...validContact, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'validation_error', message });
    });

    it('accepts a message of exactly 5000 characters', async () => {
      const response = await post('/api/site/contact', {
        ...validContact,
        message: 'm'.repeat(5000),
      });
      expect(response.statusCode).toBe(201);
    });

    it('rate-limits contact posts per IP with a clear message', async () => {
      const ip = randomTestIp();
      const responses = [];
      for (let i = 0; i < 11; i += 1) {
        responses.push(await post('/api/site/contact', validContact, ip));
      }
      expect(responses.slice(0, 10).every((response) => response.statusCode === 201)).toBe(true);
      expect(responses[10]?.statusCode).toBe(429);
      expect(responses[10]?.json().error).toEqual({
        code: 'rate_limited',
        message: SITE_MESSAGES.tooManyRequests,
      });
    });
  });

  describe('site maps', () => {
    it('serves /sitemap.xml with every public page, guide and active streamer', async () => {
      await buildStreamer(testApp.database.db, { slug: 'priya-live' });
      await buildStreamer(testApp.database.db, { slug: 'gone-streamer', isActive: false });

      const response = await get('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const xml = response.body;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');

      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      for (const page of PUBLIC_PAGES) {
        expect(locs).toContain(`https://shabaash.example${page.path}`);
        // Its Hindi copy too (issue 21), and each names both copies and the default.
        const hindi = `https://shabaash.example${page.path === '/' ? '/hi' : `/hi${page.path}`}`;
        expect(locs).toContain(hindi);
        const entry = xml.match(new RegExp(`<url>\\s*<loc>${hindi}</loc>[\\s\\S]*?</url>`))?.[0];
        expect(entry).toContain(
          `<xhtml:link rel="alternate" hreflang="en-IN" href="https://shabaash.example${page.path}"/>`,
        );
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${hindi}"/>`);
        expect(entry).toContain(
          `<xhtml:link rel="alternate" hreflang="x-default" href="https://shabaash.example${page.path}"/>`,
        );
      }
      for (const slug of GUIDE_SLUGS) {
        expect(locs).toContain(`https://shabaash.example/blog/${slug}`);
      }
      expect(locs).toContain('https://shabaash.example/priya-live');
      expect(locs).not.toContain('https://shabaash.example/gone-streamer');
      expect(new Set(locs).size).toBe(locs.length);

      // Every <url> carries a change frequency and a priority between 0 and 1.
      const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
      expect(urls).toHaveLength(locs.length);
      for (const url of urls) {
        expect(url).toMatch(/<changefreq>(daily|weekly|monthly|yearly)<\/changefreq>/);
        expect(url).toMatch(/<priority>(0\.\d|1\.0)<\/priority>/);
      }
      expect(xml).toContain(
        '<loc>https://shabaash.example/</loc>\n    <changefreq>weekly</changefreq>\n    <priority>1.0</priority>',
      );
    });

    it('serves robots.txt pointing at the XML site map', async () => {
      const response = await get('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toContain('User-agent: *');
      expect(response.body).toContain('Disallow: /api/');
      expect(response.body).toContain('Sitemap: https://shabaash.example/sitemap.xml');
    });
  });
});

describe('contact e-mail notifications', () => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(() => smtp.close());

  const sendContact = (testApp: TestApp) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/site/contact',
      payload: { ...validContact, name: 'Asha\r\nBcc: evil@example.com' },
      remoteAddress: randomTestIp(),
    });

  it('e-mails the inbox after storing the message, and records that it was sent', async () => {
    const testApp = await createTestApp({
      SMTP_URL: smtp.url,
      CONTACT_INBOX: 'team@shabaash.example',
    });
    try {
      const response = await sendContact(testApp);
      expect(response.statusCode).toBe(201);
      const id = response.json().id as string;

      await vi.waitFor(
        async () => {
          const [row] = await testApp.database.db
            .select()
            .from(contactMessages)
            .where(eq(contactMessages.id, id));
          expect(row?.emailedAt).toBeInstanceOf(Date);
        },
        { timeout: 10_000, interval: 50 },
      );
      const mail = smtp.messages.at(-1) ?? '';
      const [headers = '', body = ''] = mail.split('\n\n');
      expect(headers).toMatch(/^To: team@shabaash\.example$/m);
      expect(headers).toMatch(/^Reply-To: "Asha Bcc: evil@example\.com" <rahul@example\.com>$/m);
      // A line break in the name cannot add a header.
      expect(headers).not.toMatch(/^Bcc:/m);
      expect(headers).toMatch(/^Subject: Contact form: Asha Bcc: evil@example\.com$/m);
      expect(body).toContain('Name: Asha Bcc: evil@example.com\nEmail: rahul@example.com');
      expect(mail).toContain('How do payouts work for the Base Plan?');
    } finally {
      await testApp.close();
    }
  });

  it('keeps the message and answers 201 when the mail server is down', async () => {
    const port = await findClosedPort();
    const testApp = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_INBOX: 'team@shabaash.example',
    });
    const errorLog = vi.spyOn(testApp.app.log, 'error');
    try {
      const response = await sendContact(testApp);
      expect(response.statusCode).toBe(201);
      await vi.waitFor(() => expect(errorLog).toHaveBeenCalled(), { timeout: 10_000 });
      expect(errorLog.mock.calls[0]?.[1]).toBe('contact e-mail not sent; the message is stored');

      const [row] = await testApp.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, response.json().id));
      expect(row).toMatchObject({ name: 'Asha Bcc: evil@example.com', emailedAt: null });
    } finally {
      await testApp.close();
    }
  });
});
