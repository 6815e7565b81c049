/**
 * Loads a page in the system Chromium on a phone-sized viewport and records every script and
 * stylesheet it downloads, from Chromium's own network events (CDP), for page-weight.bench.ts.
 * Two cut-offs: what had arrived before the first paint, and everything until the network went
 * quiet after load, so lazy chunks that a page fetches anyway are counted too.
 */
import zlib from 'node:zlib';
import { chromium, type Browser, type CDPSession } from 'playwright-core';

/** Debian's Chromium; browsers are never downloaded. Override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Lighthouse's mobile device (a mid-range Android phone), so both benches see the same page. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

/** The network counts as quiet after this long with no request in flight (SSE streams aside). */
const QUIET_MS = 1000;
const LOAD_LIMIT_MS = 20_000;

/** Scripts and stylesheets are what the budgets count; fonts, images and audio are listed. */
export type AssetKind = 'script' | 'stylesheet' | 'font' | 'image' | 'media';

export type LoadedAsset = {
  url: string;
  kind: AssetKind;
  /** Body bytes as the page uses them. */
  bytes: number;
  /** Body bytes gzip-compressed: on the wire when the server sent gzip, else zlib level 9 here. */
  gzipBytes: number;
  /** Body bytes on the wire (after any content-encoding). */
  transferredBytes: number;
  /** Content-Encoding the server sent, or null when uncompressed. */
  contentEncoding: string | null;
  /** Whether the response had fully arrived before the page's first paint. */
  beforeFirstPaint: boolean;
};

export type PageWeight = {
  url: string;
  firstPaintMs: number | null;
  assets: LoadedAsset[];
};

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

type PageTiming = { firstPaint: number | null; responseEnds: [string, number][] };

type Tracked = {
  url: string;
  kind: AssetKind | null;
  contentEncoding: string | null;
  encodedBodyBytes: number;
  finished: boolean;
};

/** Opens `url` in a fresh phone context (empty cache) and returns what it downloaded. */
export async function measurePageWeight(
  browser: Browser,
  url: string,
  /** Runs once the page has loaded, before the wait for a quiet network (e.g. fires an alert). */
  afterLoad?: () => Promise<void>,
  /** Cookies the phone already holds for the page's site (e.g. a fan's language choice). */
  cookies: Array<{ name: string; value: string }> = [],
): Promise<PageWeight> {
  const context = await browser.newContext(PHONE);
  try {
    if (cookies.length > 0) {
      await context.addCookies(cookies.map((cookie) => ({ ...cookie, url })));
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, Tracked>();
    const inFlight = new Set<string>();
    let lastActivity = Date.now();
    await trackNetwork(cdp, requests, inFlight, () => (lastActivity = Date.now()));

    await page.goto(url, { waitUntil: 'load', timeout: LOAD_LIMIT_MS });
    await afterLoad?.();
    const deadline = Date.now() + LOAD_LIMIT_MS;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Response end times and first paint on the page's own clock (navigation start = 0).
    // A string, as it runs in the page: this workspace has Node's types, not the DOM's.
    const timing = await page.evaluate<PageTiming>(`({
      firstPaint:
        performance.getEntriesByType('paint').find((entry) => entry.name === 'first-paint')
          ?.startTime ?? null,
      responseEnds: performance
        .getEntriesByType('resource')
        .map((entry) => [entry.name, entry.responseEnd]),
    })`);
    const responseEnd = new Map(timing.responseEnds);

    const assets: LoadedAsset[] = [];
    for (const [requestId, request] of requests) {
      if (!request.kind || !request.finished) continue;
      const body = await responseBody(cdp, requestId);
      const ended = responseEnd.get(request.url);
      assets.push({
        url: request.url,
        kind: request.kind,
        bytes: body.length,
        gzipBytes:
          request.contentEncoding === 'gzip'
            ? request.encodedBodyBytes
            : zlib.gzipSync(body, { level: 9 }).length,
        transferredBytes: request.encodedBodyBytes,
        contentEncoding: request.contentEncoding,
        beforeFirstPaint:
          timing.firstPaint !== null && ended !== undefined && ended <= timing.firstPaint,
      });
    }
    return { url, firstPaintMs: timing.firstPaint, assets };
  } finally {
    await context.close();
  }
}

async function trackNetwork(
  cdp: CDPSession,
  requests: Map<string, Tracked>,
  inFlight: Set<string>,
  onActivity: () => void,
) {
  cdp.on('Network.requestWillBeSent', (event) => {
    onActivity();
    // An SSE stream never finishes; it must not hold "network quiet" back.
    if (event.type === 'EventSource') return;
    inFlight.add(event.requestId);
    requests.set(event.requestId, {
      url: event.request.url,
      kind: null,
      contentEncoding: null,
      encodedBodyBytes: 0,
      finished: false,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.kind = assetKind(event.type, event.response.mimeType);
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    request.contentEncoding = headers['content-encoding'] ?? null;
  });
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.encodedBodyBytes += event.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    onActivity();
    inFlight.delete(event.requestId);
    const request = requests.get(event.requestId);
    if (request) request.finished = true;
  });
  cdp.on('Network.loadingFailed', (event) => {
    onActivity();
    inFlight.delete(event.requestId);
  });
  await cdp.send('Network.enable');
}

function assetKind(resourceType: string, mimeType: string): AssetKind | null {
  if (resourceType === 'Script' || mimeType.includes('javascript')) return 'script';
  if (resourceType === 'Stylesheet' || mimeType === 'text/css') return 'stylesheet';
  if (resourceType === 'Font') return 'font';
  if (resourceType === 'Image') return 'image';
  if (resourceType === 'Media') return 'media';
  return null;
}

async function responseBody(cdp: CDPSession, requestId: string): Promise<Buffer> {
  const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
  return Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
}
