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

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
