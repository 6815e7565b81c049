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
import {
  ALERT_THEMES,
  LANGUAGE_COOKIE,
  type AlertTheme,
  type AlertVariation,
} from '@shabaash/core';
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

/**
 * The overlay as it is on stream with each ready-made theme (issue 33): every variation of the
 * streamer wears the theme, and a test alert plays right after load, so the theme's font,
 * image and sound are fetched too. Scripts must stay within the overlay's budget with any.
 */
async function measureThemedOverlays(baseUrl: string) {
  const call = async (path: string, method: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const login = await call('/api/auth/login', 'POST', null, {
    email: 'admin@shabaash.local',
    password: 'bench-admin-password',
  });
  const session = (login.session as { access_token: string }).access_token;
  const settingsPath = `/api/streamers/${BENCH_STREAMER}/settings`;
  const obs = await call(`/api/streamers/${BENCH_STREAMER}/obs-tokens`, 'POST', session);
  const settings = (await call(settingsPath, 'GET', session)) as {
    alerts: { text_alert_max_ms: number; variations: AlertVariation[] };
  };
  const themed: Array<{ theme: AlertTheme['id']; weight: ReturnType<typeof summarize> }> = [];
  for (const theme of ALERT_THEMES) {
    const variations = settings.alerts.variations.map((variation) => ({
      ...variation,
      design: { ...theme.design },
      sound: { kind: 'bundled' as const, id: theme.sound },
      image_media_id: null,
    }));
    await call(settingsPath, 'PATCH', session, { alerts: { ...settings.alerts, variations } });
    const url = `${baseUrl}/${BENCH_STREAMER}/obs-alerts?token=${String(obs.token)}`;
    const weight = await measurePageWeight(browser, url, async () => {
      await call(`/api/streamers/${BENCH_STREAMER}/test-alert`, 'POST', session);
    });
    themed.push({ theme: theme.id, weight: summarize(weight) });
  }
  return themed;
}

const startedAt = Date.now();
const server = await startBenchWebServer();
const browser = await launchChromium();
const results: Record<string, ReturnType<typeof summarize>> = {};
let themedOverlays: Awaited<ReturnType<typeof measureThemedOverlays>> = [];
try {
  for (const [name, pagePath] of Object.entries(PAGES)) {
    results[name] = summarize(await measurePageWeight(browser, `${server.url}${pagePath}`));
  }
  // The same page for a fan who chose Hindi (issue 21): it loads the hi catalog instead.
  results.donationHindi = summarize(
    await measurePageWeight(browser, `${server.url}${PAGES.donation}`, undefined, [
      { name: LANGUAGE_COOKIE, value: 'hi' },
    ]),
  );
  themedOverlays = await measureThemedOverlays(server.url);
} finally {
  await browser.close();
  await server.stop();
}

const page = (name: keyof typeof PAGES | 'donationHindi') => {
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
    what: 'donation page /:slug JS before Donate, in Hindi (gzip)',
    budget: '≤ 100 KB',
    value: page('donationHindi').js_gzip_kib,
    unit: 'KB',
    met: page('donationHindi').js_gzip_kib <= 100,
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
// Issue 21: Devanagari faces load by unicode-range, so English pages must never fetch them.
// (The language switch's 2.4 KB face of "हिन्दी" alone is inlined in the stylesheet.)
const devanagariFonts = (name: keyof typeof PAGES | 'donationHindi') =>
  (results[name]?.assets ?? []).filter((asset) => /devanagari/i.test(asset.path)).length;
const englishDevanagariFonts = devanagariFonts('donation') + devanagariFonts('home');
checks.push({
  what: 'Devanagari font files an English page downloads (donation page and home page)',
  budget: '= 0',
  value: englishDevanagariFonts,
  unit: 'files',
  met: englishDevanagariFonts === 0,
  baseline: {
    what: 'the same donation page in Hindi',
    value: devanagariFonts('donationHindi'),
  },
});
// The heaviest theme: the most bytes downloaded with it (scripts, styles, fonts, image, sound).
const heaviest = themedOverlays
  .map((entry) => ({
    ...entry,
    jsKib: entry.weight.until_network_quiet.js_gzip_kib,
    allBytes: entry.weight.assets.reduce((total, asset) => total + asset.gzip_bytes, 0),
  }))
  .sort((a, b) => b.allBytes - a.allBytes)[0];
checks.push({
  what: `overlay page JS with a theme playing a test alert, heaviest of ${String(themedOverlays.length)} themes${heaviest ? ` (${heaviest.theme})` : ''} (gzip)`,
  budget: '≤ 90 KB',
  value: heaviest?.jsKib ?? null,
  unit: 'KB',
  met: heaviest !== undefined && heaviest.jsKib <= 90,
  baseline,
});

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
      Object.entries({
        ...PAGES,
        donationHindi: `${PAGES.donation} (cookie ${LANGUAGE_COOKIE}=hi)`,
      }).map(([name, pagePath]) => [name, { path: pagePath, ...results[name] }]),
    ),
    themed_overlays: themedOverlays.map(({ theme, weight }) => ({
      theme,
      js_gzip_kib: weight.until_network_quiet.js_gzip_kib,
      css_gzip_kib: weight.until_network_quiet.css_gzip_kib,
      all_assets_gzip_kib: kib(weight.assets.reduce((total, asset) => total + asset.gzip_bytes, 0)),
      assets: weight.assets.map((asset) => `${asset.path} ${String(asset.gzip_bytes)} B`),
    })),
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
