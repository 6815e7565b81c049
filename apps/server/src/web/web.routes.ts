import type { Streamer } from '../db/schema.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import { notFound } from '../errors.ts';
import { inlineScriptHashes, pageContentSecurityPolicy } from './content-security-policy.ts';
import { linkPreviewTags, withLinkPreview } from './link-preview.ts';
import { presentPublicStreamer } from '../modules/donations/donation.presenter.ts';
import type { PaymentProvider } from '../modules/payments/payment-provider.ts';
import { checkoutAccess } from '../modules/payouts/payout-accounts.service.ts';
import { readTipAccess, type TipAccess } from '../modules/plans/plans.service.ts';
import { readSpeechPromise } from '../modules/speech/speech.service.ts';
import {
  DEFAULT_LANGUAGE,
  isPublicPage,
  languageFromCookieHeader,
  languageOfPath,
  pageLanguage,
  pathInLanguage,
  preferredLanguage,
  type Language,
  type PublicStreamer,
} from '@shabaash/core';
import { findStreamerBySlug, resolveSlugAlias } from '../modules/streamers/streamers.service.ts';
import { sendCompressedPage } from '../lib/compressed-page.ts';

/** React Router writes this page for every path that is not prerendered (SPA mode). */
const SPA_FALLBACK = '__spa-fallback.html';
/**
 * Standalone shells (apps/web/src/shells/): a streamer page without React Router, for a direct
 * load by a fan's phone or an OBS source. Keyed by the path after the slug; other streamer pages
 * (and builds without the shells) use the SPA fallback.
 */
const DONATION_SHELL = 'shells/donation.html';
const STREAMER_PAGE_SHELLS: Record<string, string> = {
  '': DONATION_SHELL,
  '/obs-alerts': 'shells/obs-alerts.html',
};
/**
 * The donation shell carries the streamer's public profile (what GET /api/streamers/:slug
 * answers) in a JSON block with this id, placed before its root element, so the page renders on
 * its first script run instead of after a second round trip (donation-shell.tsx reads it).
 */
export const STREAMER_PROFILE_ELEMENT_ID = 'streamer-profile';
const DONATION_SHELL_ROOT = '<div id="root">';
/** The shell's `<html lang=…` start, set to the page's language per request. */
const HTML_LANG = /<html lang="[^"]*"/;
/**
 * The donation page's server renderer (apps/web/src/shells/donation-ssr.tsx), built beside the
 * client build: the page arrives as HTML with the header and the form, before any script.
 */
const DONATION_RENDERER = '../server/donation-ssr.js';
type RenderDonationPage = (
  slug: string,
  profile: PublicStreamer,
  fanLanguage: Language | null,
) => string;

/** Client-rendered documents: their content, and so their payment needs, depend on the path. */
const APP_SHELLS = new Set([SPA_FALLBACK, ...Object.values(STREAMER_PAGE_SHELLS)]);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Client-rendered app screens (spec route tables) that are not per streamer. */
const APP_SCREENS =
  /^\/(auth|auth\/invite\/[^/]+|auth\/forgot|auth\/reset|auth\/verify|account|dashboard|status|test-alerts|privacy\/my-data|dashboard\/[^/]+|dashboard\/[^/]+\/activity|dashboard\/[^/]+\/plans)\/?$/;
/** Per-streamer pages: the donation page and the pages OBS loads. */
const STREAMER_PAGES = /^\/([^/]+)(\/obs-alerts|\/audio-player|\/widgets\/[a-z-]+)?\/?$/;

/** Pages that may open a payment provider's checkout: donation pages and the status page. */
const PAYING_PAGES = /^\/(status|[^/]+)\/?$/;

/** Paths that belong to the API and must never fall back to the web app. */
const API_PREFIXES = ['/api/', '/sandbox/', '/media/'];

/**
 * Serves the built web app: hashed assets cached for a year, prerendered marketing pages and the
 * SPA fallback never cached (so a deploy is seen at once). Unknown API paths answer a JSON 404.
 */
export const webRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const files = listFiles(distDir);
  const hasWebApp = files.has(`/${SPA_FALLBACK}`);
  if (!hasWebApp) app.log.warn({ distDir }, 'web app not built; serving the API only');

  // Each HTML file's CSP allows exactly its own inline scripts (hashed once, at start-up).
  const scriptHashes = new Map<string, string[]>();
  for (const file of files) {
    if (file.endsWith('.html')) {
      scriptHashes.set(
        file.slice(1),
        inlineScriptHashes(fs.readFileSync(path.join(distDir, file), 'utf8')),
      );
    }
  }

  // Cache headers are ours (below); the plugin's own would replace them. `preCompressed` sends
  // the .br/.gz copy the web build wrote beside a file when the browser accepts it.
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    cacheControl: false,
    preCompressed: true,
  });

  // The donation shell is completed per request (the profile is inlined), so it is kept in memory.
  const donationShellPath = path.join(distDir, DONATION_SHELL);
  const donationShell = files.has(`/${DONATION_SHELL}`)
    ? fs.readFileSync(donationShellPath, 'utf8')
    : null;
  if (donationShell !== null && !donationShell.includes(DONATION_SHELL_ROOT)) {
    throw new Error(`${donationShellPath} has no ${DONATION_SHELL_ROOT} to put the profile before`);
  }
  if (donationShell !== null && !donationShell.includes('</head>')) {
    throw new Error(`${donationShellPath} has no </head> to put the link preview before`);
  }

  const renderDonationPage =
    donationShell === null ? null : await loadDonationRenderer(distDir, app.log);
  if (donationShell !== null && renderDonationPage === null) {
    app.log.warn({ distDir }, 'donation page renderer not built; the page renders in the browser');
  }

  /** The page's HTML for #root, or '' (the browser renders it) when rendering fails. */
  const renderedPage = (slug: string, profile: PublicStreamer, fanLanguage: Language | null) => {
    if (!renderDonationPage) return '';
    try {
      return renderDonationPage(slug, profile, fanLanguage);
    } catch (error) {
      app.log.error({ err: error, slug }, 'donation page could not be rendered on the server');
      return '';
    }
  };

  /** Status, caching and the page's own CSP for one of the built HTML files. */
  const pageHeaders = (
    reply: FastifyReply,
    file: string,
    status: number,
    /** The page's own checkout provider (a creator's own gateway account, issue 27). */
    provider: PaymentProvider = app.payments.provider,
  ) => {
    const urlPath = reply.request.url.split('?')[0] ?? '/';
    const isPaying = APP_SHELLS.has(file) && PAYING_PAGES.test(urlPath);
    const csp = pageContentSecurityPolicy({
      scriptHashes: scriptHashes.get(file) ?? [],
      payingWith: isPaying ? provider.name : null,
    });
    return reply
      .status(status)
      .header('cache-control', REVALIDATE)
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8');
  };

  const sendPage = (reply: FastifyReply, file: string, status = 200) =>
    pageHeaders(reply, file, status).sendFile(file);

  /** The donation shell with the streamer's public profile inlined (see above). */
  const sendDonationShell = (
    reply: FastifyReply,
    shell: string,
    urlSlug: string,
    streamer: Streamer,
    checkout: { provider: PaymentProvider; access: TipAccess },
    speech: PublicStreamer['speech'],
  ) => {
    const profile = presentPublicStreamer(streamer, checkout.provider, checkout.access, speech);
    const profileBlock = `<script type="application/json" id="${STREAMER_PROFILE_ELEMENT_ID}">${jsonForHtmlScript(profile)}</script>`;
    // The fan's own choice (their cookie), else the streamer's default (issue 21).
    const fanLanguage = languageFromCookieHeader(reply.request.headers.cookie);
    const language = pageLanguage(fanLanguage, streamer.language);
    // A replacer function: `$` sequences in the profile must not be read as patterns.
    const html = withLinkPreview(shell, linkPreviewTags(streamer, app.config.publicUrl))
      .replace(HTML_LANG, `<html lang="${language}"`)
      .replace(
        DONATION_SHELL_ROOT,
        () => profileBlock + DONATION_SHELL_ROOT + renderedPage(urlSlug, profile, fanLanguage),
      );
    // The page's language follows the cookie: a cache must not give one fan's page to another.
    return sendCompressedPage(
      pageHeaders(reply, DONATION_SHELL, 200, checkout.provider).header('vary', 'cookie'),
      html,
    );
  };

  /**
   * The SPA fallback with the right status: 200 for real screens and streamers, a 301 from an
   * old slug spelling to the canonical one, and 404 (the app shows its not-found page) otherwise.
   */
  async function sendAppShell(reply: FastifyReply, urlPath: string, query: string) {
    if (APP_SCREENS.test(urlPath)) return sendPage(reply, SPA_FALLBACK);
    const match = STREAMER_PAGES.exec(urlPath);
    const slug = match?.[1];
    if (slug) {
      const db = app.database.db;
      const streamer = await findStreamerBySlug(db, slug);
      if (streamer) {
        const shell = STREAMER_PAGE_SHELLS[match[2] ?? ''];
        if (shell === DONATION_SHELL && donationShell !== null) {
          const access = await readTipAccess(db, streamer.id);
          const checkout = await checkoutAccess(
            app.payouts,
            app.payments.provider,
            streamer.id,
            access,
          );
          const speech = await readSpeechPromise(db, streamer.id);
          return sendDonationShell(reply, donationShell, slug, streamer, checkout, speech);
        }
        return sendPage(reply, shell && files.has(`/${shell}`) ? shell : SPA_FALLBACK);
      }
      const canonical = await resolveSlugAlias(db, slug);
      if (canonical) return reply.redirect(`/${canonical}${match[2] ?? ''}${query}`, 301);
    }
    return sendPage(reply, SPA_FALLBACK, 404);
  }

  app.get('/*', async (request, reply) => {
    const [rawPath = '/', rawQuery] = request.url.split('?');
    const urlPath = safeDecode(rawPath);
    if (urlPath === null) throw notFound('No such page.');
    if (urlPath === '/api' || API_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) {
      throw notFound(`No API route ${request.method} ${urlPath}.`);
    }
    if (!hasWebApp) throw notFound('The web app is not built. Run `npm run build`.');

    if (files.has(urlPath) && !urlPath.endsWith('.html')) {
      const cache = urlPath.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600';
      return reply.header('cache-control', cache).sendFile(urlPath.slice(1));
    }
    const query = rawQuery === undefined ? '' : `?${rawQuery}`;
    if (isPublicPage(urlPath) && languageOfPath(urlPath).language === DEFAULT_LANGUAGE) {
      // An English public page answers by the visitor's language: say so to caches.
      reply.header('vary', 'Accept-Language, Cookie');
      const target = languageCopyOf(urlPath, request.headers);
      if (target && files.has(path.posix.join(target, 'index.html'))) {
        return reply.redirect(`${target}${query}`, 302);
      }
    }
    const prerendered = path.posix.join(urlPath, 'index.html');
    if (files.has(prerendered)) return sendPage(reply, prerendered.slice(1));
    return sendAppShell(reply, urlPath, query);
  });
};

/**
 * Where a request for an English public page belongs instead (issue 21), or null to answer it
 * in English: the page's copy in the visitor's language, chosen by their `shabaash_lang` cookie
 * (the site's language switch sets it, so it always wins) or, with no cookie, by the language
 * their `Accept-Language` header prefers (q-values honoured).
 */
function languageCopyOf(
  urlPath: string,
  headers: { cookie?: string; 'accept-language'?: string },
): string | null {
  const language =
    languageFromCookieHeader(headers.cookie) ?? preferredLanguage(headers['accept-language']);
  if (!language || language === DEFAULT_LANGUAGE) return null;
  const page = urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath;
  return pathInLanguage(page, language);
}

/** The built donation page renderer, or null when the build has none (or it does not load). */
async function loadDonationRenderer(
  distDir: string,
  log: FastifyBaseLogger,
): Promise<RenderDonationPage | null> {
  const file = path.resolve(distDir, DONATION_RENDERER);
  if (!fs.existsSync(file)) return null;
  try {
    const module = (await import(pathToFileURL(file).href)) as {
      renderDonationPage?: RenderDonationPage;
    };
    return typeof module.renderDonationPage === 'function' ? module.renderDonationPage : null;
  } catch (error) {
    // A broken build must not keep the server down: the page then renders in the browser.
    log.error({ err: error, file }, 'the donation page renderer did not load');
    return null;
  }
}

/**
 * Every file under dir as a URL path ("/assets/x.js"); the build does not change while we run.
 * The build's compressed copies (x.js.br, x.js.gz) are left out: they are only ever sent in
 * place of their original.
 */
function listFiles(dir: string): Set<string> {
  const found = new Set<string>();
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    found.add(`/${relative.split(path.sep).join('/')}`);
  }
  return found;
}

/**
 * JSON to put inside a <script> element: `<`, `>` and `&` are written as \u escapes, so no text
 * in it (a streamer's name such as `</script><script>…`) can end the element or open a comment;
 * U+2028/U+2029 too, for older JavaScript parsers. JSON.parse reads the escapes back unchanged.
 */
export function jsonForHtmlScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** decodeURIComponent, but a malformed escape gives null instead of throwing. */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
