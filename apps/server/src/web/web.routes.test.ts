import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugAliases } from '../db/schema.ts';
import { buildStreamer } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A miniature build folder shaped like React Router's SPA-mode output. */
function writeFakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-web-'));
  const files: Record<string, string> = {
    'index.html': '<html>home</html>',
    '__spa-fallback.html': '<html>spa</html>',
    'contact/index.html': '<html>contact</html>',
    'hi/index.html': '<html lang="hi">home in Hindi</html>',
    'hi/contact/index.html': '<html lang="hi">contact in Hindi</html>',
    'assets/entry-abc123.js': 'console.log(1)',
    'favicon.svg': '<svg/>',
  };
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('web app serving', () => {
  let testApp: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = writeFakeBuild();
    testApp = await createTestApp({ WEB_DIST_DIR: dist });
    const streamer = await buildStreamer(testApp.database.db, { slug: 'musicstream' });
    await testApp.database.db
      .insert(slugAliases)
      .values({ alias: 'music_stream', streamerId: streamer.id });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('serves prerendered pages uncached', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe('<html>home</html>');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect((await get('/contact')).body).toBe('<html>contact</html>');
    expect((await get('/contact?ref=x')).body).toBe('<html>contact</html>');
  });

  it('falls back to the single-page app for app screens and known streamers', async () => {
    const urls = [
      '/musicstream',
      '/musicstream/obs-alerts?token=x',
      '/dashboard/anyone',
      '/dashboard/admin',
      '/auth',
      '/auth/invite/some-one-time-code',
      '/auth/forgot',
      '/auth/reset?token=x',
      '/auth/verify?token=x',
      '/dashboard/create',
      '/account',
      '/status',
      '/privacy/my-data',
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe('<html>spa</html>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers unknown paths and slugs with 404 and the app (which shows its not-found page)', async () => {
    for (const url of ['/no-such-streamer', '/some/unknown/path']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await get('/no-such-streamer')).body).toBe('<html>spa</html>');
    const malformed = await get('/%E0%A4%A');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');
  });

  it('redirects an old slug spelling to the canonical page with a 301, keeping the rest', async () => {
    const page = await get('/music_stream');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/musicstream');
    const overlay = await get('/music_stream/obs-alerts?token=obs_abc');
    expect(overlay.headers.location).toBe('/musicstream/obs-alerts?token=obs_abc');
  });

  it('caches hashed assets for a year', async () => {
    const response = await get('/assets/entry-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('never serves files outside the build folder', async () => {
    const response = await get('/../../etc/passwd');
    expect(response.body).not.toMatch(/root:/);
    const encoded = await get('/%2e%2e/%2e%2e/etc/passwd');
    expect(encoded.body).not.toMatch(/root:/);
  });

  describe('a public page in the visitor’s language (issue 21)', () => {
    const getWith = (url: string, headers: Record<string, string>) =>
      testApp.app.inject({ method: 'GET', url, headers });
    const HINDI_FIRST = 'hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7';

    it('sends a browser that prefers Hindi to the Hindi page, and tells caches why', async () => {
      const contact = await getWith('/contact?ref=x', { 'accept-language': HINDI_FIRST });
      expect(contact.statusCode).toBe(302);
      expect(contact.headers.location).toBe('/hi/contact?ref=x');
      expect(contact.headers.vary).toMatch(/^Accept-Language, Cookie/);
      const home = await getWith('/', { 'accept-language': 'en;q=0.4, hi;q=0.8' });
      expect(home.headers.location).toBe('/hi');

      const hindi = await getWith('/hi/contact', { 'accept-language': HINDI_FIRST });
      expect(hindi.statusCode).toBe(200);
      expect(hindi.body).toBe('<html lang="hi">contact in Hindi</html>');
    });

    it('answers in English when English comes first, Hindi is refused or nothing is asked', async () => {
      for (const header of ['en-IN,en;q=0.9,hi;q=0.8', 'hi;q=0, en', 'ta-IN', '']) {
        const response = await getWith('/contact', { 'accept-language': header });
        expect(response.statusCode, header).toBe(200);
        expect(response.body).toBe('<html>contact</html>');
        expect(response.headers.vary).toMatch(/^Accept-Language, Cookie/);
      }
    });

    it('lets the language cookie win over the header', async () => {
      const english = await getWith('/contact', {
        'accept-language': HINDI_FIRST,
        cookie: 'shabaash_lang=en-IN',
      });
      expect(english.statusCode).toBe(200);
      expect(english.body).toBe('<html>contact</html>');
      const hindi = await getWith('/contact', {
        'accept-language': 'en-US,en',
        cookie: 'a=1; shabaash_lang=hi',
      });
      expect(hindi.statusCode).toBe(302);
      expect(hindi.headers.location).toBe('/hi/contact');
    });

    it('leaves app screens, streamer pages and pages with no Hindi copy where they are', async () => {
      for (const url of ['/auth', '/musicstream/obs-alerts?token=x', '/sitemap']) {
        const response = await getWith(url, { 'accept-language': HINDI_FIRST });
        expect(response.statusCode, url).not.toBe(302);
      }
    });
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
