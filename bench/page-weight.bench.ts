/**
 * Page weight (issue 12, benchmark 5): the script and stylesheet bytes a phone downloads for
 * `/`, the donation page `/:slug` (before the fan presses Donate), the OBS overlay and the audio
 * player. Read from real page loads in Chromium (lib/chromium-page-load.ts), not from the build
 * folder, so lazy chunks a page fetches anyway count. Two cut-offs per page: before the first
 * paint, and until the network is quiet after load; the budgets are checked on the second, the
 * larger. Sizes are gzip (zlib level 9 over each response body, since the server sends Brotli
 * to Chromium); the bytes actually transferred are in the details.
 *
 * Same-run baseline: a minimal React 19 + react-dom page built now with the app's vite, served
 * by the same server (lib/chromium-web-server.ts). Run with `npm run bench -- page-weight`.
 */
import { writeReport, type BudgetCheck } from './lib/budgets.ts';
import {
  launchChromium,
  measurePageWeight,
  type LoadedAsset,
  type PageWeight,
} from './lib/chromium-page-load.ts';
import {
  BENCH_STREAMER,
  REACT_HELLO_PATH,
  startBenchWebServer,
} from './lib/chromium-web-server.ts';

const PAGES = {
  home: '/',
  donation: `/${BENCH_STREAMER}`,
  // The token is not valid: the overlay loads all its code, validates, and shows the notice.
  overlay: `/${BENCH_STREAMER}/obs-alerts?token=obs_page_weight_bench`,
  audioPlayer: `/${BENCH_STREAMER}/audio-player`,
  reactHello: REACT_HELLO_PATH,
} as const;

/** Chunks that must stay out of the donation page until the fan asks for them. */
const DEFERRED_CHUNKS = /\/(voice-recorder|sandbox-checkout|razorpay-checkout|cashfree-checkout)-/;

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const sum = (assets: LoadedAsset[], bytes: (asset: LoadedAsset) => number) =>
  assets.reduce((total, asset) => total + bytes(asset), 0);

function summarize(weight: PageWeight) {
  const scripts = weight.assets.filter((asset) => asset.kind === 'script');
  const styles = weight.assets.filter((asset) => asset.kind === 'stylesheet');
  const early = (assets: LoadedAsset[]) => assets.filter((asset) => asset.beforeFirstPaint);
  return {
    first_paint_ms: weight.firstPaintMs === null ? null : Math.round(weight.firstPaintMs),
    before_first_paint: {
      js_gzip_kib: kib(sum(early(scripts), (asset) => asset.gzipBytes)),
      css_gzip_kib: kib(sum(early(styles), (asset) => asset.gzipBytes)),
    },
    until_network_quiet: {
      js_gzip_kib: kib(sum(scripts, (asset) => asset.gzipBytes)),
      css_gzip_kib: kib(sum(styles, (asset) => asset.gzipBytes)),
      js_files: scripts.length,
      js_transferred_kib: kib(sum(scripts, (asset) => asset.transferredBytes)),
      css_transferred_kib: kib(sum(styles, (asset) => asset.transferredBytes)),
      content_encodings: [...new Set(weight.assets.map((asset) => asset.contentEncoding))],
    },
    deferred_chunks_loaded: scripts
      .filter((asset) => DEFERRED_CHUNKS.test(asset.url))
      .map((asset) => new URL(asset.url).pathname),
    assets: weight.assets
      .map((asset) => ({
        path: new URL(asset.url).pathname,
        kind: asset.kind,
        gzip_bytes: asset.gzipBytes,
        transferred_bytes: asset.transferredBytes,
        before_first_paint: asset.beforeFirstPaint,
      }))
      .sort((a, b) => b.gzip_bytes - a.gzip_bytes),
  };
}

const startedAt = Date.now();
const server = await startBenchWebServer();
const browser = await launchChromium();
const results: Record<string, ReturnType<typeof summarize>> = {};
try {
  for (const [name, pagePath] of Object.entries(PAGES)) {
    results[name] = summarize(await measurePageWeight(browser, `${server.url}${pagePath}`));
  }
} finally {
  await browser.close();
  await server.stop();
}

const page = (name: keyof typeof PAGES) => {
  const result = results[name];
  if (!result) throw new Error(`no result for ${name}`);
  return result.until_network_quiet;
};
const baseline = {
  what: 'React 19 + react-dom hello page, JS',
  value: page('reactHello').js_gzip_kib,
};
const donation = page('donation');
const donationTotal = Math.round((donation.js_gzip_kib + donation.css_gzip_kib) * 10) / 10;
const checks: BudgetCheck[] = [
  {
    what: 'donation page /:slug JS before Donate (gzip)',
    budget: '≤ 100 KB',
    value: donation.js_gzip_kib,
    unit: 'KB',
    met: donation.js_gzip_kib <= 100,
    baseline,
  },
  {
    what: 'donation page /:slug first load JS + CSS (gzip)',
    budget: '≤ 170 KB',
    value: donationTotal,
    unit: 'KB',
    met: donationTotal <= 170,
    baseline,
  },
  {
    what: 'overlay page /:slug/obs-alerts JS (gzip)',
    budget: '≤ 90 KB',
    value: page('overlay').js_gzip_kib,
    unit: 'KB',
    met: page('overlay').js_gzip_kib <= 90,
    baseline,
  },
];

writeReport({
  benchmark: 'page-weight',
  description:
    'Gzip KB of JS and CSS a phone-sized Chromium downloads per page, until the network is quiet after load (before-first-paint figures in details), against a minimal React 19 page built in the same run.',
  checks,
  details: {
    sizes:
      'gzip = zlib level 9 over each response body (the server sends Brotli to Chromium; transferred bytes are listed too); KB = 1024 bytes',
    donation_page_deferred_chunks_loaded: results.donation?.deferred_chunks_loaded ?? [],
    pages: Object.fromEntries(
      Object.entries(PAGES).map(([name, pagePath]) => [name, { path: pagePath, ...results[name] }]),
    ),
    seconds: Math.round((Date.now() - startedAt) / 1000),
  },
});
console.table(
  Object.entries(results).map(([name, result]) => ({
    page: name,
    'JS before paint': result.before_first_paint.js_gzip_kib,
    'JS quiet': result.until_network_quiet.js_gzip_kib,
    'CSS quiet': result.until_network_quiet.css_gzip_kib,
    'JS+CSS transferred': Math.round(
      result.until_network_quiet.js_transferred_kib +
        result.until_network_quiet.css_transferred_kib,
    ),
  })),
);
