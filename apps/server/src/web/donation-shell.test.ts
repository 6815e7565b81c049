import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamer } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { inlineScriptHashes } from './content-security-policy.ts';
import { STREAMER_PROFILE_ELEMENT_ID } from './web.routes.ts';

/** A build folder with the donation shell as vite writes it: a module script and an empty root. */
const DONATION_SHELL = [
  '<!doctype html><html lang="en"><head><title>Tip · Shabaash</title>',
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
    testApp = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('carries the same profile the API answers, so the page renders without asking', async () => {
    await buildStreamer(testApp.database.db, { slug: 'inlined', name: 'Inlined Streamer' });
    const page = await get('/inlined');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await get('/api/streamers/inlined');
    expect(JSON.parse(profileBlockText(page.body))).toEqual(api.json());
    // Everything else in the shell is as built; the block sits right before the root element.
    expect(page.body.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/, '')).toBe(
      DONATION_SHELL,
    );
  });

  it('keeps a hostile streamer name inert data: it cannot end the block or add a script', async () => {
    const hostileName = `</script><script>alert(1)</script><!-- $& $' $\` & \u2028 </SCRIPT >`;
    await buildStreamer(testApp.database.db, { slug: 'hostile', name: hostileName });
    const page = await get('/hostile');
    expect(page.statusCode).toBe(200);

    const blockText = profileBlockText(page.body);
    expect(blockText).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(blockText)).toMatchObject({ name: hostileName });
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
});
