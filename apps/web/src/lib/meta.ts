import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Shabaash';

export const DEFAULT_TITLE = 'Shabaash — UPI tips and live alerts for Indian streamers';

export const DEFAULT_DESCRIPTION =
  'Let your fans tip you by UPI with a message, a voice note or an emoji rain, and show every tip live on stream through an OBS alert overlay.';

interface PageMetaOptions {
  /** Page title without the site name; omit for the site's default title. */
  title?: string;
  description?: string;
  /** App screens (dashboards, overlays, payment status) stay out of search results. */
  noIndex?: boolean;
}

/**
 * The `meta` descriptors of one page. React Router uses only the deepest route's `meta`, so
 * every route module calls this rather than relying on the root's defaults being merged in.
 */
export function pageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  noIndex = false,
}: PageMetaOptions = {}): MetaDescriptor[] {
  const descriptors: MetaDescriptor[] = [
    { title: title ? `${title} · ${SITE_NAME}` : DEFAULT_TITLE },
    { name: 'description', content: description },
  ];
  if (noIndex) descriptors.push({ name: 'robots', content: 'noindex' });
  return descriptors;
}
