import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';

import routes from './routes';

/**
 * Issue 21: every page has one language and the right `<html lang>`. A page gets it from the
 * layout it sits in (one place per kind of page), or picks its own (a fan's page: the fan's or
 * the streamer's choice). A page in none of these would keep whatever language the page before
 * spoke: a Hindi user leaving the dashboard would see it half in Hindi.
 */
const LANGUAGE_LAYOUTS = {
  'pages/public-pages-en.tsx': 'English marketing pages',
  'pages/public-pages-hi.tsx': 'Hindi marketing pages',
  'pages/user-language-pages.tsx': "the signed-in user's language",
  'pages/english-pages.tsx': 'English only',
  'pages/reader-language-pages.tsx': "the reader's language",
} as const;

/** Pages that wrap themselves in their language (InLanguage, or the overlay's own). */
const PAGES_WITH_THEIR_OWN_LANGUAGE = new Set([
  'pages/auth.tsx',
  'pages/auth-forgot.tsx',
  'pages/auth-reset.tsx',
  'pages/auth-verify.tsx',
  'pages/payment-status.tsx',
  'pages/donation.tsx',
  'pages/obs-alerts.tsx',
  'pages/widget-leaderboard.tsx',
  'pages/widget-goal.tsx',
  'pages/widget-recent.tsx',
]);

type Page = { path: string; file: string; layout: string | null };

function pagesOf(entries: RouteConfigEntry[], layout: string | null, prefix = ''): Page[] {
  return entries.flatMap((entry) => {
    const path = [prefix, entry.path ?? ''].filter(Boolean).join('/');
    if (entry.children?.length) {
      const own = entry.file in LANGUAGE_LAYOUTS ? entry.file : layout;
      return pagesOf(entry.children, own, path);
    }
    return [{ path: `/${path}`, file: entry.file, layout }];
  });
}

const pages = pagesOf(routes, null);
const layoutOf = (path: string) => pages.find((page) => page.path === path)?.layout;

describe('the language of every page', () => {
  it('comes from exactly one place: its layout or the page itself', () => {
    for (const page of pages) {
      const sources = [
        page.layout,
        PAGES_WITH_THEIR_OWN_LANGUAGE.has(page.file) ? page.file : null,
      ];
      expect(sources.filter(Boolean), page.path).toHaveLength(1);
    }
  });

  it("is the user's on the signed-in pages, the invite and the fan's data page", () => {
    for (const path of [
      '/dashboard',
      '/dashboard/create',
      '/dashboard/:slug',
      '/dashboard/:slug/activity',
      '/dashboard/:slug/plans',
      '/account',
      '/test-alerts',
      '/auth/invite/:code',
      '/privacy/my-data',
      '/dashboard/admin',
    ]) {
      expect(layoutOf(path), path).toBe('pages/user-language-pages.tsx');
    }
  });

  it('is English on the audio player (an OBS source), and the reader’s on the not-found page', () => {
    expect(layoutOf('/:slug/audio-player')).toBe('pages/english-pages.tsx');
    expect(layoutOf('/*')).toBe('pages/reader-language-pages.tsx');
  });
});
