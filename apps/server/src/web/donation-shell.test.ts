import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamer } from '../../test/factories.ts';
import { multipartBody } from '../modules/uploads/voice-upload.test-helper.ts';
import { buildSettingsCast, patchSettings } from '../modules/settings/settings.test-helper.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { inlineScriptHashes } from './content-security-policy.ts';
import { STREAMER_PROFILE_ELEMENT_ID } from './web.routes.ts';

const PUBLIC_URL = 'http://tips.example.test:8080';

/** A build folder with the donation shell as vite writes it: a module script and an empty root. */
const SHELL_SCRIPTS = [
  '<script>window.shellBoot = 1;</script>',
  '<script type="module" crossorigin src="/assets/donation-abc.js"></script>',
].join('\n');
const DONATION_SHELL = [
  '<!doctype html><html lang="en"><head><title>Tip · Shabaash</title>',
  '<meta name="description" content="Send a UPI tip." />',
  '<script>window.shellBoot = 1;</script>',
  '<script type="module" crossorigin src="/assets/donation-abc.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

function writeFakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-web-shell-'));
  const files: Record<string, string> = {
    '__spa-fallback.html': '<html>spa</html>',
    'shells/donation.html': DONATION_SHELL,
    'assets/donation-abc.js': 'console.log(1)',
  };
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** The inlined profile block's raw text, found the way an HTML parser ends a script element. */
function profileBlockText(html: string): string {
  const opening = `<script type="application/json" id="${STREAMER_PROFILE_ELEMENT_ID}">`;
  const start = html.indexOf(opening);
  expect(start, 'the profile block').toBeGreaterThan(-1);
  const textStart = start + opening.length;
  // An HTML parser ends a script element's text at the first `</script` (any case).
  const end = html.toLowerCase().indexOf('</script', textStart);
  return html.slice(textStart, end);
}

describe('donation page shell with the inlined public profile', () => {
  let testApp: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = writeFakeBuild();
    testApp = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: PUBLIC_URL });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('names the page language in <html lang>: the fan’s cookie, else the streamer’s', async () => {
    const db = testApp.database.db;
    await buildStreamer(db, { slug: 'english-lang', language: 'en-IN' });
    await buildStreamer(db, { slug: 'hindi-lang', language: 'hi' });
    const open = (url: string, cookie?: string) =>
      testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect((await open('/english-lang')).body).toContain('<html lang="en-IN">');
    const hindi = await open('/hindi-lang');
    expect(hindi.body).toContain('<html lang="hi">');
    expect(JSON.parse(profileBlockText(hindi.body))).toMatchObject({ language: 'hi' });
    // The page differs by cookie: caches must keep one per cookie.
    expect(hindi.headers.vary).toMatch(/cookie/i);
    expect((await open('/english-lang', 'shabaash_lang=hi')).body).toContain('<html lang="hi">');
    expect((await open('/hindi-lang', 'shabaash_lang=en-IN')).body).toContain(
      '<html lang="en-IN">',
    );
    // An unknown value is no choice.
    expect((await open('/hindi-lang', 'shabaash_lang=fr')).body).toContain('<html lang="hi">');
  });

  it('carries the same profile the API answers, so the page renders without asking', async () => {
    await buildStreamer(testApp.database.db, { slug: 'inlined', name: 'Inlined Streamer' });
    const page = await get('/inlined');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await get('/api/streamers/inlined');
    expect(JSON.parse(profileBlockText(page.body))).toEqual(api.json());
    // The shell's own scripts are as built; the block sits right before the root element.
    expect(page.body).toContain(SHELL_SCRIPTS);
    expect(page.body).toMatch(/<\/script><div id="root"><\/div><\/body><\/html>$/);
  });

  it('arrives compressed for a browser that accepts it, the same page once decoded', async () => {
    await buildStreamer(testApp.database.db, { slug: 'squeezed', name: 'Squeezed Streamer' });
    const plain = await get('/squeezed');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const open = (acceptEncoding: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/squeezed',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const brotli = await open('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gzip = await open('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // Compressed or not, the page still varies by cookie (its language).
    expect(gzip.headers.vary).toMatch(/cookie/i);
  });

  it('keeps a hostile streamer name inert data: it cannot end the block or add a script', async () => {
    const hostileName = `</script><script>alert(1)</script><!-- $& $' $\` & \u2028 </SCRIPT >`;
    await buildStreamer(testApp.database.db, { slug: 'hostile', name: hostileName });
    const page = await get('/hostile');
    expect(page.statusCode).toBe(200);

    const blockText = profileBlockText(page.body);
    expect(blockText).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(blockText)).toMatchObject({ name: hostileName });
    // The preview tags carry the name as escaped attribute text, never as markup.
    expect(page.body).toContain(`<title>Tip &lt;/script&gt;&lt;script&gt;alert(1)`);
    // The shell's two scripts plus the one data block, and no other script element.
    expect(page.body.match(/<script/gi)).toHaveLength(3);
    expect(page.body).not.toContain('alert(1)</script>');

    // The policy still allows exactly the shell's own inline script: the data block is never
    // executed, so it needs no hash, and nothing else may run.
    const csp = String(page.headers['content-security-policy']);
    const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(scriptSources).toEqual(["'self'", ...inlineScriptHashes(DONATION_SHELL)]);
  });

  it('still answers 404 with the app for a streamer that does not exist', async () => {
    const page = await get('/no-such-streamer-here');
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe('<html>spa</html>');
  });

  describe('link previews (WhatsApp, Instagram, X and Discord read these tags)', () => {
    /** The content of each <meta> (by property or name) and the canonical link in the page. */
    const previewOf = (html: string) => {
      const head = html.slice(0, html.indexOf('</head>'));
      const tags: Record<string, string> = {};
      for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
        tags[match[1] ?? ''] = match[2] ?? '';
      }
      return {
        title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
        titles: head.match(/<title>/g)?.length,
        descriptions: head.match(/name="description"/g)?.length,
        canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
        tags,
      };
    };

    it('names the streamer, links the canonical page and describes it, with no image to show yet', async () => {
      await buildStreamer(testApp.database.db, {
        slug: 'preview-plain',
        name: 'Asha Plays',
      });
      const preview = previewOf((await get('/preview-plain')).body);
      expect(preview).toMatchObject({
        title: 'Tip Asha Plays · Shabaash',
        titles: 1,
        descriptions: 1,
        canonical: `${PUBLIC_URL}/preview-plain`,
      });
      expect(preview.tags).toMatchObject({
        'og:title': 'Tip Asha Plays · Shabaash',
        'og:url': `${PUBLIC_URL}/preview-plain`,
        'og:type': 'website',
        'twitter:card': 'summary',
      });
      expect(preview.tags['og:description']).toContain('Asha Plays');
      expect(preview.tags['og:image']).toBeUndefined();
    });

    it("shows the streamer's avatar as a square JPEG, then their cover as a wide card", async () => {
      const { ownerHeaders } = await buildSettingsCast(testApp, 'preview-star', 'preview-other');
      await patchSettings(
        testApp.app,
        'preview-star',
        { page: { welcome_text: 'Daily Valorant streams, Hindi commentary.' } },
        ownerHeaders,
      );
      const png = await sharp({
        create: { width: 900, height: 700, channels: 3, background: '#3366ff' },
      })
        .png()
        .toBuffer();
      const uploadImage = async (slot: 'avatar' | 'cover') => {
        const body = multipartBody(png, { filename: 'me.png', contentType: 'image/png' });
        const answer = await testApp.app.inject({
          method: 'PUT',
          url: `/api/streamers/preview-star/settings/images/${slot}`,
          headers: { ...ownerHeaders, 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(answer.statusCode).toBe(200);
      };
      const imageOf = async (url: string | undefined) => {
        expect(url?.startsWith(`${PUBLIC_URL}/media/link-preview/`)).toBe(true);
        const answer = await get(url?.slice(PUBLIC_URL.length) ?? '');
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toBe('image/jpeg');
        const { format, width, height } = await sharp(answer.rawPayload).metadata();
        return { format, width, height };
      };

      await uploadImage('avatar');
      const withAvatar = previewOf((await get('/preview-star')).body);
      expect(withAvatar.tags['og:description']).toBe('Daily Valorant streams, Hindi commentary.');
      expect(withAvatar.tags).toMatchObject({
        'twitter:card': 'summary',
        'og:image:type': 'image/jpeg',
        'og:image:width': '256',
        'og:image:height': '256',
        'og:image:alt': expect.any(String),
      });
      expect(await imageOf(withAvatar.tags['og:image'])).toEqual({
        format: 'jpeg',
        width: 256,
        height: 256,
      });

      await uploadImage('cover');
      const themed = await patchSettings(
        testApp.app,
        'preview-star',
        { page: { theme: 'cover' } },
        ownerHeaders,
      );
      expect(themed.statusCode).toBe(200);
      const withCover = previewOf((await get('/preview-star')).body);
      expect(withCover.tags['twitter:card']).toBe('summary_large_image');
      expect(await imageOf(withCover.tags['og:image'])).toEqual({
        format: 'jpeg',
        width: 1200,
        height: 630,
      });
      expect(withCover.tags['twitter:image']).toBe(withCover.tags['og:image']);
    });

    it('refuses preview images of anything but a cover or avatar', async () => {
      const answer = await get('/media/link-preview/avatar/not-a-file.jpg');
      expect(answer.statusCode).toBe(404);
      const other = await get(
        '/media/link-preview/alert_image/00000000-0000-4000-8000-000000000000.jpg',
      );
      expect(other.statusCode).toBe(404);
    });
  });
});
