// Prerendered pages paint first and fetch their scripts after: rewrites every prerendered
// `index.html` of the React Router build so that its hydration scripts (React, the router and
// the page's route modules, some 40 files) start downloading only after the first frame.
//
// Why: the page is already complete in its HTML and CSS. When its ~40 `modulepreload` links
// sit in <head>, a phone on a slow connection downloads them beside the stylesheet, and the
// first paint waits for bandwidth it does not need (Lighthouse's mobile simulation counts every
// script loaded before the paint against FCP and LCP). After this rewrite the page paints from
// HTML and CSS, then one inline module script adds the same preloads and imports the same
// modules in the same order, and React Router hydrates as before.
//
// Runs after `react-router build` (package.json's build). The server hashes each built page's
// inline scripts for its Content-Security-Policy at start-up, so the rewritten script is allowed
// exactly as React Router's own was. The SPA fallback is left alone: it has nothing to paint
// before its scripts run.
import fs from 'node:fs';
import path from 'node:path';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
/** React Router's hydration script in SPA/prerender mode (`<Scripts />`). */
const HYDRATION_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const PRELOADS_PER_TASK = 4;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as (\w+) from "([^"]+)";$/;

/**
 * Waits until the page has painted: the browser's own first-contentful-paint entry where it
 * reports paints (Chromium, Firefox, Safari), else the task after the first frame. The frame
 * alone is not enough: the task after it sometimes runs before the paint is recorded, and a
 * download started then counts against the paint in Lighthouse's phone simulation (about 0.3 s
 * on the donation page). A page that does not paint (a background tab) goes on after 3 s.
 */
const AFTER_FIRST_PAINT = [
  'await new Promise((resolve) => {',
  '  const nextTask = () => setTimeout(resolve);',
  '  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(nextTask);',
  '  setTimeout(resolve, 3000);',
  '  new PerformanceObserver((entries, observer) => {',
  '    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;',
  '    observer.disconnect();',
  '    nextTask();',
  '  }).observe({ type: "paint", buffered: true });',
  '});',
];

/** The page's HTML with its hydration deferred to after the first paint. */
export function hydrateAfterPaint(html, file) {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const script = HYDRATION_SCRIPT.exec(html);
  if (!script || preloads.length === 0) {
    throw new Error(`${file}: React Router's hydration script or preloads not found`);
  }
  const lines = [
    ...AFTER_FIRST_PAINT,
    'const nextTask = () => new Promise((resolve) => setTimeout(resolve));',
    // Each added preload costs the main thread a little: a few per task keep every task short
    // (a phone's input is not blocked) while all downloads still start within a few ms.
    `const preloads = ${JSON.stringify(preloads)};`,
    `for (let start = 0; start < preloads.length; start += ${PRELOADS_PER_TASK}) {`,
    `  for (const href of preloads.slice(start, start + ${PRELOADS_PER_TASK})) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    '  await nextTask();',
    '}',
  ];
  for (const line of script[1].split('\n')) {
    const trimmed = line.trim();
    const sideEffect = SIDE_EFFECT_IMPORT.exec(trimmed);
    const namespace = NAMESPACE_IMPORT.exec(trimmed);
    if (sideEffect) lines.push(`await import(${JSON.stringify(sideEffect[1])});`);
    else if (namespace)
      lines.push(`const ${namespace[1]} = await import(${JSON.stringify(namespace[2])});`);
    else if (/^import\s/.test(trimmed)) throw new Error(`${file}: unexpected import: ${trimmed}`);
    else if (trimmed !== '') lines.push(trimmed);
  }
  const deferred = `<script type="module" async="">${lines.join('\n')}</script>`;
  return html.replace(MODULE_PRELOAD, '').replace(HYDRATION_SCRIPT, () => deferred);
}

/** Vite's entry script and preloads in a standalone shell (src/shells/*.html, as built). */
const SHELL_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const SHELL_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A standalone shell with its scripts fetched after the first paint, as above: the donation
 * page arrives rendered by the server (src/shells/donation-ssr.tsx), so on a slow phone its
 * HTML and CSS should have the bandwidth to themselves until it has painted; then its script
 * loads and hydrates what is on screen.
 */
export function loadShellAfterPaint(html, file) {
  const entry = SHELL_ENTRY.exec(html);
  if (!entry) throw new Error(`${file}: the shell's module script not found`);
  const preloads = [...html.matchAll(SHELL_PRELOAD)].map((match) => match[1]);
  const lines = [
    ...AFTER_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `await import(${JSON.stringify(entry[1])});`,
  ];
  const deferred = `<script type="module">${lines.join('\n')}</script>`;
  return html.replace(SHELL_PRELOAD, '').replace(SHELL_ENTRY, () => deferred);
}

/** Rewrites every prerendered page under `dir`; returns how many it rewrote. */
export function hydratePrerenderedPagesAfterPaint(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.writeFileSync(file, hydrateAfterPaint(fs.readFileSync(file, 'utf8'), file));
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--shell') {
    // `--shell <file>`: one built shell (the donation page's), rewritten in place.
    const file = path.resolve(process.argv[3] ?? '');
    fs.writeFileSync(file, loadShellAfterPaint(fs.readFileSync(file, 'utf8'), file));
    console.log(`Deferred the scripts of ${path.basename(file)} to after the first paint.`);
  } else {
    const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../build/client'));
    console.log(
      `Deferred hydration to after the first paint in ${hydratePrerenderedPagesAfterPaint(dir)} pages.`,
    );
  }
}
