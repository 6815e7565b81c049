import {
  GUIDE_SITEMAP_ENTRY,
  GUIDE_SLUGS,
  LANGUAGES,
  PUBLIC_PAGES,
  STREAMER_SITEMAP_ENTRY,
  guidePath,
  languageAlternates,
  pathInLanguage,
  type ChangeFrequency,
} from '@shabaash/core';

type SitemapEntry = {
  path: string;
  changefreq: ChangeFrequency;
  priority: number;
  /** The page's copies in every language (hreflang → path), for pages that have them. */
  alternates?: ReadonlyArray<{ hreflang: string; path: string }>;
};

/**
 * Paths crawlers should not fetch. App screens (auth, dashboards, payment status) are left out on
 * purpose: they carry a noindex meta tag, which a crawler can only read if it may fetch them, and
 * a prefix such as `/auth` would also hide a streamer whose slug starts with those letters.
 */
const DISALLOWED_PATHS = ['/api/', '/sandbox/', '/*/obs-alerts', '/*/audio-player'];

/**
 * Every public page in every language (each naming all its copies, English the default, as its
 * `hreflang` links do), every guide and every active streamer's donation page.
 */
export function sitemapEntries(streamerSlugs: readonly string[]): SitemapEntry[] {
  return [
    ...PUBLIC_PAGES.flatMap(({ path, changefreq, priority }) => {
      const alternates = languageAlternates(path);
      return LANGUAGES.map((language) => ({
        path: pathInLanguage(path, language),
        changefreq,
        priority,
        alternates,
      }));
    }),
    ...GUIDE_SLUGS.map((slug) => ({ path: guidePath(slug), ...GUIDE_SITEMAP_ENTRY })),
    ...streamerSlugs.map((slug) => ({
      path: `/${encodeURIComponent(slug)}`,
      ...STREAMER_SITEMAP_ENTRY,
    })),
  ];
}

/** The sitemaps.org XML document with absolute URLs on `publicUrl` (no trailing slash). */
export function buildSitemapXml(publicUrl: string, streamerSlugs: readonly string[]): string {
  const urls = sitemapEntries(streamerSlugs).map(
    (entry) =>
      '  <url>\n' +
      `    <loc>${escapeXml(publicUrl + entry.path)}</loc>\n` +
      `    <changefreq>${entry.changefreq}</changefreq>\n` +
      `    <priority>${entry.priority.toFixed(1)}</priority>\n` +
      (entry.alternates ?? [])
        .map(
          (alternate) =>
            `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(publicUrl + alternate.path)}"/>\n`,
        )
        .join('') +
      '  </url>',
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: what may be crawled, and where the site map is. */
export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
