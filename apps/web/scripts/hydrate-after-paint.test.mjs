import { describe, expect, it } from 'vitest';
import { loadShellAfterPaint } from './hydrate-after-paint.mjs';

/** The donation shell's head as vite writes it. */
const BUILT_SHELL = [
  '<head><title>Tip · Shabaash</title>',
  '<script type="module" crossorigin src="/assets/donation-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/page-shell-def.js">',
  '<link rel="stylesheet" crossorigin href="/assets/page-shell-ghi.css">',
  '</head><body><div id="root"></div></body>',
].join('\n');

describe('a shell whose scripts load after the first paint', () => {
  it('keeps the stylesheet, and fetches the same modules only from an inline script after the first paint', () => {
    const html = loadShellAfterPaint(BUILT_SHELL, 'donation.html');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page-shell-ghi.css">');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toContain('rel="modulepreload"');
    const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    // The script waits for the browser's first contentful paint before fetching anything.
    expect(script.indexOf('first-contentful-paint')).toBeGreaterThan(-1);
    expect(script.indexOf('first-contentful-paint')).toBeLessThan(
      script.indexOf('import("/assets/donation-abc.js")'),
    );
    expect(script).toContain('"/assets/page-shell-def.js"');
  });

  it('refuses a shell it does not recognise, rather than shipping one without its script', () => {
    expect(() => loadShellAfterPaint('<head></head>', 'odd.html')).toThrow(/module script/);
  });
});
