/**
 * Lighthouse (issue 12, benchmark 6): performance score, LCP, TBT and CLS of `/` and the
 * donation page `/:slug`, with Lighthouse's default mobile profile (a mid-range phone on slow
 * 4G, simulated throttling), driving the system Chromium through chrome-launcher (no browser is
 * downloaded). Each page runs three times; the median run is reported.
 *
 * Same-run baseline: a plain static HTML page of similar content with the app's stylesheet,
 * served by the same server process (lib/chromium-web-server.ts), the floor for any page.
 * Run with `npm run bench -- lighthouse`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { writeReport, type BudgetCheck } from './lib/budgets.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium-page-load.ts';
import {
  BENCH_STREAMER,
  STATIC_PAGE_PATH,
  startBenchWebServer,
} from './lib/chromium-web-server.ts';

const PAGES = { home: '/', donation: `/${BENCH_STREAMER}`, staticBaseline: STATIC_PAGE_PATH };
/**
 * The donation page and the static floor again on a slower phone link (issue 25): 400 kbps
 * and 4× CPU slowdown, applied to the real page load (DevTools throttling, with Lighthouse's
 * mobile request latency) rather than simulated, so the paint is the one Chromium made.
 */
const SLOW_PAGES = { donation: PAGES.donation, staticBaseline: PAGES.staticBaseline };
const SLOW_THROTTLING = {
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 400,
  uploadThroughputKbps: 400,
  cpuSlowdownMultiplier: 4,
};
/**
 * The slow runs measure only the first paint: Lighthouse stops waiting for the rest of the load
 * after this long (it notes the page "loaded too slowly"), where at 400 kbps the donation page's
 * full load and quiet period take about 15 s more. The first paint comes at about 1.7 s here.
 */
const SLOW_LOAD_WAIT_MS = 4000;
const RUNS = 3;

type Run = { score: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number };

/**
 * Lighthouse sometimes fails to record a trace (NO_NAVSTART, most often on the first page after
 * Chromium starts, on a loaded machine) and asks to be run again: such a run is repeated.
 */
const ATTEMPTS = 3;

async function audit(port: number, url: string, throttling?: typeof SLOW_THROTTLING): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Work done after the trace, for audits that do not count in the score: the full-page
      // screenshot, and the back/forward cache check (weight 0), which navigates away and back.
      disableFullPageScreenshot: true,
      skipAudits: ['bf-cache'],
      ...(throttling
        ? { throttling, throttlingMethod: 'devtools' as const, maxWaitForLoad: SLOW_LOAD_WAIT_MS }
        : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return runFrom(lhr);
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.warn(`${url}: ${lhr.runtimeError.code}; running Lighthouse again`);
  }
}

function runFrom(lhr: RunnerResult['lhr']): Run {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(metric('first-contentful-paint')),
  };
}

/** The run with the median score (Lighthouse's own advice for picking a representative run). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.score - b.score || a.lcpMs - b.lcpMs);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no runs');
  return middle;
}

const startedAt = Date.now();
const server = await startBenchWebServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const runs: Record<string, Run[]> = {};
const slowRuns: Record<string, Run[]> = {};
try {
  for (const [name, pagePath] of Object.entries(PAGES)) {
    runs[name] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs[name].push(await audit(chrome.port, `${server.url}${pagePath}`));
    }
  }
  for (const [name, pagePath] of Object.entries(SLOW_PAGES)) {
    slowRuns[name] = [];
    for (let run = 0; run < RUNS; run += 1) {
      slowRuns[name].push(await audit(chrome.port, `${server.url}${pagePath}`, SLOW_THROTTLING));
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

const median = (name: keyof typeof PAGES) => medianRun(runs[name] ?? []);
const floor = median('staticBaseline');
const checks: BudgetCheck[] = [];
for (const name of ['home', 'donation'] as const) {
  const page = median(name);
  const label = `${PAGES[name]}${name === 'donation' ? ' (donation page)' : ''}`;
  checks.push(
    {
      what: `Lighthouse mobile performance, ${label}`,
      budget: '≥ 95',
      value: page.score,
      unit: 'points',
      met: page.score >= 95,
      baseline: { what: 'static HTML page', value: floor.score },
    },
    {
      what: `LCP, ${label}`,
      budget: '≤ 2.0 s',
      value: page.lcpMs / 1000,
      unit: 's',
      met: page.lcpMs <= 2000,
      baseline: { what: 'static HTML page', value: floor.lcpMs / 1000 },
    },
    {
      what: `CLS, ${label}`,
      budget: '≤ 0.05',
      value: page.cls,
      unit: '',
      met: page.cls <= 0.05,
      baseline: { what: 'static HTML page', value: floor.cls },
    },
  );
}

// Issue 25's budgets for the donation page, each against the static page in the same run.
const donation = median('donation');
const slowDonation = medianRun(slowRuns.donation ?? []);
const slowFloor = medianRun(slowRuns.staticBaseline ?? []);
checks.push(
  {
    what: `LCP, ${PAGES.donation} (donation page) against the static HTML page`,
    budget: "≤ 1.3 × the static HTML page's LCP (same run)",
    value: donation.lcpMs / 1000,
    unit: 's',
    met: donation.lcpMs <= 1.3 * floor.lcpMs,
    baseline: { what: 'static HTML page', value: floor.lcpMs / 1000 },
  },
  {
    what: `first contentful paint, ${PAGES.donation} (donation page), 400 kbps and 4× CPU slowdown`,
    budget: '≤ 1.5 s',
    value: slowDonation.fcpMs / 1000,
    unit: 's',
    met: slowDonation.fcpMs <= 1500,
    baseline: { what: 'static HTML page, same throttling', value: slowFloor.fcpMs / 1000 },
  },
  {
    // Where the static page itself misses 1.5 s, no page can meet it on this machine and link.
    what: 'floor: can the budget be met here at all? static HTML page first contentful paint, 400 kbps and 4× CPU slowdown',
    budget: '≤ 1.5 s',
    value: slowFloor.fcpMs / 1000,
    unit: 's',
    met: slowFloor.fcpMs <= 1500,
    baseline: null,
  },
);

writeReport({
  benchmark: 'lighthouse',
  description: `Lighthouse ${'12.8'} mobile profile (simulated slow 4G, 4x CPU), median of ${RUNS} runs per page, against a static HTML page served by the same server.`,
  checks,
  details: {
    median: Object.fromEntries(
      Object.keys(PAGES).map((name) => [name, median(name as keyof typeof PAGES)]),
    ),
    runs,
    slow_throttling: SLOW_THROTTLING,
    slow_load_wait_ms: SLOW_LOAD_WAIT_MS,
    slow_runs: slowRuns,
    seconds: Math.round((Date.now() - startedAt) / 1000),
  },
});
