import {
  DEFAULT_LANGUAGE,
  isPublicPage,
  languageAlternates,
  languageOfPath,
  pathInLanguage,
  type Language,
} from '@shabaash/core';
import { i18n } from '@lingui/core';
import type { MetaDescriptor, MetaFunction } from 'react-router';

import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, SITE_NAME } from '../../lib/meta';
import { PAGE_META_TEXT } from './marketing.constants';

/** The public origin baked in at build time (vite.config.ts); '' leaves URLs root-relative. */
export const SITE_ORIGIN: string = import.meta.env.VITE_PUBLIC_URL ?? '';

/** Open Graph's name for each language (`og:locale`). */
const OG_LOCALES: Readonly<Record<Language, string>> = { 'en-IN': 'en_IN', hi: 'hi_IN' };

interface PublicPageMetaOptions {
  /** Page title without the site name; omit for the home page's default title. */
  title?: string;
  /** The whole title when it is not "<title> · Shabaash" (the home page's, in its language). */
  fullTitle?: string;
  description?: string;
  /** The page's own path in English, e.g. "/blog/earn-money-streaming-india". */
  path: string;
  /** The language of this copy of the page (a public page has one per language). */
  language?: Language;
  /** Open Graph type: "article" for guides. */
  type?: 'website' | 'article';
  /** An article's publication date (YYYY-MM-DD). */
  publishedTime?: string;
}

/**
 * Title, description, canonical URL, Open Graph / Twitter tags of a public page, and, for the
 * pages that exist in every language, the `hreflang` links to each copy (English the default).
 */
export function publicPageMeta({
  title,
  fullTitle = title ? `${title} · ${SITE_NAME}` : DEFAULT_TITLE,
  description = DEFAULT_DESCRIPTION,
  path,
  language = DEFAULT_LANGUAGE,
  type = 'website',
  publishedTime,
}: PublicPageMetaOptions): MetaDescriptor[] {
  const url = `${SITE_ORIGIN}${pathInLanguage(path, language)}`;
  const descriptors: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: OG_LOCALES[language] },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
  if (isPublicPage(path)) {
    for (const alternate of languageAlternates(path)) {
      const href = `${SITE_ORIGIN}${alternate.path}`;
      descriptors.push({ tagName: 'link', rel: 'alternate', hrefLang: alternate.hreflang, href });
    }
  }
  // Open Graph needs an absolute URL; without a known origin the tag is left out.
  if (SITE_ORIGIN) descriptors.push({ property: 'og:url', content: url });
  if (publishedTime) {
    descriptors.push({ property: 'article:published_time', content: publishedTime });
  }
  return descriptors;
}

/**
 * `read()` with `language` active for its duration (its catalogs must be loaded), then the
 * language that was: a route's `meta` reads its texts outside the page's render.
 */
function speaking<T>(language: Language, read: () => T): T {
  const previous = i18n.locale;
  i18n.activate(language);
  try {
    return read();
  } finally {
    if (previous && previous !== language) i18n.activate(previous);
  }
}

/**
 * The `meta` of a public page in the language its URL names: title and description from the
 * `marketing` catalog (PAGE_META_TEXT), the path in English as PUBLIC_PAGES writes it.
 */
export function publicPageMetaOf(page: keyof typeof PAGE_META_TEXT, path: string): MetaFunction {
  return ({ location }) => {
    const { language } = languageOfPath(location.pathname);
    return speaking(language, () =>
      publicPageMeta({
        // The home page's title is the whole title, without the site name after it.
        ...(page === 'home'
          ? { fullTitle: PAGE_META_TEXT.home.title }
          : { title: PAGE_META_TEXT[page].title }),
        description: PAGE_META_TEXT[page].description,
        path,
        language,
      }),
    );
  };
}
