/**
 * The real server with the built web app, for the browser benchmarks (page-weight, lighthouse),
 * plus their same-run baselines served by the same process:
 * - `/bench-react-hello`: a minimal React 19 + react-dom page, built now with the web app's own
 *   vite (the floor for any React page);
 * - `/bench-static`: a plain HTML page shaped like a donation page, with the app's stylesheet
 *   and no script (the floor for a page at all).
 * The build is copied to a temporary folder with the baselines added (and pre-compressed like the
 * app), so apps/web/build is never touched.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(repoRoot, 'apps/web');
const builtClient = path.join(webDir, 'build/client');

export const REACT_HELLO_PATH = '/bench-react-hello';
export const STATIC_PAGE_PATH = '/bench-static';
/** A seeded demo streamer (db/seed.ts) whose pages the benchmarks open. */
export const BENCH_STREAMER = 'techgamer';

export type BenchWebServer = { url: string; stop(): Promise<void> };

/**
 * The server `npm run bench` started for all the browser benchmarks (run.ts), if any: one
 * start instead of one each.
 */
export const SHARED_WEB_SERVER_ENV = 'BENCH_WEB_URL';

/**
 * Builds what is stale, prepares the baselines and starts the server on a free port; or, under
 * `npm run bench`, hands out the one the runner started (which the runner stops).
 */
export async function startBenchWebServer(): Promise<BenchWebServer> {
  const sharedUrl = process.env[SHARED_WEB_SERVER_ENV];
  if (sharedUrl) return { url: sharedUrl, stop: async () => {} };
  return startOwnBenchWebServer();
}

async function startOwnBenchWebServer(): Promise<BenchWebServer> {
  // scripts/web-build.mjs decides staleness the way `npm start` and `npm test` do.
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/web-build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-bench-web-'));
  const distDir = path.join(workDir, 'client');
  fs.cpSync(builtClient, distDir, { recursive: true });
  // The donation page's server renderer sits beside the client build (build/server).
  fs.cpSync(path.join(webDir, 'build/server'), path.join(workDir, 'server'), { recursive: true });
  buildReactHello(workDir, path.join(distDir, REACT_HELLO_PATH));
  writeStaticPage(distDir);
  // The app's files came compressed with the build: only the two baselines need it.
  for (const baseline of [REACT_HELLO_PATH, STATIC_PAGE_PATH]) {
    const dir = path.join(distDir, baseline);
    execFileSync(process.execPath, [path.join(webDir, 'scripts/precompress.mjs'), dir]);
  }

  let server: ServerProcess;
  try {
    server = await startServerProcess(
      {
        DATA_DIR: path.join(workDir, 'data'),
        DATABASE_URL: '',
        ADMIN_PASSWORD: 'bench-admin-password',
        WEB_DIST_DIR: distDir,
        LOG_LEVEL: 'error',
      },
      // First start migrates and seeds; on a busy 2-core machine that can pass 30 s.
      { timeoutMs: 120_000 },
    );
  } catch (error) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url.replace('localhost', '127.0.0.1'),
    stop: async () => {
      await server.stop('SIGTERM');
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * `createRoot(...).render(<h1>Hello</h1>)` and nothing else, built for production by the vite
 * that builds apps/web. Its node_modules link points at the repository's, so nothing is fetched.
 */
function buildReactHello(workDir: string, outDir: string) {
  const appDir = path.join(workDir, 'react-hello');
  fs.mkdirSync(appDir, { recursive: true });
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(appDir, 'node_modules'));
  fs.writeFileSync(
    path.join(appDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hello</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  fs.writeFileSync(
    path.join(appDir, 'main.js'),
    [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));",
      '',
    ].join('\n'),
  );
  execFileSync(
    path.join(webDir, 'node_modules/.bin/vite'),
    [
      'build',
      appDir,
      '--base',
      `${REACT_HELLO_PATH}/`,
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    // apps/web's vite (7) is the one its build uses; run from there so that is the one found.
    { cwd: webDir, stdio: 'inherit' },
  );
}

/** A donation-page-like document: hero, form fields, button; the app's CSS, no script. */
function writeStaticPage(distDir: string) {
  const shell = fs.readFileSync(path.join(distDir, 'shells/donation.html'), 'utf8');
  const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(shell)?.[0] ?? '';
  const field = (label: string, type: string) =>
    `<label class="flex flex-col gap-1.5 text-sm font-medium text-slate-800">${label}<input type="${type}" class="h-11 rounded-lg border border-slate-300 px-3"></label>`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tip TechGamer · Shabaash</title>
${stylesheet}
</head>
<body>
<div class="min-h-dvh bg-slate-50">
<header class="h-48 bg-slate-800 px-4 pt-10 text-white"><h1 class="text-3xl font-bold">TechGamer</h1><p class="mt-2">Support the stream with a UPI tip and a message.</p></header>
<main class="relative mx-auto -mt-14 flex w-full max-w-lg flex-col gap-4 px-4 pb-10">
<form class="flex flex-col gap-5 rounded-2xl bg-white p-5 shadow">
<h2 class="text-lg font-semibold text-slate-900">Send a tip</h2>
${field('Your name', 'text')}
${field('Amount (₹)', 'text')}
${field('Message', 'text')}
<button type="button" class="h-12 rounded-lg bg-brand-700 font-semibold text-white">Donate</button>
</form>
<p class="text-center text-xs text-slate-500">Payments secured by UPI.</p>
</main>
</div>
</body>
</html>
`;
  fs.mkdirSync(path.join(distDir, STATIC_PAGE_PATH), { recursive: true });
  fs.writeFileSync(path.join(distDir, STATIC_PAGE_PATH, 'index.html'), html);
}
