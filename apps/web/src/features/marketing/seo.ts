import type { MetaDescriptor } from 'react-router';

import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, SITE_NAME, pageMeta } from '../../lib/meta';

/** The public origin baked in at build time (vite.config.ts); '' leaves URLs root-relative. */
export const SITE_ORIGIN: string = import.meta.env.VITE_PUBLIC_URL ?? '';

interface PublicPageMetaOptions {
  /** Page title without the site name; omit for the home page's default title. */
  title?: string;
  description?: string;
  /** The page's own path, e.g. "/blog/earn-money-streaming-india". */
  path: string;
  /** Open Graph type: "article" for guides. */
  type?: 'website' | 'article';
  /** An article's publication date (YYYY-MM-DD). */
  publishedTime?: string;
}

/**
 * Title, description, canonical URL and Open Graph / Twitter tags of a public page. Builds on
 * `pageMeta` so the title and description read the same everywhere.
 */
export function publicPageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  path,
  type = 'website',
  publishedTime,
}: PublicPageMetaOptions): MetaDescriptor[] {
  const url = `${SITE_ORIGIN}${path}`;
  const fullTitle = title ? `${title} · ${SITE_NAME}` : DEFAULT_TITLE;
  const descriptors: MetaDescriptor[] = [
    ...pageMeta({ title, description }),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
  // Open Graph needs an absolute URL; without a known origin the tag is left out.
  if (SITE_ORIGIN) descriptors.push({ property: 'og:url', content: url });
  if (publishedTime) {
    descriptors.push({ property: 'article:published_time', content: publishedTime });
  }
  return descriptors;
}
